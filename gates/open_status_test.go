package gates

import (
	"testing"
	"time"
)

func TestOpenStatusGate(t *testing.T) {
	t.Parallel()
	runGateCases(t, openStatusGate, clean, []gateCase{
		{"complete search record", nil, nil, checkOpenSearchRecord, Pass},
		{"no databases", func(r *Revision) { r.ReferenceSearch.Databases = nil }, nil, checkOpenSearchRecord, Fail},
		{"placeholder databases", func(r *Revision) { r.ReferenceSearch.Databases = []string{"TBD", "-"} }, nil, checkOpenSearchRecord, Fail},
		{"no queries", func(r *Revision) { r.ReferenceSearch.Queries = nil }, nil, checkOpenSearchRecord, Fail},
		{"no coverage", func(r *Revision) { r.ReferenceSearch.Coverage = "" }, nil, checkOpenSearchRecord, Fail},
		{"terse coverage", func(r *Revision) { r.ReferenceSearch.Coverage = "Searched." }, nil, checkOpenSearchRecord, Fail},

		{"fresh search", nil, nil, checkOpenDated, Pass},
		{"undated search", func(r *Revision) { r.ReferenceSearch.CheckedOn = time.Time{} }, nil, checkOpenDated, Fail},
		{"stale search", func(r *Revision) { r.ReferenceSearch.CheckedOn = fixtureNow.AddDate(-2, 0, 0) }, nil, checkOpenDated, Fail},
		{"stale under a short window", nil, func() Env { e := testEnv(); e.FreshnessWindow = 7 * 24 * time.Hour; return e }, checkOpenDated, Fail},
		{"search dated in the future", func(r *Revision) { r.ReferenceSearch.CheckedOn = fixtureNow.AddDate(0, 1, 0) }, nil, checkOpenDated, NeedsHuman},

		{"primary row", nil, nil, checkOpenPrimary, Pass},
		{"status evidence row", func(r *Revision) { r.References = r.References[1:] }, nil, checkOpenPrimary, Pass},
		{"secondary rows only", func(r *Revision) {
			for i := range r.References {
				r.References[i].Role = "SECONDARY"
			}
		}, nil, checkOpenPrimary, Fail},
		{"no rows", func(r *Revision) { r.References = nil }, nil, checkOpenPrimary, Fail},
		{"original without rows", func(r *Revision) { r.References, r.Provenance.Kind = nil, "ORIGINAL" }, nil, checkOpenPrimary, NeedsHuman},

		{"three formulations", nil, nil, checkOpenAlternatives, Pass},
		{"one query", func(r *Revision) { r.ReferenceSearch.Queries = []string{"twin prime conjecture"} }, nil, checkOpenAlternatives, Fail},
		{"one query spelled twice", func(r *Revision) {
			r.ReferenceSearch.Queries = []string{"Twin prime conjecture", "twin  prime conjecture."}
		}, nil, checkOpenAlternatives, Fail},

		{"strongest known stated", nil, nil, checkOpenStrongest, Pass},
		{"strongest known missing", func(r *Revision) { r.OpenStatus.StrongestKnown = "" }, nil, checkOpenStrongest, Fail},
		{"strongest known placeholder", func(r *Revision) { r.OpenStatus.StrongestKnown = "see references" }, nil, checkOpenStrongest, Fail},

		{"unresolved target stated", nil, nil, checkOpenUnresolved, Pass},
		{"unresolved target missing", func(r *Revision) { r.OpenStatus.UnresolvedTarget = "" }, nil, checkOpenUnresolved, Fail},
		{"unresolved target repeats the strongest result", func(r *Revision) {
			r.OpenStatus.UnresolvedTarget = r.OpenStatus.StrongestKnown
		}, nil, checkOpenUnresolved, Fail},

		{"literature searched", nil, nil, checkOpenDatabaseSilence, Pass},
		{"OEIS silence only", func(r *Revision) {
			r.ReferenceSearch.Databases = []string{"OEIS"}
			r.ReferenceSearch.Coverage = "Searched the OEIS; no results."
			r.References = nil
		}, nil, checkOpenDatabaseSilence, Fail},
		{"OEIS silence with literature cited", func(r *Revision) {
			r.ReferenceSearch.Databases = []string{"OEIS"}
			r.ReferenceSearch.Coverage = "Searched the OEIS; no results."
		}, nil, checkOpenDatabaseSilence, NeedsHuman},
		{"OEIS silence and the literature it names", func(r *Revision) {
			r.ReferenceSearch.Databases = []string{"OEIS"}
			r.ReferenceSearch.Coverage = "No OEIS entry has these terms; the papers cited by the nearby entries A001097 and A077800 were read."
		}, nil, checkOpenDatabaseSilence, Pass},
		{"a table's silence", func(r *Revision) {
			r.ReferenceSearch.Databases = []string{"House of Graphs"}
			r.ReferenceSearch.Coverage = "The graph was not found in the database."
		}, nil, checkOpenDatabaseSilence, NeedsHuman},
		{"no literature search", func(r *Revision) {
			r.ReferenceSearch.Databases = []string{"Erdős problems database", "formal-conjectures"}
			r.ReferenceSearch.Coverage = "No literature search was done for this record; its open status is the one the source gives."
		}, nil, checkOpenDatabaseSilence, NeedsHuman},

		{"target absence is read by a person", nil, nil, checkOpenTargetAbsent, NeedsHuman},
		{"uncertainty is judged by a person", nil, nil, checkOpenUncertainty, NeedsHuman},
	})
}
