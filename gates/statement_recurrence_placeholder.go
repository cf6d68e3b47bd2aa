package gates

import (
	"regexp"
	"strings"
)

// A recurrence is often written once for a letter that stands for several sequences: "$W_{k+1}
// = P W_k - Q W_{k-1}$ for $W = U$ and for $W = V$", "for $W \in \{U, V\}$", "where $W$ is $U$
// or $V$". Such a letter has no first values of its own; the sequences it names do.

// stPlaceholderEqRe reads "$W = U$", "$W = U, V$" and "$W \in \{U, V\}$": a letter set equal
// to, or ranging over, one or more other letters.
var stPlaceholderEqRe = regexp.MustCompile(`^([A-Za-z])\s*(?:=|\\in)\s*(?:\\\{\s*)?([A-Za-z](?:\s*,\s*(?:\\text\{\s*or\s*\}\s*)?[A-Za-z])*)\s*(?:\\\})?\s*[.,;]?$`)

// stPlaceholderWords, after a letter written alone, say that it stands for the letters that
// follow: "$W$ is $U$ or $V$", "$W$ stands for either $U$ or $V$", "$W$ denotes one of …".
var stPlaceholderWords = stWordSet(`is stands for denotes means either one of each any`)

// stPlaceholderSequences returns the letters the fields say seq stands for, or nil.
func stPlaceholderSequences(fields []*stText, seq string) []string {
	var named []string
	add := func(s string) {
		if s != seq && !strings.Contains(strings.Join(named, " "), s) {
			named = append(named, s)
		}
	}
	for _, t := range fields {
		if !t.ok() {
			continue
		}
		for fi := range t.tex.Formulas {
			body := strings.TrimSpace(t.tex.Formulas[fi].Body())
			if m := stPlaceholderEqRe.FindStringSubmatch(body); m != nil && m[1] == seq {
				for _, part := range strings.Split(m[2], ",") {
					part = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(part), `\text{ or }`))
					if len(part) == 1 {
						add(part)
					}
				}
			}
		}
		for p, tk := range t.toks {
			if tk.kind != 'f' || strings.TrimSpace(t.formula(p).Body()) != seq {
				continue
			}
			words := 0
		scan:
			for q := p + 1; q < len(t.toks) && t.toks[q].sent == tk.sent; q++ {
				x := t.toks[q]
				switch {
				case x.kind == 'w' && stPlaceholderWords[x.text] && len(named) == 0:
					words++
					continue
				case x.kind == 'w' && (x.text == "or" || x.text == "and") || x.kind == 'p' && x.text == ",":
					continue
				case x.kind == 'f' && words > 0:
					if b := strings.TrimSpace(t.formula(q).Body()); len(b) == 1 && stAlpha(b) {
						add(b)
						continue
					}
				}
				break scan
			}
		}
	}
	return named
}
