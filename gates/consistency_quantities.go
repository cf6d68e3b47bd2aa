package gates

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// Values and bounds of one named quantity stated in two places of a packet. A quantity is a
// name applied to numbers ("D(9)", "N(3)", "R(5, 5)", "\nu(4)"), which names one fixed value
// wherever it is written; a packet that gives it two different values in two places (a term of
// a table copied with two digits swapped, a convention that changes a value the remark lists)
// contradicts itself, and one that bounds it from above below a bound it states from below
// does too. A constant the statement defines by a limit or an extremum ("$B = \inf_{f} \beta(f)$")
// is such a quantity under its one letter. What is found goes to a person with both spans: two
// conventions may be meant, and a person reads which.

// statedValue is "quantity = value" read from a field, the value as written (digits are
// compared as text, so that values past a float's precision are compared exactly).
type statedValue struct {
	Subject    string
	Value      string
	Field      string
	Start, End int
}

// valueSingleRe finds "Q(args) = value", and valueListRe a list "Q(a), …, Q(b) = v_a, …, v_b" in
// a field read without dollars, braces and thin spaces. The name may carry a subscript
// ("K₃(4, 1)", "K_3(4, 1)"), part of the name of one quantity.
var (
	valueSubject  = `(\\?[A-Za-z]+(?:[₀-₉]+|_[0-9A-Za-z])?|[\x{0370}-\x{03FF}])(\(\s*[0-9]+(?:\s*,\s*[0-9]+)*\s*\))`
	valueSingleRe = regexp.MustCompile(valueSubject + `\s*=\s*([0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?|[0-9]+(?:\.[0-9]+)?)`)
	valueListRe   = regexp.MustCompile(valueSubject + `\s*,\s*(?:(?:\\ldots|\\dots|\\cdots|…|\.\.\.)\s*,\s*)?` + valueSubject +
		`\s*=\s*((?:[0-9]+\s*,\s*(?:(?:\\ldots|\\dots|…|\.\.\.)\s*,\s*)?)+[0-9]+)`)
	valueNumRe = regexp.MustCompile(`[0-9]+`)
)

// valueArith are the signs that, next to a value, makes it part of an expression ("= 2^{10}", "= 3 + c").
const valueArith = "^+−-×·*/!"

// valueReadable is a field's text with dollars, braces and TeX thin spaces blanked to NUL and
// dropped, with the map from each byte of the result back to the field.
func valueReadable(text string) (string, []int) {
	b := []byte(compared(text))
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '$' || b[i] == '{' || b[i] == '}':
			b[i] = 0
		case b[i] == '\\' && i+1 < len(b) && (b[i+1] == ',' || b[i+1] == ';' || b[i+1] == '!'):
			b[i], b[i+1] = 0, 0
			i++
		}
	}
	var s strings.Builder
	var from []int
	for i, c := range b {
		if c != 0 {
			s.WriteByte(c)
			from = append(from, i)
		}
	}
	return s.String(), append(from, len(b))
}

// arbitraryFunction are the letters that name an arbitrary function of an example rather than
// one quantity ("f(1) = 2" for one f, "f(1) = 3" for another).
var arbitraryFunction = map[string]bool{"f": true, "g": true, "h": true, "F": true, "G": true, "H": true, "φ": true, "ψ": true,
	`\phi`: true, `\varphi`: true, `\psi`: true}

// statedValues reads the values one field states for quantities.
func statedValues(field, text string) []statedValue {
	s, from := valueReadable(text)
	if !strings.Contains(s, "=") {
		return nil
	}
	orig := func(i int) int { return from[min(i, len(from)-1)] }
	arith := func(i int) bool { // s[i:] starts, past spaces, with an arithmetic sign
		for i < len(s) && s[i] == ' ' {
			i++
		}
		return i < len(s) && strings.ContainsRune(valueArith, []rune(s[i:])[0]) && !(s[i] == '-' && i+1 < len(s) && s[i+1] == ' ')
	}
	var out []statedValue
	taken := map[int]bool{}
	for _, m := range valueListRe.FindAllStringSubmatchIndex(s, 20) {
		name1, name2 := s[m[2]:m[3]], s[m[6]:m[7]]
		if name1 != name2 || arbitraryFunction[name1] || arith(m[1]) {
			continue
		}
		a, errA := strconv.Atoi(strings.TrimSpace(strings.Trim(s[m[4]:m[5]], "()")))
		b, errB := strconv.Atoi(strings.TrimSpace(strings.Trim(s[m[8]:m[9]], "()")))
		valText := s[m[10]:m[11]]
		vals := valueNumRe.FindAllString(valText, -1)
		ellipsis := strings.ContainsAny(s[m[0]:m[6]], "….") || strings.Contains(s[m[0]:m[6]], `dots`)
		if errA != nil || errB != nil || b <= a || b-a > 200 {
			continue
		}
		var args []int
		if ellipsis {
			for k := a; k <= b; k++ {
				args = append(args, k)
			}
		} else {
			args = []int{a, b}
		}
		if len(args) != len(vals) || strings.ContainsAny(valText, "….") || strings.Contains(valText, "dots") {
			continue
		}
		for k, v := range vals {
			out = append(out, statedValue{Subject: valueName(name1) + "(" + strconv.Itoa(args[k]) + ")", Value: v,
				Field: field, Start: orig(m[0]), End: orig(m[1]-1) + 1})
		}
		for i := m[0]; i < m[1]; i++ {
			taken[i] = true
		}
	}
	for _, m := range valueSingleRe.FindAllStringSubmatchIndex(s, 100) {
		if taken[m[0]] || m[0] > 0 && (isLetterByte(s[m[0]-1]) || s[m[0]-1] == '\\' && m[2] == m[0]) {
			continue
		}
		name := s[m[2]:m[3]]
		if arbitraryFunction[name] || arith(m[1]) {
			continue
		}
		// An approximate value ("= 0.4718…", "= 3.14..."), or one the next word qualifies, is
		// no stated value.
		rest := strings.TrimLeft(s[m[1]:], " ")
		if strings.HasPrefix(rest, "…") || strings.HasPrefix(rest, "...") || strings.HasPrefix(rest, `\ldots`) || strings.HasPrefix(rest, `\dots`) {
			continue
		}
		out = append(out, statedValue{Subject: valueName(name) + strings.ReplaceAll(s[m[4]:m[5]], " ", ""), Value: strings.ReplaceAll(s[m[6]:m[7]], ",", ""),
			Field: field, Start: orig(m[0]), End: orig(m[1]-1) + 1})
	}
	return out
}

func isLetterByte(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// valuesAgree reports whether two values stated for one quantity agree: equal integers, or
// decimals equal to the last place the shorter one gives (a value may be stated rounded).
func valuesAgree(a, b string) bool {
	if a == b {
		return true
	}
	ai, bi := !strings.Contains(a, "."), !strings.Contains(b, ".")
	if ai && bi {
		return strings.TrimLeft(a, "0") == strings.TrimLeft(b, "0")
	}
	x, err1 := strconv.ParseFloat(a, 64)
	y, err2 := strconv.ParseFloat(b, 64)
	if err1 != nil || err2 != nil {
		return false
	}
	// The value written to fewer places is the other rounded or cut to them: 0.433 agrees with
	// 0.43329 and 6 with 6.9, while 0.4332 and 0.4333, or 7 and 6.0, are two values.
	short, long, places := x, y, decimalPlaces(a)
	if decimalPlaces(a) > decimalPlaces(b) {
		short, long, places = y, x, decimalPlaces(b)
	}
	scale := math.Pow(10, float64(places))
	near := func(v float64) bool { return math.Abs(short-v) < 0.5/scale/1000 }
	return near(math.Round(long*scale)/scale) || near(math.Trunc(long*scale)/scale)
}

func decimalPlaces(v string) int {
	if i := strings.IndexByte(v, '.'); i >= 0 {
		return len(v) - i - 1
	}
	return 0
}

// digitsDiffer says how two integers of one quantity differ when the difference looks like a
// slip: two adjacent digits swapped, or one digit changed.
func digitsDiffer(a, b string) string {
	if len(a) != len(b) || len(a) < 4 {
		return ""
	}
	var diff []int
	for i := range len(a) {
		if a[i] != b[i] {
			diff = append(diff, i)
		}
	}
	switch {
	case len(diff) == 1:
		return " (they differ in one digit)"
	case len(diff) == 2 && diff[1] == diff[0]+1 && a[diff[0]] == b[diff[1]] && a[diff[1]] == b[diff[0]]:
		return " (two adjacent digits are swapped)"
	}
	return ""
}

// valueFields are the fields whose values of quantities are compared.
func valueFields(r *Revision) []Text {
	out := []Text{{FieldStatement, r.Statement}}
	for i, e := range r.Exposition {
		out = append(out, Text{ExpositionField(i, "body"), e.Body})
	}
	out = append(out, Text{fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown}, Text{fieldAcceptanceCriterion, r.Acceptance.Criterion})
	if c := r.Computation; c != nil {
		out = append(out, Text{fieldComputationSmallCases, c.SmallCases}, Text{fieldComputationOrigin, c.ParameterOrigin},
			Text{fieldComputationInstance, c.Instance})
	}
	return out
}

// valueConflict is one quantity given two values in two fields.
type valueConflict struct {
	a, b       statedValue
	aText, bTx string
}

func (c valueConflict) behaviour() string {
	return fmt.Sprintf("%s gives %s = %s but %s gives %s = %s%s: one quantity with two values.", c.a.Field, c.a.Subject, clipText(c.a.Value, 60),
		c.b.Field, c.b.Subject, clipText(c.b.Value, 60), digitsDiffer(c.a.Value, c.b.Value))
}

// valueConflicts finds the quantities the packet gives different values in different fields,
// each pair once. Two examples may speak of different objects under one name, so a pair of
// examples is left out. With smallCases it finds only the conflicts of a value
// computation.smallCases gives, which computational.small-cases reports; without, only the
// others, unless that check does not read the small cases: each conflict is reported once.
func valueConflicts(r *Revision, smallCases bool) []valueConflict {
	example := map[string]bool{}
	for i, e := range r.Exposition {
		if e.Kind == packet.Example {
			example[ExpositionField(i, "body")] = true
		}
	}
	// Values are compared within their quantity, each distinct value once (where it is first
	// stated) and a quantity's first distinct values only, so that the work stays bounded on a
	// packet with many long tables.
	bySubject := map[string][]statedValue{}
	var order []string
	texts := map[string]string{}
	for _, t := range valueFields(r) {
		texts[t.Field] = t.Body
		for _, v := range statedValues(t.Field, t.Body) {
			if _, ok := bySubject[v.Subject]; !ok {
				order = append(order, v.Subject)
			}
			if vs := bySubject[v.Subject]; len(vs) < maxValuesPerQuantity && !slices.ContainsFunc(vs, func(x statedValue) bool { return x.Value == v.Value && example[x.Field] == example[v.Field] }) {
				bySubject[v.Subject] = append(vs, v)
			}
		}
	}
	var out []valueConflict
	seen := map[string]bool{}
	readByCompGate := smallCasesRead(r)
	for _, subject := range order {
		all := bySubject[subject]
		for i, a := range all {
			for _, b := range all[i+1:] {
				if a.Field == b.Field || example[a.Field] && example[b.Field] || valuesAgree(a.Value, b.Value) {
					continue
				}
				if small := a.Field == fieldComputationSmallCases || b.Field == fieldComputationSmallCases; small != smallCases && (smallCases || readByCompGate) {
					continue
				}
				key := a.Subject + "|" + a.Field + "|" + b.Field
				if seen[key] {
					continue
				}
				seen[key] = true
				out = append(out, valueConflict{a: a, b: b, aText: texts[a.Field], bTx: texts[b.Field]})
				if len(out) >= maxBoundFindings {
					return out
				}
			}
		}
	}
	return out
}

// valueSubscripts writes a name's subscript one way: "K₃" and "K_3" are one name, "K3".
var valueSubscripts = strings.NewReplacer("_", "", "₀", "0", "₁", "1", "₂", "2", "₃", "3", "₄", "4", "₅", "5", "₆", "6", "₇", "7", "₈", "8", "₉", "9")

// valueName is the name of a quantity as compared: Greek letters and subscripts spelt one way.
func valueName(name string) string { return valueSubscripts.Replace(cmpGreekLetters(name)) }

// maxValuesPerQuantity bounds the values of one quantity that are compared with each other.
const maxValuesPerQuantity = 40

// consistencyValues asks a person about each quantity given two values. It returns the number
// of findings.
func consistencyValues(r *Revision, out *Report, budget int) int {
	n := 0
	for _, c := range valueConflicts(r, false) {
		if n >= budget {
			break
		}
		n++
		fix := fmt.Sprintf("Give %s one value throughout the packet: correct the wrong one, or name the two conventions apart if both are meant.", c.a.Subject)
		out.NeedsHuman(checkConsistencyBounds, SpanOf(c.a.Field, c.aText, c.a.Start, c.a.End), c.behaviour(), fix)
		out.NeedsHuman(checkConsistencyBounds, SpanOf(c.b.Field, c.bTx, c.b.Start, c.b.End), c.behaviour(), fix)
	}
	return n
}

// constantLetterRe finds a letter the packet defines as one number by a limit, an extremum, a
// sum or an integral: "$B = \inf_{f} \beta(f)$", "let $c := \lim_{n \to \infty} …$". The best
// constant of an inequality ("the least number $K$ such that …", extremumBestConstantRe) is
// one number too.
var constantLetterRe = regexp.MustCompile(`(?:^|[^\\A-Za-z])([A-Za-z])\s*(?::=|=)\s*\\(?:inf|sup|lim|liminf|limsup|max|min|sum|int|prod)(?:[^A-Za-z]|$)`)

// constantLetters are the letters the statement or a definition defines as constants.
func constantLetters(r *Revision) map[string]bool {
	out := map[string]bool{}
	texts := []string{r.Statement}
	for _, e := range r.Exposition {
		if e.Kind == packet.Definition || e.Kind == packet.Convention {
			texts = append(texts, e.Body)
		}
	}
	for _, t := range texts {
		s, _ := valueReadable(t)
		for _, m := range constantLetterRe.FindAllStringSubmatch(s, 10) {
			out[m[1]] = true
		}
		for _, m := range extremumBestConstantRe.FindAllStringSubmatch(s, 4) {
			if len(m[2]) == 1 {
				out[m[2]] = true
			}
		}
	}
	return out
}

// approxBlanked is a field's text with each "expression ≈ number" inside a formula written as
// the number alone ("$B > \frac{\sqrt 3}{4} + 2 \cdot 10^{-4} \approx 0.4332$" as "$B > 0.4332$"),
// padded with spaces so that offsets stay: a bound stated through its decimal value. It also
// returns how many decimals each approximate number gives, by its offset.
func approxBlanked(text string) (string, map[int]int) {
	if !strings.Contains(text, `\approx`) && !strings.Contains(text, "≈") {
		return text, nil
	}
	b := []byte(text)
	places := map[int]int{}
	in, formulaStart := false, 0
	for i := 0; i < len(b); i++ {
		if b[i] == '$' {
			in = !in
			formulaStart = i + 1
			continue
		}
		if !in {
			continue
		}
		n := 0
		switch {
		case strings.HasPrefix(text[i:], `\approx`):
			n = len(`\approx`)
		case strings.HasPrefix(text[i:], "≈"):
			n = len("≈")
		default:
			continue
		}
		// Blank back to the relation before the expression.
		j := i
		for j > formulaStart && !approxRelationBefore(b[formulaStart:j], b[j:]) {
			j--
		}
		if j == formulaStart {
			i += n - 1
			continue // no relation before: a value, not a bound
		}
		for k := j; k < i+n; k++ {
			b[k] = ' '
		}
		k := i + n
		for k < len(b) && b[k] == ' ' {
			k++
		}
		if m := approxNumberRe.FindString(text[k:]); m != "" {
			places[k] = decimalPlaces(m)
		}
		i += n - 1
	}
	return string(b), places
}

var approxNumberRe = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?`)

// approxRelationBefore reports whether the formula text before ends with a relation (and the
// text after does not continue its command: "\le" is a relation, "\left" is not).
func approxRelationBefore(before, after []byte) bool {
	s := string(before)
	for _, rel := range []string{"<", ">", "=", "≤", "≥", `\le`, `\ge`, `\leq`, `\geq`, `\lt`, `\gt`, `\leqslant`, `\geqslant`} {
		if strings.HasSuffix(s, rel) && (rel[0] != '\\' || len(after) == 0 || !isLetterByte(after[0])) {
			return true
		}
	}
	return false
}

// namedBound is a bound on a named quantity with the margin its approximate value leaves.
type namedBound struct {
	comparison
	margin float64
}

// boundReading says how packetNamedBounds reads a packet's bounds.
type boundReading struct {
	// noExamples leaves out the examples, which may give a value the bounds are checked against.
	noExamples bool
	// exact reads a bound only as written, not through its decimal value ("$B > \frac{\sqrt
	// 3}{4} \approx 0.4332$" states no bound), so that no bound has a margin.
	exact bool
}

// packetNamedBounds reads the bounds on named quantities (and on constant letters) that the
// statement, the exposition and the open status state, in that order.
func packetNamedBounds(r *Revision, how boundReading) []namedBound {
	constants := constantLetters(r)
	out := namedBounds(FieldStatement, r.Statement, constants, how.exact)
	for i, e := range r.Exposition {
		if !how.noExamples || e.Kind != packet.Example {
			out = append(out, namedBounds(ExpositionField(i, "body"), e.Body, constants, how.exact)...)
		}
	}
	return append(out, namedBounds(fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown, constants, how.exact)...)
}

// namedBounds reads the bounds on named quantities (and on constant letters) a field states;
// unless exact, a bound stated through its decimal value is read with the margin its decimals
// leave.
func namedBounds(field, text string, constants map[string]bool, exact bool) []namedBound {
	blanked, places := compared(text), map[int]int(nil)
	if !exact {
		var inexact map[int]int
		blanked, inexact = fractionBlanked(blanked, nil)
		blanked, places = approxBlanked(blanked)
		for at, p := range inexact {
			if places == nil {
				places = map[int]int{}
			}
			places[at] = p
		}
		blanked, places = chainBlanked(blanked, places)
	}
	var out []namedBound
	for _, c := range comparisons(field, blanked) {
		if c.Op == cmpEQ || !namedQuantity(c) && !constants[c.Subject] || boundInExpression(blanked, c) {
			continue
		}
		nb := namedBound{comparison: c}
		for at, p := range places {
			if at >= c.Start && at < c.End {
				nb.margin = math.Pow(10, -float64(p))
			}
		}
		if c.Quote != "" && c.Start >= 0 && c.End <= len(text) {
			nb.Quote = text[c.Start:c.End]
		}
		out = append(out, nb)
	}
	return out
}

// boundInExpression reports whether a comparison read from prose is part of a larger expression
// ("X < 3 + c", "2 × 10^{-4} < B"), whose number is not the bound.
func boundInExpression(text string, c comparison) bool {
	if c.Start < 0 || c.End > len(text) {
		return true
	}
	after := strings.TrimLeft(text[c.End:], " ")
	before := strings.TrimRight(text[:c.Start], " ")
	return after != "" && strings.ContainsAny(after[:1], "+-*/^") || strings.HasPrefix(after, "−") || strings.HasPrefix(after, "×") ||
		strings.HasPrefix(after, "·") || before != "" && strings.ContainsAny(before[len(before)-1:], "+-*/^") ||
		strings.HasSuffix(before, "−") || strings.HasSuffix(before, "×") || strings.HasSuffix(before, "·")
}

// consistencyNamedBounds asks a person about a quantity bounded from above, in one field,
// below a bound another field states from below ("B > 0.4332" in a remark, "B < 0.42" in an
// example). It returns the number of findings.
func consistencyNamedBounds(r *Revision, out *Report, budget int) int {
	all := packetNamedBounds(r, boundReading{})
	bySubject := map[string][]namedBound{}
	var order []string
	for _, b := range all {
		if _, ok := bySubject[b.Subject]; !ok {
			order = append(order, b.Subject)
		}
		if bs := bySubject[b.Subject]; len(bs) < maxValuesPerQuantity &&
			!slices.ContainsFunc(bs, func(x namedBound) bool { return x.Op == b.Op && x.Value == b.Value && x.Field == b.Field }) {
			bySubject[b.Subject] = append(bs, b)
		}
	}
	n := 0
	for _, subject := range order {
		for _, lo := range bySubject[subject] {
			if lo.Op != cmpGE && lo.Op != cmpGT {
				continue
			}
			for _, up := range bySubject[subject] {
				if n >= budget {
					return n
				}
				if up.Op != cmpLE && up.Op != cmpLT || up.Field == lo.Field || !(up.Value < lo.Value-lo.margin-up.margin) {
					continue
				}
				n++
				behaviour := fmt.Sprintf("%s states %s but %s states %s: no value of %s satisfies both.", up.Field, up.comparison, lo.Field, lo.comparison, up.Subject)
				fix := fmt.Sprintf("Correct the bound or the value that is wrong, so that what the packet says of %s agrees.", up.Subject)
				out.NeedsHuman(checkConsistencyBounds, SpanOf(up.Field, fieldText(r, up.Field), up.Start, up.End), behaviour, fix)
				out.NeedsHuman(checkConsistencyBounds, SpanOf(lo.Field, fieldText(r, lo.Field), lo.Start, lo.End), behaviour, fix)
			}
		}
	}
	return n
}

// compSmallCasesAgree asks a person about each small case whose value contradicts what the
// packet states elsewhere of the same quantity: another value ("N(3) = 2" in an example, "N(3)
// = 1" among the small cases), or a bound. A small case that contradicts the packet does not
// test the formulation, it tests one of two. It reports whether the small cases agree.
func compSmallCasesAgree(r *Revision, c *packet.Computation, out *Report) bool {
	n := 0
	for _, vc := range valueConflicts(r, true) {
		if n >= maxBoundFindings {
			break
		}
		small, other := vc.a, vc.b
		if other.Field == fieldComputationSmallCases {
			small, other = other, small
		}
		n++
		out.NeedsHuman(checkCompSmallCases, SpanOf(small.Field, c.SmallCases, small.Start, small.End), vc.behaviour(),
			fmt.Sprintf("Correct the small case or the value %s gives, so that %s has one value; a small case tests the formulation only if it agrees with the packet.", other.Field, small.Subject))
	}
	bounds := packetNamedBounds(r, boundReading{})
	for _, v := range statedValues(fieldComputationSmallCases, c.SmallCases) {
		x, err := strconv.ParseFloat(v.Value, 64)
		if err != nil || n >= maxBoundFindings {
			continue
		}
		for _, b := range bounds {
			if b.Subject != v.Subject || !b.violates(comparison{Subject: v.Subject, Op: cmpEQ, Value: x}) ||
				math.Abs(x-b.Value) <= b.margin {
				continue
			}
			n++
			out.NeedsHuman(checkCompSmallCases, SpanOf(v.Field, c.SmallCases, v.Start, v.End),
				fmt.Sprintf("computation.smallCases gives %s = %s, outside the bound %s that %s states.", v.Subject, v.Value, b.comparison, b.Field),
				fmt.Sprintf("Correct the small case or the bound so that they agree: %s cannot be %s while %s.", v.Subject, v.Value, b.comparison))
			break
		}
	}
	n += smallCasesBelowExample(r, c, out, maxBoundFindings-n)
	n += smallCasesKeyedConflicts(r, c, out, maxBoundFindings-n)
	return n == 0
}
