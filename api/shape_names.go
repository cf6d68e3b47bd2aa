package api

import "github.com/vektah/gqlparser/v2/ast"

// sameNames counts the response names of one selection set, the way MaxSameName limits them:
// per concrete type the set can be. A field outside any fragment, or in a fragment on an
// interface or union, is selected whatever the type (any); a field in a fragment on an object
// type is selected only when the value is of that type (byType). Fragments on different object
// types are mutually exclusive, so a Relay node query may ask for id once per type however
// many types it names; the most any one type selects of a name is any plus its byType.
type sameNames struct {
	any    map[string]int
	byType map[string]map[string]int
}

func newSameNames() sameNames {
	return sameNames{any: map[string]int{}, byType: map[string]map[string]int{}}
}

// oneName is a single field's name, selected whatever the type.
func oneName(name string) sameNames {
	n := newSameNames()
	n.any[name] = 1
	return n
}

// on is s inside a fragment on the object type typ: every field in it applies to typ alone.
// (A fragment on another object type nested inside applies to no value at all; counting it
// toward typ too only errs on the side of the limit.)
func (s sameNames) on(typ string) sameNames {
	out := newSameNames()
	mine := map[string]int{}
	for n, c := range s.any {
		mine[n] += c
	}
	for _, names := range s.byType {
		for n, c := range names {
			mine[n] += c
		}
	}
	out.byType[typ] = mine
	return out
}

// add merges other into s and reports the first name that some type now selects more than
// MaxSameName times.
func (s sameNames) add(other sameNames) (string, bool) {
	for n, c := range other.any {
		s.any[n] += c
	}
	for typ, names := range other.byType {
		mine := s.byType[typ]
		if mine == nil {
			mine = map[string]int{}
			s.byType[typ] = mine
		}
		for n, c := range names {
			mine[n] += c
		}
	}
	for n := range other.any {
		if s.most(n) > MaxSameName {
			return n, true
		}
	}
	for _, names := range other.byType {
		for n := range names {
			if s.most(n) > MaxSameName {
				return n, true
			}
		}
	}
	return "", false
}

// most is how many times one type selects the name n.
func (s sameNames) most(n string) int {
	top := 0
	for _, names := range s.byType {
		top = max(top, names[n])
	}
	return s.any[n] + top
}

// objectTypes are the schema's concrete object types.
func objectTypes(schema *ast.Schema) map[string]bool {
	out := map[string]bool{}
	if schema == nil {
		return out
	}
	for name, def := range schema.Types {
		if def.Kind == ast.Object {
			out[name] = true
		}
	}
	return out
}
