//go:build calibrate

package similar

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// AddNearCopy adds to x, under a fresh ID that starts with prefix, a near copy of title and
// statement, for calibration (make calibrate-gates) and the recall tests: the copy is the kind a
// resubmission makes, picked by rng: a word changed every twenty or so, the variables renamed,
// the sentences reordered, or all three; its title is title, reworded or replaced. It returns
// false when there is no statement to copy.
func (x *Index) AddNearCopy(rng *rand.Rand, title, statement, prefix, state, locator string) bool {
	if strings.TrimSpace(statement) == "" {
		return false
	}
	stmt := statement
	switch rng.IntN(4) {
	case 0:
		stmt = ChangeWords(stmt, rng)
	case 1:
		stmt = RenameVariables(stmt, rng)
	case 2:
		stmt = ReorderSentences(stmt, rng)
	default:
		stmt = ChangeWords(RenameVariables(ReorderSentences(stmt, rng), rng), rng)
	}
	if stmt == statement {
		stmt = ChangeWords(stmt, rng)
	}
	switch rng.IntN(3) {
	case 0:
		title = ChangeWords(title, rng)
	case 1:
		title = "On a question of " + []string{"density", "growth", "existence", "structure"}[rng.IntN(4)]
	}
	x.Add(prefix+strconv.FormatUint(rng.Uint64()%1e9, 10), title, stmt, state, locator)
	return true
}

// simSegment is a run of a statement's source: prose, or one formula with its delimiters.
type simSegment struct {
	text    string
	formula bool
}

// simSegments cuts a statement into prose and formulas ($…$, $$…$$, \(…\), \[…\]). An
// unclosed formula runs to the end.
func simSegments(s string) []simSegment {
	var out []simSegment
	prose := 0
	for i := 0; i < len(s); {
		var open, close string
		switch {
		case strings.HasPrefix(s[i:], "$$"):
			open, close = "$$", "$$"
		case s[i] == '$':
			open, close = "$", "$"
		case strings.HasPrefix(s[i:], `\(`):
			open, close = `\(`, `\)`
		case strings.HasPrefix(s[i:], `\[`):
			open, close = `\[`, `\]`
		case s[i] == '\\':
			i += 2
			continue
		default:
			i++
			continue
		}
		if prose < i {
			out = append(out, simSegment{s[prose:i], false})
		}
		end := len(s)
		for j := i + len(open); j < len(s); j++ {
			if s[j] == '\\' {
				j++
				continue
			}
			if strings.HasPrefix(s[j:], close) {
				end = j + len(close)
				break
			}
		}
		out = append(out, simSegment{s[i:end], true})
		i, prose = end, end
	}
	if prose < len(s) {
		out = append(out, simSegment{s[prose:], false})
	}
	return out
}

func simJoin(segs []simSegment) string {
	var b strings.Builder
	for _, g := range segs {
		b.WriteString(g.text)
	}
	return b.String()
}

// simSynonyms are the substitutions a paraphrase makes; a word without one gets a filler
// before it or instead of it.
var simSynonyms = map[string]string{
	"prove": "show", "show": "prove", "every": "each", "each": "every", "integer": "whole number",
	"integers": "whole numbers", "number": "integer", "numbers": "integers", "largest": "greatest",
	"greatest": "largest", "smallest": "least", "least": "smallest", "function": "map", "set": "collection",
	"sets": "collections", "determine": "decide", "whether": "if", "infinitely": "unboundedly",
	"sufficiently": "suitably", "positive": "strictly positive", "large": "big", "small": "little",
	"sequence": "progression", "contains": "has", "maximal": "maximum", "minimal": "minimum",
	"true": "the case", "exists": "is", "exist": "are", "such": "so", "all": "any", "many": "numerous",
	"bound": "estimate", "size": "cardinality", "graph": "network", "prime": "prime number", "find": "determine",
}

var simFillers = []string{"given", "fixed", "arbitrary", "certain", "indeed", "moreover"}

// ChangeWords changes a prose word every fifteen to twenty-five words.
func ChangeWords(s string, rng *rand.Rand) string {
	segs := simSegments(s)
	next := 15 + rng.IntN(11)
	count, changed := 0, false
	for k := range segs {
		if segs[k].formula {
			continue
		}
		t := segs[k].text
		var b strings.Builder
		for i := 0; i < len(t); {
			if !simLetter(t[i]) {
				b.WriteByte(t[i])
				i++
				continue
			}
			j := i
			for j < len(t) && simLetter(t[j]) {
				j++
			}
			w := t[i:j]
			count++
			if count >= next {
				switch syn, ok := simSynonyms[strings.ToLower(w)]; {
				case ok:
					w = syn
				case rng.IntN(2) == 0:
					w = simFillers[rng.IntN(len(simFillers))] + " " + w
				default:
					w = simFillers[rng.IntN(len(simFillers))]
				}
				count, next, changed = 0, 15+rng.IntN(11), true
			}
			b.WriteString(w)
			i = j
		}
		segs[k].text = b.String()
	}
	if !changed {
		// A statement shorter than the first change still changes one word.
		return changeOne(s, rng)
	}
	return simJoin(segs)
}

// changeOne changes one prose word of a short statement.
func changeOne(s string, rng *rand.Rand) string {
	segs := simSegments(s)
	for k := range segs {
		if segs[k].formula {
			continue
		}
		for _, f := range strings.Fields(segs[k].text) {
			w := strings.Trim(f, ".,;:?!")
			if syn, ok := simSynonyms[strings.ToLower(w)]; ok {
				segs[k].text = strings.Replace(segs[k].text, f, strings.Replace(f, w, syn, 1), 1)
				return simJoin(segs)
			}
		}
	}
	return simFillers[rng.IntN(len(simFillers))] + " " + s
}

// RenameVariables renames the letters of the formulas consistently, leaving macro names and
// the arguments of \mathbb, \text and the like alone.
func RenameVariables(s string, rng *rand.Rand) string {
	segs := simSegments(s)
	used := map[byte]bool{}
	forEachVariable(segs, func(c byte) byte { used[c] = true; return c })
	if len(used) == 0 {
		return s
	}
	var pool []byte
	for c := byte('a'); c <= 'z'; c++ {
		for _, l := range []byte{c, c - 'a' + 'A'} {
			// o and O, free as they are, read as Landau symbols.
			if !used[l] && l != 'o' && l != 'O' {
				pool = append(pool, l)
			}
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	rename := map[byte]byte{}
	keys := make([]byte, 0, len(used))
	for c := range used {
		keys = append(keys, c)
	}
	slices.Sort(keys)
	for _, c := range keys {
		for k, p := range pool {
			if (p >= 'a') == (c >= 'a') {
				rename[c] = p
				pool = append(pool[:k], pool[k+1:]...)
				break
			}
		}
	}
	forEachVariable(segs, func(c byte) byte {
		if r, ok := rename[c]; ok {
			return r
		}
		return c
	})
	return simJoin(segs)
}

// forEachVariable replaces every variable letter of the formulas of segs by f's result.
func forEachVariable(segs []simSegment, f func(byte) byte) {
	for k := range segs {
		if !segs[k].formula {
			continue
		}
		b := []byte(segs[k].text)
		for i := 0; i < len(b); i++ {
			switch {
			case b[i] == '\\':
				j := i + 1
				for j < len(b) && simLetter(b[j]) {
					j++
				}
				name := string(b[i+1 : j])
				i = j - 1
				if simTextMacros[name] || name == "mathbb" || name == "begin" || name == "end" {
					for i+1 < len(b) && b[i+1] == ' ' {
						i++
					}
					if i+1 < len(b) && b[i+1] == '{' {
						for i+1 < len(b) && b[i+1] != '}' {
							i++
						}
					} else if i+1 < len(b) {
						i++
					}
				}
			case (b[i] == 'O' || b[i] == 'o') && simLandau(b[i+1:]):
				// A Landau symbol is no variable.
			case simLetter(b[i]):
				b[i] = f(b[i])
			}
		}
		segs[k].text = string(b)
	}
}

// ReorderSentences puts the sentences of a statement in another order.
func ReorderSentences(s string, rng *rand.Rand) string {
	var sents []string
	start := 0
	for _, g := range simSegmentsWithOffsets(s) {
		if g.formula {
			continue
		}
		for i := g.start; i < g.end; i++ {
			if (s[i] == '.' || s[i] == '?' || s[i] == '!') && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n') {
				sents = append(sents, strings.TrimSpace(s[start:i+1]))
				start = i + 1
			}
		}
	}
	if rest := strings.TrimSpace(s[start:]); rest != "" {
		sents = append(sents, rest)
	}
	if len(sents) < 2 {
		return s
	}
	order := rng.Perm(len(sents))
	if slices.IsSorted(order) {
		order = append(order[1:], order[0])
	}
	out := make([]string, len(sents))
	for i, k := range order {
		out[i] = sents[k]
		// A sentence that ended the statement without a full stop gets one when it moves,
		// as a person moving it would write.
		if i < len(order)-1 && !strings.ContainsAny(out[i][len(out[i])-1:], ".?!") {
			out[i] += "."
		}
	}
	return strings.Join(out, " ")
}

type simOffsetSegment struct {
	start, end int
	formula    bool
}

func simSegmentsWithOffsets(s string) []simOffsetSegment {
	var out []simOffsetSegment
	at := 0
	for _, g := range simSegments(s) {
		out = append(out, simOffsetSegment{at, at + len(g.text), g.formula})
		at += len(g.text)
	}
	return out
}
