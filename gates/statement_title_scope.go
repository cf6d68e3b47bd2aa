package gates

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A title may share its object's words with the statement and still ask another question: it
// restricts the object by a condition the statement does not contain ("… of trees of maximum
// degree three" over a statement about every tree), or it asks for a bound the statement does
// not ask for ("… of length at most 2n?" over a statement asking for (n − 1)²). Both are read
// against the fields that state the target — the statement, the acceptance criterion and the
// unresolved target — and go to a person with the title's span: a title may abbreviate.

// stTitleTarget is the text of the fields that state what is asked.
func stTitleTarget(r *Revision) string {
	return r.Statement + " " + r.Acceptance.Criterion + " " + r.OpenStatus.UnresolvedTarget
}

// stTitleBoundRe finds a bound a title asks for: a comparison word or sign and the expression
// after it ("at most 2n", "below $n^2$", "≤ 46").
var stTitleBoundRe = regexp.MustCompile(`(?i)\b(?:at most|at least|no more than|no less than|fewer than|less than|more than|greater than|smaller than|larger than|bounded by|below|above|exceed(?:s|ing)?)\s+(\$[^$]{1,40}\$|[^\s,;:?!]+)|(?:≤|≥|\\le|\\ge|\\leq|\\geq)\s*(\$?[^\s,;:?!$]+\$?)`)

// stBoundExpr normalises an expression for comparison: no dollars, braces, spaces, TeX
// spacing or multiplication signs, superscript digits as powers, a number word as digits.
func stBoundExpr(s string) string {
	s = strings.TrimRight(s, ".")
	if v, ok := countWords[strings.ToLower(s)]; ok && v >= 2 {
		return strconv.Itoa(int(v))
	}
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '$', '{', '}', ' ', '\t', '\n', '×', '·', '*':
		case '−', '–':
			b.WriteByte('-')
		case '²':
			b.WriteString("^2")
		case '³':
			b.WriteString("^3")
		default:
			b.WriteRune(r)
		}
	}
	out := b.String()
	for _, sp := range []string{`\cdot`, `\times`, `\,`, `\;`, `\left`, `\right`} {
		out = strings.ReplaceAll(out, sp, "")
	}
	return out
}

// stTitleBound asks a person about a title that asks for a bound whose expression the target
// fields never write. It reports whether it asked.
func stTitleBound(r *Revision, out *Report) bool {
	if strings.ContainsAny(r.Title, "$\\`") {
		return false // a formula in the title is read by the title's other checks
	}
	target := stBoundExpr(stTitleTarget(r))
	for _, m := range stTitleBoundRe.FindAllStringSubmatchIndex(r.Title, 5) {
		at := 2
		if m[2] < 0 {
			at = 4
		}
		raw := r.Title[m[at]:m[at+1]]
		expr := stBoundExpr(raw)
		if expr == "" || !textHasDigit(expr) || strings.Contains(target, expr) {
			continue // a word ("at most polynomial"), or a bound the statement writes
		}
		if _, ok := countWords[strings.ToLower(strings.TrimRight(raw, "."))]; ok && hasNumber(stTitleTarget(r), expr) {
			continue
		}
		out.NeedsHuman(stCheckTitle, SpanOf(FieldTitle, r.Title, m[0], m[1]),
			fmt.Sprintf("The title asks for “%s”, but the statement, acceptance criterion and unresolved target never write %s, so the title may ask for another bound than the statement; a person must compare them.", r.Title[m[0]:m[1]], raw),
			"Retitle the problem after the bound the statement asks for, or correct the statement if the title's bound is the intended one.")
		return true
	}
	return false
}

// stTitlePrepositions open a phrase by which a title restricts its object.
var stTitlePrepositions = stWordSet(`of with whose having without on in for`)

// stTitleQualifiers make a number in a title's phrase a restriction of its object's size: "of
// maximum degree three", "with at most five colours", "of girth at least 6".
var stTitleQualifiers = stWordSet(`bounded maximum minimum maximal minimal max min most least fewer exactly`)

// stTitleMeasures name a size of the object that a number after them fixes: "of width two",
// "in dimension 3", "of girth 5". A measure with a number restricts its object as a qualifier
// does, to a case the statement must name.
var stTitleMeasures = stWordSet(`width height length depth order degree dimension rank girth genus diameter
	size weight valency thickness treewidth pathwidth arity`)

// stTitleNumbers is the target as its numbers are compared with a title's: without its simple
// fractions when the title's measure is one the target never names.
func stTitleNumbers(target string, measureAbsent bool) string {
	if !measureAbsent {
		return target
	}
	return fractionRe.ReplaceAllString(target, " ")
}

// stTitleWord is one word of a title with its place.
type stTitleWord struct {
	text       string
	start, end int
}

func stTitleWords(title string) []stTitleWord {
	var out []stTitleWord
	for i := 0; i < len(title); {
		r, size := utf8.DecodeRuneInString(title[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			if strings.ContainsRune(",;:?!()", r) {
				out = append(out, stTitleWord{text: string(r), start: i, end: i + size})
			}
			i += size
			continue
		}
		j := i
		for j < len(title) {
			r, size := utf8.DecodeRuneInString(title[j:])
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '\'' && r != '’' {
				break
			}
			j += size
		}
		out = append(out, stTitleWord{text: title[i:j], start: i, end: j})
		i = j
	}
	return out
}

// stTitleRestriction asks a person about a phrase of the title that restricts the object's size
// ("of maximum degree three", "with at most five colours", "of width two") when the target fields hold neither
// the phrase's number nor one of its subject words. It reports whether it asked.
func stTitleRestriction(r *Revision, out *Report) bool {
	if strings.ContainsAny(r.Title, "$\\`") || stCatalogueRe.MatchString(r.Title) {
		return false // a formula in the title is read by the title's other checks, a catalogue number names the source
	}
	target := stTitleTarget(r)
	stmt := map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(stPlainWords(target))) {
		stmt[stStem(strings.Trim(w, ".,;:?!()'’"))] = true
	}
	words := stTitleWords(r.Title)
	for i, w := range words {
		if !stTitlePrepositions[strings.ToLower(w.text)] {
			continue
		}
		var num, qual string
		var absent []string
		end := w.end
		for _, x := range words[i+1 : min(len(words), i+6)] {
			low := strings.ToLower(x.text)
			if stTitlePrepositions[low] || strings.ContainsAny(low, ",;:?!()") || low == "and" || low == "or" {
				break
			}
			end = x.end
			switch v, isWord := countWords[low]; {
			case isWord && v >= 2:
				num = strconv.Itoa(int(v))
			case textHasDigit(low) && strings.Trim(low, "0123456789") == "":
				num = low
			case stTitleQualifiers[low] || stTitleMeasures[low]:
				qual = low
				if !stmt[stStem(low)] && !stStopWords[low] {
					absent = append(absent, x.text)
				}
			case utf8.RuneCountInString(low) > 2 && !stStopWords[low] && !stGenericTitleWords[low] && !stWeakTitleWords[stStem(low)] &&
				!stmt[stStem(low)]:
				absent = append(absent, x.text)
			}
		}
		// A measure the target never names ("of width two" over a statement without widths)
		// restricts whatever fractions the target writes ("the 1/3–2/3 conjecture").
		measureAbsent := stTitleMeasures[qual] && !stmt[stStem(qual)]
		if num == "" || qual == "" || len(absent) == 0 || hasNumber(stTitleNumbers(target, measureAbsent), num) {
			continue
		}
		phrase := r.Title[w.start:end]
		out.NeedsHuman(stCheckTitle, SpanOf(FieldTitle, r.Title, w.start, end),
			fmt.Sprintf("The title restricts its object by “%s”, but the statement, acceptance criterion and unresolved target never name %s, so the title may ask about a narrower problem than the statement; a person must compare them.", phrase, stQuoteList(absent)),
			"Retitle the problem after the statement's own object, or add the restriction to the statement if the title names the intended problem.")
		return true
	}
	return false
}

// stTitleAdjectiveEnds are endings of the adjectives by which a title restricts its object
// ("cyclic", "resolvable", "planar", "regular", "bipartite", "transitive", "triangle-free").
var stTitleAdjectiveEnds = []string{"ic", "al", "ar", "ive", "ous", "able", "ible", "ite", "free", "ent", "ant", "ian", "ed"}

// stTitleNotModifiers end like an adjective but restrict nothing, or name the title's frame.
var stTitleNotModifiers = stWordSet(`general special central total natural several based related called named
	open unsolved solved classical famous original initial final partial essential potential critical
	explicit numerical computational asymptotic different certain constant variant equivalent known
	proposed conjectured expected extended improved refined revised restated determined optimal minimal
	maximal extremal infinite finite best exact tight sharp mathematical`)

// stTitleDeterminers introduce a noun phrase whose participle restricts its noun.
var stTitleDeterminers = stWordSet(`the a an all every each some no of for on`)

// stTitleIngNouns end in "ing" but are nouns or frames, not restrictions.
var stTitleIngNouns = stWordSet(`string strings ring rings king thing setting meaning following remaining
	corresponding underlying existing missing counting building beginning ending heading reading
	understanding finding findings something nothing everything anything`)

// stSplitCamel writes a camel-case identifier's parts apart ("IsSpectral" as "Is Spectral").
func stSplitCamel(s string) string {
	var b strings.Builder
	prev := rune(0)
	for _, r := range s {
		if unicode.IsUpper(r) && unicode.IsLower(prev) {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// stTitleModifier asks a person about an adjective of the title that restricts an object the
// target fields name, when the target fields never use it: "The symmetric designs
// with 31 points" over a statement about every design with 31 points, "Planar graphs
// without …" over one about every graph. It reports whether it asked.
func stTitleModifier(r *Revision, out *Report) bool {
	if strings.ContainsAny(r.Title, "$\\`") || stCatalogueRe.MatchString(r.Title) {
		return false
	}
	// The words of the whole packet but the title and the picture: a condition the packet
	// speaks of anywhere (a remark on the cyclic systems) is the packet's subject, not the title's
	// addition. Identifiers written in camel case ("IsSpectral") count by their parts.
	var all strings.Builder
	all.WriteString(stTitleTarget(r) + " " + r.Provenance.Attribution + " " + r.Provenance.SourceLocator + " ")
	for _, e := range r.Exposition {
		all.WriteString(e.Term + " " + e.Body + " ")
	}
	for _, ref := range r.References {
		all.WriteString(ref.Citation + " " + ref.Relevance + " ")
	}
	stmt := map[string]bool{}
	for _, w := range strings.Fields(stPlainWords(stSplitCamel(all.String()))) {
		w = strings.ToLower(strings.Trim(w, ".,;:?!()'’-"))
		stmt[stStem(w)] = true
		for _, part := range strings.Split(w, "-") {
			stmt[stStem(part)] = true
		}
	}
	stmtObject := map[string]bool{}
	for _, w := range strings.Fields(stPlainWords(r.Statement)) {
		stmtObject[stStem(strings.ToLower(strings.Trim(w, ".,;:?!()'’-")))] = true
	}
	words := stTitleWords(r.Title)
	for i := 0; i+1 < len(words); i++ {
		w, next := words[i], words[i+1]
		low, nextLow := strings.ToLower(w.text), strings.ToLower(next.text)
		if utf8.RuneCountInString(low) < 4 || stStopWords[low] || stGenericTitleWords[low] || stTitleNotModifiers[low] ||
			strings.ContainsAny(low, "'’0123456789") || stmt[stStem(low)] || !stmt[stStem(nextLow)] || stStopWords[nextLow] ||
			stWeakTitleWords[stStem(nextLow)] || stGenericTitleWords[nextLow] {
			continue
		}
		if w.start > 0 && r.Title[w.start-1] != ' ' {
			continue // the end of a compound ("K₄-free"), read with its head by the other checks
		}
		if i > 0 && unicode.IsUpper([]rune(w.text)[0]) && !stTitleCased(words) {
			continue // a name ("Kneser graphs"), read by the title's other checks
		}
		adjective := false
		for _, end := range stTitleAdjectiveEnds {
			if strings.HasSuffix(low, end) {
				adjective = true
				break
			}
		}
		// A participle restricts its noun as an adjective does ("the alternating knots", "all
		// self-avoiding walks") when a determiner introduces the two and the statement itself
		// names the noun; at a title's start it is rather a verb ("Counting prime knots"), and
		// before a noun only the rest of the packet names it describes ("a doubling recurrence").
		if strings.HasSuffix(low, "ing") && i > 0 && stTitleDeterminers[strings.ToLower(words[i-1].text)] && !stTitleIngNouns[low] &&
			stmtObject[stStem(nextLow)] {
			adjective = true
		}
		if !adjective {
			continue
		}
		out.NeedsHuman(stCheckTitle, SpanOf(FieldTitle, r.Title, w.start, next.end),
			fmt.Sprintf("The title restricts “%s” by “%s”, which the statement, acceptance criterion and unresolved target never use, so the title may ask about a narrower problem than the statement; a person must compare them.", next.text, w.text),
			"Retitle the problem after the statement's own object, or add the condition to the statement if the title names the intended problem.")
		return true
	}
	return false
}

// stTitleCased reports whether a title capitalises most of its long words (Title Case), so
// that a capital says nothing of a name.
func stTitleCased(words []stTitleWord) bool {
	long, upper := 0, 0
	for _, w := range words {
		if utf8.RuneCountInString(w.text) < 4 {
			continue
		}
		long++
		if unicode.IsUpper([]rune(w.text)[0]) {
			upper++
		}
	}
	return long >= 3 && upper*4 >= long*3
}

// stTitleQuantities are nouns by which a title asks for a quantity: a title asking for one
// asks another question than a statement that never names it ("The density of the primes …"
// over a statement asking whether there are infinitely many).
var stTitleQuantities = stWordSet(`density densities proportion proportions asymptotics growth rate rates
	probability probabilities frequency distribution average variance cardinality`)

// stTitleQuantity asks a person about a title that asks for a quantity ("the density of …",
// "the number of …") the target fields never name, while the statement asks a yes-or-no
// question. It reports whether it asked.
func stTitleQuantity(r *Revision, out *Report) bool {
	if strings.ContainsAny(r.Title, "$\\`") {
		return false
	}
	target := strings.ToLower(stPlainWords(stTitleTarget(r)))
	stmt := map[string]bool{}
	for _, w := range strings.Fields(target) {
		stmt[stStem(strings.Trim(w, ".,;:?!()'’-"))] = true
	}
	if !stYesNoQuestion(strings.ToLower(stPlainWords(r.Statement))) {
		return false
	}
	words := stTitleWords(r.Title)
	for i := 0; i+1 < len(words); i++ {
		low := strings.ToLower(words[i].text)
		if !stTitleQuantities[low] || strings.ToLower(words[i+1].text) != "of" || stmt[stStem(low)] {
			continue
		}
		out.NeedsHuman(stCheckTitle, SpanOf(FieldTitle, r.Title, words[i].start, words[i+1].end),
			fmt.Sprintf("The title asks for “%s …”, a quantity the statement, acceptance criterion and unresolved target never name, while they ask a yes-or-no question; a person must compare the two questions.", r.Title[words[i].start:words[i+1].end]),
			"Retitle the problem after the statement's question, or ask for the quantity in the statement if the title names the intended problem.")
		return true
	}
	return false
}

// stYesNoQuestion reports whether the lower-case statement asks only a yes-or-no question:
// whether something holds, or a proof or disproof, and asks for no value.
func stYesNoQuestion(low string) bool {
	for _, p := range []string{"determine", "find", "compute", "estimate", "evaluate", "what is", "how many", "classify", "calculate", "value"} {
		if strings.Contains(low, p) {
			return false
		}
	}
	for _, p := range []string{"whether", "prove or disprove", "are there", "is there", "does there", "do there", "infinitely many"} {
		if strings.Contains(low, p) {
			return true
		}
	}
	return false
}
