package gates

import (
	"regexp"

	"github.com/theoremdb/theoremdb/packet"
)

// Two ways a search target goes unchecked that the words of its fields show. A search space
// may name an infinite set of numbers ("all triples of integers", "the primes") with no bound,
// or end when the search succeeds ("searched … until one is found"), which is no set at all;
// and a certificate may be the submitter's report of the outcome, which nobody can check. Both
// go to a person with the phrase: a bound or a check may be written in words the reader does
// not know.

// searchUniverseRe finds an infinite set of numbers a search space ranges over.
var searchUniverseRe = regexp.MustCompile(`(?i)\b(integers?|natural numbers|whole numbers|rationals|rational numbers|reals|real numbers|primes?|prime numbers)\b`)

// searchBoundRe finds what bounds a space of numbers: a comparison, a written-out or interval
// range, a size, or words that say it is finite.
var searchBoundRe = regexp.MustCompile(`(?i)(≤|<|≥|>|\\le|\\leq|\\lt|\\ge|\\geq|\\gt|\\leqslant|\bat most\b|\bup to\b|\bbelow\b|\bless than\b|\bsmaller than\b|\bfewer than\b|\bbetween\b|\binterval\b|\bbounded\b|\bfinite\b|\bbox\b|\brange\b|\bfrom\s+\$?-?[0-9]|[0-9]\$?\s*(to|through|and)\s+\$?-?[0-9]|\\?\{\s*[-−±+]?[0-9][^}]*(,|…|\\[lc]?dots)|\[\s*[-−]?[0-9]+\s*,|\bof (size|length|height|order|degree|norm|weight)\s+\$?[0-9]|\bmod(ulo)?\s+\$?[0-9]|\bdigits?\b|\bbits?\b)`)

// searchCountRe finds what bounds how many objects a space holds or names its symmetry, not the
// size of the numbers in them: "at most 22 triples of matrices with integer entries" is an
// infinite set for all its "at most", and "up to the symmetries" is an equivalence. Both are
// blanked before searchBoundRe reads the space.
var searchCountRe = regexp.MustCompile(`(?i)\b(?:at most|up to|fewer than|no more than|less than)\s+\$?[0-9]+\$?\s+(?:[a-z]+\s+)?(?:triples|pairs|tuples|lists|matrices|vectors|words|sets|graphs|vertices|edges|points|terms|elements|objects|functions|polynomials|blocks|rows|columns|entries|factors|summands|pieces|tiles|colours|colors|steps|moves|products|multiplications|comparators|gates|layers)\b|\bup to\s+(?:the|a|an|its|their|all|any|every)\b`)

// searchUntilRe finds a space that ends when the search succeeds: "searched … until a
// representation is found", "until one appears".
var searchUntilRe = regexp.MustCompile(`(?i)\buntil\b[^.;]{0,120}?\b(found|finds?|reached|appears?|succeeds?|exists?|is met|turns up|halts?|stops?)\b`)

// searchReportRe finds a certificate that is what the submitter or the search says: "the
// submitter's report", "the outcome reported by the search is accepted", "the authors' claim",
// "the statement that there is none".
var searchReportRe = regexp.MustCompile(`(?i)\b((the\s+)?(submitter|author|authors|solver|searcher|proposer|claimant|prover)(['’]s|['’]|s['’])?\s+(own\s+)?(report|word|claim|assertion|statement|declaration|say-so)|(outcome|result|answer|value|output)s?\s+(reported|claimed|stated|announced|declared)\b[^.;]{0,60}\b(is|are)\s+(accepted|taken|trusted|final)|(reported|claimed|stated|announced|declared)\s+(outcome|result|answer|output)s?\b[^.;]{0,60}\b(is|are)\s+(accepted|taken|trusted|final)|(is|are)\s+(accepted|taken)\s+(as it stands|as they stand|as stated|as reported|as given|at face value|on trust)|(the\s+)?(bare\s+|mere\s+)?(statement|claim|assertion|report|word)\s+that\s+there\s+(is|are)\s+(none|no\b))`)

// searchSampleRe finds a certificate that covers a random sample of the space in place of the
// space: "even integers drawn uniformly at random from the range", "a random sample of the
// search space". A sample certifies nothing about the elements not drawn when the target is
// about every element; one re-checked by a second computation (a spot check of a complete
// log) is another matter, and searchSpotCheckRe marks its sentence.
var searchSampleRe = regexp.MustCompile(`(?i)\b(?:(?:drawn|chosen|picked|selected|sampled)\s+(?:uniformly\s+|independently\s+)?at\s+random\s+(?:from|in|among|over)\s+(?:the|this|that)\s+(?:whole\s+|entire\s+)?(?:range|space|search space|interval|set|domain|box)|random(?:ly\s+chosen)?\s+sample\s+of\s+(?:the|this|that)\s+(?:whole\s+|entire\s+)?(?:range|space|search space|interval|set|domain|box))\b`)

// searchSpotCheckRe marks a sentence in which a sample re-checks a complete computation.
var searchSpotCheckRe = regexp.MustCompile(`(?i)\b(?:reproduc\w*|re-?comput\w*|re-?run\w*|re-?check\w*|spot-?check\w*|cross-?check\w*|second|independent\w*|audit\w*)\b`)

// searchEveryRe finds a target about every element of the space.
var searchEveryRe = regexp.MustCompile(`(?i)\b(?:every|each|all)\b`)

// acceptanceSampleCertified asks a person about a certificate that covers a random sample of
// the space while the criterion or the space is about every element. certs are the
// certificate's texts. It reports under the check of the acceptance kind.
func acceptanceSampleCertified(r *Revision, certs []Text, id string, out *Report) {
	a := r.Acceptance
	if !searchEveryRe.MatchString(a.Criterion + " " + a.SearchSpace) {
		return
	}
	for _, t := range certs {
		for _, m := range searchSampleRe.FindAllStringIndex(t.Body, 3) {
			start, end := sentenceAround(t.Body, m[0])
			if searchSpotCheckRe.MatchString(t.Body[start:end]) {
				continue
			}
			sp := SpanOf(t.Field, t.Body, m[0], m[1])
			out.NeedsHuman(id, sp,
				t.Field+" certifies “"+sp.Quote+"”, a random sample of the space, while the target is about every element of it: a sample says nothing of the elements not drawn; a person must confirm that the certificate covers the whole space.",
				"Make "+t.Field+" cover every element of the space (a complete log, checksums per block, a second run), keeping a random sample only as a spot check of it.")
			break
		}
	}
}

// searchCheckWords are the words of a sentence that says how a report is checked.
var searchCheckRe = regexp.MustCompile(`(?i)\b(check|checks|checked|checking|verif\w*|re-?comput\w*|re-?run\w*|re-?check\w*|independent\w*|proof|proofs|proved|prove|certified|certificate|witness\w*|exact|exactly|rigorous\w*|reproduc\w*|audit\w*)\b`)

// acceptanceSearchSpaceOpen asks a person about a search space of numbers with no bound, and
// about one that ends when the search succeeds, unless a phrase acceptanceBounded reads says
// the space is unbounded. It reports whether it recorded a finding.
func acceptanceSearchSpaceOpen(space string, out *Report) bool {
	if _, ok := findPhrase(space, unboundedSpace); ok || unboundedSpaceRe.MatchString(space) {
		return false // acceptanceBounded quotes the phrase that says so
	}
	if m := searchUntilRe.FindStringIndex(space); m != nil {
		out.NeedsHuman(checkAcceptanceSearch, SpanOf(fieldAcceptanceSearchSpace, space, m[0], m[1]),
			"acceptance.searchSpace says “"+space[m[0]:m[1]]+"”: the space ends when the search succeeds, so it names no finite set, and a search that finds nothing never ends; a person must confirm what bounds it.",
			"Bound acceptance.searchSpace by a size or range the search covers completely (for example “|x|, |y|, |z| ≤ 10^{16}”), independent of what it finds.")
		return true
	}
	if acceptanceSearchLower(space, out) {
		return true
	}
	m := searchUniverseRe.FindStringIndex(space)
	if m == nil || searchBoundRe.MatchString(searchCountRe.ReplaceAllString(space, " ")) {
		return false
	}
	out.NeedsHuman(checkAcceptanceSearch, SpanOf(fieldAcceptanceSearchSpace, space, m[0], m[1]),
		"acceptance.searchSpace ranges over the "+space[m[0]:m[1]]+" with no bound, range or size, an infinite set; a finite search target needs a finite space, and a person must confirm what bounds it.",
		"Bound acceptance.searchSpace (for example “integer triples with |x|, |y|, |z| ≤ 10^{16}”, “primes p < 10^{15}”), or make the target a PROOF if no finite search settles it.")
	return true
}

// acceptanceReportCertified asks a person about a certificate, certification or criterion
// whose sentence accepts the submitter's report or the search's stated outcome and says no way
// to check it. It reports under the check of the acceptance kind.
func acceptanceReportCertified(r *Revision, out *Report) {
	id := checkAcceptanceEvidence
	switch r.Acceptance.Kind {
	case packet.Numerical:
		id = checkAcceptanceNumerical
	case packet.Search:
		id = checkAcceptanceSearch
	case packet.Classification:
		id = checkAcceptanceClassification
	}
	texts := []Text{{fieldAcceptanceCriterion, r.Acceptance.Criterion}, {fieldAcceptanceCertificate, r.Acceptance.Certificate}}
	if r.Computation != nil {
		texts = append(texts, Text{fieldComputationCert, r.Computation.Certification})
	}
	acceptanceSampleCertified(r, texts[1:], id, out)
	for _, t := range texts {
		body := compared(t.Body)
		for _, m := range searchReportRe.FindAllStringIndex(body, 3) {
			start, end := sentenceAround(body, m[0])
			if searchCheckRe.MatchString(body[start:end]) {
				continue
			}
			h := body[m[0]:m[1]]
			out.NeedsHuman(id, SpanOf(t.Field, t.Body, m[0], m[1]),
				t.Field+" accepts “"+h+"” and says no way to check it: a report of an outcome certifies nothing another person can verify; a person must confirm how a witness and a claim of none are checked.",
				"Say in "+t.Field+" what certifies the outcome: a witness checked in exact arithmetic, and for a claim of none a proof or a complete computation with code and logs another person can re-run.")
			break
		}
	}
}
