package gates

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// An example of a problem that asks for a supremum ("the largest density of a set without unit
// distances") exhibits an object, and its value is a lower bound on the supremum: it cannot
// exceed an upper bound the record states. Symmetrically an example of an infimum cannot fall
// below a stated lower bound. The example need not name the quantity ("Its density is π/9 ≈
// 0.349"); what it states is the value of its object, through "≈" or "is". Such a value beyond
// the record's bound goes to a person with both spans.

// extremumSupRe and extremumInfRe find a statement that asks for a supremum or an infimum, its
// TeX command read with a subscript after it ("\\sup_K").
var (
	extremumSupRe = regexp.MustCompile(`\\(?:sup|max)(?:[^A-Za-z]|$)|(?i)\b(?:supremum|largest|maximum|densest|greatest)\b`)
	extremumInfRe = regexp.MustCompile(`\\(?:inf|min)(?:[^A-Za-z]|$)|(?i)\b(?:infimum|smallest|minimum|least|thinnest)\b`)
)

// extremumDefSupRe and extremumDefInfRe find a symbol set equal to a supremum or an infimum:
// "δ^* = \inf_K δ(K)", "c = \sup …".
var (
	extremumDefSupRe = regexp.MustCompile(`(?:=|:=)\s*\\(?:sup|max)(?:[^A-Za-z]|$)`)
	extremumDefInfRe = regexp.MustCompile(`(?:=|:=)\s*\\(?:inf|min)(?:[^A-Za-z]|$)`)
)

// extremumBestConstantRe finds the best constant of an inequality: "the least number $K$ such
// that", "the smallest constant $C$ for which". Such a constant is a supremum of ratios when it
// bounds from above ("… \le K \sup …": every instance's ratio is a lower bound on it) and an
// infimum when it bounds from below ("the largest $c$ such that … \ge c …").
var extremumBestConstantRe = regexp.MustCompile(`(?i)\b(least|smallest|minimal|largest|greatest|maximal|best)\s+(?:possible\s+)?(?:real\s+)?(?:number|constant|value|real)\s*\$?\s*([A-Za-z](?:_\{?[A-Za-z0-9]+\}?)?)\s*\$?\s+(?:such that|for which|with)\b`)

// extremumBestConstant reads a statement that asks for the best constant of an inequality
// whose extremum words are all inside the inequality: whether the constant is a supremum (the
// least constant written after "≤") or an infimum (the largest written after "≥").
func extremumBestConstant(statement string) (sup, inf bool) {
	m := extremumBestConstantRe.FindStringSubmatch(statement)
	if m == nil {
		return false, false
	}
	after := `\s*(?:\\,|\\;|\\ )?\s*` + regexp.QuoteMeta(m[2]) + `(?:[^A-Za-z_]|$)`
	below := regexp.MustCompile(`(?:\\le|\\leq|\\leqslant|≤)` + after).MatchString(statement)
	above := regexp.MustCompile(`(?:\\ge|\\geq|\\geqslant|≥)` + after).MatchString(statement)
	switch strings.ToLower(m[1]) {
	case "least", "smallest", "minimal", "best":
		return below && !above, false
	default:
		return false, above && !below
	}
}

// extremumPhrases are bounds in words that name no extremum ("of area at least Δ").
var extremumPhrases = strings.NewReplacer("at least", "", "at most", "", "At least", "", "At most", "")

// exampleValueRe reads the value an example states for its object: "≈ 0.349", "\approx 0.2267",
// "density is 0.25", "only reaches 0.8862".
var exampleValueRe = regexp.MustCompile(`(?:≈|\\approx)\s*\$?\s*([0-9]+\.[0-9]+)|(?i)\b(?:(?:density|value|ratio|constant|area|volume|measure)\s+(?:is|equals|of)|(?:only\s+)?(?:reaches|reach|attains|achieves|yields)(?:\s+(?:a\s+)?(?:density|value|ratio)(?:\s+of)?)?)\s+(?:about\s+|only\s+)?\$?\s*([0-9]+\.[0-9]+)`)

// consistencyExampleExtremum asks a person about an example whose value lies beyond the bound
// the record states on the supremum or infimum the statement asks for. It returns the number of
// findings.
func consistencyExampleExtremum(r *Revision, out *Report, budget int) int {
	asked := extremumPhrases.Replace(r.Statement)
	sup, inf := extremumSupRe.MatchString(asked), extremumInfRe.MatchString(asked)
	if sup && inf {
		// Both: an inner extremum defines each object's value ("δ(K) the largest density of a
		// packing of K") and an outer one the quantity asked for ("δ* = inf_K δ(K)"). The outer
		// one is the extremum a symbol is set equal to; read only when just one kind is.
		defSup, defInf := extremumDefSupRe.MatchString(asked), extremumDefInfRe.MatchString(asked)
		sup, inf = defSup && !defInf, defInf && !defSup
		if !sup && !inf {
			sup, inf = extremumBestConstant(asked)
		}
	}
	if sup == inf || budget <= 0 {
		return 0 // neither, or both: which way an example bounds the target is a reading
	}
	var bounds []namedBound
	for _, b := range namedBounds(fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown, constantLetters(r), false) {
		if sup && (b.Op == cmpLE || b.Op == cmpLT) || inf && (b.Op == cmpGE || b.Op == cmpGT) {
			bounds = append(bounds, b)
		}
	}
	if len(bounds) == 0 {
		return 0
	}
	n := 0
	for i, e := range r.Exposition {
		if e.Kind != packet.Example || n >= budget {
			continue
		}
		field := ExpositionField(i, "body")
		for _, m := range exampleValueRe.FindAllStringSubmatchIndex(e.Body, 4) {
			at := 2
			if m[2] < 0 {
				at = 4
			}
			raw := e.Body[m[at]:m[at+1]]
			v, err := strconv.ParseFloat(raw, 64)
			if err != nil {
				continue
			}
			margin := math.Pow(10, -float64(len(raw)-1-indexByte(raw, '.')))
			for _, b := range bounds {
				beyond := sup && v > b.Value+b.margin+margin || inf && v < b.Value-b.margin-margin
				if !beyond || v > 10*b.Value || v < b.Value/10 {
					continue
				}
				n++
				side := "upper"
				if inf {
					side = "lower"
				}
				behaviour := fmt.Sprintf("%s states the value %s for its object, beyond the %s bound %s that openStatus.strongestKnown states on the quantity the statement asks for: an example's object cannot do better than the best bound.", field, raw, side, b.comparison)
				fix := "Correct the example's value or construction, or the recorded bound, so that they agree."
				out.NeedsHuman(checkConsistencyBounds, SpanOf(field, e.Body, m[at], m[at+1]), behaviour, fix)
				break
			}
		}
	}
	return n
}

// indexByte is the index of c in s, or len(s) when s has none.
func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return len(s)
}

// An example may also bound the quantity itself on the way ("these alone give $A \ge 1/6 +
// 1/20 = 0.2666\ldots$"): a lower bound it derives above an upper bound the record states
// (Deléglise's A < 0.2480), or an upper bound below a stated lower one, contradicts the record,
// and one of the two is wrong. The quantity is a named one or a letter the statement defines.

// digitsGoOnPadded blanks the mark of a decimal whose digits go on ("0.2666\ldots"), keeping
// offsets: the digits written bound the value to within a unit of the last.
var digitsGoOnPadded = strings.NewReplacer("…", "   ", `\ldots`, "      ", `\dots`, "     ", `\cdots`, "      ")

// consistencyExampleBoundBeyond asks a person about an example's bound on a quantity beyond the
// opposite bound openStatus.strongestKnown states. It returns the number of findings.
func consistencyExampleBoundBeyond(r *Revision, out *Report, budget int) int {
	if budget <= 0 {
		return 0
	}
	constants := constantLetters(r)
	known := namedBounds(fieldOpenStrongestKnown, digitsGoOnPadded.Replace(r.OpenStatus.StrongestKnown), constants, false)
	if len(known) == 0 {
		return 0
	}
	n := 0
	for i, e := range r.Exposition {
		if e.Kind != packet.Example || n >= budget {
			continue
		}
		field := ExpositionField(i, "body")
		for _, v := range namedBounds(field, digitsGoOnPadded.Replace(e.Body), constants, false) {
			for _, k := range known {
				if k.Subject != v.Subject {
					continue
				}
				lowAbove := (v.Op == cmpGE || v.Op == cmpGT) && (k.Op == cmpLE || k.Op == cmpLT) && v.Value > k.Value+k.margin+v.margin
				upBelow := (v.Op == cmpLE || v.Op == cmpLT) && (k.Op == cmpGE || k.Op == cmpGT) && v.Value < k.Value-k.margin-v.margin
				if !lowAbove && !upBelow {
					continue
				}
				n++
				behaviour := fmt.Sprintf("%s derives %s, which contradicts the bound %s that openStatus.strongestKnown states: the example's reasoning or the recorded bound is wrong.", field, v.comparison, k.comparison)
				out.NeedsHuman(checkConsistencyBounds, SpanOf(field, e.Body, v.Start, v.End), behaviour,
					"Correct the example's derivation or the recorded bound so that they agree.")
				break
			}
		}
	}
	return n
}
