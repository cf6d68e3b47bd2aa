package policy_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/policy"
)

// TestEventKindsTableHoldsEveryEmittedKind reads the source of the packages that append events
// (policy/ and corpus/) and follows every event they append — each eventInput, given to
// appendEvent or in appendEvents' list, and WriteTx.Append — back to the kind and the payload keys it writes: a constant, a literal, a
// local variable, a parameter through each caller, a map literal, keys set by index, a helper
// that returns or fills the map, a struct encoded by its JSON tags. Every kind must have its
// row in policy.EventKinds with every key it writes, and every row must be a kind the code
// appends, so /api, which prints the table, documents exactly what the log holds.
func TestEventKindsTableHoldsEveryEmittedKind(t *testing.T) {
	t.Parallel()
	a := newEventAnalyzer(t, ".", "../corpus")
	emitted := map[string]map[string]bool{}
	for _, e := range a.emissions() {
		for _, k := range e.kinds {
			if emitted[k] == nil {
				emitted[k] = map[string]bool{}
			}
			for _, key := range e.keys {
				emitted[k][key] = true
			}
		}
	}
	if len(emitted) < 40 {
		t.Fatalf("found %d emitted kinds; the analysis lost its way", len(emitted))
	}
	rows := map[string]policy.EventKind{}
	for _, row := range policy.EventKinds {
		if _, dup := rows[row.Kind]; dup {
			t.Errorf("EventKinds lists %s twice", row.Kind)
		}
		rows[row.Kind] = row
		if strings.TrimSpace(row.Meaning) == "" {
			t.Errorf("EventKinds: %s has no meaning", row.Kind)
		}
		for _, p := range row.Payload {
			if p.Key == "" || strings.TrimSpace(p.Meaning) == "" {
				t.Errorf("EventKinds: %s has a payload key without its meaning: %+v", row.Kind, p)
			}
		}
		if _, ok := emitted[row.Kind]; !ok {
			t.Errorf("EventKinds lists %s, which no code appends", row.Kind)
		}
	}
	for k, keys := range emitted {
		row, ok := rows[k]
		if !ok {
			t.Errorf("the code appends %s events, which EventKinds does not document", k)
			continue
		}
		for key := range keys {
			if !slices.ContainsFunc(row.Payload, func(p policy.PayloadKey) bool { return p.Key == key }) {
				t.Errorf("the code writes the payload key %q on %s events, which EventKinds does not document", key, k)
			}
		}
	}
	for _, f := range a.unresolved {
		t.Errorf("cannot follow an event appended at %s; keep kinds and payloads to constants, literals and maps the analysis reads", f)
	}
}

// eventAnalyzer holds the parsed packages.
type eventAnalyzer struct {
	t          *testing.T
	fset       *token.FileSet
	funcs      map[string][]*ast.FuncDecl // by name, across both packages
	consts     map[string]string          // Kind… constants, by name
	structs    map[string]*ast.StructType
	calls      map[string][]callSite // call sites by the called function's name
	inputs     []inputSite           // every eventInput literal, where it is written
	unresolved []string
}

type callSite struct {
	call *ast.CallExpr
	fn   *ast.FuncDecl
}

// inputSite is an eventInput literal and the function that writes it: appendEvent's argument,
// or an element of appendEvents' list.
type inputSite struct {
	lit *ast.CompositeLit
	fn  *ast.FuncDecl
}

// scope is a function being read, with its parameters bound to one caller's arguments.
type scope struct {
	fn   *ast.FuncDecl
	bind map[string]bindingOf
}

type bindingOf struct {
	expr ast.Expr
	sc   *scope
}

type emission struct{ kinds, keys []string }

func newEventAnalyzer(t *testing.T, dirs ...string) *eventAnalyzer {
	a := &eventAnalyzer{t: t, fset: token.NewFileSet(), funcs: map[string][]*ast.FuncDecl{}, consts: map[string]string{},
		structs: map[string]*ast.StructType{}, calls: map[string][]callSite{}}
	for _, dir := range dirs {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(a.fset, name, src, 0)
			if err != nil {
				t.Fatal(err)
			}
			a.file(f)
		}
	}
	return a
}

func (a *eventAnalyzer) file(f *ast.File) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.ValueSpec:
					for i, n := range s.Names {
						if i < len(s.Values) && strings.HasPrefix(n.Name, "Kind") {
							if v, ok := stringLit(s.Values[i]); ok && strings.Contains(v, ".") {
								a.consts[n.Name] = v
							}
						}
					}
				case *ast.TypeSpec:
					if st, ok := s.Type.(*ast.StructType); ok {
						a.structs[s.Name.Name] = st
					}
				}
			}
		case *ast.FuncDecl:
			a.funcs[d.Name.Name] = append(a.funcs[d.Name.Name], d)
			if d.Body == nil {
				continue
			}
			ast.Inspect(d.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					if name := calledName(n); name != "" {
						a.calls[name] = append(a.calls[name], callSite{n, d})
					}
				case *ast.CompositeLit:
					if id, ok := n.Type.(*ast.Ident); ok && id.Name == "eventInput" {
						a.inputs = append(a.inputs, inputSite{n, d})
					}
				}
				return true
			})
		}
	}
}

// emissions are the events every eventInput literal writes. An appendEvent whose argument is
// not such a literal cannot be followed.
func (a *eventAnalyzer) emissions() []emission {
	for _, s := range a.calls["appendEvent"] {
		if len(s.call.Args) != 2 {
			continue
		}
		if _, ok := s.call.Args[1].(*ast.CompositeLit); !ok {
			a.unresolved = append(a.unresolved, a.fset.Position(s.call.Pos()).String())
		}
	}
	var out []emission
	for _, s := range a.inputs {
		var kindExpr, payloadExpr ast.Expr
		for _, el := range s.lit.Elts {
			kv, _ := el.(*ast.KeyValueExpr)
			if kv == nil {
				continue
			}
			switch id, _ := kv.Key.(*ast.Ident); {
			case id != nil && id.Name == "kind":
				kindExpr = kv.Value
			case id != nil && id.Name == "payload":
				payloadExpr = kv.Value
			}
		}
		out = append(out, a.site(s.lit, kindExpr, payloadExpr, &scope{fn: s.fn}, 0)...)
	}
	return out
}

// site resolves one event's kind and payload in sc; where they rest on a parameter of sc's
// function, once for each of its callers.
func (a *eventAnalyzer) site(at ast.Node, kindExpr, payloadExpr ast.Expr, sc *scope, depth int) []emission {
	need := false
	kinds := a.kinds(kindExpr, sc, &need, 0)
	keys := map[string]bool{}
	a.keys(payloadExpr, sc, keys, &need, 0)
	if !need {
		return []emission{{kinds: kinds, keys: sortedKeys(keys)}}
	}
	if depth > 3 || sc.bind != nil {
		a.unresolved = append(a.unresolved, a.fset.Position(at.Pos()).String())
		return nil
	}
	var out []emission
	params := paramNames(sc.fn)
	for _, c := range a.calls[sc.fn.Name.Name] {
		if len(c.call.Args) != len(params) {
			continue
		}
		bind := map[string]bindingOf{}
		for i, p := range params {
			bind[p] = bindingOf{expr: c.call.Args[i], sc: &scope{fn: c.fn}}
		}
		out = append(out, a.site(at, kindExpr, payloadExpr, &scope{fn: sc.fn, bind: bind}, depth+1)...)
	}
	if len(out) == 0 {
		a.unresolved = append(a.unresolved, a.fset.Position(at.Pos()).String())
	}
	return out
}

// kinds resolves a kind expression to the kinds it can be.
func (a *eventAnalyzer) kinds(e ast.Expr, sc *scope, need *bool, depth int) []string {
	if depth > 8 || e == nil {
		return nil
	}
	if v, ok := stringLit(e); ok {
		return []string{v}
	}
	switch e := e.(type) {
	case *ast.SelectorExpr:
		if v, ok := a.consts[e.Sel.Name]; ok {
			return []string{v}
		}
	case *ast.Ident:
		if v, ok := a.consts[e.Name]; ok {
			return []string{v}
		}
		if b, ok := sc.bind[e.Name]; ok {
			return a.kinds(b.expr, b.sc, need, depth+1)
		}
		if slices.Contains(paramNames(sc.fn), e.Name) {
			*need = true
			return nil
		}
		var out []string
		for _, rhs := range assignments(sc.fn, e.Name) {
			out = append(out, a.kinds(rhs, sc, need, depth+1)...)
		}
		if len(out) > 0 {
			return out
		}
	}
	a.unresolved = append(a.unresolved, a.fset.Position(e.Pos()).String()+" (kind)")
	return nil
}

// keys adds the payload keys an expression can hold.
func (a *eventAnalyzer) keys(e ast.Expr, sc *scope, out map[string]bool, need *bool, depth int) {
	if depth > 8 || e == nil {
		return
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		if id, ok := e.Type.(*ast.Ident); ok {
			a.structKeys(id.Name, out)
			return
		}
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if k, ok := stringLit(kv.Key); ok {
					out[k] = true
				}
			}
		}
	case *ast.Ident:
		if e.Name == "nil" {
			return
		}
		if b, ok := sc.bind[e.Name]; ok {
			a.keys(b.expr, b.sc, out, need, depth+1)
			return
		}
		if slices.Contains(paramNames(sc.fn), e.Name) {
			*need = true
			return
		}
		for _, rhs := range assignments(sc.fn, e.Name) {
			a.keys(rhs, sc, out, need, depth+1)
		}
		a.indexKeys(sc, e.Name, out, need, depth)
	case *ast.CallExpr:
		// A helper of the package that builds or fills the map: what it returns, what it sets
		// on its parameters, the maps passed to it and the structs it encodes.
		fns := a.funcs[calledName(e)]
		if len(fns) == 0 {
			a.unresolved = append(a.unresolved, a.fset.Position(e.Pos()).String()+" (payload from "+calledName(e)+")")
			return
		}
		for _, fn := range fns {
			inner := &scope{fn: fn}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if r, ok := n.(*ast.ReturnStmt); ok {
					for _, res := range r.Results {
						if _, ok := res.(*ast.CompositeLit); ok {
							a.keys(res, inner, out, need, depth+1)
						}
					}
				}
				return true
			})
			for _, p := range paramNames(fn) {
				a.indexKeys(inner, p, out, new(bool), depth)
			}
			maps := paramIsMap(fn)
			for i, arg := range e.Args {
				switch arg := arg.(type) {
				case *ast.CompositeLit:
					a.keys(arg, sc, out, need, depth+1)
				case *ast.Ident:
					if i < len(maps) && maps[i] {
						a.keys(arg, sc, out, need, depth+1)
					}
				}
			}
		}
	default:
		a.unresolved = append(a.unresolved, a.fset.Position(e.Pos()).String()+" (payload)")
	}
}

// indexKeys adds the keys set on the map name by index in sc's function: name["k"] = …, and
// name[k] = v in a loop over another map, whose keys it follows.
func (a *eventAnalyzer) indexKeys(sc *scope, name string, out map[string]bool, need *bool, depth int) {
	ast.Inspect(sc.fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				ix, ok := l.(*ast.IndexExpr)
				if !ok {
					continue
				}
				if id, ok := ix.X.(*ast.Ident); !ok || id.Name != name {
					continue
				}
				if k, ok := stringLit(ix.Index); ok {
					out[k] = true
				}
			}
		case *ast.RangeStmt:
			key, _ := n.Key.(*ast.Ident)
			if key == nil {
				return true
			}
			ast.Inspect(n.Body, func(m ast.Node) bool {
				as, ok := m.(*ast.AssignStmt)
				if !ok {
					return true
				}
				for _, l := range as.Lhs {
					if ix, ok := l.(*ast.IndexExpr); ok {
						if id, ok := ix.X.(*ast.Ident); ok && id.Name == name {
							if k, ok := ix.Index.(*ast.Ident); ok && k.Name == key.Name {
								a.keys(n.X, sc, out, need, depth+1)
							}
						}
					}
				}
				return true
			})
		}
		return true
	})
}

// structKeys adds the JSON names of a struct's fields.
func (a *eventAnalyzer) structKeys(name string, out map[string]bool) {
	st, ok := a.structs[name]
	if !ok {
		a.unresolved = append(a.unresolved, "the struct "+name)
		return
	}
	for _, f := range st.Fields.List {
		if f.Tag == nil {
			continue
		}
		tag, _ := strconv.Unquote(f.Tag.Value)
		if j, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ","); j != "" && j != "-" {
			out[j] = true
		}
	}
}

// assignments are the right-hand sides assigned to a local variable in fn.
func assignments(fn *ast.FuncDecl, name string) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				// v, err := f(): the first result of a call.
				if len(n.Rhs) == 1 {
					if id, ok := n.Lhs[0].(*ast.Ident); ok && id.Name == name {
						out = append(out, n.Rhs[0])
					}
				}
				return true
			}
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name == name {
					out = append(out, n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if id.Name == name && i < len(n.Values) {
					out = append(out, n.Values[i])
				}
			}
		}
		return true
	})
	return out
}

// paramNames are a function's parameters in order.
func paramNames(fn *ast.FuncDecl) []string {
	var out []string
	for _, f := range fn.Type.Params.List {
		for _, n := range f.Names {
			out = append(out, n.Name)
		}
	}
	return out
}

// paramIsMap says, parameter by parameter, whether it is a map.
func paramIsMap(fn *ast.FuncDecl) []bool {
	var out []bool
	for _, f := range fn.Type.Params.List {
		_, isMap := f.Type.(*ast.MapType)
		for range f.Names {
			out = append(out, isMap)
		}
	}
	return out
}

// calledName is the name of the function or method a call calls.
func calledName(c *ast.CallExpr) string {
	switch f := c.Fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

func stringLit(e ast.Expr) (string, bool) {
	if b, ok := e.(*ast.BasicLit); ok && b.Kind == token.STRING {
		s, err := strconv.Unquote(b.Value)
		return s, err == nil
	}
	return "", false
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestMachineVerdictKinds: every kind a lane or the review gate appends about an item records a
// machine's provisional verdict, and so does a contested panel; what people decide does not.
func TestMachineVerdictKinds(t *testing.T) {
	t.Parallel()
	for _, k := range policy.EventKinds {
		want := strings.HasPrefix(k.Kind, "publication_gate.") || k.Kind == policy.KindLaneReviewed ||
			k.Kind == policy.KindGoldRequested || k.Kind == policy.KindGoldReviewed || k.Kind == "review.contested"
		if policy.MachineVerdict(k.Kind) != want {
			t.Errorf("MachineVerdict(%s) = %v; want %v", k.Kind, !want, want)
		}
	}
	for _, k := range []string{policy.KindDecisionRecorded, policy.KindProblemAccepted, policy.KindGateCompleted, policy.KindHoldOpened} {
		if policy.MachineVerdict(k) {
			t.Errorf("%s is a machine's verdict; a blind page would hide what people decided", k)
		}
	}
}
