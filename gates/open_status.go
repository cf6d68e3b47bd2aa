package gates

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/packet"
)

// Check IDs of the open-status gate.
const (
	checkOpenSearchRecord    = "open-status.search-record"
	checkOpenDated           = "open-status.dated-search"
	checkOpenPrimary         = "open-status.primary-source"
	checkOpenAlternatives    = "open-status.alternatives"
	checkOpenStrongest       = "open-status.strongest-known"
	checkOpenUnresolved      = "open-status.unresolved-target"
	checkOpenDatabaseSilence = "open-status.database-silence"
	checkOpenTargetAbsent    = "open-status.target-absent"
	checkOpenUncertainty     = "open-status.uncertainty"
)

// openStatusGate checks the record behind the claim that the problem is open: a fresh, dated
// search under more than one formulation, a primary source for the state of the art, the
// strongest known result and the exact unresolved remainder, and a search that did more than
// find nothing in one database. Whether the target really is absent from what was read is a
// reader's judgement, so those checks only ever ask a person.
var openStatusGate = &Gate{Name: OpenStatus, Version: "1", Checks: []Check{
	{ID: checkOpenSearchRecord, Criterion: "reference_search records checked_on, the databases and sources searched, the queries or equivalent formulations used, and coverage notes that state the search boundary.", Certifies: true},
	{ID: checkOpenDated, Criterion: "The reviewer performs a dated search for the exact parameter and nearby formulations.", Certifies: true},
	{ID: checkOpenPrimary, Criterion: "At least one primary source supports the state of the art.", Certifies: true},
	{ID: checkOpenAlternatives, Criterion: "The search checks alternative terminology, shifted indexing, and equivalent normalizations named by the problem or its references.", Certifies: true},
	{ID: checkOpenStrongest, Criterion: "The record describes the strongest known result, table endpoint, incumbent, or obstruction.", Certifies: true},
	{ID: checkOpenUnresolved, Criterion: "When a research packet exists, presentation.status_record selects the current claim whose summary states the strongest recorded status and the exact unresolved remainder.", Certifies: true},
	{ID: checkOpenDatabaseSilence, Criterion: "Database silence alone is weak evidence. A missing OEIS term, empty search result, or absent table entry can support a decision when the record also checks the literature named by that database or table.", Certifies: true},
	{ID: checkOpenTargetAbsent, Criterion: "The requested target is absent from the checked sources."},
	{ID: checkOpenUncertainty, Criterion: "Any uncertainty is narrow enough for a reviewer to explain and accept."},
}, run: runOpenStatus}

// Field paths of the reference search and the open-status record.
const (
	fieldSearchCheckedOn     = "referenceSearch.checkedOn"
	fieldSearchDatabases     = "referenceSearch.databases"
	fieldSearchQueries       = "referenceSearch.queries"
	fieldSearchCoverage      = "referenceSearch.coverage"
	fieldOpenStrongestKnown  = "openStatus.strongestKnown"
	fieldOpenUnresolved      = "openStatus.unresolvedTarget"
	fieldReferences          = "references"
	roleRefPrimary           = "PRIMARY"
	roleRefStatusEvidence    = "STATUS_EVIDENCE"
	roleRefSecondary         = "SECONDARY"
	openMaxFutureSkew        = 24 * time.Hour
	openDateLayout           = "2 January 2006"
	literatureDatabasePhrase = "a literature database (zbMATH, MathSciNet, arXiv, Google Scholar)"
)

// silencePhrases say that a search found nothing.
var silencePhrases = []string{"no results", "no result", "not found", "nothing found", "found nothing", "no match",
	"no matches", "no entry", "no entries", "no hits", "no hit", "returned nothing", "zero results", "0 results",
	"not in oeis", "not in the oeis", "no sequence", "absent", "empty search", "no record"}

// literaturePhrases say that the search read the literature, not only a database's index.
var literaturePhrases = []string{"literature", "titles and abstracts", "abstracts", "survey", "surveys", "journal",
	"journals", "bibliograph", "article", "articles", "paper", "papers", "preprint", "preprints", "monograph",
	"book", "books", "proceedings", "reviews", "mathscinet", "zbmath", "arxiv", "google scholar", "scopus",
	"web of science", "semantic scholar", "jstor", "read", "citations", "cited"}

// noLiterature phrases deny that the literature was searched; they beat a literaturePhrase in
// the same coverage note.
var noLiterature = []string{"no literature", "did no literature", "without a literature", "without literature",
	"not searched the literature", "no search of the literature", "no literature search"}

// literatureDatabases are databases that index the literature rather than one table.
var literatureDatabases = []string{"zbmath", "mathscinet", "math reviews", "arxiv", "google scholar", "scholar",
	"scopus", "web of science", "semantic scholar", "jstor", "crossref", "openalex", "dblp"}

func runOpenStatus(_ context.Context, r *Revision, env Env, out *Report) {
	s := r.ReferenceSearch
	openSearchRecord(s, out)
	openDated(s, env, out)
	openPrimary(r, out)
	openAlternatives(s, out)
	need := func(id, field, text, what, fix string) {
		if why := placeholderReason(text, 3); why != "" {
			sp := Absent(field)
			if text != "" {
				sp = Whole(field, text)
			}
			out.Fail(id, sp, field+" "+why+", so the record does not state "+what+".", fix)
			return
		}
		out.Pass(id, Whole(field, text), field+" states "+what+": “"+clipText(text, 160)+"”.")
	}
	need(checkOpenStrongest, fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown, "the strongest known result",
		"Write in openStatus.strongestKnown the strongest known result, table endpoint, incumbent or obstruction, with its source (for example “every even n ≤ 4·10^18 is a sum of two primes (Oliveira e Silva et al., 2014)”).")
	unresolvedFix := "Write in openStatus.unresolvedTarget exactly which part of the target remains open after the strongest known result (for example “whether the gap 2 occurs infinitely often”)."
	if fieldNorm(r.OpenStatus.UnresolvedTarget) != "" && fieldNorm(r.OpenStatus.UnresolvedTarget) == fieldNorm(r.OpenStatus.StrongestKnown) {
		out.Fail(checkOpenUnresolved, Whole(fieldOpenUnresolved, r.OpenStatus.UnresolvedTarget),
			"openStatus.unresolvedTarget repeats openStatus.strongestKnown, so it does not say what remains open.", unresolvedFix)
	} else {
		need(checkOpenUnresolved, fieldOpenUnresolved, r.OpenStatus.UnresolvedTarget, "the exact unresolved remainder", unresolvedFix)
	}
	openDatabaseSilence(r, out)
	out.NeedsHuman(checkOpenTargetAbsent, Whole(fieldSearchCoverage, s.Coverage),
		"Whether the checked sources already contain the requested target is a reading of those sources, which a machine cannot certify.",
		"Confirm, from the sources in referenceSearch and the status-evidence references, that none of them states the requested target.")
	sp := Whole(fieldOpenUnresolved, r.OpenStatus.UnresolvedTarget)
	if r.OpenStatus.UnresolvedTarget == "" {
		sp = Whole(fieldSearchCoverage, s.Coverage)
	}
	out.NeedsHuman(checkOpenUncertainty, sp,
		"Whether the remaining uncertainty about the open status is narrow enough to accept is a reviewer's judgement.",
		"Read the open-status record and the coverage note and record in the decision why the remaining uncertainty does not undermine publication.")
}

func openSearchRecord(s packet.ReferenceSearch, out *Report) {
	ok := true
	var dbs []string
	for _, d := range s.Databases {
		if placeholderReason(d, 1) == "" {
			dbs = append(dbs, d)
		}
	}
	if len(dbs) == 0 {
		ok = false
		out.Fail(checkOpenSearchRecord, Absent(fieldSearchDatabases), "referenceSearch.databases names no database or source that was searched.",
			"List in referenceSearch.databases every database and source searched (for example zbMATH Open, MathSciNet, arXiv, the OEIS, a survey's tables).")
	}
	var qs int
	for _, q := range s.Queries {
		if placeholderReason(q, 1) == "" {
			qs++
		}
	}
	if qs == 0 {
		ok = false
		out.Fail(checkOpenSearchRecord, Absent(fieldSearchQueries), "referenceSearch.queries records no query or formulation that was searched for.",
			"List in referenceSearch.queries the queries and equivalent formulations searched for.")
	}
	if why := placeholderReason(s.Coverage, 4); why != "" {
		ok = false
		sp := Absent(fieldSearchCoverage)
		if s.Coverage != "" {
			sp = Whole(fieldSearchCoverage, s.Coverage)
		}
		out.Fail(checkOpenSearchRecord, sp, "referenceSearch.coverage "+why+", so the record does not state the boundary of the search.",
			"Write in referenceSearch.coverage what the search covered and where it stopped (for example “titles and abstracts through 2026-11-09, and the bibliography of the 2014 survey”).")
	}
	if ok {
		out.Pass(checkOpenSearchRecord, Whole(fieldSearchCoverage, s.Coverage), "The reference search records "+countOf(len(dbs), "database")+", "+countOf(qs, "query")+" and a coverage note.")
	}
}

func openDated(s packet.ReferenceSearch, env Env, out *Report) {
	if s.CheckedOn.IsZero() {
		out.Fail(checkOpenDated, Absent(fieldSearchCheckedOn), "The reference search has no date.",
			"Search again for the exact parameter and nearby formulations and record the date in referenceSearch.checkedOn.")
		return
	}
	now, window := env.now(), env.freshness()
	date := s.CheckedOn.UTC().Format(openDateLayout)
	days := strconv.Itoa(int(window.Hours() / 24))
	switch age := now.Sub(s.CheckedOn); {
	case age > window:
		out.Fail(checkOpenDated, SpanOf(fieldSearchCheckedOn, date, 0, len(date)),
			"The reference search is dated "+date+", "+strconv.Itoa(int(age.Hours()/24))+" days before this run, older than the "+days+"-day freshness window.",
			"Repeat the reference search for the exact parameter and nearby formulations, and record the new date, databases, queries and coverage in referenceSearch.")
	case age < -openMaxFutureSkew:
		out.NeedsHuman(checkOpenDated, SpanOf(fieldSearchCheckedOn, date, 0, len(date)),
			"The reference search is dated "+date+", after the time of this run ("+now.Format(openDateLayout)+"); either the date or the clock is wrong.",
			"Correct referenceSearch.checkedOn to the day the search was made.")
	default:
		out.Pass(checkOpenDated, SpanOf(fieldSearchCheckedOn, date, 0, len(date)),
			"The reference search is dated "+date+", within the "+days+"-day freshness window.")
	}
}

func openPrimary(r *Revision, out *Report) {
	status := -1
	for i, ref := range r.References {
		switch strings.ToUpper(ref.Role) {
		case roleRefPrimary:
			out.Pass(checkOpenPrimary, Whole(ReferenceField(i, "citation"), ref.Citation), "references["+strconv.Itoa(i)+"] is a primary source: “"+clipText(ref.Citation, 120)+"”.")
			return
		case roleRefStatusEvidence:
			if status < 0 {
				status = i
			}
		}
	}
	if status >= 0 {
		// The source a status claim rests on is the work that proved the state of the art,
		// which is a primary source whatever the row's role says.
		ref := r.References[status]
		out.Pass(checkOpenPrimary, Whole(ReferenceField(status, "citation"), ref.Citation),
			"references["+strconv.Itoa(status)+"] is the status evidence for the state of the art: “"+clipText(ref.Citation, 120)+"”.")
		return
	}
	fix := "Add to references the primary source of the state of the art (the work that proved the strongest known result) with role PRIMARY or STATUS_EVIDENCE."
	if r.Provenance.Kind == packet.Original {
		out.NeedsHuman(checkOpenPrimary, Absent(fieldReferences),
			"The record is an original question and no reference is a primary source of the state of the art; a person must confirm that the search found none.", fix)
		return
	}
	behaviour := "No reference has the role PRIMARY or STATUS_EVIDENCE, so no primary source supports the state of the art."
	if len(r.References) == 0 {
		behaviour = "The record has no references, so no primary source supports the state of the art."
	}
	out.Fail(checkOpenPrimary, Absent(fieldReferences), behaviour, fix)
}

func openAlternatives(s packet.ReferenceSearch, out *Report) {
	distinct := map[string]bool{}
	for _, q := range s.Queries {
		if n := fieldNorm(q); n != "" && placeholderReason(q, 1) == "" {
			distinct[n] = true
		}
	}
	if len(distinct) > 1 {
		out.Pass(checkOpenAlternatives, Whole(fieldSearchQueries, strings.Join(s.Queries, "; ")),
			"The search used "+strconv.Itoa(len(distinct))+" distinct queries or formulations.")
		return
	}
	sp := Absent(fieldSearchQueries)
	if len(s.Queries) > 0 {
		sp = Whole(fieldSearchQueries, strings.Join(s.Queries, "; "))
	}
	out.Fail(checkOpenAlternatives, sp, "The search used "+countOf(len(distinct), "distinct query")+", so it checked no alternative terminology, shifted indexing or equivalent normalisation.",
		"Search again under the problem's other names, shifted indexings and equivalent normalisations, and list each query in referenceSearch.queries.")
}

func openDatabaseSilence(r *Revision, out *Report) {
	s := r.ReferenceSearch
	cov := s.Coverage
	literatureCited := false
	for _, ref := range r.References {
		switch refKind(ref) {
		case "DOI", "ARXIV", "ZBMATH", "ISBN":
			literatureCited = true
		}
	}
	onlyOEIS := len(s.Databases) > 0
	literatureDB := false
	for _, d := range s.Databases {
		if !containsStem(d, "oeis", "on-line encyclopedia of integer sequences") {
			onlyOEIS = false
		}
		if _, ok := findPhrase(d, literatureDatabases); ok {
			literatureDB = true
		}
	}
	denied, deniedOK := findPhrase(cov, noLiterature)
	_, read := findPhrase(cov, literaturePhrases)
	read = read && !deniedOK
	silence, silent := findPhrase(cov, silencePhrases)
	if !silent {
		for _, q := range s.Queries {
			if _, ok := findPhrase(q, silencePhrases); ok {
				silent = true
				break
			}
		}
	}
	switch {
	case onlyOEIS && !literatureCited && !read:
		out.Fail(checkOpenDatabaseSilence, Whole(fieldSearchDatabases, strings.Join(s.Databases, "; ")),
			"The only database searched is the OEIS and no literature source is cited, so the open status rests on database silence alone.",
			"Search "+literatureDatabasePhrase+" for the problem and for the literature the OEIS entry names, record it in referenceSearch, and add what it finds to references.")
	case deniedOK:
		out.NeedsHuman(checkOpenDatabaseSilence, SpanOf(fieldSearchCoverage, cov, denied.Start, denied.End),
			"The coverage note says no literature search was made, so the open status rests on what the searched databases hold.",
			"Search "+literatureDatabasePhrase+" for the problem and nearby formulations and record it in referenceSearch, or confirm that the databases searched cover the literature.")
	case silent && !read && !literatureDB:
		sp := Whole(fieldSearchCoverage, cov)
		if silence.Start >= 0 && cov != "" {
			sp = SpanOf(fieldSearchCoverage, cov, silence.Start, silence.End)
		}
		out.NeedsHuman(checkOpenDatabaseSilence, sp,
			"The coverage note reports that the databases returned nothing but does not say that any literature was read, and database silence alone is weak evidence.",
			"Record in referenceSearch.coverage which literature was checked besides the empty database results (surveys, the papers the database or table names).")
	case !read && !literatureDB && !literatureCited:
		out.NeedsHuman(checkOpenDatabaseSilence, Whole(fieldSearchCoverage, cov),
			"Neither the databases searched nor the coverage note nor the references show that the literature was checked.",
			"Search "+literatureDatabasePhrase+" and record it in referenceSearch, citing what it finds in references.")
	default:
		out.Pass(checkOpenDatabaseSilence, Whole(fieldSearchCoverage, cov), "The search covers the literature, not only a database's silence.")
	}
}
