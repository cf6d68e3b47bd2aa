package gates

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// stContentStems returns the stems of the words of s that carry a subject: no stop words,
// no generic words ("conjecture"), no numbers or single letters.
func stContentStems(s string) []string {
	var out []string
	for _, w := range stContentWords(s) {
		out = append(out, stStem(w))
	}
	return out
}

// stContentWords returns the words of s that carry a subject, lower-cased.
func stContentWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '’' }) {
		l := strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s"))
		l = strings.Trim(l, "'’")
		if utf8.RuneCountInString(l) < 2 || stStopWords[l] || stGenericTitleWords[l] || strings.IndexFunc(l, unicode.IsDigit) >= 0 {
			continue
		}
		out = append(out, l)
	}
	return out
}

// stWeakTitleWords (stems) are words too common in mathematics to tie a title to a statement.
var stWeakTitleWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`number set function integer value sequence element order form type class
		result bound general problem object`) {
		m[stStem(w)] = true
	}
	return m
}()

// stCatalogueRe finds a catalogue number in a title ("Erdős Problem 32", "Conjecture 314").
var stCatalogueRe = regexp.MustCompile(`(?i)\b(problems?|conjectures?|questions?|no\.?|#)[\s_]*[0-9]+`)

// stDeictic are phrases by which a statement refers to something outside it.
var stDeictic = []string{"this sequence", "the sequence", "these numbers", "this problem", "the problem",
	"this conjecture", "the conjecture", "the same", "above", "this question", "the question", "such numbers",
	"this set", "these terms", "each term", "no term", "all terms", "every term", "the terms"}

// stPhraseAny reports whether low contains one of the phrases as whole words.
func stPhraseAny(low string, phrases []string) bool {
	for _, p := range phrases {
		if stPhrase(low, p) >= 0 {
			return true
		}
	}
	return false
}

// stTitleMatches compares the subject words of the title with the statement, then with the
// exposition and the provenance, which name the problem after its source.
func stTitleMatches(a *stAnalysis, out *Report) {
	r := a.r
	titleWords := stContentWords(r.Title)
	title := make([]string, len(titleWords))
	shown := map[string]string{} // a stem and the title word it came from
	for i, w := range titleWords {
		title[i] = stStem(w)
		if _, ok := shown[title[i]]; !ok {
			shown[title[i]] = w
		}
	}
	span := Whole(FieldTitle, r.Title)
	if len(title) == 0 {
		out.NeedsHuman(stCheckTitle, span,
			"The title has no word that names a subject, so it cannot be compared with the statement; a person must confirm that the title names the statement's question.",
			"Give the problem a title that names its object and question (for example \"Twin primes: infinitely many pairs p, p + 2\").")
		return
	}
	set := func(stems []string) map[string]bool {
		m := map[string]bool{}
		for _, s := range stems {
			m[s] = true
		}
		return m
	}
	stmt := set(stContentStems(stPlainWords(r.Statement)))
	var exp, prov strings.Builder
	for _, e := range r.Exposition {
		exp.WriteString(e.Term + " " + e.Body + " ")
	}
	prov.WriteString(r.Provenance.Attribution + " " + r.Provenance.SourceLocator + " ")
	for _, x := range r.References {
		prov.WriteString(x.Citation + " ")
	}
	expo, source := set(stContentStems(stPlainWords(exp.String()))), set(stContentStems(stPlainWords(prov.String())))
	var inStmt, inExp, inSource, none []string
	for _, w := range slices.Compact(slices.Sorted(slices.Values(title))) {
		switch {
		case stWeakTitleWords[w]:
			// "number", "set": shared by unrelated problems, so no evidence either way.
		case stmt[w]:
			inStmt = append(inStmt, shown[w])
		case expo[w]:
			inExp = append(inExp, shown[w])
		case source[w]:
			inSource = append(inSource, shown[w])
		default:
			none = append(none, shown[w])
		}
	}
	label := stCatalogueRe.MatchString(r.Title) && len(inStmt)+len(inExp) == 0
	// The statement may refer to what the title names ("this sequence", "the same question"), and
	// a title with a formula may define the object the statement asks about: then a missing
	// overlap is no evidence that the two differ.
	deictic := strings.Contains(r.Title, "$") || stPhraseAny(strings.ToLower(r.Statement), stDeictic)
	switch {
	case label:
		out.NeedsHuman(stCheckTitle, span,
			"The title is a catalogue label (a source and a number) that shares no subject word with the statement; a person must confirm that the statement is the labelled problem.",
			"Give the problem a title that names its object and question, and keep the catalogue number in the provenance.")
	case len(inStmt)+len(inExp)+len(inSource) > 0 && stTitleDiffers(a, span, out):
		// a specific finding: the title names a number or the opposite of the statement's word
	case len(inStmt) > 0 && len(none) >= 2 && len(none) > len(inStmt)+len(inExp):
		out.NeedsHuman(stCheckTitle, span,
			fmt.Sprintf("The title shares %s with the statement, but its other subject words (%s) occur nowhere in the packet, so it may ask a different question; a person must compare them.", stQuoteList(inStmt), stQuoteList(none)),
			"If the title and the statement ask different questions, retitle the problem after the statement's question.")
	case len(inStmt) > 0:
		out.Pass(stCheckTitle, span,
			fmt.Sprintf("The title and the statement share the subject words %s.", stQuoteList(inStmt)))
	case len(inExp) > 0 || len(inSource) > 0:
		where := "the exposition"
		words := inExp
		if len(inExp) == 0 {
			where, words = "the provenance", inSource
		}
		out.Pass(stCheckTitle, span,
			fmt.Sprintf("The title names the problem by %s, which %s ties to the statement's object.", stQuoteList(words), where))
	case len(none) >= 2 && len(stmt) >= 6 && !deictic && len(stTitleParameters(r)) >= 2:
		out.NeedsHuman(stCheckTitle, span,
			fmt.Sprintf("The title's subject words (%s) do not occur in the statement, but the title names the statement's parameters (%s), so it may name the same object in other words; a person must compare them.",
				stQuoteList(none), strings.Join(stTitleParameters(r), ", ")),
			"If the title and the statement ask different questions, retitle the problem after the statement's question; otherwise name the object in the statement's words.")
	case len(none) >= 2 && len(stmt) >= 6 && !deictic:
		out.Fail(stCheckTitle, span,
			fmt.Sprintf("No subject word of the title (%s) occurs in the statement, its exposition or its provenance, so the title and the statement do not ask the same question.", stQuoteList(none)),
			"Retitle the problem after the question the statement asks, or correct the statement if the title names the intended problem.")
	default:
		out.NeedsHuman(stCheckTitle, span,
			fmt.Sprintf("The title's subject words (%s) do not occur in the statement, but there are too few words to be sure the two differ; a person must compare them.", stQuoteList(none)),
			"If the title and the statement ask different questions, retitle the problem after the statement's question.")
	}
}

// stTitleParameters are the numbers of the title, past catalogue numbers and years, when every
// one of them is a number of the statement ("srg(65, 32, 15, 16)" over a statement about the
// parameters (65, 32, 15, 16)); nil when the title names none or one the statement does not.
func stTitleParameters(r *Revision) []string {
	title := stCatalogueRe.ReplaceAllString(r.Title, " ")
	var out []string
	for _, num := range stTitleNumberRe.FindAllString(title, 10) {
		if y, err := strconv.Atoi(num); err == nil && len(num) == 4 && y >= 1600 && y <= 2100 {
			continue
		}
		if !hasNumber(r.Statement, num) {
			return nil
		}
		out = append(out, num)
	}
	return out
}

// stTitleNumberRe finds the numbers of a title: "668", "R(5, 5)" gives 5 and 5, "10^{-3}".
var stTitleNumberRe = regexp.MustCompile(`[0-9]+(?:\.[0-9]+)?`)

// stAntonyms are words whose swap turns one question into another: a title that asks for an
// upper bound of a statement that asks for a lower one.
var stAntonyms = [][2]string{{"upper", "lower"}, {"infinitely", "finitely"}, {"infinite", "finite"}, {"odd", "even"},
	{"maximum", "minimum"}, {"largest", "smallest"}, {"greatest", "least"}, {"maximal", "minimal"}, {"prime", "composite"},
	{"exists", "no"}, {"convergent", "divergent"}, {"converges", "diverges"}, {"sum", "difference"},
	{"bounded", "unbounded"}, {"connected", "disconnected"}, {"directed", "undirected"}, {"countable", "uncountable"},
	{"countably", "uncountably"}, {"rational", "irrational"}, {"periodic", "aperiodic"}, {"decidable", "undecidable"},
	{"increasing", "decreasing"}, {"convex", "concave"}, {"necessary", "sufficient"}}

// stTitleDiffers reports, as a finding, a title that names a number the statement, exposition
// and provenance never name (a parameter of another question: "order 716" over a statement about
// 668), or a word whose opposite the statement uses instead (an "upper" bound asked as a "lower"
// one). Both are read as a person's question, since a title may abbreviate.
func stTitleDiffers(a *stAnalysis, span Span, out *Report) bool {
	r := a.r
	// Catalogue numbers name the source ("Problem 12"): blank them, keeping offsets.
	title := stCatalogueRe.ReplaceAllStringFunc(r.Title, func(m string) string { return strings.Repeat(" ", len(m)) })
	var rest strings.Builder
	rest.WriteString(r.Statement + " " + r.Provenance.Attribution + " " + r.Provenance.SourceLocator + " ")
	for _, e := range r.Exposition {
		rest.WriteString(e.Term + " " + e.Body + " ")
	}
	packetText := rest.String()
	if !textHasDigit(r.Statement) {
		title = "" // a statement without numbers has no parameter a title's number could contradict
	}
	for _, loc := range stTitleNumberRe.FindAllStringIndex(title, 10) {
		num := title[loc[0]:loc[1]]
		if y, err := strconv.Atoi(num); err == nil && len(num) == 4 && y >= 1600 && y <= 2100 {
			continue // a year names the source, not the question
		}
		if !hasNumber(packetText, num) {
			out.NeedsHuman(stCheckTitle, SpanOf(FieldTitle, r.Title, loc[0], loc[1]),
				fmt.Sprintf("The title names %s, which the statement, its exposition and its provenance never name, so the title may ask about another parameter than the statement; a person must compare them.", num),
				"Retitle the problem after the statement's own parameters, or correct the statement if the title names the intended case.")
			return true
		}
	}
	if sp, name, ok := stTitleForeignName(r, packetText, false); ok {
		out.NeedsHuman(stCheckTitle, sp,
			fmt.Sprintf("The title names “%s”, which the statement, its exposition, its provenance and its references never mention, so the title may ask about another object; a person must compare them.", name),
			"Retitle the problem after the object the statement asks about, or correct the statement if the title names the intended one.")
		return true
	}
	stmt := " " + strings.ToLower(stPlainWords(r.Statement)) + " "
	low := " " + strings.ToLower(stPlainWords(r.Title)) + " "
	for _, p := range stAntonyms {
		for _, ab := range [][2]string{{p[0], p[1]}, {p[1], p[0]}} {
			w, opp := " "+ab[0]+" ", " "+ab[1]+" "
			if strings.Contains(low, w) && !strings.Contains(stmt, w) && strings.Contains(stmt, opp) && !strings.Contains(low, opp) {
				i := strings.Index(strings.ToLower(r.Title), ab[0])
				sp := span
				if i >= 0 {
					sp = SpanOf(FieldTitle, r.Title, i, i+len(ab[0]))
				}
				out.NeedsHuman(stCheckTitle, sp,
					fmt.Sprintf("The title says “%s” where the statement says “%s”, so the two may ask opposite questions; a person must compare them.", ab[0], ab[1]),
					"Retitle the problem after the statement's question, or correct the statement if the title names the intended one.")
				return true
			}
		}
	}
	if stTitleBound(r, out) || stTitleRestriction(r, out) || stTitleModifier(r, out) || stTitleQuantity(r, out) ||
		stTitleValueQuestion(r, out) || stTitleRange(r, out) || stTitleQuestionWord(r, out) {
		return true
	}
	if stTitleCount(r, out) || stTitleDimension(r, out) {
		return true
	}
	if sp, num, ok := stTitleNumberWord(r.Title, packetText); ok {
		out.NeedsHuman(stCheckTitle, sp,
			fmt.Sprintf("The title says “%s” (%s), a number the statement, its exposition and its provenance never name in words or digits, so the title may ask about another case than the statement; a person must compare them.", sp.Quote, num),
			"Retitle the problem after the statement's own parameters, or correct the statement if the title names the intended case.")
		return true
	}
	if sp, name, ok := stTitleForeignName(r, packetText, true); ok {
		out.NeedsHuman(stCheckTitle, sp,
			fmt.Sprintf("The title's head names “%s” (the kind of object or quantity it asks about), which the statement, its exposition, its provenance and its references never mention, so the title may ask for another quantity than the statement; a person must compare them.", name),
			"Retitle the problem after the quantity or object the statement asks about, or correct the statement if the title names the intended one.")
		return true
	}
	return false
}

// stTitleForeignName finds a name or an object in the title that nothing else in the packet
// mentions (its hero aside, which describes a picture): a capitalised word past the title's
// first, not a stop or generic word ("Fermat numbers" over a statement about Sylvester's
// sequence), or the noun ending a phrase the title introduces with an article ("Is every
// union-closed family a lattice?", "… the parameters of a generalized quadrangle").
func stTitleForeignName(r *Revision, packetText string, twoWord bool) (Span, string, bool) {
	var all strings.Builder
	all.WriteString(packetText)
	for _, x := range r.References {
		all.WriteString(" " + x.Citation + " " + x.Relevance)
	}
	all.WriteString(" " + r.OpenStatus.StrongestKnown + " " + r.OpenStatus.UnresolvedTarget + " " + r.Acceptance.Criterion + " " + strings.Join(r.Tags, " "))
	known, prefixes := map[string]bool{}, map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(stPlainWords(all.String()))) {
		w = strings.Trim(w, "'’-–")
		known[stStem(w)] = true
		if rs := []rune(w); len(rs) >= 5 {
			prefixes[string(rs[:5])] = true
		}
	}
	title := r.Title
	first := true
	for i := 0; i < len(title); {
		j := i
		for j < len(title) {
			c, size := utf8.DecodeRuneInString(title[j:])
			if !unicode.IsLetter(c) && c != '\'' && c != '’' {
				break
			}
			j += size
		}
		if j == i {
			if title[i] == ':' || title[i] == '(' {
				first = true // a subtitle or an aside starts with a capital too
			}
			i++
			continue
		}
		w := strings.TrimSuffix(strings.TrimSuffix(title[i:j], "'s"), "’s")
		r0, _ := utf8.DecodeRuneInString(w)
		low := strings.ToLower(w)
		// A capitalised word past the first is a name; any other word of three letters or more
		// that carries a subject names an object or a property ("a lattice", "a generalized
		// quadrangle"): a title's subject word that nothing in the packet mentions.
		subject := !first && unicode.IsUpper(r0) || !unicode.IsUpper(r0) && !stWeakTitleWords[stStem(low)] && stTitleHeadNoun(title, i, j, twoWord)
		if subject && utf8.RuneCountInString(w) > 2 && !stStopWords[low] && !stGenericTitleWords[low] &&
			!known[stStem(low)] && (i == 0 || title[i-1] != '\\') && !stTitleInFormula(title, i) &&
			!(twoWord && len([]rune(low)) >= 5 && prefixes[string([]rune(low)[:5])]) {
			return SpanOf(FieldTitle, title, i, i+len(w)), w, true
		}
		first = false
		i = j
	}
	return Span{}, "", false
}

// stTitleArticleRe ends a title's text before a noun phrase it names with an article, of up to
// two words: "a lattice", "of a generalized quadrangle", "the Fano plane".
var stTitleArticleRe = regexp.MustCompile(`(?i)\b(a|an|the)\s+(?:[\p{L}'’-]+\s+)?$`)

// stTitleHeadNoun reports whether the word at title[i:j] ends a noun phrase the title
// introduces with an article, or begins a two-word one: the object a title names ("Is every
// union-closed family of sets a lattice?", "… of a generalized quadrangle", "The border rank of
// …"), as opposed to the words of a catalogue name ("Lesser of twin primes") or an adjective
// before the noun ("the next prime").
func stTitleHeadNoun(title string, i, j int, twoWord bool) bool {
	if !stTitleArticleRe.MatchString(title[max(0, i-40):i]) || j < len(title) && strings.ContainsRune("-–‐", rune(title[j])) ||
		i > 0 && strings.ContainsRune("-–‐", rune(title[i-1])) {
		return false // part of a compound ("a two-colouring"), read by the words around it
	}
	rest := strings.Fields(strings.ToLower(title[j:]))
	if len(rest) == 0 || strings.IndexFunc(title[j:], func(r rune) bool { return !unicode.IsSpace(r) }) == 0 {
		return true // the title's end, or punctuation after the word
	}
	if stStopWords[strings.Trim(rest[0], ".,;:?!()")] {
		return true
	}
	// The first word of a two-word head ("the border rank of", "a perfect code on"): it names
	// the kind of object or quantity as much as the noun does. A participle ("a doubling
	// sequence") describes the object rather than naming another.
	low := strings.ToLower(title[i:j])
	return twoWord && len(rest) > 1 && stStopWords[strings.Trim(rest[1], ".,;:?!()")] && !strings.ContainsAny(rest[0], ".,;:?!()") &&
		!stStopWords[rest[0]] && !strings.HasSuffix(low, "ing") && !strings.HasSuffix(low, "ed")
}

// stTitleInFormula reports whether byte i of a title lies inside a formula ("$\\mathrm{srg}$").
func stTitleInFormula(title string, i int) bool {
	return strings.Count(title[:i], "$")%2 == 1
}

// stTitleNumberWordRe finds a number a title writes in words, from two up ("on seven symbols",
// "Three mutually orthogonal Latin squares"); "one" is as often an article as a number.
var stTitleNumberWordRe = regexp.MustCompile(`(?i)\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)\b`)

// stTitleNumberWord finds a number the title writes in words that the rest of the packet names
// neither in words nor in digits: the title's case ("seven symbols") where the statement poses
// another ("six"). It returns the span of the word and the number in digits.
func stTitleNumberWord(title, packetText string) (Span, string, bool) {
	if !textHasDigit(packetText) && !stTitleNumberWordRe.MatchString(packetText) {
		return Span{}, "", false // a packet without numbers has no case a title's number could contradict
	}
	low := strings.ToLower(packetText)
	for _, m := range stTitleNumberWordRe.FindAllStringIndex(title, 5) {
		w := strings.ToLower(title[m[0]:m[1]])
		num := strconv.FormatFloat(countWords[w], 'f', -1, 64)
		if stPhrase(low, w) >= 0 || hasNumber(packetText, num) {
			continue
		}
		return SpanOf(FieldTitle, title, m[0], m[1]), num, true
	}
	return Span{}, "", false
}
