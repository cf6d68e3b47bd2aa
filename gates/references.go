package gates

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// Check IDs of the references gate.
const (
	checkRefsPresent    = "references.present"
	checkRefsRow        = "references.row"
	checkRefsRelevance  = "references.relevance"
	checkRefsDuplicates = "references.duplicates"
	checkRefsCited      = "references.cited-sources"
	checkRefsRecord     = "references.record"
)

// referencesGate checks the bibliography as rows: each names its work stably or exactly, says
// why it matters to this problem, appears once per locator, and every identifier the record
// quotes elsewhere has its row. Whether a locator supports the claim pointing to it is a reading
// of the source and is left to the reviewer.
var referencesGate = &Gate{Name: References, Version: "2", Checks: []Check{
	{ID: checkRefsPresent, Criterion: "references contains every relevant work found during review.", Certifies: true},
	{ID: checkRefsRow, Criterion: "Each structured row has a citation, a stable URL or exact locator, and a relevance note tied to this problem.", Certifies: true},
	{ID: checkRefsRelevance, Criterion: "Every bibliography row explains its relevance. A URL by itself fails this gate.", Certifies: true},
	{ID: checkRefsDuplicates, Criterion: "Duplicate DOI and URL identities are merged while distinct theorem, page, table, file, or line locators are preserved.", Certifies: true},
	{ID: checkRefsCited, Criterion: "Every source used for a mathematical, historical, or open-status claim appears in the bibliography.", Certifies: true},
	{ID: checkRefsRecord, Criterion: "A source is a record in the record plane: the record must exist, and its title, authors and year must match what was claimed; a locator the plane cannot read is confirmed by a person (K9.5).", Certifies: true},
}, run: runReferences}

// exactLocatorRe recognises an exact locator: a numbered theorem, section, page, table, figure,
// line, equation or problem, a section sign, or a file with a line.
var exactLocatorRe = regexp.MustCompile(`(?i)(\b(theorem|thm|lemma|proposition|prop|corollary|cor|conjecture|problem|question|section|sec|subsection|chapter|ch|page|pages|p|pp|table|tab|figure|fig|line|lines|equation|eq|eqn|formula|remark|definition|defn|def|example|exercise|appendix|app|part|item|entry|paragraph|para|claim|step|case|no|number|sequence|volume|vol|folio|slide|minute)(\.\s*|\s+)(\(?[0-9]+|[a-z][0-9]*(\b|[.\-][0-9])|[ivxlc]+\b)|§\s*[0-9a-z]|\b[A-Za-z0-9_./-]+\.(lean|tex|py|c|cc|cpp|go|rs|txt|md|json|csv|sage|gp|m|hs|jl):[0-9]+|#L[0-9]+|\bA[0-9]{6}\b)`)

// vagueRelevance are words that say a row matters without saying how.
var vagueRelevance = wordSet("relevant", "relevance", "reference", "references", "source", "sources", "paper", "papers",
	"article", "articles", "work", "works", "related", "useful", "cited", "citation", "background", "information",
	"info", "link", "links", "context", "general", "important", "interesting", "main", "key", "primary",
	"secondary", "read", "more", "details", "further", "book", "url", "website", "page", "web", "online",
	"also", "pdf", "doi", "arxiv", "original", "additional", "material", "topic", "subject", "helpful")

// maxRefFindings bounds the failing findings one check reports on a long bibliography.
const maxRefFindings = 30

func runReferences(_ context.Context, r *Revision, _ Env, out *Report) {
	refsPresent(r, out)
	refsRows(r, out)
	refsProvenanceRange(r, out)
	refsProvenanceCopied(r, out)
	refsRelevance(r, out)
	refsDuplicates(r, out)
	refsCited(r, out)
	refsRecord(r, out)
}

// refsRecord reads what the record plane found of each source: a fabricated one (no record, or
// one that contradicts the claim) fails; a catalogued source not yet resolved, or a locator
// nobody has found in its source, needs a person. A web page is no catalogued record, and a
// packet the record plane never saw (Confirmation empty) has nothing to read here.
func refsRecord(r *Revision, out *Report) {
	open := 0
	for i, ref := range r.References {
		if open >= maxRefFindings {
			break
		}
		sp := spanOrAbsent(ReferenceField(i, "identifier"), ref.Identifier)
		row := "references[" + strconv.Itoa(i) + "]"
		switch ref.Confirmation {
		case "MISMATCH", "NOT_FOUND":
			open++
			out.Fail(checkRefsRecord, sp, row+" cites a source the record plane finds fabricated: "+clipText(ref.ConfirmationReason, 300),
				"Correct the identifier, title, authors or year of "+row+" to the work's own record, or remove the row.")
			continue
		case "PENDING":
			if ref.Kind != "URL" {
				open++
				out.NeedsHuman(checkRefsRecord, sp, "The record plane has not confirmed "+row+" yet ("+clipText(ref.ConfirmationReason, 200)+").",
					"Find the work and check that it exists and that the citation of "+row+" matches its title, authors and year.")
			}
		}
		if ref.Confirmation != "" && strings.TrimSpace(ref.Locator) != "" && !ref.LocatorConfirmed {
			open++
			seen := "Nobody has found the place " + row + " cites (“" + clipText(ref.Locator, 80) + "”) in its source yet."
			if ref.Confirmation == "CONFIRMED" && strings.TrimSpace(ref.ConfirmationReason) != "" {
				// The record plane read the source: its reason says what it found at the place.
				seen = "The place " + row + " cites (“" + clipText(ref.Locator, 80) + "”) is not confirmed: " + clipText(ref.ConfirmationReason, 300) + "."
			}
			out.NeedsHuman(checkRefsRecord, Whole(ReferenceField(i, "locator"), ref.Locator), seen,
				"Read the source at “"+clipText(ref.Locator, 80)+"” and confirm it states what "+row+" relies on (the review page records it).")
		}
	}
	if open == 0 {
		out.Pass(checkRefsRecord, Absent(fieldReferences), "No source is fabricated, unconfirmed or cited at a place nobody has found.")
	}
}

func refsPresent(r *Revision, out *Report) {
	switch {
	case len(r.References) > 0:
		out.Pass(checkRefsPresent, Absent(fieldReferences), "The bibliography has "+countOf(len(r.References), "row")+".")
	case r.Provenance.Kind == packet.Original:
		out.Pass(checkRefsPresent, Absent(fieldReferences), "The bibliography is empty, which an original question may be when its search found no prior work.")
	default:
		out.Fail(checkRefsPresent, Absent(fieldReferences), "The bibliography is empty although the problem is "+strings.ToLower(provKindOr(r.Provenance.Kind))+", so its source and the works found in review are not listed.",
			"Add to references the source of the problem and every relevant work found during the reference search, each with a citation, a stable identifier or exact locator, and a relevance note.")
	}
}

func provKindOr(k packet.ProvenanceKind) string {
	if k == "" {
		return "not marked original"
	}
	return string(k)
}

func refsRows(r *Revision, out *Report) {
	bad := 0
	for i, ref := range r.References {
		if bad >= maxRefFindings {
			break
		}
		if why := placeholderReason(ref.Citation, 2); why != "" {
			bad++
			out.Fail(checkRefsRow, spanOrAbsent(ReferenceField(i, "citation"), ref.Citation),
				ReferenceField(i, "citation")+" "+why+", so the row does not say which work it is.",
				"Write in "+ReferenceField(i, "citation")+" the full citation: authors, title, venue, year.")
			continue
		}
		loc := strings.TrimSpace(ref.Locator)
		if loc != "" && phValues[fieldNorm(loc)] {
			bad++
			out.Fail(checkRefsRow, Whole(ReferenceField(i, "locator"), ref.Locator),
				ReferenceField(i, "locator")+" is the placeholder “"+loc+"”.",
				"Replace "+ReferenceField(i, "locator")+" with the exact place in the work (for example “Theorem 2.1”, “p. 14”, “Table 2”), or leave it empty if the row's identifier is enough.")
			continue
		}
		if !stableIdentifier(ref.Identifier) && !exactLocatorRe.MatchString(loc) {
			bad++
			what := "no identifier"
			if ref.Identifier != "" {
				what = "the identifier “" + clipText(ref.Identifier, 80) + "”, which is no DOI, arXiv ID, zbMATH ID, ISBN or URL"
			}
			loc := "no locator"
			if ref.Locator != "" {
				loc = "the locator “" + clipText(ref.Locator, 80) + "”, which points to no numbered place"
			}
			out.Fail(checkRefsRow, spanOrAbsent(ReferenceField(i, "locator"), ref.Locator),
				"references["+strconv.Itoa(i)+"] has "+what+" and "+loc+", so a reader cannot find the work or the place in it.",
				"Give references["+strconv.Itoa(i)+"] a stable identifier (DOI, arXiv ID, zbMATH ID, ISBN or a stable URL) or an exact locator such as “Theorem 2.1”, “p. 14” or “Section 3”.")
		}
	}
	pageFails, pageAsks := refsLocatorPages(r, out)
	bad += pageFails
	preprintFails, preprintAsks := refsPreprintYears(r, out)
	bad += preprintFails
	unsure := refsTheoremLocators(r, out) + refsIdentifierYears(r, out) + pageAsks + refsQuotedResults(r, out) + refsAfterSearch(r, out) +
		preprintAsks + refsDOIPublishers(r, out) + refsAuthorMentions(r, out) + refsTwoIdentifiers(r, out) + refsIdentifierOwners(r, out) +
		refsResultCredits(r, out)
	if bad == 0 {
		what := " has a citation and a stable identifier or an exact locator."
		if unsure > 0 {
			what = " has a citation and a stable identifier or an exact locator; the rows above need a person for their locator or their identifier's date."
		}
		out.Pass(checkRefsRow, Absent(fieldReferences), eachRow(len(r.References))+what)
	}
}

// theoremClaimWords name a specific result of a work: a claim pointing to one needs the place.
var theoremClaimWords = []string{"theorem", "lemma", "proposition", "corollary", "main result", "key lemma",
	"main theorem", "conjecture", "inequality", "identity", "formula"}

// resultClaimVerbs (stems) say that the work itself obtains a result: a note that only says
// where a statement comes from ("the theorem's docstring") makes no claim to check at a place.
var resultClaimVerbs = []string{"prove", "proof", "shows", "showed", "shown", "establish", "obtain", "derive",
	"deduce", "main result", "main theorem", "key lemma", "settle", "resolve", "disprove", "quote"}

// resultLabelRe finds a note that opens by quoting a result under its label ("Main theorem:
// every solution …", "Lemma: …"): a claim of the work's own result, whatever its verbs.
var resultLabelRe = regexp.MustCompile(`(?i)^\s*(?:the\s+)?(?:main\s+|key\s+|central\s+)?(?:theorem|lemma|proposition|corollary|result)s?\b[^:.;]{0,30}[:—]`)

// refNamesPlace reports whether a relevance note names a place in the work. A note that
// opens by quoting a result under its label ("Theorem: there is a polynomial g such that a
// rational number t is an integer exactly when …") writes the mathematics of the result after
// the label, where a word of a locator followed by a lone letter ("number t", "case n", "part
// k") names a variable, not a place; there only a number or a section sign names one.
func refNamesPlace(rel string) bool {
	label := resultLabelRe.FindStringIndex(rel)
	for _, m := range exactLocatorRe.FindAllStringSubmatchIndex(rel, -1) {
		if label == nil || m[0] < label[1] || m[8] < 0 {
			return true
		}
		if tail := rel[m[8]:m[9]]; len(tail) > 1 || tail[0] < 'a' || tail[0] > 'z' {
			return true // "Theorem: … in Section 3", "… (see Lemma b2)": a place after the label
		}
	}
	return false
}

// initialsRe matches what exactLocatorRe reads as a place but is an author's initials: "P. B"
// of "P. B. Shalen" reads as "page B" and "C. C" of "C. C. Sims" as "chapter C".
var initialsRe = regexp.MustCompile(`^\p{Lu}[a-z]?\.\s*\p{Lu}$`)

// seriesNumeralRe matches what exactLocatorRe reads as a place but is the numeral of a title in
// a series: "Cartan matrices and Brauer's k(B)-conjecture III, arXiv preprint" reads as
// "conjecture III". The word is written in a title's lower case, where a place is capitalised
// ("Conjecture 3", "Chapter III"), and the Roman numeral closes the title.
var seriesNumeralRe = regexp.MustCompile(`^[a-z]+\s+[IVX]+$`)

// citationNamesPlace reports whether a citation names a place in the work, an author's initials
// and a title's series numeral aside.
func citationNamesPlace(citation string) bool {
	for _, m := range exactLocatorRe.FindAllStringIndex(citation, -1) {
		if initialsRe.MatchString(citation[m[0]:m[1]]) && m[1] < len(citation) && (citation[m[1]] == '.' || citation[m[1]] == '-') {
			continue
		}
		if seriesNumeralRe.MatchString(citation[m[0]:m[1]]) && m[1] < len(citation) && strings.ContainsRune(",.:", rune(citation[m[1]])) {
			continue
		}
		return true
	}
	return false
}

// refsTheoremLocators asks a person about a row whose relevance note claims a specific result
// of the work ("the main theorem", "a lemma of Erdős") but whose locator is empty and whose note
// names no numbered place: the policy asks that the cited locator support the exact claim. It
// returns how many rows it asked about.
func refsTheoremLocators(r *Revision, out *Report) int {
	n := 0
	for i, ref := range r.References {
		if n >= maxRefFindings {
			break
		}
		if strings.TrimSpace(ref.Locator) != "" || refNamesPlace(ref.Relevance) {
			continue
		}
		if citationNamesPlace(ref.Citation) {
			continue
		}
		h, ok := findPhrase(ref.Relevance, theoremClaimWords)
		if !ok || !theoremClaimed(ref.Relevance, h) || !containsStem(ref.Relevance, resultClaimVerbs...) && !resultLabelRe.MatchString(ref.Relevance) {
			start, end, stated := refStatedResult(ref.Relevance)
			if !stated {
				continue
			}
			h = phraseHit{Start: start, End: end}
		}
		n++
		field := ReferenceField(i, "relevance")
		out.NeedsHuman(checkRefsRow, SpanOf(field, ref.Relevance, h.Start, h.End),
			field+" ties the row to a specific result (“"+ref.Relevance[h.Start:h.End]+"”) but "+ReferenceField(i, "locator")+" is empty and the note names no numbered place, so a reader cannot check the claim at its place; a person must confirm where the work states it.",
			"Write in "+ReferenceField(i, "locator")+" the exact place of the result in the work (for example “Theorem 1.2”, “Lemma 3”, “p. 14”).")
	}
	return n
}

// theoremClaimed reports whether the phrase at h names one result of the cited work ("proves
// the main theorem", "Theorem of Zhang") rather than the problem's own conjecture ("states the
// conjecture"), which needs no place beyond the work.
func theoremClaimed(rel string, h phraseHit) bool {
	if h.Phrase != "conjecture" {
		return true
	}
	low := strings.ToLower(rel)
	for _, w := range []string{"proves the conjecture", "proved the conjecture", "disproves", "settles the conjecture", "resolves the conjecture"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// spanOrAbsent is the span of a whole field, or the absent span when the field is empty.
func spanOrAbsent(field, text string) Span {
	if text == "" {
		return Absent(field)
	}
	return Whole(field, text)
}

// withoutIDs removes the identifiers quoted in s, leaving the prose around them.
func withoutIDs(s string) string {
	ids := quotedIDs(s, 50)
	if len(ids) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, id := range ids {
		if id.Start < last {
			continue
		}
		b.WriteString(s[last:id.Start])
		b.WriteByte(' ')
		last = id.End
	}
	b.WriteString(s[last:])
	return b.String()
}

func refsRelevance(r *Revision, out *Report) {
	bad := 0
	for i, ref := range r.References {
		if bad >= maxRefFindings {
			break
		}
		field := ReferenceField(i, "relevance")
		rel := ref.Relevance
		prose := withoutIDs(rel)
		switch why := placeholderReason(rel, 3); {
		case strings.TrimSpace(rel) != "" && len(textWords(prose, 1)) == 0 || len(quotedIDs(rel, 1)) > 0 && len(textWords(prose, 3)) < 3:
			bad++
			out.Fail(checkRefsRelevance, Whole(field, rel), field+" is a URL or identifier by itself, not a note on why the work matters to this problem.",
				"Write in "+field+" what the work contributes to this problem (for example “proves the current upper bound 46”), in a sentence.")
		case why != "":
			bad++
			out.Fail(checkRefsRelevance, spanOrAbsent(field, rel), field+" "+why+", so the row does not explain its relevance.",
				"Write in "+field+" what the work contributes to this problem (for example “states the conjecture and proves the first finite bound”).")
		case len(contentWordsOf(prose, vagueRelevance)) == 0:
			bad++
			out.Fail(checkRefsRelevance, Whole(field, rel), field+" “"+clipText(rel, 80)+"” says the work is relevant without saying how.",
				"Write in "+field+" what the work contributes to this problem: the result, bound, definition or history it supplies.")
		}
	}
	if bad == 0 {
		refsRelevanceTopic(r, out)
		out.Pass(checkRefsRelevance, Absent(fieldReferences), eachRow(len(r.References))+" explains its relevance in prose.")
	}
}

// relevanceGeneric (stems) are words any relevance note may use whatever its subject: what the
// work does and of what kind its contribution is, and the number words ("in three dimensions"),
// which a note and a problem share whatever their subjects.
var relevanceGeneric = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`prove proof show establish give construct state improve settle survey record table
		bound upper lower best known current first new result history historical method case open value compute
		computation search verify verification confirm list status evidence reference problem question paper article
		book source introduce define definition discuss study extend generalize generalise answer solve solution
		partial progress recent earlier later original classical main key important standard approach technique
		argument example counterexample explicit exact estimate asymptotic sharp weak strong also many several
		exist existence number set function author work works contain contains include includes determine find
		decide characterize characterise classify describe discussion keep keeps remain remains
		one two three four five six seven eight nine ten eleven twelve second third hundred thousand
		preprint appear publish journal version edition`) {
		m[stStem(w)] = true
	}
	return m
}()

// relevanceTies are phrases by which a note ties its row to this problem without naming the
// subject: "the problem's page", "cited in the docstring".
var relevanceTies = []string{"this problem", "the problem", "the problem's", "this conjecture", "the conjecture",
	"this question", "the question", "the statement", "the target", "docstring", "formal-conjectures", "links to problem",
	"cited as a reference", "cited in"}

// refsRelevanceTopic asks a person about a relevance note that names a subject (three or more
// subject words) sharing none with the problem's title, statement, exposition, acceptance,
// open status, computation or tags: a note that may be about a different problem.
func refsRelevanceTopic(r *Revision, out *Report) {
	var prob strings.Builder
	for _, s := range []string{r.Title, r.Statement, r.Acceptance.Criterion, r.Acceptance.SearchSpace, r.Acceptance.Equivalence,
		r.OpenStatus.StrongestKnown, r.OpenStatus.UnresolvedTarget, r.Provenance.Attribution, r.Provenance.SourceLocator,
		r.Hero.Brief} {
		prob.WriteString(s + " ")
	}
	for _, e := range r.Exposition {
		prob.WriteString(e.Term + " " + e.Body + " ")
	}
	if c := r.Computation; c != nil {
		prob.WriteString(c.Instance + " " + c.SmallCases + " " + c.ParameterOrigin + " ")
	}
	problem, field := map[string]bool{}, map[string]bool{}
	for _, w := range stContentStems(stPlainWords(prob.String())) {
		problem[w] = true
	}
	for _, w := range stContentStems(strings.Join(r.Tags, " ")) {
		field[w] = true
	}
	asked := 0
	for i, ref := range r.References {
		if asked >= maxRefFindings {
			break
		}
		at := ReferenceField(i, "relevance")
		askNamed := func(a, b int, what string) {
			asked++
			sp := SpanOf(at, ref.Relevance, a, b)
			out.NeedsHuman(checkRefsRelevance, sp,
				at+" is about “"+sp.Quote+"”, "+what+", so it may be about a different problem; a person must confirm that it says why the work matters to this one.",
				"Rewrite "+at+" to say what the work contributes to this problem's object and target, or remove the row if it concerns another problem.")
		}
		if a, b, named := relevanceNamedObject(r.Title, ref.Relevance, problem); named {
			askNamed(a, b, "an object of the kind the title names under a name the problem never uses")
			continue
		}
		if topic, shared, foreign := relevanceTopicForeign(ref.Relevance, prob.String(), problem, field); foreign {
			asked++
			out.NeedsHuman(checkRefsRelevance, Whole(at, ref.Relevance),
				at+" “"+clipText(ref.Relevance, 120)+"” "+relevanceShare(shared)+" and names "+countOf(topic, "subject word")+" the problem never uses, so it may be about a different problem; a person must confirm that it says why the work matters to this one.",
				"Rewrite "+at+" to say what the work contributes to this problem's object and target, or remove the row if it concerns another problem.")
			continue
		}
		// A note whose words the problem shares may still be about another object than the
		// one its row's citation names, or an object named after someone the problem never names.
		if a, b, named := relevanceCitedObject(ref.Citation, ref.Relevance); named {
			askNamed(a, b, "an object the note names while it never names the one the row's citation names (“"+clipText(ref.Citation, 80)+"”)")
			continue
		}
		if a, b, named := relevanceForeignName(ref.Relevance, problem); named {
			askNamed(a, b, "an object named after a name the problem never uses")
			continue
		}
		if a, b, named := relevanceOtherNamedProblem(r.Title, ref.Relevance); named {
			askNamed(a, b, "a problem named after another name than the one the title's problem is named after, while it never names the title's")
			continue
		}
		if a, b, named := relevanceExcludedKind(ref.Relevance, prob.String()); named {
			askNamed(a, b, "a kind of object whose negation the problem uses for its own objects while it never uses the word itself")
			continue
		}
		if a, b, named := relevanceVariantQuantity(ref.Relevance, prob.String()); named {
			askNamed(a, b, "a variant of the problem's own quantity or object under a modifier the problem never uses")
		}
	}
}

// relevanceTopicForeign reads a note's subject words: how many the problem never uses and how
// many it shares, and whether they make the note one about a different problem. A note tied
// to the problem in words or by a number of the problem is not.
func relevanceTopicForeign(note, prob string, problem, field map[string]bool) (foreignWords, shared int, foreign bool) {
	if _, tied := findPhrase(note, relevanceTies); tied || sharesNumber(note, prob) {
		return 0, 0, false
	}
	// A note about another problem may share a word or two with this one ("lattice",
	// "graph") and a tag's field ("probability"); its subject is what it names besides.
	var topic []string
	stems := stContentStems(stPlainWords(withoutIDs(note)))
	repeated := ""
	for _, w := range slices.Compact(slices.Sorted(slices.Values(stems))) {
		switch {
		case relevanceGeneric[w] || stWeakTitleWords[w] || vagueRelevance[w] || field[w] && !problem[w] || strings.HasSuffix(w, "ly"):
			// no subject: what any note says, a tag's field, an adverb ("exactly")
		case problem[w]:
			shared++
		default:
			topic = append(topic, w)
			if repeated == "" && len(w) > 3 && stemCount(stems, w) > 1 {
				repeated = w
			}
		}
	}
	// A note whose subject is another problem names it more than once ("surveys harmonious
	// labellings … every tree is harmonious"), whatever it shares with this one.
	if (len(topic) < 3 || len(topic) <= 2*shared) && (repeated == "" || len(topic) < 2) &&
		(len(topic) < 5 || len(topic) <= shared || !relevanceObjectForeign(note, problem, field)) {
		return len(topic), shared, false
	}
	return len(topic), shared, true
}

// stemCount is how many times w occurs among stems.
func stemCount(stems []string, w string) int {
	n := 0
	for _, s := range stems {
		if s == w {
			n++
		}
	}
	return n
}

// relevanceShare says how many subject words a relevance note shares with the problem.
func relevanceShare(n int) string {
	if n == 0 {
		return "shares no subject word with the problem"
	}
	return "shares only " + countOf(n, "subject word") + " with the problem"
}

func refsDuplicates(r *Revision, out *Report) {
	type seen struct {
		row     int
		locator string
	}
	byKey := map[string][]seen{}
	dups, kept := 0, 0
	for i, ref := range r.References {
		key := refIDKey(ref.Identifier)
		if key == "" {
			continue
		}
		loc := fieldNorm(ref.Locator)
		dup := false
		for _, s := range byKey[key] {
			if s.locator != loc {
				continue
			}
			if dups < maxRefFindings {
				out.Fail(checkRefsDuplicates, Whole(ReferenceField(i, "identifier"), ref.Identifier),
					fmt.Sprintf("references[%d] and references[%d] cite the same work (%s) at the same locator%s.", s.row, i, key, locatorPhrase(ref.Locator)),
					fmt.Sprintf("Merge references[%d] into references[%d], keeping one citation and combining their relevance notes.", i, s.row))
			}
			dups++
			dup = true
			break
		}
		if dup {
			continue
		}
		if len(byKey[key]) > 0 {
			kept++
		}
		byKey[key] = append(byKey[key], seen{i, loc})
	}
	if dups > 0 {
		return
	}
	msg := "No two rows cite the same work."
	if kept > 0 {
		msg = "Rows that cite the same work do so at distinct locators, which are kept apart (" + countOf(kept, "extra row") + ")."
	}
	out.Pass(checkRefsDuplicates, Absent(fieldReferences), msg)
}

func locatorPhrase(loc string) string {
	if strings.TrimSpace(loc) == "" {
		return " (neither gives a locator)"
	}
	return " “" + clipText(loc, 60) + "”"
}

// claimFields are the fields whose identifiers are sources of mathematical, historical or
// open-status claims.
func refClaimFields(r *Revision) []Text {
	out := []Text{{FieldStatement, r.Statement}}
	for i, e := range r.Exposition {
		out = append(out, Text{ExpositionField(i, "body"), e.Body})
	}
	return append(out, Text{fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown},
		Text{fieldOpenUnresolved, r.OpenStatus.UnresolvedTarget}, Text{fieldSearchCoverage, r.ReferenceSearch.Coverage})
}

func refsCited(r *Revision, out *Report) {
	rows := map[string]bool{}
	for _, ref := range r.References {
		if k := refIDKey(ref.Identifier); k != "" {
			rows[k] = true
		}
	}
	missing, quoted := 0, 0
	for _, t := range refClaimFields(r) {
		for _, id := range quotedIDs(t.Body, 200) {
			quoted++
			if rows[id.Key] {
				continue
			}
			switch {
			case missing >= maxRefFindings:
			case t.Field == fieldSearchCoverage:
				// The coverage note records what the search found, which may name a work seen
				// and set aside (a claimed proof not yet refereed): whether it is a source of the
				// packet's claims is a reader's question.
				out.NeedsHuman(checkRefsCited, SpanOf(t.Field, t.Body, id.Start, id.End),
					"The coverage note names “"+clipText(id.Text, 100)+"”, which has no row in references: a work the search found and set aside, or a source of the open-status claim left out of the bibliography.",
					"If the packet's claims rest on “"+clipText(id.Text, 100)+"”, add it to references with its citation and a relevance note; if the search only saw it, say why it is set aside.")
			default:
				out.Fail(checkRefsCited, SpanOf(t.Field, t.Body, id.Start, id.End),
					t.Field+" cites “"+clipText(id.Text, 100)+"”, which has no row in references.",
					"Add “"+clipText(id.Text, 100)+"” to references with its citation and a relevance note, or remove the citation from "+t.Field+".")
			}
			missing++
		}
	}
	if missing == 0 {
		msg := "The statement, exposition, open-status record and coverage note quote no identifier, so there is no source to look up in the bibliography."
		if quoted > 0 {
			msg = "Every one of the " + countOf(quoted, "identifier") + " quoted in the statement, exposition, open-status record and coverage note has a row in references."
		}
		out.Pass(checkRefsCited, Absent(fieldReferences), msg)
	}
}

var twoDigitsRe = regexp.MustCompile(`[0-9]{2,}(?:\.[0-9]+)?`)

// sharesNumber reports whether a number of two or more digits in note occurs in text: a note
// that quotes the packet's bound or parameter ("the bound 246") is about the same problem.
func sharesNumber(note, text string) bool {
	for _, n := range twoDigitsRe.FindAllString(note, 20) {
		if hasNumber(text, n) {
			return true
		}
	}
	return false
}
