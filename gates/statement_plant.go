//go:build calibrate

package gates

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/tex"
)

// The planters below damage a complete packet the way real submissions are damaged, one check
// at a time, for calibration (plant.go). Each has several variants and picks among those the
// packet has room for; the defect is built into the text, never chosen by asking the check.

func init() {
	plant(stCheckTeX, stPlantTeX)
	plant(stCheckDomain, stPlantDomain)
	plant(stCheckTerms, stPlantTerms)
	plant(stCheckDefinition, stPlantDefinition)
	plant(stCheckKinds, stPlantKinds)
	plant(stCheckRecurrence, stPlantRecurrence)
	plant(stCheckTarget, stPlantTarget)
	plant(stCheckTitle, stPlantTitle)
	plant(stCheckSelf, stPlantSelf)
}

// stTryVariants runs the variants in an order rng picks until one applies.
func stTryVariants(rng *rand.Rand, variants ...func() bool) bool {
	for _, i := range rng.Perm(len(variants)) {
		if variants[i]() {
			return true
		}
	}
	return false
}

// stFormulas returns the formulas of s, or none when its TeX does not read.
func stFormulas(s string) []tex.Formula {
	doc, err := tex.Read(s)
	if err != nil {
		return nil
	}
	return doc.Formulas
}

// stFreshNames returns n identifiers that no formula of the revision uses, so that a planted
// variable is certainly new. It avoids letters with a conventional meaning (e, i, d, o, I, T).
func stFreshNames(r *Revision, rng *rand.Rand, n int) []string {
	used := map[string]bool{}
	texts := []string{r.Statement, r.Title}
	for _, e := range r.Exposition {
		texts = append(texts, e.Body, e.Term)
	}
	for _, t := range texts {
		for _, f := range stFormulas(t) {
			for _, k := range stKeys(&f) {
				used[k] = true
			}
		}
		for _, w := range strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) }) {
			used[w] = true
		}
	}
	pool := strings.Fields(`q w y h g u v b c m r s t z \lambda \eta \kappa \varrho \xi \beta`)
	var out []string
	for _, i := range rng.Perm(len(pool)) {
		if !used[pool[i]] {
			out = append(out, pool[i])
			if len(out) == n {
				return out
			}
		}
	}
	return nil
}

// stPlantTeX breaks the TeX of the statement or of an exposition body: a closing brace or a
// closing $ dropped, a \left without its \right, environments that do not match.
func stPlantTeX(r *Revision, rng *rand.Rand) bool {
	type target struct {
		get func() string
		set func(string)
	}
	targets := []target{{func() string { return r.Statement }, func(s string) { r.Statement = s }}}
	for i := range r.Exposition {
		targets = append(targets, target{func() string { return r.Exposition[i].Body }, func(s string) { r.Exposition[i].Body = s }})
	}
	pick := func(statementOnly bool) (target, []tex.Formula) {
		order := rng.Perm(len(targets))
		for _, i := range order {
			if statementOnly && i != 0 {
				continue
			}
			if fs := stFormulas(targets[i].get()); len(fs) > 0 {
				return targets[i], fs
			}
		}
		return target{}, nil
	}
	dropBrace := func() bool {
		t, fs := pick(rng.IntN(3) > 0)
		if t.get == nil {
			return false
		}
		s := t.get()
		var closes []int
		for _, f := range fs {
			for j := f.BodyStart; j < f.BodyEnd; j++ {
				if s[j] == '}' && s[j-1] != '\\' {
					closes = append(closes, j)
				}
			}
		}
		if len(closes) == 0 {
			return false
		}
		j := closes[rng.IntN(len(closes))]
		t.set(s[:j] + s[j+1:])
		return true
	}
	dropDollar := func() bool {
		t, fs := pick(rng.IntN(3) > 0)
		if t.get == nil {
			return false
		}
		s := t.get()
		var inline []tex.Formula
		for _, f := range fs {
			if f.Delim == "$" {
				inline = append(inline, f)
			}
		}
		if len(inline) == 0 {
			return false
		}
		f := inline[rng.IntN(len(inline))]
		t.set(s[:f.End-1] + s[f.End:])
		return true
	}
	unmatchedLeft := func() bool {
		t, fs := pick(true)
		if t.get == nil {
			return false
		}
		f := fs[rng.IntN(len(fs))]
		s := t.get()
		t.set(s[:f.BodyStart] + `\left( ` + s[f.BodyStart:])
		return true
	}
	mismatchedEnv := func() bool {
		for _, t := range targets {
			s := t.get()
			if i := strings.Index(s, `\end{`); i >= 0 {
				if j := strings.IndexByte(s[i:], '}'); j > 0 {
					name := s[i+5 : i+j]
					other := "pmatrix"
					if name == other {
						other = "bmatrix"
					}
					t.set(s[:i+5] + other + s[i+j:])
					return true
				}
			}
		}
		return false
	}
	appendBroken := func() bool {
		bits := []string{` The bound in question is $n^{1/2$.`, ` Equivalently, $\frac{1}{2}\left(x + 1$ is the threshold.`,
			` Here $\sqrt{n$ is the scale considered.`}
		r.Statement = strings.TrimRight(r.Statement, " ") + bits[rng.IntN(len(bits))]
		return true
	}
	return stTryVariants(rng, dropBrace, dropDollar, unmatchedLeft, mismatchedEnv) || appendBroken()
}

// stPlantDomain leaves a variable without a domain: a clause with a new variable, a new term in
// a formula, or the removal of the phrase that introduces a variable.
func stPlantDomain(r *Revision, rng *rand.Rand) bool {
	names := stFreshNames(r, rng, 2)
	if names == nil {
		return false
	}
	x, y := names[0], names[1]
	clause := func() bool {
		bits := []string{
			fmt.Sprintf(` Assume moreover that $%s > %s$.`, x, y),
			fmt.Sprintf(` The answer may depend on $%s$.`, x),
			fmt.Sprintf(` The same should hold with the bound multiplied by $%s^{2}$.`, x),
			fmt.Sprintf(` Equivalently, the quantity $%s + %s$ stays bounded.`, x, y),
		}
		r.Statement = strings.TrimRight(r.Statement, " ") + bits[rng.IntN(len(bits))]
		return true
	}
	term := func() bool {
		fs := stFormulas(r.Statement)
		var cands []tex.Formula
		for _, f := range fs {
			sentence := strings.ToLower(r.Statement[stSentenceStart(r.Statement, f.Start):f.Start])
			before := strings.Fields(sentence)
			if len(before) > 0 && (stLetWords[before[len(before)-1]] || before[len(before)-1] == "by") ||
				stPhrase(sentence, "let") >= 0 || stPhrase(sentence, "where") >= 0 || strings.Contains(sentence, "solution") {
				continue // a definition, or an equation to solve: a new term there would be introduced by it
			}
			if f.Delim == "$" && !strings.Contains(f.Body(), `\end`) && !strings.Contains(f.Body(), `\\`) {
				cands = append(cands, f)
			}
		}
		if len(cands) == 0 {
			return false
		}
		f := cands[rng.IntN(len(cands))]
		r.Statement = r.Statement[:f.BodyEnd] + " + " + x + r.Statement[f.BodyEnd:]
		return true
	}
	removal := func() bool { return stRemoveIntroduction(r, rng) }
	return stTryVariants(rng, clause, term, removal)
}

// stIntroPhraseRe matches a phrase that introduces a one-letter variable: "for every integer
// $N$", "let $k$ be", "there is a prime $p$".
var stIntroPhraseRe = regexp.MustCompile(`(?i)\b(for (?:every|all|each|any|some)|there (?:is|are|exists?)|let)((?: [a-z]+){0,3}) \$([A-Za-z])\$( be [a-z ]{1,30}?(?:[.,;]|$))?`)

// stRemoveIntroduction removes the only phrase that introduces a one-letter variable the
// statement uses elsewhere, when nothing else in the record mentions it in a way that could
// introduce it again.
func stRemoveIntroduction(r *Revision, rng *rand.Rand) bool {
	ms := stIntroPhraseRe.FindAllStringSubmatchIndex(r.Statement, -1)
	for _, i := range rng.Perm(len(ms)) {
		m := ms[i]
		name := r.Statement[m[6]:m[7]]
		rest := r.Statement[:m[0]] + r.Statement[m[1]:]
		if !strings.Contains(rest, name) || strings.Count(r.Statement, "$"+name+"$") != 1 {
			continue
		}
		// Any other relation or membership on the letter could introduce it again: leave it.
		again := false
		for _, f := range stFormulas(rest) {
			b := f.Body()
			if strings.Contains(b, name) && strings.ContainsAny(b, `<>=\`) {
				again = true
			}
		}
		for _, e := range r.Exposition {
			if strings.Contains(e.Body, "$"+name) || strings.Contains(e.Term, name) {
				again = true
			}
		}
		if again {
			continue
		}
		r.Statement = strings.TrimSpace(strings.ReplaceAll(rest, "  ", " "))
		return true
	}
	return false
}

// stCoined are made-up labels a planted statement uses without defining them.
var stCoined = []string{"Lambert-admissible", "k-sparse-Sidon", "hyper-balanced", "Kovalenko-regular",
	"quasi-Mertens", "Tarski-tame", "Vasquez-stable", "super-Ramanujan"}

// stPlantTerms makes the statement rely on a coined term it never defines: quoted before a noun,
// introduced with "we call", as a "so-called" property, or as a bare capitalised label.
func stPlantTerms(r *Revision, rng *rand.Rand) bool {
	coined := stCoined[rng.IntN(len(stCoined))]
	v := stVocabulary()
	t := stRead(FieldStatement, r.Statement)
	// The noun right before a formula: "integer $N$".
	var nouns []stTok
	for k := 1; k < len(t.toks); k++ {
		if t.toks[k].kind == 'f' && t.toks[k-1].kind == 'w' && v.typeWord(t.toks[k-1].text) {
			nouns = append(nouns, t.toks[k-1])
		}
	}
	insert := func(format string) bool {
		if len(nouns) == 0 {
			return false
		}
		n := nouns[rng.IntN(len(nouns))]
		r.Statement = r.Statement[:n.start] + fmt.Sprintf(format, coined) + " " + r.Statement[n.start:]
		return true
	}
	quoted := func() bool { return insert(`"%s"`) }
	bare := func() bool { return insert(`%s`) }
	call := func() bool {
		r.Statement = strings.TrimRight(r.Statement, " ") + fmt.Sprintf(" We call the objects in question *%s*.", coined)
		return true
	}
	soCalled := func() bool {
		r.Statement = strings.TrimRight(r.Statement, " ") + fmt.Sprintf(" The objects must also have the so-called %s property.", coined)
		return true
	}
	return stTryVariants(rng, quoted, bare, call, soCalled)
}

// stPlantDefinition leaves a definition without its term.
func stPlantDefinition(r *Revision, rng *rand.Rand) bool {
	clear := func() bool {
		var defs []int
		for i, e := range r.Exposition {
			if e.Kind == packet.Definition {
				defs = append(defs, i)
			}
		}
		if len(defs) == 0 {
			return false
		}
		i := defs[rng.IntN(len(defs))]
		r.Exposition[i].Term = []string{"", " ", "\t"}[rng.IntN(3)]
		return true
	}
	relabel := func() bool {
		var convs []int
		for i, e := range r.Exposition {
			if e.Kind == packet.Convention {
				convs = append(convs, i)
			}
		}
		if len(convs) == 0 {
			return false
		}
		i := convs[rng.IntN(len(convs))]
		r.Exposition[i].Kind, r.Exposition[i].Term = packet.Definition, ""
		return true
	}
	add := func() bool {
		bodies := []string{`A positive integer $n$ such that $n + 2$ is also a positive integer.`,
			`A finite set together with a total order on its elements.`,
			`The least value that the quantity in the statement can take.`}
		r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Definition, Body: bodies[rng.IntN(len(bodies))]})
		return true
	}
	return stTryVariants(rng, clear, relabel) || add()
}

// stPlantKinds gives an exposition entry a kind outside the four.
func stPlantKinds(r *Revision, rng *rand.Rand) bool {
	bad := []packet.ExpositionKind{"NOTE", "THEOREM", "LEMMA", "BACKGROUND", "HISTORY", "", "definition", "Remark"}
	k := bad[rng.IntN(len(bad))]
	if len(r.Exposition) == 0 || rng.IntN(4) == 0 {
		r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: k,
			Body: "The problem has been studied since the 1950s and appears in several surveys."})
		return true
	}
	r.Exposition[rng.IntN(len(r.Exposition))].Kind = k
	return true
}

// stInitialRe finds a formula that gives a sequence its value at index 0 or 1.
var stInitialRe = regexp.MustCompile(`\$([A-Za-z])_\{?([01])\}?\s*=\s*[^$]{1,40}\$(\s*(?:and|,)\s*)?`)

// stPlantRecurrence adds a recursively defined sequence without initial values, or removes the
// initial values of one.
func stPlantRecurrence(r *Revision, rng *rand.Rand) bool {
	remove := func() bool {
		m := stInitialRe.FindStringSubmatchIndex(r.Statement)
		if m == nil {
			return false
		}
		seq := r.Statement[m[2]:m[3]]
		if !strings.Contains(r.Statement, seq+"_{n+1}") && !strings.Contains(r.Statement, seq+"_{k+1}") {
			return false
		}
		r.Statement = r.Statement[:m[0]] + r.Statement[m[1]:]
		return true
	}
	add := func() bool {
		names := stFreshNames(r, rng, 1)
		if names == nil {
			return false
		}
		u := names[0]
		bits := []string{
			fmt.Sprintf(` The sequence $(%[1]s_k)$ is defined by $%[1]s_{k+1} = %[1]s_k^2 + 1$ for $k \ge 0$.`, u),
			fmt.Sprintf(` Define $%[1]s_{k+1} = 2%[1]s_k - %[1]s_{k-1}$ for $k \ge 1$; the bound is compared with $%[1]s_k$.`, u),
			fmt.Sprintf(` Here $%[1]s_{k+1} = %[1]s_k + k$ for every $k \ge 0$, and the comparison is with $%[1]s_k$.`, u),
		}
		r.Statement = strings.TrimRight(r.Statement, " ") + bits[rng.IntN(len(bits))]
		return true
	}
	return stTryVariants(rng, remove) || add()
}

// stRequests are the phrases that ask for an answer, with the vague words a description puts
// in their place.
var stRequests = [][2]string{
	{"prove or disprove that", "study whether"}, {"prove or disprove:", "we study the following:"},
	{"prove or disprove", "study"}, {"prove that", "we study why"}, {"disprove", "study"}, {"prove", "study"},
	{"show that", "we explore why"}, {"show", "explore"}, {"determine whether", "investigate whether"},
	{"determine", "study"}, {"decide whether", "investigate whether"}, {"decide", "investigate"},
	{"find all", "study all"}, {"find", "study"}, {"compute", "study"}, {"calculate", "study"},
	{"evaluate", "study"}, {"classify", "study"}, {"characterize", "study"}, {"characterise", "study"},
	{"construct", "study"}, {"exhibit", "study"}, {"establish", "study"}, {"settle", "study"},
	{"is it true that", "we investigate whether"}, {"is it the case that", "we investigate whether"},
	{"is it true", "we investigate whether it is true"}, {"is it the case", "we investigate whether it is the case"},
	{"does there exist", "we explore whether there exists"}, {"do there exist", "we explore whether there exist"},
	{"is there", "we explore whether there is"}, {"are there", "we explore whether there are"},
	{"what is", "we study"}, {"what are", "we study"}, {"how many", "the number of"}, {"how large", "the size of"},
	{"how small", "the size of"}, {"asks", "studies"}, {"asked", "studied"}, {"ask", "study"},
	{"give an example", "study examples"}, {"conjecture:", "background:"}, {"conjecture that", "belief that"},
	{"conjectured that", "believed that"},
}

// stPlantTarget rewrites the question as a description: every request becomes "study",
// "investigate" or "explore", and questions become statements.
func stPlantTarget(r *Revision, rng *rand.Rand) bool {
	rewrite := func() bool {
		s := r.Statement
		fs := stFormulas(s)
		inFormula := func(i int) bool {
			for _, f := range fs {
				if f.Start <= i && i < f.End {
					return true
				}
			}
			return false
		}
		var b strings.Builder
		low := strings.ToLower(s)
		if len(low) != len(s) {
			low = s // lower-casing changed offsets: match case-sensitively
		}
		for i := 0; i < len(s); {
			if s[i] == '?' && !inFormula(i) {
				b.WriteByte('.')
				i++
				continue
			}
			done := false
			if i == 0 || !stWordByte(low[i-1]) {
				for _, q := range stRequests {
					p := q[0]
					if strings.HasPrefix(low[i:], p) && !inFormula(i) && (i+len(p) >= len(low) || !stWordByte(low[i+len(p)]) || strings.HasSuffix(p, ":")) {
						rep := q[1]
						if s[i] >= 'A' && s[i] <= 'Z' {
							rep = stUpper(rep)
						}
						b.WriteString(rep)
						i += len(p)
						done = true
						break
					}
				}
			}
			if !done {
				b.WriteByte(s[i])
				i++
			}
		}
		r.Statement = stGovernWhether(b.String())
		if !strings.Contains(strings.ToLower(r.Statement), "stud") && !strings.Contains(strings.ToLower(r.Statement), "investigat") &&
			!strings.Contains(strings.ToLower(r.Statement), "explor") {
			r.Statement = "We study the following. " + r.Statement
		}
		return true
	}
	prefix := func() bool {
		openers := []string{"This problem concerns the following situation: ", "We are interested in understanding why ",
			"The aim is to explore how "}
		if !rewrite() {
			return false
		}
		r.Statement = openers[rng.IntN(len(openers))] + r.Statement
		return true
	}
	return stTryVariants(rng, rewrite, prefix)
}

// stGovernWhether rewrites each sentence with a bare "whether" ("It remains open whether X")
// as a description ("We study whether X").
func stGovernWhether(s string) string {
	for n := 0; n < 20; n++ {
		low := strings.ToLower(s)
		i := stPhrase(low, "whether")
		for i >= 0 && stGoverned(low, i) {
			next := stPhrase(low[i+7:], "whether")
			if next < 0 {
				i = -1
				break
			}
			i += 7 + next
		}
		if i < 0 {
			return s
		}
		start := stSentenceStart(low, i)
		s = s[:start] + "We study " + s[i:]
	}
	return s
}

// stOtherTitles are titles of real problems, one of which replaces the title when it shares no
// subject word with the record.
var stOtherTitles = []string{"Chromatic number of the plane", "Inscribed squares in Jordan curves",
	"Union-closed families of sets", "Sensitivity of Boolean functions", "Minimal area of a universal cover",
	"Lonely runners on a circular track", "Kissing configurations in four dimensions",
	"Hadamard matrices of order 668", "Sunflowers with three petals", "Inverses of polynomial maps with constant Jacobian",
	"Mahler measure of integer polynomials", "Convex polygons among points in general position",
	"Gaps between consecutive primes", "Odd perfect numbers", "Unit distances among points in the plane",
	"Kakeya sets in high dimensions", "Algebraic independence of exponentials",
	"Multiplicities in Pascal's triangle", "Ramsey numbers of complete graphs", "Egyptian fractions with three terms",
	"Trajectories of the Collatz map", "Tilings of the plane by convex pentagons", "Knots with unknotting number one"}

// stPlantTitle gives the record the title of another problem.
func stPlantTitle(r *Revision, rng *rand.Rand) bool {
	var b strings.Builder
	b.WriteString(r.Statement + " " + r.Title + " " + r.Provenance.Attribution + " " + r.Provenance.SourceLocator)
	for _, e := range r.Exposition {
		b.WriteString(" " + e.Term + " " + e.Body)
	}
	for _, x := range r.References {
		b.WriteString(" " + x.Citation)
	}
	have := map[string]bool{}
	for _, w := range stContentStems(stPlainWords(b.String())) {
		have[w] = true
	}
	packetText := b.String()
	other := func() bool {
		for _, i := range rng.Perm(len(stOtherTitles)) {
			shared := false
			for _, w := range stContentStems(stOtherTitles[i]) {
				shared = shared || have[w]
			}
			if !shared {
				r.Title = stOtherTitles[i]
				return true
			}
		}
		return false
	}
	// Another parameter: a number of the title moved to one the packet never names.
	parameter := func() bool {
		// A number of the title's own question: not a catalogue number or a year, which name
		// the source ("Erdős Problem 12", "(Bondy, 1980)").
		blank := stCatalogueRe.ReplaceAllStringFunc(r.Title, func(m string) string { return strings.Repeat(" ", len(m)) })
		var loc []int
		for _, l := range stTitleNumberRe.FindAllStringIndex(blank, 10) {
			if y, err := strconv.Atoi(blank[l[0]:l[1]]); err == nil && !(l[1]-l[0] == 4 && y >= 1600 && y <= 2100) {
				loc = l
				break
			}
		}
		if loc == nil || !textHasDigit(r.Statement) {
			return false
		}
		n, err := strconv.Atoi(r.Title[loc[0]:loc[1]])
		if err != nil {
			return false
		}
		for d := 1; d < 50; d++ {
			if m := strconv.Itoa(n + d); !hasNumber(packetText, m) {
				r.Title = r.Title[:loc[0]] + m + r.Title[loc[1]:]
				return true
			}
		}
		return false
	}
	// Another object: the title's question asked of a named family the packet never mentions.
	object := func() bool {
		for _, i := range rng.Perm(len(stOtherObjects)) {
			if !have[stStem(strings.ToLower(stOtherObjects[i]))] {
				r.Title = strings.TrimSpace(r.Title) + " for " + stOtherObjects[i] + " numbers"
				return true
			}
		}
		return false
	}
	return stTryVariants(rng, other, parameter, object)
}

// stOtherObjects name families of objects a title can ask about instead of the statement's.
var stOtherObjects = []string{"Mersenne", "Fermat", "Carmichael", "Wieferich", "Sierpiński", "Perrin", "Lucas"}

// stParenRe matches a parenthetical remark of a title.
var stParenRe = regexp.MustCompile(`\s*\([^)]*\)`)

// stPlantSelf makes the target depend on something supplied elsewhere, or reduces the statement
// to a label.
func stPlantSelf(r *Revision, rng *rand.Rand) bool {
	label := func() bool {
		t := strings.TrimSpace(stParenRe.ReplaceAllString(r.Title, ""))
		low := strings.ToLower(t)
		if strings.ContainsAny(t, `$\`) || len(strings.Fields(t)) > 8 ||
			!(strings.Contains(low, "conjecture") || strings.Contains(low, "problem") || strings.Contains(low, "hypothesis")) {
			r.Statement = []string{"Settle the problem stated in the primary reference.",
				"Prove or disprove the conjecture from the cited paper, in the notation of the paper."}[rng.IntN(2)]
			return true
		}
		r.Statement = []string{"Prove or disprove the ", "Settle the ", "Resolve the "}[rng.IntN(3)] + strings.TrimPrefix(t, "The ") + "."
		return true
	}
	deferral := func() bool {
		bits := []string{" Here the relevant notions are as defined in the primary reference.",
			" All terms are used in the sense of [1].", " The notation is as in the source, where the objects are introduced."}
		r.Statement = strings.TrimRight(r.Statement, " ") + bits[rng.IntN(len(bits))]
		return true
	}
	return stTryVariants(rng, label, deferral)
}
