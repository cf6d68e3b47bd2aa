package corpusimport

import (
	"io/fs"
	"regexp"
	"strings"

	"github.com/theoremdb/theoremdb/corpus"
)

// The HoTT book's chapters and appendix, in the book's order (main.tex).
var hottFiles = []string{"preliminaries", "basics", "logic", "equivalences", "induction", "hits", "hlevels",
	"homotopy", "categories", "setmath", "reals", "formal"}

// HoTT environments and the node kinds they become; ex is an exercise,
// not a node.
var hottKinds = map[string]string{
	"defn": "DEFINITION", "thm": "THEOREM", "lem": "LEMMA", "cor": "PROPOSITION", "eg": "EXAMPLE",
	"rmk": "REMARK", "proof": "PROOF",
}

var (
	hottBegin = regexp.MustCompile(`\\begin\{(defn|thm|lem|cor|eg|rmk|proof)\}`)
	hottLabel = regexp.MustCompile(`\\label\{([^}]*)\}`)
	hottRef   = regexp.MustCompile(`\\(?:cref|Cref|ref|autoref)\{([^}]*)\}`)
	hottIndex = regexp.MustCompile(`\\index(?:def|see|sub)?\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}`)
	hottTerm  = regexp.MustCompile(`\\define\{([^{}$]{2,80})\}`)
)

// ParseHoTT reads the chapters of the HoTT book's LaTeX sources under
// fsys and returns their items in the book's order.
func ParseHoTT(fsys fs.FS) ([]Item, []Issue, error) {
	var (
		items  []Item
		issues []Issue
		labels = map[string]string{}
		nodes  = labelSet{} // the node labels handed out
		refs   [][]string
	)
	for _, name := range hottFiles {
		raw, err := fs.ReadFile(fsys, name+".tex")
		if err != nil {
			return nil, nil, err
		}
		src := stripComments(string(raw))
		var lastStatement string
		proved := map[string]bool{}
		n := 0
		for _, loc := range hottBegin.FindAllStringSubmatchIndex(src, -1) {
			env := src[loc[2]:loc[3]]
			line := 1 + strings.Count(src[:loc[0]], "\n")
			end := matchingEnd(src, loc[1], env)
			if end < 0 {
				issues = append(issues, Issue{name + ".tex", line, `\begin{` + env + `} has no matching \end{` + env + `}`})
				continue
			}
			opt, rest := optionalArg(dropCommentMarks(src[loc[1]:end]))
			n++
			it := Item{Kind: hottKinds[env], File: name + ".tex", Line: line}
			ls := hottLabel.FindAllStringSubmatch(rest, -1)
			if len(ls) > 0 && strings.HasPrefix(strings.TrimSpace(rest), `\label{`) {
				it.Key = "hott:" + ls[0][1]
			} else {
				it.Key = "hott:" + name + "/" + env + "#" + itoa(n)
			}
			for _, l := range ls {
				if _, taken := labels[l[1]]; !taken {
					labels[l[1]] = it.Key
				}
			}
			body := hottIndex.ReplaceAllString(hottLabel.ReplaceAllString(rest, ""), "")
			it.Body = strings.TrimSpace(body)
			if t := hottTerm.FindStringSubmatch(it.Body); t != nil && env == "defn" {
				it.Term = strings.TrimSpace(t[1])
			}
			it.Title = hottTitle(env, opt, &it, name)
			if env == "proof" {
				if lastStatement == "" || proved[lastStatement] {
					issues = append(issues, Issue{it.File, line, "a proof with no statement before it to prove"})
					continue
				}
				it.Proves, proved[lastStatement] = lastStatement, true
			} else if env == "thm" || env == "lem" || env == "cor" {
				lastStatement = it.Key
			}
			var rs []string
			for _, m := range hottRef.FindAllStringSubmatch(rest, -1) {
				for _, r := range strings.Split(m[1], ",") {
					rs = append(rs, strings.TrimSpace(r))
				}
			}
			it.Label = nodes.take(slug("hott-", strings.TrimPrefix(it.Key, "hott:"), 120))
			items = append(items, it)
			refs = append(refs, rs)
		}
	}
	for k := range items {
		seen := map[string]bool{}
		for _, r := range refs[k] {
			key, ok := labels[r]
			if !ok || key == items[k].Key || seen[key] {
				continue
			}
			seen[key] = true
			items[k].Refs = append(items[k].Refs, key)
		}
	}
	return items, issues, nil
}

func hottTitle(env, opt string, it *Item, file string) string {
	name := map[string]string{"defn": "Definition", "thm": "Theorem", "lem": "Lemma", "cor": "Corollary",
		"eg": "Example", "rmk": "Remark", "proof": "Proof"}[env]
	opt = strings.Join(strings.Fields(opt), " ")
	switch {
	case opt != "" && len(opt) <= 200 && env != "proof":
		return name + " (" + opt + ")"
	case it.Term != "":
		return "Definition of " + it.Term
	}
	return name + " " + strings.TrimPrefix(it.Key, "hott:") + " (HoTT book, " + file + ")"
}

// HoTT is the HoTT book as a source: CC BY-SA 3.0, which TheoremDB's own
// CC BY-SA 4.0 text may carry with attribution.
var HoTT = Source{
	Writer:  corpus.Writer{Kind: corpus.WriterImporter, ID: "importer:hott", Layer: "hott"},
	Licence: "CC-BY-SA-3.0",
	Attribution: func(it Item) string {
		return "The Univalent Foundations Program, Homotopy Type Theory: Univalent Foundations of Mathematics " +
			"(https://homotopytypetheory.org/book), CC BY-SA 3.0: " + it.File
	},
}
