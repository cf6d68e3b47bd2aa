package gates

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/tex"
)

// stRecurrence is a formula that defines a sequence by a recurrence: "$a_{n+1} = f(a_n)$".
type stRecurrence struct {
	t      *stText
	f      *tex.Formula
	tok    int    // the formula's token
	seq    string // the sequence's name ("a")
	index  string // the index the recurrence runs over ("n")
	script byte   // whether the index is a subscript or a superscript
	prose  bool   // written in words ("let $a_{n+1}$ be …"), not as an equation
	// from is the least index the recurrence computes, when its sentence ranges the index
	// ("$a_{n+1} = 2a_n$ for $n \ge 1$" computes from a_2 on); hasFrom says whether it does.
	from    int
	hasFrom bool
	// loose marks a function whose right side applies it to arguments in other variables
	// ("$G(n) = \operatorname{mex}\{G(a) \oplus G(b) : a + b = n - 3\}$"); it is read as a
	// recurrence only when its sentence ranges the index from 1 or more.
	loose bool
}

var stIndexRe = regexp.MustCompile(`^\{?\s*([a-zA-Z])\s*(?:([+-])\s*(\d+))?\s*\}?$`)

// stRecurrences finds the recurrences of a field: an identifier with an index on the left of
// "=" whose right side uses the same identifier with another index in the same variable.
func stRecurrences(t *stText) []stRecurrence {
	var out []stRecurrence
	for fi, p := range t.ftok {
		if p < 0 {
			continue
		}
		f := &t.tex.Formulas[fi]
		keys := stKeys(f)
		for _, seg := range stSegments(f, stLevel(f, 0, -1)) {
			terms, rels := stChain(f, seg)
			for i, rel := range rels {
				if tx := f.Atoms[rel].Text; tx != "=" && tx != `\coloneqq` && tx != ":" {
					continue
				}
				left := terms[i]
				if len(left) == 0 || keys[left[0]] == "" {
					continue
				}
				k := left[0]
				for _, c := range []byte{'_', '^'} {
					m := stIndexRe.FindStringSubmatch(f.ScriptOf(k, c))
					if m == nil {
						continue
					}
					lhs := f.ScriptOf(k, c)
					found := false
					for _, j := range terms[i+1] {
						if j == k || keys[j] != keys[k] {
							continue
						}
						rm := stIndexRe.FindStringSubmatch(f.ScriptOf(j, c))
						if rm != nil && rm[1] == m[1] && f.ScriptOf(j, c) != lhs {
							found = true
							break
						}
					}
					if found {
						rec := stRecurrence{t: t, f: f, tok: p, seq: keys[k], index: m[1], script: c}
						if low, ok := stIndexFloor(t, p, m[1]); ok {
							shift, _ := strconv.Atoi(m[3])
							if m[2] == "-" {
								shift = -shift
							}
							rec.from, rec.hasFrom = low+shift, true
						}
						out = append(out, rec)
					}
				}
				rec, ok := stFunctionRecurrence(f, keys, k, terms[i+1])
				if !ok {
					rec, ok = stLooseFunctionRecurrence(f, keys, k, terms[i+1])
				}
				if ok {
					rec.t, rec.tok = t, p
					if arg, _ := stArgument(f, k); !strings.Contains(arg, ",") {
						if m := stIndexRe.FindStringSubmatch(strings.TrimSpace(arg)); m != nil && m[1] == rec.index {
							if low, ok := stIndexFloor(t, p, m[1]); ok {
								shift, _ := strconv.Atoi(m[3])
								if m[2] == "-" {
									shift = -shift
								}
								rec.from, rec.hasFrom = low+shift, true
							}
						}
					}
					if !rec.loose || rec.hasFrom && rec.from >= 1 {
						out = append(out, rec)
					}
				}
			}
		}
	}
	return append(out, stProseRecurrences(t)...)
}

// stFunctionIndexes are the letters that index a sequence written as a function, "$T(n+1) =
// 2T(n)$"; a real variable ("$f(x+1) = f(x) + 1$") makes a functional equation instead.
var stFunctionIndexes = stWordSet(`n m k i j l`)

// stArgument returns the source of the parenthesised argument right after atom k ("n+1" in
// "T(n+1)"), if there is one on the same level.
func stArgument(f *tex.Formula, k int) (string, bool) {
	if k+1 >= len(f.Atoms) || f.Atoms[k+1].Text != "(" || f.Atoms[k+1].Depth != f.Atoms[k].Depth {
		return "", false
	}
	open := 0
	for j := k + 1; j < len(f.Atoms) && j < k+stMaxScan; j++ {
		a := f.Atoms[j]
		if a.Depth != f.Atoms[k].Depth || a.Script != f.Atoms[k].Script {
			continue
		}
		switch a.Kind {
		case tex.AtomOpen:
			open++
		case tex.AtomClose:
			open--
			if open == 0 {
				return strings.TrimSpace(f.Source[f.Atoms[k+1].End-f.Start : a.Start-f.Start]), true
			}
		}
	}
	return "", false
}

// stFunctionRecurrence reads "$T(n+1) = 2T(n) + 1$": the name at atom k applied to an index
// in an integer variable on the left, and to another index in the same variable on the right.
// A table of two or more indexes is read the same way, index by index: "$S(n, k) = k\,S(n-1, k)
// + S(n-1, k-1)$" defines S from its values at smaller n, and needs its boundary values as a
// sequence needs its first terms.
func stFunctionRecurrence(f *tex.Formula, keys []string, k int, right []int) (stRecurrence, bool) {
	arg, ok := stArgument(f, k)
	if !ok {
		return stRecurrence{}, false
	}
	vars, ok := stIndexVars(arg)
	if !ok {
		return stRecurrence{}, false
	}
	for _, j := range right {
		if j == k || keys[j] != keys[k] {
			continue
		}
		rarg, ok := stArgument(f, j)
		if !ok || rarg == arg {
			continue
		}
		if rvars, ok := stIndexVars(rarg); ok && slices.Equal(rvars, vars) {
			index := vars[0]
			for i, a := range strings.Split(arg, ",") {
				if strings.TrimSpace(a) != strings.TrimSpace(strings.Split(rarg, ",")[i]) {
					index = vars[i]
					break
				}
			}
			return stRecurrence{f: f, seq: keys[k], index: index, script: '('}, true
		}
	}
	return stRecurrence{}, false
}

// stLooseFunctionRecurrence reads "$G(n) = \operatorname{mex}\{G(a) \oplus G(b) : a + b = n -
// 3\}$": the name at atom k applied to one index variable on the left, and on the right to
// other arguments, in other variables, that the right side ties to the index. Such an equation
// is a recurrence only over a range of the index, which its caller checks.
func stLooseFunctionRecurrence(f *tex.Formula, keys []string, k int, right []int) (stRecurrence, bool) {
	arg, ok := stArgument(f, k)
	if !ok {
		return stRecurrence{}, false
	}
	vars, ok := stIndexVars(arg)
	if !ok || len(vars) != 1 {
		return stRecurrence{}, false
	}
	for _, j := range right {
		if j == k || keys[j] != keys[k] {
			continue
		}
		if rarg, ok := stArgument(f, j); ok && rarg != arg && !strings.Contains(rarg, ",") {
			return stRecurrence{f: f, seq: keys[k], index: vars[0], script: '(', loose: true}, true
		}
	}
	return stRecurrence{}, false
}

// stIndexVars reads the arguments of a sequence or table written as a function ("n+1", "n, k",
// "n-1, k-1") as the integer variables they shift, one per argument, or ok false when some
// argument is no shifted index.
func stIndexVars(arg string) ([]string, bool) {
	parts := strings.Split(arg, ",")
	if len(parts) > 3 {
		return nil, false
	}
	vars := make([]string, 0, len(parts))
	for _, p := range parts {
		m := stIndexRe.FindStringSubmatch(strings.TrimSpace(p))
		if m == nil || !stFunctionIndexes[m[1]] {
			return nil, false
		}
		vars = append(vars, m[1])
	}
	return vars, true
}

// stInitial is what the fields say of a sequence's initial values.
type stInitial int

const (
	stNoInitial        stInitial = iota // nothing: the sequence is not determined
	stInitialInRange                    // only terms the recurrence itself computes appear at fixed indices
	stInitialMentioned                  // a term at a fixed index appears, its value unclear
	stInitialGiven                      // a value at a fixed index is given
)

// stValueRels are the relations that give a term its value: =, :=, \coloneqq.
var stValueRels = stWordSet(`= \coloneqq \coloneq \eqqcolon := ≔`)

// stValueWords, after a term at a fixed index, give its value in prose: "$a_0$ equal to $1$".
var stValueWords = stWordSet(`is equals equal be being set`)

// stInitialCues say in prose that initial values are given.
var stInitialCues = []string{"initial value", "initial term", "initial condition", "starting value",
	"starting with", "starts with", "start with", "starting from", "starts at", "first term", "first two terms", "seed"}

// stInitialOf says whether some formula of the fields gives the sequence a value at a numeric
// index ("$a_0 = 1$", "$a_0 \coloneqq 1$", "$T(0) = 1$", "$(a_0, a_1) = (1, 1)$", "$a_0$ equal
// to $1$", a case of "$a_n = \begin{cases} 1 & n = 0 \\ … \end{cases}$"), or only mentions
// the sequence at a numeric index without a value a reader can find.
func stInitialOf(fields []*stText, rec stRecurrence) stInitial {
	seq, script := rec.seq, rec.script
	found := stNoInitial
	if rec.f != nil && stCasesInitial(rec.f, rec.index) {
		return stInitialGiven
	}
	for _, t := range fields {
		for fi := range t.tex.Formulas {
			f := &t.tex.Formulas[fi]
			keys := stKeys(f)
			if stCasesInitial(f, rec.index) && strings.Contains(f.Source, seq) {
				return stInitialGiven
			}
			for k, key := range keys {
				if key != seq {
					continue
				}
				var idx string
				if script == '(' {
					idx, _ = stArgument(f, k)
				} else {
					idx = strings.Trim(f.ScriptOf(k, script), "{} ")
				}
				if !stFixedIndex(idx, script == '(') {
					continue
				}
				if n, err := strconv.Atoi(idx); err == nil && rec.hasFrom && n >= rec.from {
					found = max(found, stInitialInRange) // "thus $P_9 = 223092870$": a term the recurrence computes
					continue
				}
				found = stInitialMentioned
				if stValueFollows(f, k) || stProseValue(t, fi, f, k) || stLetBe(t, fi) {
					return stInitialGiven
				}
			}
		}
		low := t.prose()
		for _, cue := range stInitialCues {
			if i := strings.Index(low, cue); i >= 0 && stCueGivesValues(t, i+len(cue), stGenericInitialCues[cue]) {
				return stInitialGiven
			}
		}
	}
	return found
}

// stFixedIndex reports whether a term's index is fixed at a number ("0", "1, 2"), or, for a
// table written as a function, whether one of its arguments is: "$D(m, 0) = 1$" gives a boundary
// value of the table as "$a_0 = 1$" gives a first term.
func stFixedIndex(idx string, table bool) bool {
	numeral := func(s string) bool {
		return s != "" && strings.IndexFunc(s, func(r rune) bool { return !unicode.IsDigit(r) && r != ',' && r != ' ' }) < 0
	}
	if numeral(idx) {
		return true
	}
	if !table || !strings.Contains(idx, ",") {
		return false
	}
	for _, part := range strings.Split(idx, ",") {
		if numeral(strings.TrimSpace(part)) {
			return true
		}
	}
	return false
}

// stGenericInitialCues are the cues that also begin phrases about other things than a sequence
// ("starting from the presentation …", "start with any graph"): they give initial values only
// when a number or a formula follows them, or their sentence writes the sequence.
var stGenericInitialCues = map[string]bool{"starting with": true, "starts with": true, "start with": true,
	"starting from": true, "starts at": true}

// stCueGivesValues reports whether the initial-value cue ending at byte end of t gives initial
// values. A cue about sequences ("initial value", "seed") does wherever it is; a generic one
// does when values follow it: a number, a formula, or "the values" / "the terms".
func stCueGivesValues(t *stText, end int, generic bool) bool {
	if !generic {
		return true
	}
	q := 0
	for q < len(t.toks) && t.toks[q].start < end {
		q++
	}
	for q0 := q; q < len(t.toks) && q < q0+3; q++ {
		x := t.toks[q]
		switch {
		case x.kind == 'f' || x.kind == 'w' && x.text != "" && unicode.IsDigit(rune(x.text[0])):
			return true
		case x.kind == 'w' && (x.text == "value" || x.text == "values" || x.text == "term" || x.text == "terms"):
			return true
		case x.kind == 'w' && x.text == "the":
			continue
		}
		return false
	}
	return false
}

// stValueFollows reports whether a relation that gives a value follows atom k on its level,
// before any other relation: "$a_0 = 1$", "$a_0 := 1$", "$(a_0, a_1) = (1, 1)$".
func stValueFollows(f *tex.Formula, k int) bool {
	for j := k + 1; j < len(f.Atoms); j++ {
		a := f.Atoms[j]
		if a.Depth != f.Atoms[k].Depth || a.Script != f.Atoms[k].Script {
			continue
		}
		if a.Kind != tex.AtomRel {
			continue
		}
		if stValueRels[a.Text] {
			return true
		}
		if a.Text == ":" && j+1 < len(f.Atoms) && f.Atoms[j+1].Text == "=" {
			return true
		}
		return false
	}
	return false
}

// stProseValue reports whether the formula is the term alone and the prose after it gives its
// value: "$a_0$ equal to $1$", "$a_0$ is $2$".
func stProseValue(t *stText, fi int, f *tex.Formula, k int) bool {
	for j := range f.Atoms {
		if j != k && f.Atoms[j].Script == 0 && f.Atoms[j].Kind == tex.AtomRel {
			return false
		}
	}
	p := t.ftok[fi]
	if p < 0 {
		return false
	}
	for q := p + 1; q < len(t.toks) && q <= p+4 && t.toks[q].sent == t.toks[p].sent; q++ {
		x := t.toks[q]
		switch {
		case x.kind == 'w' && stValueWords[x.text]:
			continue
		case x.kind == 'w' && (x.text == "to" || x.text == "at"):
			continue
		case x.kind == 'f' || x.kind == 'w' && x.text != "" && unicode.IsDigit(rune(x.text[0])):
			return q > p+1 && stValueWords[t.toks[p+1].text]
		default:
			return false
		}
	}
	return false
}

// stCasesCond matches, after the index, a case condition that fixes the index at a number: "n = 0", "n \le 1",
// "n \in \{0, 1\}".
var stCasesCond = `\s*(=|<|\\le|\\leq|\\leqslant|\\in)\s*(\\\{)?\s*-?[0-9]`

// stCasesInitial reports whether f defines by cases with a case that fixes index at a number.
func stCasesInitial(f *tex.Formula, index string) bool {
	if index == "" || !strings.Contains(f.Source, `\begin{cases}`) {
		return false
	}
	re, err := regexp.Compile(`(^|[^A-Za-z\\])` + regexp.QuoteMeta(index) + stCasesCond)
	return err == nil && re.MatchString(f.Source)
}

// stNamedSequences are sequences whose indexing convention varies between sources.
var stNamedSequences = []string{"fibonacci", "lucas number", "lucas sequence", "catalan number",
	"bell number", "bernoulli number", "stirling number", "tribonacci", "pell number", "harmonic number",
	"motzkin number", "euler number", "th prime", "nth prime"}

// stRecursiveSequence checks that a recursively defined sequence gives its initial values and
// the range of its recurrence, and that a named sequence states its convention.
func stRecursiveSequence(a *stAnalysis, out *Report) {
	if !a.stmt.ok() {
		out.Unknown(stCheckRecurrence, a.stmt.whole(),
			"The statement's TeX could not be read (see statement.tex-wellformed), so its recurrences were not checked.")
		return
	}
	fields := []*stText{a.stmt}
	for i, e := range a.r.Exposition {
		if e.Kind == packet.Definition || e.Kind == packet.Convention {
			fields = append(fields, a.entries[i])
		}
	}
	reported := 0
	seen := map[string]bool{}
	for _, t := range fields {
		for _, rec := range stRecurrences(t) {
			if seen[rec.seq] {
				continue
			}
			seen[rec.seq] = true
			sp := t.span(rec.f.Start, rec.f.End)
			name := stShow(rec.seq + string(rec.script) + rec.index)
			first := stShow(rec.seq + string(rec.script) + "0 = 1")
			if rec.script == '(' {
				name, first = stShow(rec.seq+"("+rec.index+")"), stShow(rec.seq+"(0) = 1")
			}
			init := stInitialOf(fields, rec)
			// A letter standing for sequences the fields name has their first values.
			placeholder := false
			if named := stPlaceholderSequences(fields, rec.seq); init != stInitialGiven && len(named) > 0 {
				placeholder, init = true, stInitialGiven
				for _, s := range named {
					r := rec
					r.seq = s
					if stInitialOf(fields, r) != stInitialGiven {
						init = stNoInitial
					}
				}
			}
			initial := init == stInitialGiven
			ranged := a.decl.ranged[rec.index]
			switch {
			case init == stInitialInRange:
				reported++
				out.NeedsHuman(stCheckRecurrence, sp,
					fmt.Sprintf("The recurrence %s computes %s from index %d on, and the packet gives %s only at indexes in that range, terms the recurrence itself computes, not a first term before it; a person must confirm that the sequence is determined.", sp.Quote, name, rec.from, stShow(rec.seq)),
					fmt.Sprintf("State the initial values of %s below index %d next to the recurrence.", name, rec.from))
			case init == stInitialMentioned:
				reported++
				out.NeedsHuman(stCheckRecurrence, sp,
					fmt.Sprintf("The recurrence %s is given and the packet names %s at a fixed index, but no value for it that the reader can find; a person must confirm that the initial values are stated.", sp.Quote, stShow(rec.seq)),
					fmt.Sprintf("State the initial values of %s as equations next to the recurrence (for example %s).", name, first))
			case !initial && placeholder:
				reported++
				out.NeedsHuman(stCheckRecurrence, sp,
					fmt.Sprintf("The recurrence %s is written for %s, a letter the packet says stands for other sequences, and not all of them are given first values the reader can find; a person must confirm that each sequence is determined.", sp.Quote, stShow(rec.seq)),
					fmt.Sprintf("State the initial values of each sequence %s stands for next to the recurrence.", stShow(rec.seq)))
			case !initial && rec.script == '(':
				reported++
				out.NeedsHuman(stCheckRecurrence, sp,
					fmt.Sprintf("The equation %s reads as a recurrence for %s with no initial value, unless it is a functional equation that leaves them free; a person must confirm which.", sp.Quote, name),
					fmt.Sprintf("If %s is a sequence, state its initial values (for example %s) and the range of the recurrence.", name, first))
			case !initial && rec.prose:
				reported++
				out.NeedsHuman(stCheckRecurrence, sp,
					fmt.Sprintf("The words around %s define %s from earlier terms, but no initial value is given; a person must confirm whether the first terms are stated.", sp.Quote, name),
					fmt.Sprintf("State the initial values of %s (for example %s) next to the recurrence.", name, first))
			case !initial && stQuantifiedSequence(t, rec.tok):
				reported++
				out.NeedsHuman(stCheckRecurrence, sp,
					fmt.Sprintf("The recurrence %s gives no initial values, but the statement quantifies over the sequence, so its initial values may be what the problem leaves free; a person must confirm that.", sp.Quote),
					fmt.Sprintf("If the initial values of %s are meant to be fixed, state them (for example %s).", name, first))
			case !initial:
				reported++
				out.Fail(stCheckRecurrence, sp,
					fmt.Sprintf("The recurrence %s defines the sequence %s but no initial value is given, so the sequence is not determined.", sp.Quote, name),
					fmt.Sprintf("State the initial values of %s (for example %s) next to the recurrence.", name, first))
			case !ranged:
				reported++
				out.NeedsHuman(stCheckRecurrence, sp,
					fmt.Sprintf("The recurrence %s gives initial values but does not say for which %s it applies; a person must confirm that the range follows from the initial values.", sp.Quote, stShow(rec.index)),
					fmt.Sprintf("Say on which range the recurrence holds (for example \"for every %s\").", stShow(rec.index+` \ge 0`)))
			default:
				reported++
				out.Pass(stCheckRecurrence, sp,
					fmt.Sprintf("The recurrence %s states its initial values and the range of %s on which it applies.", sp.Quote, stShow(rec.index)))
			}
		}
	}
	reported += stExpositionRecurrences(a, fields, seen, out)
	reported += stUnicodeRecurrences(a, seen, out)
	reported += stBareRecurrences(a, seen, out)
	reported += stArgumentRecurrences(a, seen, out)
	reported += stClassDefinitions(a, out)
	low := a.stmt.prose()
	for _, name := range stNamedSequences {
		j := strings.Index(low, name)
		if j < 0 || !strings.ContainsAny(a.r.Statement, "_") {
			continue
		}
		covered := false
		for _, e := range a.r.Exposition {
			if (e.Kind == packet.Convention || e.Kind == packet.Definition) && strings.Contains(strings.ToLower(e.Term+" "+e.Body), strings.TrimPrefix(name, "th ")) {
				covered = true
			}
		}
		if !covered {
			reported++
			out.NeedsHuman(stCheckRecurrence, a.stmt.span(j, j+len(name)),
				fmt.Sprintf("The statement uses an indexed named sequence (\"%s\") without a convention entry; a person must confirm that its indexing cannot change the target.", name),
				fmt.Sprintf("Add a CONVENTION entry that fixes the indexing of the %s sequence (its first index and first values).", strings.TrimPrefix(name, "th ")))
		}
		break
	}
	if reported == 0 {
		out.Pass(stCheckRecurrence, a.stmt.whole(), "The statement defines no sequence by a recurrence and uses no indexed named sequence.")
	}
}

// stQuantifiedSequence reports whether the sentence of token p quantifies over the sequence
// ("Is there a sequence … where $a_{n+2} = a_{n+1} + a_n$", "for every sequence …").
func stQuantifiedSequence(t *stText, p int) bool {
	sent := t.toks[p].sent
	for k := p; k >= 0 && t.toks[k].sent == sent; k-- {
		switch t.toks[k].text {
		case "there", "exist", "exists", "every", "all", "any", "some", "each":
			return true
		}
	}
	return false
}

// A remark or an example defines a sequence by a recurrence as often as the statement does ("let
// $q_{k+1} = a_{k+1} q_k + q_{k-1}$ for $k \ge 0$ define the denominators of the convergents"),
// and the terms it then quotes, or the bound it derives from them, mean nothing without the first
// terms. Such an entry only illustrates the problem, and its recurrence may describe a sequence
// the reader knows by name ("the Fibonacci numbers satisfy …"), so a missing initial value there
// goes to a person, never fails.

// stExpositionRecurrences asks a person about each recurrence of a remark or an example whose
// sequence neither that entry nor the statement's fields give an initial value, unless its
// sentence names a sequence known by name, quantifies over sequences or makes the recurrence a
// condition. It returns the number of findings.
func stExpositionRecurrences(a *stAnalysis, fields []*stText, seen map[string]bool, out *Report) int {
	n := 0
	for i, e := range a.r.Exposition {
		if e.Kind != packet.Remark && e.Kind != packet.Example || !a.entries[i].ok() {
			continue
		}
		t := a.entries[i]
		for _, rec := range stRecurrences(t) {
			if !seen[rec.seq] && (rec.prose || rec.script == '(') && stRangedUndetermined(t, fields, rec) {
				seen[rec.seq] = true
				sp := t.span(rec.f.Start, rec.f.End)
				n++
				out.NeedsHuman(stCheckRecurrence, sp,
					fmt.Sprintf("%s defines %s from index %d on by %s, and neither it nor the statement gives a value below that index, yet it goes on to draw terms or a closed form from it; a person must confirm that the first terms are stated.", t.field, stShow(rec.seq), rec.from, sp.Quote),
					fmt.Sprintf("State the values of %s below index %d next to the recurrence.", stShow(rec.seq), rec.from))
				continue
			}
			if seen[rec.seq] || rec.prose || rec.script == '(' {
				continue // a function's equation may be a property of a known function ("φ(n+12) = φ(n) + 12")
			}
			seen[rec.seq] = true
			if init := stInitialOf(append([]*stText{t}, fields...), rec); init == stInitialMentioned || init == stInitialGiven ||
				stNamesSequence(t, rec.tok) && !stDefinesOverRange(t, rec) ||
				stQuantifiedSequence(t, rec.tok) || stSequenceCondition(t, rec.tok) {
				continue
			}
			sp := t.span(rec.f.Start, rec.f.End)
			name, first := stShow(rec.seq+string(rec.script)+rec.index), stShow(rec.seq+string(rec.script)+"0 = 1")
			if rec.script == '(' {
				name, first = stShow(rec.seq+"("+rec.index+")"), stShow(rec.seq+"(0) = 1")
			}
			n++
			out.NeedsHuman(stCheckRecurrence, sp,
				fmt.Sprintf("%s defines %s by the recurrence %s, but neither it nor the statement gives an initial value, so the terms it quotes are not determined; a person must confirm that the first terms are stated or are those of a sequence the reader knows.", t.field, name, sp.Quote),
				fmt.Sprintf("State the initial values of %s (for example %s) next to the recurrence.", name, first))
		}
	}
	return n
}

// stSequenceCondition reports whether the sentence of token p, before it, makes the recurrence
// a condition a family of sequences satisfies ("a sequence of primes satisfying $p_{i+1} =
// 2p_i + 1$", "chains with $a_{k+1} = 2a_k$"), whose first terms are free, not a definition.
func stSequenceCondition(t *stText, p int) bool {
	sent := t.toks[p].sent
	for k := p - 1; k >= 0 && t.toks[k].sent == sent; k-- {
		switch t.toks[k].text {
		case "satisfy", "satisfies", "satisfying", "satisfied", "obey", "obeys", "obeying", "whenever", "if", "with", "where", "whose":
			return true
		}
	}
	return false
}

// stDefineVerbs, before a recurrence in its sentence, make the sentence define the sequence:
// "let", "define", "write", "put", "set".
var stDefineVerbs = stWordSet(`let define defines defined write put set`)

// stDefinesOverRange reports whether the sentence of a recurrence defines the sequence by it
// over a ranged index ("Let $L_{n+1} = L_n + L_{n-1}$ for $n \ge 1$; these Lucas numbers …"):
// a defining verb before the recurrence, a range of the index, and no name of a known sequence
// before the recurrence. A name after such a definition labels the sequence just defined, and
// does not supply first terms the definition left out; a name before it ("the Fibonacci numbers
// satisfy …", "let $F_n$ be the Fibonacci numbers, $F_{n+2} = …$") still does.
func stDefinesOverRange(t *stText, rec stRecurrence) bool {
	if !rec.hasFrom {
		return false
	}
	sent := t.toks[rec.tok].sent
	verb := false
	var words []string
	for k := rec.tok - 1; k >= 0 && t.toks[k].sent == sent; k-- {
		if t.toks[k].kind == 'w' {
			verb = verb || stDefineVerbs[t.toks[k].text]
			words = append([]string{t.toks[k].text}, words...)
		}
	}
	low := " " + strings.Join(words, " ") + " "
	for _, name := range stNamedSequences {
		if strings.Contains(low, " "+name) {
			return false
		}
	}
	return verb
}

// stNamesSequence reports whether the sentence of token p names a sequence known by name ("the
// Fibonacci numbers satisfy $F_{n+2} = F_{n+1} + F_n$"), whose first terms the name gives.
func stNamesSequence(t *stText, p int) bool {
	sent := t.toks[p].sent
	var words []string
	for _, x := range t.toks {
		if x.sent == sent && x.kind == 'w' {
			words = append(words, x.text)
		}
	}
	low := " " + strings.Join(words, " ") + " "
	for _, name := range stNamedSequences {
		if strings.Contains(low, " "+name) {
			return true
		}
	}
	return false
}

// stFloorRe reads a lower bound on an index, the body of "$n \ge 1$" or the tail of
// "$a_{n+1} = 2a_n, \ n \ge 1$".
var stFloorRe = regexp.MustCompile(`(?:^|,|\\quad|\\qquad|\\text\{\s*for\s*\})\s*(?:\\[,;:! ]\s*)*(?:\(\s*)?([a-zA-Z])\s*(\\geqslant|\\geq|\\ge|≥|>)\s*(-?\d+)\s*\)?\s*[.,;]?\s*$`)

// stIndexFloor returns the least value the sentence of token p lets the index v take ("for
// $n \ge 1$", "$k > 0$"), read from a formula of that sentence that bounds v alone or from the
// tail of the recurrence itself, or ok false when the sentence gives none.
func stIndexFloor(t *stText, p int, v string) (int, bool) {
	sent := t.toks[p].sent
	for q := p; q >= 0 && q < len(t.toks) && t.toks[q].sent == sent; q-- {
		p = q // the sentence's first token
	}
	for q := p; q < len(t.toks) && t.toks[q].sent == sent; q++ {
		if t.toks[q].kind != 'f' {
			continue
		}
		m := stFloorRe.FindStringSubmatch(strings.TrimSpace(t.formula(q).Body()))
		if m == nil || m[1] != v {
			continue
		}
		n, err := strconv.Atoi(m[3])
		if err != nil {
			continue
		}
		if m[2] == ">" {
			n++
		}
		return n, true
	}
	return 0, false
}

// stRangedUndetermined reports whether a recurrence of a remark or an example, written in words
// or as a function, defines its sequence over a range of the index from 1 or more, with no value
// below it in the entry or the statement's fields, and is not a property of a sequence named
// before it: in words ("taking $a_{k+1}$ the least … for $k \ge 1$") it defines; as a function
// ("$T(k) = 7T(k-1) + 1$ for $k \ge 1$") only when the entry then gives a closed form for it
// ("so $T(k) = …$"), which the recurrence alone does not determine. An equation a function
// merely satisfies ("$\varphi(n+12) = \varphi(n) + 12$ for $n \ge 1$") gives none.
func stRangedUndetermined(t *stText, fields []*stText, rec stRecurrence) bool {
	if !rec.hasFrom || rec.from < 1 || rec.script == '(' && !stClosedFormAfter(t, rec) {
		return false
	}
	if stNamesSequence(t, rec.tok) && !stDefinesOverRange(t, rec) || stQuantifiedSequence(t, rec.tok) {
		return false
	}
	return stInitialOf(append([]*stText{t}, fields...), rec) != stInitialGiven
}

// stClosedFormAfter reports whether a formula after the recurrence gives the function at its
// index by an expression without it: "$T(k) = 7^{k+1} - 6 \cdot 4^k$".
func stClosedFormAfter(t *stText, rec stRecurrence) bool {
	head := rec.seq + "(" + rec.index + ")"
	for q := rec.tok + 1; q < len(t.toks); q++ {
		if t.toks[q].kind != 'f' {
			continue
		}
		src := strings.ReplaceAll(t.formula(q).Body(), " ", "")
		i := strings.Index(src, head+"=")
		if i < 0 {
			continue
		}
		rest := src[i+len(head)+1:]
		if j := strings.IndexAny(rest, ",;$"); j >= 0 {
			rest = rest[:j]
		}
		if !strings.Contains(rest, rec.seq+"(") && strings.Contains(rest, rec.index) {
			return true
		}
	}
	return false
}
