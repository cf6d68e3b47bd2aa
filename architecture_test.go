package theoremdb_test

import (
	"bufio"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// module is the import path every package of the repository starts with.
const module = "github.com/theoremdb/theoremdb"

// layering is the written layering of ARCHITECTURE.md: for each directory
// pattern, the module packages its files may import and the outside packages
// they must not.
type layering struct {
	rules []layerRule
}

type layerRule struct {
	line      int
	pattern   string   // a directory, or dir/... for it and every directory below
	may       []string // module directories (or dir/...) its files may import
	mustNot   []string // outside import paths (or path/...) its files must not import
	testsToo  bool     // the rule holds for _test.go files as well
	allowSelf bool     // a pattern dir/... may import within itself
}

func matches(pattern, dir string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return dir == base || strings.HasPrefix(dir, base+"/")
	}
	return pattern == dir
}

// readLayering parses the ```layers block of ARCHITECTURE.md. Each line is
//
//	dir[/...] [tests]: may a b c/... ; not x/y z/...
//
// where "tests" extends the rule to test files.
func readLayering(path string) (*layering, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var l layering
	in, n := false, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "```layers":
			in = true
			continue
		case in && line == "```":
			in = false
			continue
		case !in || line == "" || strings.HasPrefix(line, "#"):
			continue
		}
		head, body, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("%s:%d: no colon in %q", path, n, line)
		}
		fields := strings.Fields(head)
		r := layerRule{line: n, pattern: fields[0]}
		for _, f := range fields[1:] {
			if f != "tests" {
				return nil, fmt.Errorf("%s:%d: unknown word %q", path, n, f)
			}
			r.testsToo = true
		}
		mayPart, notPart, _ := strings.Cut(body, ";")
		mayWords := strings.Fields(mayPart)
		if len(mayWords) == 0 || mayWords[0] != "may" {
			return nil, fmt.Errorf("%s:%d: want \"may …\" after the colon", path, n)
		}
		for _, w := range mayWords[1:] {
			if w != "-" {
				r.may = append(r.may, w)
			}
		}
		if notWords := strings.Fields(notPart); len(notWords) > 0 {
			if notWords[0] != "not" {
				return nil, fmt.Errorf("%s:%d: want \"not …\" after the semicolon", path, n)
			}
			r.mustNot = notWords[1:]
		}
		l.rules = append(l.rules, r)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(l.rules) == 0 {
		return nil, fmt.Errorf("%s: no ```layers block", path)
	}
	return &l, nil
}

// ruleFor is the most specific rule for a directory: an exact directory
// wins over dir/..., and a longer dir/... over a shorter one.
func (l *layering) ruleFor(dir string) (layerRule, bool) {
	best, found := layerRule{}, false
	score := func(r layerRule) int {
		if !strings.HasSuffix(r.pattern, "/...") {
			return 1 << 20
		}
		return len(r.pattern)
	}
	for _, r := range l.rules {
		if matches(r.pattern, dir) && (!found || score(r) > score(best)) {
			best, found = r, true
		}
	}
	return best, found
}

// violation says why one import of one file breaks the layering.
func (l *layering) violation(dir, file, imp string) string {
	r, ok := l.ruleFor(dir)
	if !ok {
		return fmt.Sprintf("%s: directory %s has no line in the layering: add one to ARCHITECTURE.md", file, dir)
	}
	isTest := strings.HasSuffix(file, "_test.go")
	if rel, ok := strings.CutPrefix(imp, module+"/"); ok {
		if isTest && !r.testsToo {
			return ""
		}
		if rel == dir || (strings.HasSuffix(r.pattern, "/...") && matches(r.pattern, rel)) {
			return ""
		}
		for _, m := range r.may {
			if matches(m, rel) {
				return ""
			}
		}
		return fmt.Sprintf("%s imports %s: %s may import only %s (ARCHITECTURE.md line %d)",
			file, rel, r.pattern, orNothing(r.may), r.line)
	}
	if isTest {
		return ""
	}
	for _, m := range r.mustNot {
		if matches(m, imp) {
			return fmt.Sprintf("%s imports %s: %s must not import %s (ARCHITECTURE.md line %d)",
				file, imp, r.pattern, m, r.line)
		}
	}
	return ""
}

func orNothing(s []string) string {
	if len(s) == 0 {
		return "nothing of this module"
	}
	return strings.Join(s, " ")
}

// goFiles lists the repository's Go files by directory, generated ones
// included, leaving out testdata, node_modules and hidden folders.
func goFiles(t *testing.T, root string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".go") {
			dir := filepath.ToSlash(filepath.Dir(path))
			out[dir] = append(out[dir], path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func importsOf(fset *token.FileSet, path string) ([]string, error) {
	f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, s := range f.Imports {
		p, err := strconv.Unquote(s.Path.Value)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// TestArchitecture holds every import of every Go file to the layering
// written in ARCHITECTURE.md.
func TestArchitecture(t *testing.T) {
	l, err := readLayering("ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var problems []string
	for dir, files := range goFiles(t, ".") {
		if dir == "." {
			continue // this test
		}
		for _, file := range files {
			imps, err := importsOf(fset, file)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			for _, imp := range imps {
				if v := l.violation(dir, file, imp); v != "" {
					problems = append(problems, v)
				}
			}
		}
	}
	sort.Strings(problems)
	problems = slices.Compact(problems)
	for _, p := range problems {
		t.Error(p)
	}
}

// TestLayeringCatchesWrongImports checks the checker on imports that must be
// refused and allowed by the rules written in ARCHITECTURE.md.
func TestLayeringCatchesWrongImports(t *testing.T) {
	l, err := readLayering("ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		dir, file, imp string
		refused        bool
	}{
		{"server", "server/x.go", module + "/ent", true},
		{"server", "server/x_test.go", module + "/ent/problem", true},
		{"ui", "ui/x_templ.go", module + "/ent", true},
		{"policy", "policy/x.go", "github.com/99designs/gqlgen/graphql", true},
		{"policy", "policy/x.go", "github.com/gorilla/websocket", true},
		{"policy", "policy/x.go", module + "/server", true},
		{"policy", "policy/x.go", module + "/graph", true},
		{"gates", "gates/x.go", module + "/policy", true},
		{"server", "server/x.go", module + "/policy", false},
		{"policy", "policy/x.go", module + "/ent/problem", false},
		{"nowhere/new", "nowhere/new/x.go", "fmt", true},
	}
	for _, tt := range tests {
		v := l.violation(tt.dir, tt.file, tt.imp)
		if got := v != ""; got != tt.refused {
			t.Errorf("violation(%s imports %s) = %q; want refused %v", tt.file, tt.imp, v, tt.refused)
		}
	}
}

// TestNoFileBuiltOnlyWithoutCalibrate: make lint vets every file in one go vet with the
// calibrate tag, which holds only while the tag adds files and hides none: no file's build
// constraint may mention calibrate other than to require it.
func TestNoFileBuiltOnlyWithoutCalibrate(t *testing.T) {
	for _, files := range goFiles(t, ".") {
		for _, file := range files {
			f, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				line := strings.TrimSpace(sc.Text())
				if strings.HasPrefix(line, "package ") {
					break
				}
				if c, ok := strings.CutPrefix(line, "//go:build "); ok && strings.Contains(c, "calibrate") && strings.TrimSpace(c) != "calibrate" {
					t.Errorf("%s: //go:build %s; the calibrate tag may only be required, alone", file, c)
				}
			}
			f.Close()
		}
	}
}
