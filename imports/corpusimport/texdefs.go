package corpusimport

import (
	"io/fs"
	"regexp"
	"sort"
	"strings"
)

// A source's own macro definitions, read from its .sty files (for every
// file) and from each .tex file (for that file's items), and written out
// in the items' text as TeX would expand them, so that a macro the
// source defines in plain TeX becomes what it stands for rather than
// staying as a name no renderer knows. What is read: \newcommand,
// \renewcommand and \providecommand (starred or not, with a number of
// arguments and a default for an optional first one), \def with
// undelimited parameters #1…#9, \let of one control word to another, and
// \DeclareMathOperator. Definitions by xparse (\DeclareDocumentCommand)
// and delimited \def parameters are not read; the hand table of
// openlogic_tex.go covers the first of OpenLogic's.

// texDef is one macro a source defines.
type texDef struct {
	nargs int
	// opt is the default of an optional first argument, when there is one.
	opt  *string
	body string
}

// TeXDefinitions are the macros a source defines, by name.
type TeXDefinitions map[string]texDef

// texDefStart finds where a definition begins.
var texDefStart = regexp.MustCompile(`\\(newcommand|renewcommand|providecommand|DeclareMathOperator|def|let)\b\*?`)

// texParams are \def's undelimited parameters.
var texParams = regexp.MustCompile(`^(?:#[1-9])*$`)

// readTeXDefs reads the definitions in src into defs (a later one of a
// name replacing an earlier, as \renewcommand does; \providecommand only
// when the name is new) and returns src without them: a definition
// typesets nothing.
func readTeXDefs(src string, defs TeXDefinitions) string {
	var b strings.Builder
	last := 0
	for _, loc := range texDefStart.FindAllStringIndex(src, -1) {
		if loc[0] < last {
			continue // inside a definition already read
		}
		kind := strings.TrimSuffix(src[loc[0]+1:loc[1]], "*")
		name, d, end, ok := readTeXDef(src, loc[1], kind, defs)
		if !ok {
			continue
		}
		if _, seen := defs[name]; !seen || kind != "providecommand" {
			defs[name] = d
		}
		b.WriteString(src[last:loc[0]])
		last = end
	}
	b.WriteString(src[last:])
	return b.String()
}

// readTeXDef reads one definition of kind after its command, at i.
func readTeXDef(src string, i int, kind string, defs TeXDefinitions) (string, texDef, int, bool) {
	name, i, ok := tokenArg(src, i)
	if !ok || !strings.HasPrefix(name, `\`) || len(name) < 2 {
		return "", texDef{}, 0, false
	}
	name = name[1:]
	var d texDef
	switch kind {
	case "let":
		j := skipSpaces(src, i)
		if j < len(src) && src[j] == '=' {
			j++
		}
		to, next, ok := tokenArg(src, j)
		if !ok || !strings.HasPrefix(to, `\`) {
			return "", texDef{}, 0, false
		}
		if known, ok := defs[to[1:]]; ok {
			return name, known, next, true
		}
		return name, texDef{body: to}, next, true
	case "def":
		j := i
		for j < len(src) && src[j] != '{' {
			j++
		}
		params := src[i:j]
		if !texParams.MatchString(params) {
			return "", texDef{}, 0, false
		}
		d.nargs = len(params) / 2
		i = j
	case "DeclareMathOperator":
		text, next, ok := tokenArg(src, i)
		if !ok {
			return "", texDef{}, 0, false
		}
		return name, texDef{body: `\operatorname{` + text + `}`}, next, true
	default:
		if n, next, ok := bracketArg(src, i); ok {
			if len(n) != 1 || n[0] < '0' || n[0] > '9' {
				return "", texDef{}, 0, false
			}
			d.nargs, i = int(n[0]-'0'), next
			if def, next, ok := bracketArg(src, i); ok {
				d.opt, i = &def, next
			}
		}
	}
	j := skipSpaces(src, i)
	if j >= len(src) || src[j] != '{' {
		return "", texDef{}, 0, false
	}
	body, next, ok := tokenArg(src, j)
	if !ok {
		return "", texDef{}, 0, false
	}
	d.body = body
	return name, d, next, true
}

// ReadTeXDefinitions reads the definitions of every .sty file under fsys,
// in path order.
func ReadTeXDefinitions(fsys fs.FS) (TeXDefinitions, error) {
	var files []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".sty") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	defs := TeXDefinitions{}
	for _, f := range files {
		raw, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, err
		}
		readTeXDefs(stripComments(string(raw)), defs)
	}
	return defs, nil
}

// with is defs and more, the second winning.
func (defs TeXDefinitions) with(more TeXDefinitions) TeXDefinitions {
	out := make(TeXDefinitions, len(defs)+len(more))
	for n, d := range defs {
		out[n] = d
	}
	for n, d := range more {
		out[n] = d
	}
	return out
}

// expandTeXDefs writes out in s the macros defs defines, other than those
// of the hand table, with their arguments.
func expandTeXDefs(s string, defs TeXDefinitions) string { return expandTeXDefsAt(s, defs, 0) }

func expandTeXDefsAt(s string, defs TeXDefinitions, depth int) string {
	if len(defs) == 0 {
		return s
	}
	return expandMacros(s, depth, func(name, s string, j, depth int) (string, int, bool) {
		d, ok := defs[name]
		if _, hand := olMacros[name]; !ok || hand {
			return "", 0, false
		}
		var args []string
		k := j
		if d.opt != nil {
			a, next, ok := bracketArg(s, k)
			if !ok {
				a = *d.opt
			}
			args, k = append(args, a), next
		}
		for len(args) < d.nargs {
			a, next, ok := tokenArg(s, k)
			if !ok {
				return "", 0, false // too few arguments: leave it as written
			}
			args, k = append(args, a), next
		}
		return expandTeXDefsAt(substitute(d.body, args), defs, depth+1), k, true
	})
}

// substitute puts args in place of #1…#9 in body, and # for ##.
func substitute(body string, args []string) string {
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		if body[i] != '#' || i+1 == len(body) {
			b.WriteByte(body[i])
			continue
		}
		switch c := body[i+1]; {
		case c == '#':
			b.WriteByte('#')
			i++
		case c >= '1' && c <= '9' && int(c-'1') < len(args):
			b.WriteString(args[c-'1'])
			i++
		default:
			b.WriteByte('#')
		}
	}
	return b.String()
}
