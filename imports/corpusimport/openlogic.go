package corpusimport

import (
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
)

// OpenLogic environments and the node kinds they become. A corollary is a
// proposition; informal definitions (defish), problems and exercises are
// not nodes.
var olKinds = map[string]string{
	"defn": "DEFINITION", "thm": "THEOREM", "lem": "LEMMA", "prop": "PROPOSITION", "cor": "PROPOSITION",
	"ex": "EXAMPLE", "proof": "PROOF",
}

var (
	olFileID = regexp.MustCompile(`\\olfileid\{([^}]*)\}\{([^}]*)\}\{([^}]*)\}`)
	// olSection is the title of a file's section.
	olSection = regexp.MustCompile(`\\olsection\{([^{}]*)\}`)
	olBegin   = regexp.MustCompile(`\\begin\{(defn|thm|lem|prop|cor|ex|proof)\}`)
	olLabel   = regexp.MustCompile(`\\ollabel\{([^}]*)\}`)
	olRef     = regexp.MustCompile(`\\olref((?:\[[^\]]*\])*)\{([^}]*)\}`)
	olOpt     = regexp.MustCompile(`\[([^\]]*)\]`)
	olEmph    = regexp.MustCompile(`\\emph\{([^{}$]{2,80})\}`)
	// olDivisions are \olref labels that name a part, chapter or section, not an item.
	olDivisions = map[string]bool{"part": true, "chap": true, "sec": true, "subsec": true, "subsubsec": true, "prob": true}
)

// ParseOpenLogic reads the .tex files under fsys (the repository's
// content/ tree, or any tree of its files) and returns its items in file
// order, with the issues of what it left out. The macros the .sty files
// under fsys define are written out in the items' text.
func ParseOpenLogic(fsys fs.FS) ([]Item, []Issue, error) {
	defs, err := ReadTeXDefinitions(fsys)
	if err != nil {
		return nil, nil, err
	}
	return ParseOpenLogicWith(fsys, defs)
}

// ParseOpenLogicWith is ParseOpenLogic with the macro definitions of the
// source's .sty files read elsewhere (a checkout keeps them beside
// content/, in sty/): each item's text has them, and those of its own
// file, written out.
func ParseOpenLogicWith(fsys fs.FS, defs TeXDefinitions) ([]Item, []Issue, error) {
	var files []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".tex") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	sort.Strings(files)
	var (
		items  []Item
		issues []Issue
		labels = map[string]string{} // path/label of any \ollabel to the key of its item
		keys   = map[string]bool{}
		nodes  = labelSet{} // the node labels handed out
	)
	type pending struct {
		item     *Item
		here     string
		refs     [][2]string // current path, raw \olref
		proveArg string
		untitled bool // a proof with no title of its own
	}
	var all []pending
	for _, f := range files {
		raw, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, nil, err
		}
		src := stripComments(string(raw))
		m := olFileID.FindStringSubmatch(src)
		if m == nil {
			continue // a driver file with no items of its own
		}
		here := m[1] + "/" + m[2] + "/" + m[3]
		fileDefs := TeXDefinitions{}
		readTeXDefs(src, fileDefs)
		fileDefs = defs.with(fileDefs)
		section := ""
		if sm := olSection.FindStringSubmatch(src); sm != nil {
			section = strings.Join(strings.Fields(sm[1]), " ")
		}
		var lastStatement string
		proved := map[string]bool{}
		n := 0
		perEnv := map[string]int{} // each environment's items so far in the file
		for _, loc := range olBegin.FindAllStringSubmatchIndex(src, -1) {
			env := src[loc[2]:loc[3]]
			line := 1 + strings.Count(src[:loc[0]], "\n")
			end := matchingEnd(src, loc[1], env)
			if end < 0 {
				issues = append(issues, Issue{f, line, `\begin{` + env + `} has no matching \end{` + env + `}`})
				continue
			}
			inner := src[loc[1]:end]
			opt, rest := optionalArg(inner)
			n++
			it := &Item{Kind: olKinds[env], File: path.Join("content", f), Line: line}
			ls := olLabel.FindAllStringSubmatch(rest, -1)
			primary := ""
			if len(ls) > 0 && strings.HasPrefix(strings.TrimSpace(rest), `\ollabel{`) {
				primary = ls[0][1]
			}
			if primary != "" {
				it.Key = "openlogic:" + here + "/" + primary
			} else {
				it.Key = "openlogic:" + here + "/" + env + "#" + itoa(n)
			}
			if keys[it.Key] { // a label given twice, or a file id two files share
				issues = append(issues, Issue{f, line, "the item's key " + it.Key + " is taken by an earlier item; numbered instead"})
				it.Key += "~" + itoa(n)
			}
			keys[it.Key] = true
			for _, l := range ls {
				if _, taken := labels[here+"/"+l[1]]; !taken {
					labels[here+"/"+l[1]] = it.Key
				}
			}
			it.Body = strings.TrimSpace(olLabel.ReplaceAllString(rest, ""))
			it.Body = strings.TrimSpace(expandTeXDefs(readTeXDefs(it.Body, TeXDefinitions{}), fileDefs))
			if t := olEmph.FindStringSubmatch(expandOLTerms(it.Body)); t != nil && env == "defn" {
				it.Term = strings.TrimSpace(t[1])
			}
			perEnv[env]++
			it.Title = olTitle(env, opt, it, primary, section, here, perEnv[env])
			p := pending{item: it, here: here, untitled: env == "proof"}
			for _, r := range olRef.FindAllStringSubmatch(rest, -1) {
				p.refs = append(p.refs, [2]string{here, r[0]})
			}
			if env == "proof" {
				for _, r := range olRef.FindAllStringSubmatch(opt, -1) {
					p.proveArg = resolveOLRef(here, r[1], r[2])
				}
				if p.proveArg == "" {
					if lastStatement == "" || proved[lastStatement] {
						issues = append(issues, Issue{f, line, "a proof with no statement before it to prove"})
						continue
					}
					it.Proves = lastStatement
					proved[lastStatement] = true
				}
			} else if env != "defn" && env != "ex" {
				lastStatement = it.Key
			}
			it.Label = nodes.take(slug("ol-", strings.TrimPrefix(it.Key, "openlogic:"), 120))
			items = append(items, *it)
			all = append(all, p)
		}
	}
	// Cross-references resolve once every label is known.
	byKey := map[string]int{}
	for k, p := range all {
		byKey[items[k].Key] = k
		items[k].Title = expandOpenLogic(items[k].Title, p.here, nil)
		items[k].Term = expandOpenLogic(items[k].Term, p.here, nil)
	}
	// A proof with no title of its own is titled after what it proves.
	for k, p := range all {
		it := &items[k]
		if p.proveArg != "" {
			if key, ok := labels[p.proveArg]; ok {
				it.Proves = key
			} else {
				issues = append(issues, Issue{it.File, it.Line, "the proof names what it proves, and no item has that label"})
			}
		}
		if j, ok := byKey[it.Proves]; ok && it.Kind == "PROOF" && p.untitled {
			it.Title = "Proof of " + items[j].Title
		}
	}
	for k, p := range all {
		items[k].Body = expandOpenLogic(items[k].Body, p.here, func(opts, label string) (string, string, bool) {
			key, ok := labels[resolveOLRef(p.here, opts, label)]
			if !ok {
				return "", "", false
			}
			t := items[byKey[key]]
			return t.Label, t.Title, true
		})
	}
	for k, p := range all {
		it := &items[k]
		seen := map[string]bool{}
		for _, r := range p.refs {
			m := olRef.FindStringSubmatch(r[1])
			target := resolveOLRef(r[0], m[1], m[2])
			if target == "" {
				continue
			}
			key, ok := labels[target]
			if !ok || key == it.Key || seen[key] {
				continue
			}
			seen[key] = true
			it.Refs = append(it.Refs, key)
		}
	}
	return items, issues, nil
}

// resolveOLRef is the path/label an \olref points to, or "" for a part,
// chapter or section. Its optional arguments are the last of part,
// chapter and section; an empty one keeps the current file's.
func resolveOLRef(here, opts, label string) string {
	if olDivisions[label] {
		return ""
	}
	cur := strings.Split(here, "/")
	var args []string
	for _, m := range olOpt.FindAllStringSubmatch(opts, -1) {
		args = append(args, m[1])
	}
	if len(args) > 3 {
		return ""
	}
	for i, a := range args {
		if a != "" {
			cur[3-len(args)+i] = a
		}
	}
	return strings.Join(cur, "/") + "/" + label
}

// olTitle is an item's title, as a person would title it: its optional
// argument when it has one, else the term a definition emphasises, else
// its label's words ("Corollary (Unique)" for cor:unique), else its
// number among its kind in its section ("Example 2 of “Subsets”"). A
// proof is titled after what it proves once that is known.
func olTitle(env, opt string, it *Item, label, section, here string, nth int) string {
	name := map[string]string{"defn": "Definition", "thm": "Theorem", "lem": "Lemma", "prop": "Proposition",
		"cor": "Corollary", "ex": "Example", "proof": "Proof"}[env]
	opt = strings.Join(strings.Fields(opt), " ")
	switch {
	case opt != "" && len(opt) <= 200 && env != "proof":
		return name + " (" + opt + ")"
	case it.Term != "":
		return "Definition of " + it.Term
	}
	if _, words, ok := strings.Cut(label, ":"); ok && env != "proof" {
		words = strings.Join(strings.FieldsFunc(words, func(r rune) bool { return r == '-' || r == '_' || r == ':' || r == '.' }), " ")
		if words != "" {
			return name + " (" + capitalise(words) + ")"
		}
	}
	if section != "" {
		return name + " " + itoa(nth) + " of “" + section + "”"
	}
	return name + " " + itoa(nth) + " of section " + here
}

// olCommentLine marks a line that held only a comment.
const olCommentLine = "\x00"

// stripComments removes TeX comments, keeping line breaks.
func stripComments(s string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		cut := -1
		for i := 0; i < len(line); i++ {
			if line[i] == '\\' {
				i++
				continue
			}
			if line[i] == '%' {
				cut = i
				break
			}
		}
		if cut >= 0 {
			if strings.TrimSpace(line[:cut]) == "" {
				// A line that is only a comment is no line to TeX: it must not
				// become a paragraph break. The mark keeps the line count for
				// issues and is removed from the text an item keeps.
				b.WriteString(olCommentLine)
			} else {
				b.WriteString(line[:cut])
			}
			if strings.HasSuffix(line, "\n") {
				b.WriteByte('\n')
			}
			continue
		}
		b.WriteString(line)
	}
	return b.String()
}

// dropCommentMarks removes from s the lines stripComments marked as
// holding only a comment, with their line breaks, as TeX reads them.
func dropCommentMarks(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, olCommentLine+"\n", ""), olCommentLine, "")
}

// matchingEnd is the offset of the \end{env} that closes the environment
// whose body starts at from, or -1.
func matchingEnd(src string, from int, env string) int {
	open, closeTag := `\begin{`+env+`}`, `\end{`+env+`}`
	depth := 1
	for i := from; i < len(src); {
		o := strings.Index(src[i:], open)
		c := strings.Index(src[i:], closeTag)
		if c < 0 {
			return -1
		}
		if o >= 0 && o < c {
			depth++
			i += o + len(open)
			continue
		}
		depth--
		if depth == 0 {
			return i + c
		}
		i += c + len(closeTag)
	}
	return -1
}

// optionalArg splits a leading [..] argument (brackets and braces nested)
// from the rest of an environment's body.
func optionalArg(s string) (string, string) {
	t := strings.TrimLeft(s, " \t")
	if !strings.HasPrefix(t, "[") {
		return "", s
	}
	depth, braces := 0, 0
	for i, r := range t {
		switch r {
		case '{':
			braces++
		case '}':
			braces--
		case '[':
			if braces == 0 {
				depth++
			}
		case ']':
			if braces == 0 {
				depth--
				if depth == 0 {
					return t[1:i], t[i+1:]
				}
			}
		}
	}
	return "", s
}

func itoa(n int) string {
	const digits = "0123456789"
	if n < 10 {
		return digits[n : n+1]
	}
	return itoa(n/10) + digits[n%10:n%10+1]
}
