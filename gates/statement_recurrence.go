package gates

import (
	"fmt"
	"regexp"
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
						out = append(out, stRecurrence{t: t, f: f, tok: p, seq: keys[k], index: m[1], script: c})
					}
				}
			}
		}
	}
	return out
}

// stHasInitial reports whether some formula of the fields gives the sequence a value at a
// numeric index ("$a_0 = 1$", "$T^{0}(n) = n$").
func stHasInitial(fields []*stText, seq string, script byte) bool {
	for _, t := range fields {
		for fi := range t.tex.Formulas {
			f := &t.tex.Formulas[fi]
			keys := stKeys(f)
			for k, key := range keys {
				if key != seq {
					continue
				}
				idx := strings.Trim(f.ScriptOf(k, script), "{} ")
				if idx == "" || strings.IndexFunc(idx, func(r rune) bool { return !unicode.IsDigit(r) && r != ',' && r != ' ' }) >= 0 {
					continue
				}
				// The value must be given: an "=" follows on the same level.
				for j := k + 1; j < len(f.Atoms); j++ {
					if a := f.Atoms[j]; a.Depth == f.Atoms[k].Depth && a.Script == f.Atoms[k].Script {
						if a.Kind == tex.AtomRel {
							if a.Text == "=" {
								return true
							}
							break
						}
					}
				}
			}
		}
		low := t.prose()
		for _, cue := range []string{"initial value", "initial term", "initial condition", "starting value",
			"starting with", "starts with", "start with", "first term", "first two terms", "seed"} {
			if strings.Contains(low, cue) {
				return true
			}
		}
	}
	return false
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
			initial := stHasInitial(fields, rec.seq, rec.script)
			ranged := a.decl.ranged[rec.index]
			switch {
			case !initial && stQuantifiedSequence(t, rec.tok):
				reported++
				out.NeedsHuman(stCheckRecurrence, sp,
					fmt.Sprintf("The recurrence %s gives no initial values, but the statement quantifies over the sequence, so its initial values may be what the problem leaves free; a person must confirm that.", sp.Quote),
					fmt.Sprintf("If the initial values of %s are meant to be fixed, state them (for example %s).", name, stShow(rec.seq+string(rec.script)+"0 = 1")))
			case !initial:
				reported++
				out.Fail(stCheckRecurrence, sp,
					fmt.Sprintf("The recurrence %s defines the sequence %s but no initial value is given, so the sequence is not determined.", sp.Quote, name),
					fmt.Sprintf("State the initial values of %s (for example %s) next to the recurrence.", name, stShow(rec.seq+string(rec.script)+"0 = 1")))
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
