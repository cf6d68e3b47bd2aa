package gates

import (
	"context"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/packet"
)

// Check IDs of the provenance gate.
const (
	checkProvenanceKind      = "provenance.kind"
	checkProvenanceFields    = "provenance.fields"
	checkProvenanceGenerated = "provenance.generated"
	checkProvenanceCopy      = "provenance.copy"
	checkProvenanceRecord    = "provenance.source-record"
)

// provenanceGate checks where a problem comes from and on what rights basis its text is
// published: the kind of record, its attribution, locator and rights basis, who generated a
// generated record and why its parameter, and whether the statement and exposition reproduce a
// reference source whose licence forbids it or requires a credit the record does not give; and
// whether the source the problem comes from is a record the record plane found (K9.5).
var provenanceGate = &Gate{Name: Provenance, Version: "2", Checks: []Check{
	{ID: checkProvenanceKind, Criterion: "The record distinguishes an imported problem, a reformulation, and an original question.", Certifies: true},
	{ID: checkProvenanceFields, Criterion: "Attribution, source locator, and license or rights basis are present.", Certifies: true},
	{ID: checkProvenanceGenerated, Criterion: "Generated records say who generated them and what earlier work motivated the parameter.", Certifies: true},
	{ID: checkProvenanceCopy, Criterion: "Reproduced or adapted prose, proofs, code, data, tables, and figures have a resolved rights basis. Citation-only sources and independently written summaries need no open license.", Certifies: true},
	{ID: checkProvenanceRecord, Criterion: "The source the problem comes from is a record in the record plane whose title, authors and year match what was claimed; a fabricated source is no provenance (K9.5).", Certifies: true},
}, run: runProvenance}

// Field paths of the provenance record.
const (
	fieldProvenanceKind        = "provenance.kind"
	fieldProvenanceAttribution = "provenance.attribution"
	fieldProvenanceLocator     = "provenance.sourceLocator"
	fieldProvenanceRights      = "provenance.rightsBasis"
	fieldProvenanceGeneratedBy = "provenance.generatedBy"
	fieldProvenanceMotivation  = "provenance.motivation"
)

// genericGenerators name no generator in particular.
var genericGenerators = wordSet("agent", "ai", "bot", "model", "llm", "generator", "machine", "automated", "automatic",
	"script", "program", "computer", "system", "tool", "software", "generated", "auto")

// maxCopyFindings bounds the findings one body's copy check reports; a body that copies more
// than this is one rewrite request, not a thousand.
const maxCopyFindings = 20

func runProvenance(ctx context.Context, r *Revision, env Env, out *Report) {
	p := r.Provenance
	if p.Kind.Valid() {
		out.Pass(checkProvenanceKind, Absent(fieldProvenanceKind), "provenance.kind is "+string(p.Kind)+".")
	} else {
		what := "missing"
		if p.Kind != "" {
			what = "“" + string(p.Kind) + "”, which is not a kind"
		}
		out.Fail(checkProvenanceKind, Absent(fieldProvenanceKind), "provenance.kind is "+what+", so the record does not say whether it is imported, a reformulation or an original question.",
			"Set provenance.kind to IMPORTED, REFORMULATION or ORIGINAL.")
	}
	provenanceFields(r, out)
	provenanceGenerated(r, out)
	provenanceCopy(ctx, r, env, out)
	provenanceRecord(r, out)
}

func provenanceFields(r *Revision, out *Report) {
	p := r.Provenance
	ok := true
	need := func(field, text string, minWords int, what, fix string) {
		why := placeholderReason(text, minWords)
		if why == "" {
			return
		}
		ok = false
		sp := Absent(field)
		if text != "" {
			sp = Whole(field, text)
		}
		out.Fail(checkProvenanceFields, sp, field+" "+why+", so the record does not give "+what+".", fix)
	}
	need(fieldProvenanceAttribution, p.Attribution, 2, "the problem's attribution",
		"Write in provenance.attribution who posed the problem and when (for example “P. Erdős and R. Rado, 1960”), or the proposer's own name for an original question.")
	if p.Kind != packet.Original {
		minWords := 2
		if stableIdentifier(p.SourceLocator) {
			minWords = 1
		}
		need(fieldProvenanceLocator, p.SourceLocator, minWords, "where the problem comes from",
			"Write in provenance.sourceLocator the exact place of the source: a DOI or URL, or the work with its section, page or problem number.")
	}
	need(fieldProvenanceRights, p.RightsBasis, 2, "the licence or rights basis of the published text",
		"Write in provenance.rightsBasis the licence of any reproduced text, or “statement written in our own words; no text reproduced”.")
	if ok {
		what := "attribution, source locator and rights basis"
		if p.Kind == packet.Original {
			what = "attribution and rights basis (an original question needs no source locator)"
		}
		out.Pass(checkProvenanceFields, Whole(fieldProvenanceAttribution, p.Attribution), "The provenance gives its "+what+".")
	}
}

func provenanceGenerated(r *Revision, out *Report) {
	p := r.Provenance
	if !r.Generated && strings.TrimSpace(p.GeneratedBy) == "" {
		out.Pass(checkProvenanceGenerated, Absent(fieldProvenanceGeneratedBy), "The record is not generated: its proposer is not an agent and provenance.generatedBy is empty.")
		return
	}
	ok := true
	switch why := placeholderReason(p.GeneratedBy, 1); {
	case why != "":
		ok = false
		sp := Absent(fieldProvenanceGeneratedBy)
		if p.GeneratedBy != "" {
			sp = Whole(fieldProvenanceGeneratedBy, p.GeneratedBy)
		}
		out.Fail(checkProvenanceGenerated, sp, "The record is generated but provenance.generatedBy "+why+", so it does not say who generated it.",
			"Write in provenance.generatedBy the agent or program that generated the record, with its version (for example “theoremdb imports v1” or the agent account and model).")
	case len(contentWordsOf(p.GeneratedBy, genericGenerators)) == 0:
		ok = false
		out.Fail(checkProvenanceGenerated, Whole(fieldProvenanceGeneratedBy, p.GeneratedBy),
			"provenance.generatedBy “"+clipText(p.GeneratedBy, 80)+"” names no generator in particular.",
			"Name in provenance.generatedBy the specific agent or program and its version, not only that an agent generated the record.")
	}
	trustedImport := r.ImportKey != "" && p.Kind == packet.Imported && placeholderReason(p.SourceLocator, 1) == ""
	switch why := placeholderReason(p.Motivation, 4); {
	case why == "":
	case p.Motivation == "" && trustedImport:
		// A trusted import's parameters are its source's: the locator is the earlier work.
		if ok {
			out.Pass(checkProvenanceGenerated, Whole(fieldProvenanceLocator, p.SourceLocator),
				"The record was generated by "+clipText(p.GeneratedBy, 80)+" as the trusted import "+r.ImportKey+"; its parameters are those of the imported source at provenance.sourceLocator.")
		}
		return
	default:
		ok = false
		sp := Absent(fieldProvenanceMotivation)
		if p.Motivation != "" {
			sp = Whole(fieldProvenanceMotivation, p.Motivation)
		}
		out.Fail(checkProvenanceGenerated, sp, "The record is generated but provenance.motivation "+why+", so it does not say what earlier work motivated its parameter.",
			"Write in provenance.motivation the earlier work that motivated the problem's parameter (for example “Kharaghani and Tayfeh-Rezaie settled order 428 in 2005, leaving 668 the smallest open order”).")
	}
	if ok {
		out.Pass(checkProvenanceGenerated, Whole(fieldProvenanceMotivation, p.Motivation),
			"The generated record names its generator ("+clipText(p.GeneratedBy, 80)+") and the earlier work that motivated its parameter.")
	}
}

// copyBlocking reports whether a match with a source of licence l keeps the text off TheoremDB: the
// record, verbatim, share-alike-nc and gfdl classes, and any class this code does not know.
func copyBlocking(l copycheck.Licence) bool {
	return l != copycheck.LicenceOpen && l != copycheck.LicenceShareAlike
}

// attributionRequired is the credit the policy requires for text reproduced from a source of an
// open or share-alike licence.
func attributionRequired(m copycheck.Match) string {
	credit := "credit " + m.Source
	if m.URI != "" {
		credit += " (" + m.URI + ")"
	}
	if m.Licence == copycheck.LicenceShareAlike {
		return credit + " and keep its share-alike notice; TheoremDB's text is CC BY-SA 4.0, so the share-alike licence is compatible"
	}
	return credit + " as the open licence requires"
}

// creditSquash keeps only the lower-cased letters and digits of s, so that "Open Logic Project" and
// "openlogic" compare equal as substrings.
func creditSquash(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(scanPart(s)) {
		if textWordRune(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// creditsSource reports whether the record's attribution or rights basis names the source of m: its
// collection (the part of its ID before the first slash), its ID, its URI without the scheme,
// or the host and first two path segments of that URI (a repository).
func creditsSource(p packet.Provenance, m copycheck.Match) bool {
	text := creditSquash(p.Attribution + " " + p.RightsBasis)
	var names []string
	if m.Source != "" {
		names = append(names, m.Source)
		if i := strings.IndexByte(m.Source, '/'); i > 0 {
			names = append(names, m.Source[:i])
		}
	}
	if u := m.URI; u != "" {
		if i := strings.Index(u, "://"); i >= 0 {
			u = u[i+3:]
		}
		u = strings.TrimPrefix(u, "www.")
		names = append(names, u)
		if parts := strings.SplitN(u, "/", 4); len(parts) >= 3 {
			names = append(names, strings.Join(parts[:3], "/"))
		}
	}
	for _, n := range names {
		if s := creditSquash(n); len(s) >= 4 && strings.Contains(text, s) {
			return true
		}
	}
	return false
}

func provenanceCopy(ctx context.Context, r *Revision, env Env, out *Report) {
	if env.Copies == nil {
		out.Unknown(checkProvenanceCopy, Absent(FieldStatement), "No copy-check index is built, so the statement and exposition were not compared with the reference corpus. "+
			"An operator builds one (theoremdb corpus add DIR --licence CLASS --source URI for each reference collection, then theoremdb corpus build; "+
			"make run does it from ../shared/data/corpus when that folder exists) and runs the check again (theoremdb gates rerun --gate provenance).")
		return
	}
	bodies := []Text{{FieldStatement, r.Statement}}
	for i, e := range r.Exposition {
		bodies = append(bodies, Text{ExpositionField(i, "body"), e.Body})
	}
	matched, checked, failed, version := 0, 0, 0, ""
	for _, b := range bodies {
		if strings.TrimSpace(b.Body) == "" {
			continue
		}
		if err := ctx.Err(); err != nil {
			out.Unknown(checkProvenanceCopy, Whole(b.Field, b.Body), "The copy check stopped before "+b.Field+": "+err.Error()+".")
			return
		}
		res, err := env.Copies.Check(ctx, []byte(b.Body), copycheck.LaTeX)
		if err != nil {
			failed++
			out.Unknown(checkProvenanceCopy, Whole(b.Field, b.Body), "The copy check could not run on "+b.Field+": "+err.Error()+".")
			continue
		}
		checked++
		version = res.ThresholdsVersion
		for k, m := range res.Matches {
			if k == maxCopyFindings {
				out.Fail(checkProvenanceCopy, Whole(b.Field, b.Body),
					b.Field+" has "+strconv.Itoa(len(res.Matches))+" passages that match reference sources; the first "+strconv.Itoa(maxCopyFindings)+" are listed.",
					"Rewrite "+b.Field+" in your own words; it reproduces reference text throughout.")
				break
			}
			matched++
			copyFinding(r, b, m, out)
		}
	}
	switch {
	case matched == 0 && checked > 0:
		out.Pass(checkProvenanceCopy, Whole(FieldStatement, r.Statement),
			"None of the "+countOf(checked, "body")+" checked (the statement and the exposition) matches a passage of the reference corpus (copy-check thresholds "+version+").")
	case checked == 0 && failed == 0:
		out.Pass(checkProvenanceCopy, Absent(FieldStatement), "The statement and exposition are empty, so there is no text to compare with the reference corpus.")
	}
}

func copyFinding(r *Revision, b Text, m copycheck.Match, out *Report) {
	sp := SpanOf(b.Field, b.Body, m.BodyStart, m.BodyEnd)
	where := m.Source
	if m.Section != "" {
		where += ", section “" + m.Section + "”"
	}
	extent := "a passage of " + countOf(m.BodyEnd-m.BodyStart, "byte")
	if m.Stage == copycheck.StageNear {
		extent = "a close paraphrase (" + countOf(m.Length, "word") + " in common)"
	}
	observed := b.Field + " bytes " + strconv.Itoa(sp.Start) + "–" + strconv.Itoa(sp.End) + " reproduce " + extent + " of " + where +
		", whose licence class is " + string(m.Licence)
	switch {
	case !creditsSource(r.Provenance, m) && copyStandardDeclaration(m, sp.Quote):
		out.NeedsHuman(checkProvenanceCopy, sp, observed+"; the passage only declares objects in the standard words of mathematical writing (“let … be …”), which texts share without copying one another, so a person must confirm that it is not taken from the source.",
			"If "+b.Field+" bytes "+strconv.Itoa(sp.Start)+"–"+strconv.Itoa(sp.End)+" (“"+clipText(sp.Quote, 80)+"”) were taken from "+m.Source+" rather than written as the standard opening they read as, rewrite them in your own words and cite "+m.Source+" as a reference.")
	case copyBlocking(m.Licence):
		out.Fail(checkProvenanceCopy, sp, observed+"; that licence does not allow its text on TheoremDB.",
			"Rewrite "+b.Field+" bytes "+strconv.Itoa(sp.Start)+"–"+strconv.Itoa(sp.End)+" (“"+clipText(sp.Quote, 80)+"”) in your own words, citing "+m.Source+" as a reference instead of reproducing it.")
	case creditsSource(r.Provenance, m):
		out.Pass(checkProvenanceCopy, sp, observed+", which allows reuse with attribution; the record must "+attributionRequired(m)+", and provenance names the source.")
	default:
		out.Fail(checkProvenanceCopy, sp, observed+", which allows reuse only with attribution, and neither provenance.attribution nor provenance.rightsBasis names the source.",
			"Add the attribution “"+m.Source+" ("+m.URI+"), licence "+string(m.Licence)+"” to provenance.attribution and the licence to provenance.rightsBasis ("+attributionRequired(m)+"), or rewrite the passage in your own words.")
	}
}

// originRef is a reference the provenance rests on: a PRIMARY row (where the problem was posed
// or first stated), or one whose identifier provenance.sourceLocator or provenance.attribution
// quotes.
type originRef struct {
	ref  Reference
	at   int    // its row in the bibliography, or -1 for a rejected reference
	row  string // how a finding names it: "references[2]", or the rejected reference's identifier
	span Span   // its identifier
	why  string // "its PRIMARY source" or "the source provenance.sourceLocator names"
}

// originRefs lists the references, in the bibliography or rejected from it, that the provenance
// rests on.
func originRefs(r *Revision) []originRef {
	named := map[string]string{}
	for _, t := range []Text{{fieldProvenanceLocator, r.Provenance.SourceLocator}, {fieldProvenanceAttribution, r.Provenance.Attribution}} {
		if k := refIDKey(t.Body); k != "" && named[k] == "" {
			named[k] = t.Field
		}
		for _, id := range quotedIDs(t.Body, 20) {
			if named[id.Key] == "" {
				named[id.Key] = t.Field
			}
		}
	}
	var out []originRef
	add := func(ref Reference, at int, row string, sp Span) {
		why := ""
		if f := named[refIDKey(ref.Identifier)]; f != "" {
			why = "the source " + f + " names"
		} else if ref.Role == roleRefPrimary {
			why = "its PRIMARY source, where the problem was posed"
		} else {
			return
		}
		out = append(out, originRef{ref: ref, at: at, row: row, span: sp, why: why})
	}
	for i, ref := range r.References {
		add(ref, i, "references["+strconv.Itoa(i)+"]", spanOrAbsent(ReferenceField(i, "identifier"), ref.Identifier))
	}
	for i, ref := range r.Rejected {
		field := "rejectedReferences[" + strconv.Itoa(i) + "].identifier"
		add(ref, -1, "the reference to "+clipText(ref.Identifier, 100)+" (dropped from the bibliography)", spanOrAbsent(field, ref.Identifier))
	}
	return out
}

// provenanceRecord reads what the record plane found of the sources the provenance rests on: a
// fabricated one (no record, or one contradicting the claim) fails, since a problem cannot come
// from a work that does not exist; a catalogued one not yet resolved needs a person, as in the
// references gate, and is never taken for fabricated. A web page has no catalogued record, and a
// packet the record plane never saw has nothing to read here.
func provenanceRecord(r *Revision, out *Report) {
	origins := originRefs(r)
	open, confirmed, web, unasked := 0, 0, 0, 0
	for _, o := range origins {
		if open >= maxRefFindings {
			break
		}
		switch o.ref.Confirmation {
		case "MISMATCH", "NOT_FOUND":
			open++
			out.Fail(checkProvenanceRecord, o.span,
				"The provenance rests on "+o.row+" ("+o.why+"), but the record plane finds that source fabricated: "+clipText(o.ref.ConfirmationReason, 300)+".",
				"Name the real source the problem comes from: correct the identifier, title, authors and year of "+o.row+" to the work's own record, with provenance.sourceLocator and provenance.attribution to match, or, if the problem was never posed in print, mark provenance.kind ORIGINAL and name its proposer in provenance.attribution.")
		case "PENDING":
			if refKind(o.ref) == "URL" {
				web++
				continue
			}
			open++
			said := ""
			if reason := strings.TrimSpace(o.ref.ConfirmationReason); reason != "" {
				said = " The record plane says: " + clipText(reason, 200) + "."
			}
			out.NeedsHuman(checkProvenanceRecord, o.span,
				"The record plane has not yet confirmed "+o.row+" ("+o.why+"); a source not yet confirmed is never counted as fabricated, but it cannot vouch for the provenance either."+said,
				"Find the work "+clipText(o.ref.Identifier, 100)+" and check that it exists and is the work provenance.attribution and provenance.sourceLocator describe.")
		case "CONFIRMED":
			confirmed++
		default:
			unasked++
		}
	}
	if open > 0 {
		return
	}
	switch {
	case len(origins) == 0 && r.Provenance.Kind == packet.Original:
		out.Pass(checkProvenanceRecord, Absent(fieldProvenanceLocator), "The problem is an original question and no reference is its PRIMARY source, so its provenance rests on no earlier record.")
	case len(origins) == 0:
		out.Pass(checkProvenanceRecord, Absent(fieldProvenanceLocator), "No reference is marked PRIMARY or named in provenance.sourceLocator, so the provenance rests on no record the record plane could confirm.")
	case len(origins) == 1:
		what := "not yet given to the record plane (a packet from outside the platform)"
		switch {
		case confirmed == 1:
			what = "confirmed against its record"
		case web == 1:
			what = "a web page, which has no catalogued record"
		}
		out.Pass(checkProvenanceRecord, origins[0].span, "The source the provenance rests on, "+origins[0].row+" ("+origins[0].why+"), is not fabricated: "+what+".")
	default:
		var parts []string
		for _, p := range []struct {
			n    int
			what string
		}{{confirmed, "confirmed against its record"}, {web, "a web page, which has no catalogued record"},
			{unasked, "not yet given to the record plane (a packet from outside the platform)"}} {
			if p.n > 0 {
				parts = append(parts, strconv.Itoa(p.n)+" "+p.what)
			}
		}
		out.Pass(checkProvenanceRecord, spanOrAbsent(fieldProvenanceLocator, r.Provenance.SourceLocator),
			"None of the "+strconv.Itoa(len(origins))+" sources the provenance rests on is fabricated: "+strings.Join(parts, "; ")+".")
	}
}

// openLogicPassages are verbatim paragraphs of the Open Logic Project (CC BY 4.0,
// github.com/OpenLogicProject/OpenLogic, content/sets-functions-relations/relations), which the
// shared reference corpus holds in the open licence class. The copy-check planter pastes one
// into a packet without crediting it, the defect of a proposer who copies textbook exposition;
// the calibration finds it when its index holds that corpus, and a blocking-licence copy has to
// be planted by the calibration itself, from its own corpus, since no such text belongs here.
var openLogicPassages = []string{
	"A \\emph{graph} is a diagram in which points---called ``nodes'' or\n``vertices'' (plural of ``vertex'')---are connected by edges.  Graphs\nare a ubiquitous tool in discrete mathematics and in computer science.\nThey are incredibly useful for representing, and visualizing,\nrelationships and structures, from concrete things like networks of\nvarious kinds to abstract structures such as the possible outcomes of\ndecisions.",
	"Equivalence relations give rise to the notion of an \\emph{equivalence\nclass}. An equivalence relation ``chunks up'' the domain into\ndifferent partitions. Within each partition, all the objects are\nrelated to one another; and no objects from different partitions\nrelate to one another. Sometimes, it's helpful just to talk about\nthese partitions \\emph{directly}.",
	"The lowermost node~$r$ is the root. Every node other than $r$ has\nexactly one parent node immediately below it. We can think of the relation\na node~$x$ stands in to a node~$y$ if $y$ can be reached from~$x$ by\nfollowing edges upwards as $x$ being an \\emph{ancestor} of~$y$.",
}
