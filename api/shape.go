package api

import (
	"context"
	"crypto/sha256"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
)

// Limits on the shape of a GraphQL request, checked before gqlgen parses,
// validates or prices it. gqlparser's validation and gqlgen's complexity
// walk expand every fragment spread where it is used, and compare every
// pair of fields that share a name in a selection set; a document of 2 KB
// whose fragments spread each other twice expands to 2⁴⁰ fields, and one of
// 15,000 repeated fields makes 10⁸ comparisons. These limits are computed
// in one pass that is linear in the document (each fragment is measured
// once and its figures reused wherever it is spread), so every later phase
// works on a document whose expanded size is bounded.
//
// A full problem packet with every field selects about 150 fields; the
// limits leave room for several such packets under aliases.
const (
	// MaxFields is the number of fields an operation selects once every
	// fragment is expanded.
	MaxFields = 5000
	// MaxSelections is the number of fields one selection set selects,
	// the fields of its fragments included.
	MaxSelections = 250
	// MaxSameName is how many of those may share one response name (the
	// same field asked for by several fragments).
	MaxSameName = 8
	// MaxInputDepth is how deeply argument values and variables may nest
	// objects and lists: a filter three edges deep is 7 levels.
	MaxInputDepth = 12
	// MaxInputValues is the number of values, scalars, lists and objects
	// counted alike, in one request's arguments and variables.
	MaxInputValues = 10000
	// MaxMutations is the number of mutation fields one request may run.
	MaxMutations = 10
	// MaxQueryBytes is the longest document: a whole packet asks for about
	// 2 KB; the content of a submission belongs in variables.
	MaxQueryBytes = 64 << 10
)

// Error codes of the limits above.
const (
	codeDepthLimit    = "DEPTH_LIMIT_EXCEEDED"
	codeDocumentLimit = "DOCUMENT_LIMIT_EXCEEDED"
	codeInputLimit    = "INPUT_LIMIT_EXCEEDED"
	codeMutationLimit = "MUTATION_LIMIT_EXCEEDED"
	codeRateLimited   = "RATE_LIMITED"
	// codeComplexityLimit is gqlgen's code for an operation over MaxComplexity.
	codeComplexityLimit = "COMPLEXITY_LIMIT_EXCEEDED"
)

// shapeLimits is the gqlgen extension that enforces the limits above. The
// documents it has passed are remembered by digest, so a repeated query
// is checked once; variables are checked on every request.
type shapeLimits struct {
	maxDepth int
	passed   *lru.LRU[struct{}]
	// objects are the schema's concrete object types: a fragment on one of them selects
	// fields for that type alone (MaxSameName counts per type).
	objects map[string]bool
}

func newShapeLimits(maxDepth int, schema *ast.Schema) shapeLimits {
	return shapeLimits{maxDepth: maxDepth, passed: lru.New[struct{}](10000), objects: objectTypes(schema)}
}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationParameterMutator
} = shapeLimits{}

func (shapeLimits) ExtensionName() string                   { return "ShapeLimits" }
func (shapeLimits) Validate(graphql.ExecutableSchema) error { return nil }

func (l shapeLimits) MutateOperationParameters(ctx context.Context, p *graphql.RawParams) *gqlerror.Error {
	if len(p.Query) > MaxQueryBytes {
		return codedError(codeDocumentLimit, "the document is %d bytes; the limit is %d (send content in variables)",
			len(p.Query), MaxQueryBytes)
	}
	values := 0
	for name, v := range p.Variables {
		if err := checkVariable(name, v, 1, &values); err != nil {
			return err
		}
	}
	key := docKey(p.Query)
	if _, ok := l.passed.Get(ctx, key); ok {
		return nil
	}
	doc, err := parser.ParseQueryWithTokenLimit(&ast.Source{Input: p.Query}, MaxTokens)
	if err != nil {
		return nil // gqlgen reports the syntax error, and parsing is linear
	}
	m := measurer{frags: map[string]*fragMeasure{}, values: values, objects: l.objects}
	for _, f := range doc.Fragments {
		m.defs = append(m.defs, f)
	}
	for _, op := range doc.Operations {
		if err := m.operation(op, l.maxDepth); err != nil {
			return err
		}
	}
	if m.values > MaxInputValues {
		return codedError(codeInputLimit, "the request has %d input values; the limit is %d", m.values, MaxInputValues)
	}
	l.passed.Add(ctx, key, struct{}{})
	return nil
}

func docKey(query string) string {
	sum := sha256.Sum256([]byte(query))
	return string(sum[:])
}

// codedError is a GraphQL error with a stable extensions.code.
func codedError(code, format string, args ...any) *gqlerror.Error {
	err := gqlerror.Errorf(format, args...)
	err.Extensions = map[string]any{"code": code}
	return err
}

// checkVariable walks a decoded JSON variable, counting its values and
// refusing nesting past MaxInputDepth before it is coerced.
func checkVariable(path string, v any, depth int, values *int) *gqlerror.Error {
	*values++
	if *values > MaxInputValues {
		return codedError(codeInputLimit, "the variables hold more than %d values; the limit is %d", MaxInputValues, MaxInputValues)
	}
	switch x := v.(type) {
	case map[string]any:
		if depth > MaxInputDepth {
			return codedError(codeInputLimit, "variable $%s nests objects and lists more than %d levels deep", path, MaxInputDepth)
		}
		for k, e := range x {
			if err := checkVariable(path+"."+k, e, depth+1, values); err != nil {
				return err
			}
		}
	case []any:
		if depth > MaxInputDepth {
			return codedError(codeInputLimit, "variable $%s nests objects and lists more than %d levels deep", path, MaxInputDepth)
		}
		for i, e := range x {
			if err := checkVariable(path+"["+strconv.Itoa(i)+"]", e, depth+1, values); err != nil {
				return err
			}
		}
	}
	return nil
}

// measure is what a selection set costs once expanded: the fields it
// selects at every level, the depth of its deepest field, and the response
// names of its own level with how often each occurs, apart for the fields
// that apply only to one concrete type (see sameNames).
type measure struct {
	fields int
	depth  int
	names  sameNames
	total  int // how many fields its own level selects, whatever their type
}

type fragMeasure struct {
	measure
	done, visiting bool
}

// measurer measures the operations of one document. Each fragment is
// measured once; the figures of a spread are the fragment's. Every walk
// stops at the first limit passed, so the work is linear in the document.
type measurer struct {
	defs   ast.FragmentDefinitionList
	frags  map[string]*fragMeasure
	values int
	// objects are the schema's concrete object types.
	objects map[string]bool
}

func (m *measurer) operation(op *ast.OperationDefinition, maxDepth int) *gqlerror.Error {
	for _, v := range op.VariableDefinitions {
		if err := m.value(v.DefaultValue, 1); err != nil {
			return err
		}
	}
	if err := m.directives(op.Directives); err != nil {
		return err
	}
	ms, err := m.set(op.SelectionSet)
	if err != nil {
		return err
	}
	name := op.Name
	if name == "" {
		name = "the operation"
	}
	switch {
	case ms.fields > MaxFields:
		return codedError(codeDocumentLimit, "%s selects %d fields once its fragments are expanded; the limit is %d",
			name, ms.fields, MaxFields)
	case ms.depth > maxDepth:
		return codedError(codeDepthLimit, "operation is nested %d levels deep; the limit is %d", ms.depth, maxDepth)
	case op.Operation == ast.Mutation && ms.total > MaxMutations:
		return codedError(codeMutationLimit, "%s runs %d mutations; the limit is %d per request", name, ms.total, MaxMutations)
	}
	return nil
}

// set measures a selection set and checks its own level against
// MaxSelections and MaxSameName.
func (m *measurer) set(ss ast.SelectionSet) (measure, *gqlerror.Error) {
	out := measure{names: newSameNames()}
	for _, sel := range ss {
		var sub measure
		switch s := sel.(type) {
		case *ast.Field:
			if err := m.field(s); err != nil {
				return out, err
			}
			child, err := m.set(s.SelectionSet)
			if err != nil {
				return out, err
			}
			name := s.Alias
			if name == "" {
				name = s.Name
			}
			sub = measure{fields: child.fields + 1, depth: child.depth + 1, names: oneName(name), total: 1}
		case *ast.InlineFragment:
			if err := m.directives(s.Directives); err != nil {
				return out, err
			}
			var err *gqlerror.Error
			if sub, err = m.set(s.SelectionSet); err != nil {
				return out, err
			}
			if m.objects[s.TypeCondition] {
				sub.names = sub.names.on(s.TypeCondition)
			}
		case *ast.FragmentSpread:
			if err := m.directives(s.Directives); err != nil {
				return out, err
			}
			var err *gqlerror.Error
			if sub, err = m.fragment(s.Name); err != nil {
				return out, err
			}
		}
		out.fields += sub.fields
		out.depth = max(out.depth, sub.depth)
		out.total += sub.total
		if n, over := out.names.add(sub.names); over {
			return out, codedError(codeDocumentLimit,
				"a selection set asks for %q more than %d times for one type, counting its fragments; the limit is %d",
				n, MaxSameName, MaxSameName)
		}
		switch {
		case out.total > MaxSelections:
			return out, codedError(codeDocumentLimit,
				"a selection set selects more than %d fields, counting its fragments; the limit is %d", MaxSelections, MaxSelections)
		case out.fields > MaxFields:
			return out, codedError(codeDocumentLimit,
				"the document selects more than %d fields once its fragments are expanded; the limit is %d", MaxFields, MaxFields)
		}
	}
	return out, nil
}

// fragment measures a named fragment once. A fragment that spreads itself
// is refused here, since measuring it would never end; a spread of an
// unknown fragment counts as empty and is reported by validation.
func (m *measurer) fragment(name string) (measure, *gqlerror.Error) {
	f := m.frags[name]
	if f == nil {
		f = &fragMeasure{}
		m.frags[name] = f
	}
	switch {
	case f.done:
		return f.measure, nil
	case f.visiting:
		return measure{}, codedError(codeDocumentLimit, "fragment %s spreads itself", name)
	}
	def := m.defs.ForName(name)
	if def == nil {
		f.done = true
		return f.measure, nil
	}
	f.visiting = true
	if err := m.directives(def.Directives); err != nil {
		return measure{}, err
	}
	ms, err := m.set(def.SelectionSet)
	if err != nil {
		return measure{}, err
	}
	if m.objects[def.TypeCondition] {
		ms.names = ms.names.on(def.TypeCondition)
	}
	f.measure, f.done, f.visiting = ms, true, false
	return ms, nil
}

func (m *measurer) field(f *ast.Field) *gqlerror.Error {
	for _, a := range f.Arguments {
		if err := m.value(a.Value, 1); err != nil {
			return err
		}
	}
	return m.directives(f.Directives)
}

func (m *measurer) directives(ds ast.DirectiveList) *gqlerror.Error {
	for _, d := range ds {
		for _, a := range d.Arguments {
			if err := m.value(a.Value, 1); err != nil {
				return err
			}
		}
	}
	return nil
}

// value counts an argument value written in the document and checks its
// nesting.
func (m *measurer) value(v *ast.Value, depth int) *gqlerror.Error {
	if v == nil {
		return nil
	}
	m.values++
	if m.values > MaxInputValues {
		return codedError(codeInputLimit, "the request has more than %d input values; the limit is %d", MaxInputValues, MaxInputValues)
	}
	if v.Kind != ast.ListValue && v.Kind != ast.ObjectValue {
		return nil
	}
	if depth > MaxInputDepth {
		return codedError(codeInputLimit, "an argument nests objects and lists more than %d levels deep (at line %d)",
			MaxInputDepth, v.Position.Line)
	}
	for _, c := range v.Children {
		if err := m.value(c.Value, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// jsonShape is the nesting depth and the number of values of a JSON text,
// read in one pass without decoding it, so that a request body nested or
// spread past the input limits is refused before it is decoded into maps.
// Strings are skipped; text that is not JSON gives figures that mean
// nothing, and the decoder reports it.
func jsonShape(b []byte) (depth, values int) {
	level := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
			j := i + 1
			for j < len(b) && strings.IndexByte(" \t\n\r", b[j]) >= 0 {
				j++
			}
			if j >= len(b) || b[j] != ':' { // a key is not a value
				values++
			}
		case '{', '[':
			level++
			depth = max(depth, level)
			values++
		case '}', ']':
			level--
		case ',':
		case ' ', '\t', '\n', '\r', ':':
		default: // a number, true, false or null
			values++
			for i+1 < len(b) && !strings.ContainsRune(",]} \t\n\r", rune(b[i+1])) {
				i++
			}
		}
	}
	return depth, values
}

// checkBody refuses a request body whose variables nest or count past the
// input limits, allowing for the envelope ({"variables": {"name": …}}).
func checkBody(b []byte) *gqlerror.Error {
	depth, values := jsonShape(b)
	switch {
	case depth > MaxInputDepth+2:
		return codedError(codeInputLimit, "the request nests objects and lists %d levels deep; variables may nest %d", depth-2, MaxInputDepth)
	case values > 2*MaxInputValues:
		return codedError(codeInputLimit, "the request holds %d values; the limit is %d", values, MaxInputValues)
	}
	return nil
}
