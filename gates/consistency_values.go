package gates

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

// The consistency gate's reading of named quantities: "R(5,5) ≤ 46" in the open status, "$R(5,5)
// = 42$" in an example, "Prove that $R(5,5) \le 47$" in the statement. A quantity is matched by
// how it is written (compare.go), and a one-letter variable is left out, since a letter may name
// different things in different sentences; what is found goes to a person with both spans.

// namedQuantity reports whether a comparison's subject names a fixed quantity rather than a
// running variable: anything but a single Latin letter.
func namedQuantity(c comparison) bool {
	rs := []rune(c.Subject)
	return !(len(rs) == 1 && (rs[0] >= 'a' && rs[0] <= 'z' || rs[0] >= 'A' && rs[0] <= 'Z'))
}

// consistencyExampleValues asks a person about an example that gives a named quantity a value
// outside a bound stated elsewhere ("$R(5,5) = 42$" against "$43 \le R(5,5)$"). It returns the
// number of findings.
func consistencyExampleValues(r *Revision, out *Report) int {
	// The bounds are read as written, and not from the examples, whose values they check.
	bounds := packetNamedBounds(r, boundReading{noExamples: true, exact: true})
	n := 0
	for i, e := range r.Exposition {
		if e.Kind != packet.Example || n >= maxBoundFindings {
			continue
		}
		field := ExpositionField(i, "body")
		for _, v := range comparisons(field, e.Body) {
			if v.Op != cmpEQ || !namedQuantity(v) {
				continue
			}
			for _, nb := range bounds {
				b := nb.comparison
				if !b.violates(v) {
					continue
				}
				n++
				behaviour := fmt.Sprintf("%s gives %s, outside the bound %s that %s states.", field, v, b, b.Field)
				fix := fmt.Sprintf("Correct the example or the bound so that they agree: %s cannot be %g while %s.", v.Subject, v.Value, b)
				out.NeedsHuman(checkConsistencyBounds, SpanOf(field, e.Body, v.Start, v.End), behaviour, fix)
				out.NeedsHuman(checkConsistencyBounds, SpanOf(b.Field, fieldText(r, b.Field), b.Start, b.End), behaviour, fix)
				break
			}
		}
	}
	return n
}

// fieldText returns the text of a field a comparison was read from.
func fieldText(r *Revision, field string) string {
	switch field {
	case FieldStatement:
		return r.Statement
	case fieldOpenStrongestKnown:
		return r.OpenStatus.StrongestKnown
	}
	for i, e := range r.Exposition {
		if field == ExpositionField(i, "body") {
			return e.Body
		}
	}
	return ""
}

// targetVerbsRe finds the sentences of a statement that ask for something.
var targetVerbsRe = regexp.MustCompile(`(?i)\b(prove|show|disprove|decide|determine|find|improve|establish|whether|construct|exhibit)\b`)

// knownRe marks a sentence that reports what is known rather than asks.
var knownRe = regexp.MustCompile(`(?i)\b(known|proved|proven|showed|shown|established|conjectured|currently|best)\b`)

// sentenceEndRe ends a sentence of a statement.
var sentenceEndRe = regexp.MustCompile(`[.?!](\s|$)`)

// requestedBounds are the comparisons on named quantities in the sentences of the statement
// that ask for something ("Prove that $R(5,5) \le 45$"), and in the acceptance criterion.
func requestedBounds(r *Revision) []comparison {
	var out []comparison
	s := compared(r.Statement)
	for _, sent := range askingSentences(s) {
		for _, c := range comparisons(FieldStatement, s[sent[0]:sent[1]]) {
			if namedQuantity(c) {
				if c.Start >= 0 {
					c.Start, c.End = c.Start+sent[0], c.End+sent[0]
				}
				out = append(out, c)
			}
		}
	}
	return out
}

// askingSentences are the byte ranges of the sentences of s that ask for something rather than
// report what is known.
func askingSentences(s string) [][2]int {
	var out [][2]int
	for _, r := range splitSentences(s) {
		if sent := s[r[0]:r[1]]; targetVerbsRe.MatchString(sent) && !knownRe.MatchString(sent) {
			out = append(out, r)
		}
	}
	return out
}

// precisionRe reads a requested precision: "within 10^{-3}", "U − L ≤ 10^{-3}", "error at most 0.001".
var precisionRe = regexp.MustCompile(`(?i)(within|at most|error of|to|≤|\\le)\s*\$?\s*(10\^\{?[−-]?[0-9]+\}?|[0-9]*\.[0-9]+)`)

// requestedPrecision is the smallest precision the statement or the acceptance condition asks
// for, or 0 when none is stated.
func requestedPrecision(r *Revision) float64 {
	best := 0.0
	for _, t := range []string{r.Statement, r.Acceptance.Criterion, r.Acceptance.Precision} {
		for _, m := range precisionRe.FindAllStringSubmatch(compared(t), 10) {
			if v, ok := cmpNumber(m[2]); ok && v > 0 && v < 1 && (best == 0 || v < best) {
				best = v
			}
		}
	}
	return best
}

// consistencyIncumbentMeets looks for an incumbent that already meets the requested target: a
// known bound at least as strong as the one the statement asks to prove, or a known interval
// already as narrow as the precision asked for. It reports whether it recorded a finding.
func consistencyIncumbentMeets(r *Revision, out *Report) bool {
	known := chainedComparisons(fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown)
	for i, e := range r.Exposition {
		if e.Kind == packet.Remark {
			known = append(known, chainedComparisons(ExpositionField(i, "body"), e.Body)...)
		}
	}
	found := incumbentMeets(r, requestedBounds(r), known, out)
	found = incumbentExcludes(r, known, out) || found
	found = incumbentMeets(r, requestedCounts(r), knownCounts(r), out) || found
	found = incumbentUpperMeets(r, known, out) || found
	found = incumbentValueMeets(r, out) || found
	found = incumbentOtherSize(r, out) || found
	found = incumbentSearchedRange(r, out) || found
	narrow := false
	if eps := requestedPrecision(r); eps > 0 {
		for _, iv := range knownIntervals(known) {
			if width := iv[1].Value - iv[0].Value; width >= 0 && width <= eps {
				found, narrow = true, true
				k := iv[0]
				out.NeedsHuman(checkConsistencyIncumbent, SpanOf(k.Field, fieldText(r, k.Field), k.Start, k.End),
					fmt.Sprintf("The record asks for %s to within %g, but %s already states %s and %s, an interval of width %g: the incumbent meets the requested precision.",
						k.Subject, eps, k.Field, iv[0], iv[1], width),
					"Ask for a precision beyond the known interval, or correct the recorded bounds.")
			}
		}
	}
	if !narrow {
		found = incumbentWidthMeets(r, out) || found
		found = incumbentIntervalMeets(r, out) || found
	}
	return found
}

// incumbentMeets asks a person about each requested bound that a known one already gives, with
// the known one's span. It reports whether it recorded a finding.
func incumbentMeets(r *Revision, requested, known []comparison, out *Report) bool {
	found := false
	for _, req := range requested {
		for _, k := range known {
			if !k.meets(req) {
				continue
			}
			found = true
			behaviour := fmt.Sprintf("The statement asks for %s, but %s already states %s, which gives it: the incumbent meets the requested target.", req, k.Field, k)
			fix := "Ask for a target beyond the strongest known result (for example a stronger bound), or correct the recorded incumbent."
			out.NeedsHuman(checkConsistencyIncumbent, SpanOf(k.Field, fieldText(r, k.Field), k.Start, k.End), behaviour, fix)
			break
		}
	}
	return found
}

// knownIntervals pairs a lower and an upper bound on one subject read from one place.
func knownIntervals(cs []comparison) [][2]comparison {
	var out [][2]comparison
	for _, lo := range cs {
		if lo.Op != cmpGE && lo.Op != cmpGT {
			continue
		}
		for _, up := range cs {
			if (up.Op == cmpLE || up.Op == cmpLT) && up.Subject == lo.Subject && up.Field == lo.Field && strings.EqualFold(up.Quote, lo.Quote) {
				out = append(out, [2]comparison{lo, up})
			}
		}
	}
	return out
}

// knownSetRe reads a quantity the record confines to a finite set of values: "cr(K₁₃) ∈ {219,
// 221, 223, 225}", "$R(5,5) \in \{43, 44\}$".
var knownSetRe = regexp.MustCompile(`([^\s$∈]{1,40}?)\s*\$?\s*(?:∈|\\in)\s*\\?\{\s*([0-9]+(?:\s*,\s*[0-9]+){0,20})\s*\\?\}`)

// askedEqualities are the values the target fields ask a yes-or-no question about: "Decide
// whether c(9) = 41", "Is R(5,5) = 43?".
func askedEqualities(r *Revision) []comparison {
	var out []comparison
	for _, t := range []Text{{FieldStatement, r.Statement}, {fieldOpenUnresolved, r.OpenStatus.UnresolvedTarget}, {"acceptance.criterion", r.Acceptance.Criterion}} {
		low := strings.ToLower(t.Body)
		if !strings.Contains(low, "whether") && !strings.Contains(low, "decide") && !strings.Contains(low, "prove or disprove") && !strings.Contains(t.Body, "?") {
			continue
		}
		for _, c := range comparisons(t.Field, t.Body) {
			if c.Op == cmpEQ && namedQuantity(c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// incumbentExcludes asks a person about a value the target asks whether a quantity takes when
// the record already confines the quantity elsewhere: the question is one the cited work has
// answered. It reports whether it recorded a finding.
func incumbentExcludes(r *Revision, known []comparison, out *Report) bool {
	asked := askedEqualities(r)
	if len(asked) == 0 {
		return false
	}
	type set struct {
		subject    string
		values     []float64
		start, end int
	}
	var sets []set
	sk := compared(r.OpenStatus.StrongestKnown)
	for _, m := range knownSetRe.FindAllStringSubmatchIndex(sk, 4) {
		subj, ok := cmpSubject(valueSubjectBraces.Replace(sk[m[2]:m[3]]))
		if !ok {
			continue
		}
		st := set{subject: subj, start: m[0], end: m[1]}
		for _, v := range strings.Split(sk[m[4]:m[5]], ",") {
			if f, ok := cmpNumber(strings.TrimSpace(v)); ok {
				st.values = append(st.values, f)
			}
		}
		sets = append(sets, st)
	}
	for _, a := range asked {
		for _, k := range known {
			if k.Subject != a.Subject {
				continue
			}
			excluded := k.Op == cmpGE && a.Value < k.Value || k.Op == cmpGT && a.Value <= k.Value ||
				k.Op == cmpLE && a.Value > k.Value || k.Op == cmpLT && a.Value >= k.Value || k.Op == cmpEQ && a.Value != k.Value
			if !excluded {
				continue
			}
			out.NeedsHuman(checkConsistencyIncumbent, SpanOf(k.Field, fieldText(r, k.Field), k.Start, k.End),
				fmt.Sprintf("The record asks whether %s, but %s states %s, which already excludes it: the question is answered by what the record cites.", a, k.Field, k),
				"Ask a question the strongest known result leaves open, or correct the recorded result.")
			return true
		}
		for _, st := range sets {
			if st.subject != a.Subject || slices.Contains(st.values, a.Value) {
				continue
			}
			out.NeedsHuman(checkConsistencyIncumbent, SpanOf(fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown, st.start, st.end),
				fmt.Sprintf("The record asks whether %s, but openStatus.strongestKnown confines %s to “%s”, which already excludes it: the question is answered by what the record cites.", a, a.Subject, sk[st.start:st.end]),
				"Ask a question the strongest known result leaves open, or correct the recorded result.")
			return true
		}
	}
	return false
}

// valueSubjectBraces drops the braces and spaces of a stated value's subject.
var valueSubjectBraces = strings.NewReplacer("{", "", "}", "", " ", "")
