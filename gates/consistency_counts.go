package gates

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// The consistency gate's reading of counts in prose: "every such graph has at most $8$
// vertices", "fewer than twelve points", "the Clebsch graph on $16$ vertices", "seven such graphs
// are known". A count is a number, in digits or in words, followed by the noun it counts; a
// bound is a count after "at most", "at least", "fewer than" and the like. A count of one noun
// outside a bound on the same noun stated in the same packet goes to a person with both spans:
// the two may speak of different objects ("graphs on at most 8 vertices" beside "the Petersen
// graph on 10 vertices" in a question that asks for a larger one), so it never fails.

// countWords are the numbers written in words that a count may use.
var countWords = map[string]float64{"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
	"sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40,
	"fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100}

// countQualifiers turn a count into a bound on it.
var countQualifiers = map[string]cmpOp{"at most": cmpLE, "no more than": cmpLE, "not more than": cmpLE,
	"fewer than": cmpLT, "less than": cmpLT, "at least": cmpGE, "no fewer than": cmpGE, "no less than": cmpGE,
	"not fewer than": cmpGE, "more than": cmpGT, "exactly": cmpEQ, "precisely": cmpEQ}

// countRe reads "[qualifier] number [such|distinct …] noun": group 1 the qualifier, 2 the number
// (digits, alone in a formula or not, or a word), 3 the noun.
var countRe = func() *regexp.Regexp {
	var words []string
	for w := range countWords {
		words = append(words, w)
	}
	quals := make([]string, 0, len(countQualifiers))
	for q := range countQualifiers {
		quals = append(quals, strings.ReplaceAll(q, " ", `\s+`))
	}
	slices.Sort(words)
	slices.Sort(quals)
	return regexp.MustCompile(`(?i)(?:\b(` + strings.Join(quals, "|") + `)\s*)?(?:^|[\s(])(\$\s*[0-9]+\s*\$|\b[0-9]+\b|\b(?:` +
		strings.Join(words, "|") + `)\b)\s+(?:(?:such|distinct|different|other|known|further|more|additional)\s+)*([A-Za-z][a-z]+(?:-[a-z]+)*)\b`)
}()

// countNotNoun are words after a number that are not the noun it counts.
var countNotNoun = stWordSet(`of and or to times percent per more less than such as in on at by for with from is are
	was were be has have had that which who if then else when where while but so both either neither each every
	any all some no not only also even odd st nd rd th steps step`)

// count is one count read from a field: value of noun (a stem), as a bound or as a value (cmpEQ
// with no qualifier).
type count struct {
	Noun       string
	Word       string // the noun as written
	Op         cmpOp
	Bound      bool // written with a qualifier
	Tally      bool // a value that says how many objects there are ("seven such graphs are known")
	Value      float64
	Field      string
	Start, End int
	Quote      string
}

func (c count) String() string {
	if !c.Bound {
		return strconv.FormatFloat(c.Value, 'g', -1, 64) + " " + c.Word
	}
	return c.Op.String() + " " + strconv.FormatFloat(c.Value, 'g', -1, 64) + " " + c.Word
}

// maxCounts bounds the counts read from one field.
const maxCounts = 60

// counts reads the counts of one field.
func counts(field, text string) []count {
	text = compared(text)
	var out []count
	for _, m := range countRe.FindAllStringSubmatchIndex(text, maxCounts) {
		num := strings.Trim(text[m[4]:m[5]], "$ \t")
		v, err := strconv.ParseFloat(num, 64)
		if err != nil {
			w, ok := countWords[strings.ToLower(num)]
			if !ok {
				continue
			}
			v = w
		}
		noun, end := countNoun(text, m[6])
		if noun == "" {
			continue
		}
		if countPartOfRange(text, m[4]) {
			continue
		}
		c := count{Noun: stStem(noun), Word: noun, Op: cmpEQ, Value: v, Field: field, Start: m[4], End: end}
		if m[2] >= 0 {
			q := strings.Join(strings.Fields(strings.ToLower(text[m[2]:m[3]])), " ")
			c.Op, c.Bound, c.Start = countQualifiers[q], true, m[2]
		}
		c.Quote = text[c.Start:c.End]
		if !c.Bound {
			holder, ok := countOfObject(text, m[4])
			if !ok {
				continue
			}
			c.Tally = !holder
		}
		out = append(out, c)
	}
	return out
}

// countNoun picks the noun a count counts from the up to three words after its number: the first
// plural ("$3$ strongly regular graphs", "$16$ vertices shows"), or the first word when none is
// plural ("one graph"). It returns "" when the first word is no noun ("$2$ of the sets").
func countNoun(text string, start int) (string, int) {
	first := ""
	end := len(text)
	for i, n := start, 0; i < end && n < 3; n++ {
		j := i
		for j < end && (text[j] >= 'a' && text[j] <= 'z' || text[j] >= 'A' && text[j] <= 'Z' || text[j] == '-') {
			j++
		}
		w := strings.ToLower(text[i:j])
		if w == "" {
			break
		}
		if countNotNoun[w] || stStopWords[w] {
			break
		}
		if first == "" {
			first = w
			if len(w) < 3 {
				return "", 0
			}
		}
		if strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && len(w) > 3 {
			return w, j
		}
		if j >= end || text[j] != ' ' {
			break // a word ends the noun phrase at punctuation
		}
		i = j + 1
	}
	if first == "" {
		return "", 0
	}
	return first, start + len(first)
}

// countRangeRe ends the text before a number that is one end of a range or a list of values,
// not a count of its own: "from 5 to", "between 3 and", "up to", "5, 10, 16 and", "length".
var countRangeRe = regexp.MustCompile(`(?i)(\bfrom\s+\S+\s+to|\bbetween\s+\S+\s+and|\bup\s+to|\bto|[0-9]\$?,|[0-9]\$?\s+and|[0-9]\$?\s+or|\blength|\bdegree|\border|\bsize|\bdimension|\bgenus|\brank|\bweight|\bdepth|\bdiameter|\bgirth|\bindex|\bheight)\s*$`)

// countPartOfRange reports whether the number at i is one end of a range, an item of a list or
// a parameter named before it ("walks of length 4", "graph of degree 57"), not a count.
func countPartOfRange(text string, i int) bool {
	return countRangeRe.MatchString(text[max(0, i-24):i])
}

// countHolderRe ends the text before a count that gives the size of an object: "the Clebsch
// graph on $16$ vertices", "a design with 12 blocks", "has 7 vertices", or a count that opens a
// sentence ("Seven such graphs are known").
var countHolderRe = regexp.MustCompile(`(?i)(?:\b(on|with|has|have|having|contains|contain|containing)|^|[.;:]|\(\s*)\s*$`)

// countNegationRe finds a negation in a clause: a count the clause denies ("cannot be coloured
// with $3$ colours", "no cap set with 113 points is known") is no value of anything.
var countNegationRe = regexp.MustCompile(`(?i)\b(no|not|cannot|never|without|none|nor|neither|fails?)\b|n't\b`)

// countOfObject reports whether the count at i is one the clause asserts, with no negation
// before it: the size of an object (holder, after a word that attaches a size to an object) or,
// at a sentence's start, how many objects there are.
func countOfObject(text string, i int) (holder, ok bool) {
	before := strings.TrimRight(text[:i], "$ \t")
	m := countHolderRe.FindStringSubmatch(before[max(0, len(before)-16):])
	if m == nil {
		return false, false
	}
	clause := before[max(0, strings.LastIndexAny(before, ".;,:")+1):]
	return m[1] != "", !countNegationRe.MatchString(clause)
}

// countAgainst reports whether a value count v lies outside the bound b on the same noun.
func countAgainst(b, v count) bool {
	if !b.Bound || v.Bound || b.Noun != v.Noun {
		return false
	}
	bc := comparison{Subject: b.Noun, Op: b.Op, Value: b.Value}
	if b.Op == cmpEQ {
		return false // "exactly 7 graphs" beside "3 graphs": counts of different things as often as not
	}
	return bc.violates(comparison{Subject: v.Noun, Op: cmpEQ, Value: v.Value})
}

// countFields are the fields whose counts the bound comparison reads: the statement, the
// exposition, the acceptance criterion and the open status.
func countFields(r *Revision) []Text {
	out := []Text{{FieldStatement, r.Statement}, {fieldAcceptanceCriterion, r.Acceptance.Criterion}}
	for i, e := range r.Exposition {
		out = append(out, Text{ExpositionField(i, "body"), e.Body})
	}
	return append(out, Text{fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown})
}

// consistencyCounts asks a person about a count of a noun given in an example or a remark, or in
// the field that bounds it, that lies outside a bound on the same noun: "every such graph has at
// most $8$ vertices" beside "the Clebsch graph on $16$ vertices", "fewer than ten are known"
// beside "twelve such designs are known". It returns the number of findings.
func consistencyCounts(r *Revision, out *Report, budget int) int {
	type read struct {
		Text
		cs      []count
		example bool // an example or a remark, whose values are instances
	}
	var fields []read
	for _, t := range countFields(r) {
		rd := read{Text: t, cs: counts(t.Field, t.Body)}
		if t.Field == FieldStatement || t.Field == fieldAcceptanceCriterion {
			// The question's bounds are what it asks, not what it asserts: "find one with 113
			// points, or prove that every one has at most 112" (consistency.incumbent compares them).
			rd.cs = slices.DeleteFunc(rd.cs, func(c count) bool { return c.Bound })
		}
		for i, e := range r.Exposition {
			if t.Field == ExpositionField(i, "body") && (e.Kind == packet.Example || e.Kind == packet.Remark) {
				rd.example = true
			}
		}
		fields = append(fields, rd)
	}
	n := 0
	for _, bf := range fields {
		for _, b := range bf.cs {
			if !b.Bound {
				continue
			}
			for _, vf := range fields {
				if !vf.example && vf.Field != bf.Field {
					continue
				}
				for _, v := range vf.cs {
					if n >= budget || !countAgainst(b, v) {
						continue
					}
					n++
					behaviour := fmt.Sprintf("%s gives %s, outside the bound “%s” that %s states (%s).", v.Field, v.Quote, b.Quote, b.Field, b)
					fix := fmt.Sprintf("Correct the count or the bound so that they agree, or say which object each counts: %s cannot be %g while it is %s %g.",
						v.Word, v.Value, b.Op, b.Value)
					out.NeedsHuman(checkConsistencyBounds, SpanOf(v.Field, vf.Body, v.Start, v.End), behaviour, fix)
					out.NeedsHuman(checkConsistencyBounds, SpanOf(b.Field, bf.Body, b.Start, b.End), behaviour, fix)
					break
				}
			}
		}
	}
	return n
}

// asComparison is the count as a comparison on the number of its noun. A tally of known objects
// ("seven such graphs are known") says that at least so many exist.
func (c count) asComparison() comparison {
	op := c.Op
	if c.Tally {
		op = cmpGE
	}
	return comparison{Subject: "#" + c.Noun, Op: op, Value: c.Value, Field: c.Field, Start: c.Start, End: c.End, Quote: c.Quote}
}

// countUniversalRe finds a clause about every object, whose bound a known example cannot meet:
// "prove that every cap set has at most 112 points".
var countUniversalRe = regexp.MustCompile(`(?i)\b(every|each|all|any|no|none)\b`)

// requestedCounts are the bounds on counts the statement's asking sentences request of an
// object ("find a covering design with at most $1000$ blocks", "prove that there are at least
// eight such graphs"), as comparisons on the number of the noun counted.
func requestedCounts(r *Revision) []comparison {
	var out []comparison
	s := compared(r.Statement)
	for _, sent := range askingSentences(s) {
		for _, c := range counts(FieldStatement, s[sent[0]:sent[1]]) {
			if !c.Bound || c.Op == cmpEQ {
				continue
			}
			clause := s[sent[0] : sent[0]+c.Start]
			clause = clause[max(0, strings.LastIndexAny(clause, ";,:")+1):]
			if countUniversalRe.MatchString(clause) {
				continue
			}
			c.Start, c.End = c.Start+sent[0], c.End+sent[0]
			out = append(out, c.asComparison())
		}
	}
	return out
}

// knownCounts are the counts the open status and the remarks state, as comparisons.
func knownCounts(r *Revision) []comparison {
	var out []comparison
	for _, c := range counts(fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown) {
		out = append(out, c.asComparison())
	}
	for i, e := range r.Exposition {
		if e.Kind == packet.Remark {
			for _, c := range counts(ExpositionField(i, "body"), e.Body) {
				out = append(out, c.asComparison())
			}
		}
	}
	return out
}
