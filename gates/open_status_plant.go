//go:build calibrate

package gates

import (
	"math/rand/v2"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/packet"
)

func init() {
	plant(checkOpenSearchRecord, func(r *Revision, rng *rand.Rand) bool {
		switch rng.IntN(3) {
		case 0:
			r.ReferenceSearch.Databases = nil
		case 1:
			r.ReferenceSearch.Coverage = plantPick(rng, "", "TBD", "see above", "n/a", "Searched.")
		default:
			r.ReferenceSearch.Queries = nil
		}
		return true
	})
	plant(checkOpenDated, func(r *Revision, rng *rand.Rand) bool {
		if rng.IntN(3) == 0 {
			r.ReferenceSearch.CheckedOn = time.Time{}
			return true
		}
		// A search older than the default window, measured from the packet's own date so that
		// the defect does not depend on when the calibration runs.
		base := r.ReferenceSearch.CheckedOn
		if base.IsZero() {
			base = r.SubmittedAt
		}
		if base.IsZero() {
			base = time.Now().UTC()
		}
		years := 2 + rng.IntN(5)
		r.ReferenceSearch.CheckedOn = base.AddDate(-years, 0, 0)
		return true
	})
	plant(checkOpenPrimary, func(r *Revision, rng *rand.Rand) bool {
		if len(r.References) == 0 {
			return false
		}
		if rng.IntN(2) == 0 {
			for i := range r.References {
				r.References[i].Role = roleRefSecondary
			}
			return true
		}
		kept := r.References[:0]
		for _, ref := range r.References {
			if up := strings.ToUpper(ref.Role); up != roleRefPrimary && up != roleRefStatusEvidence {
				kept = append(kept, ref)
			}
		}
		r.References = kept
		if r.Provenance.Kind == packet.Original {
			r.Provenance.Kind = packet.Imported
		}
		return true
	})
	plant(checkOpenAlternatives, func(r *Revision, rng *rand.Rand) bool {
		q := r.Title
		if len(r.ReferenceSearch.Queries) > 0 {
			q = r.ReferenceSearch.Queries[rng.IntN(len(r.ReferenceSearch.Queries))]
		}
		if rng.IntN(2) == 0 {
			r.ReferenceSearch.Queries = []string{q}
		} else {
			r.ReferenceSearch.Queries = []string{q, strings.ToUpper(q), q + "."}
		}
		return true
	})
	plant(checkOpenStrongest, func(r *Revision, rng *rand.Rand) bool {
		if r.OpenStatus.StrongestKnown == "" {
			return false
		}
		r.OpenStatus.StrongestKnown = plantPick(rng, "", "TBD", "unknown", "see references", "Open.")
		return true
	})
	plant(checkOpenUnresolved, func(r *Revision, rng *rand.Rand) bool {
		if r.OpenStatus.UnresolvedTarget == "" {
			return false
		}
		switch rng.IntN(2) {
		case 0:
			r.OpenStatus.UnresolvedTarget = plantPick(rng, "", "TBD", "same as statement", "everything", "?")
		default:
			if r.OpenStatus.StrongestKnown == "" {
				return false
			}
			r.OpenStatus.UnresolvedTarget = r.OpenStatus.StrongestKnown
		}
		return true
	})
	plant(checkOpenDatabaseSilence, func(r *Revision, rng *rand.Rand) bool {
		r.ReferenceSearch.Databases = []string{plantPick(rng, "OEIS", "The OEIS (oeis.org)", "On-Line Encyclopedia of Integer Sequences")}
		r.ReferenceSearch.Coverage = plantPick(rng, "Searched the OEIS; no results.", "OEIS search returned nothing for the sequence.",
			"No matching sequence was found in the OEIS.")
		kept := r.References[:0]
		for _, ref := range r.References {
			if ref.Kind == "URL" {
				kept = append(kept, ref)
			}
		}
		r.References = kept
		return true
	})
}
