// Package gqldoc documents the GraphQL schema entgql generates from ent/schema,
// so every type and field an agent reads in the schema says what it is.
//
// Object fields carry their ent field's or edge's Comment (entgql copies it);
// this package adds what entgql leaves blank: each object type's description,
// from its schema's `schema.Comment` annotation, and each filter of a
// `…WhereInput`, which says exactly which comparison it makes on which field.
// A filter whose name it cannot read is left blank, so the schema test that
// demands a description names it instead of a guess standing in for one.
package gqldoc

import (
	"encoding/json"
	"fmt"
	"strings"

	"entgo.io/ent/entc/gen"
	entschema "entgo.io/ent/schema"
	"github.com/vektah/gqlparser/v2/ast"
)

// Hook is an entgql schema hook: it runs after entgql has built the schema and
// before it is written to graph/ent.graphqls.
func Hook(g *gen.Graph, s *ast.Schema) error {
	if q := s.Types["Query"]; q != nil && q.Description == "" {
		q.Description = "Every read: problems, claims, the record, the corpus and what the caller may see of the rest."
	}
	for _, t := range g.Nodes {
		def := s.Types[t.Name]
		if def == nil || def.Kind != ast.Object {
			continue
		}
		if def.Description == "" {
			def.Description = typeComment(t)
		}
		if id := def.Fields.ForName("id"); id != nil && id.Description == "" {
			id.Description = fmt.Sprintf("The %s's ID, global across types: node(id:) finds it.", t.Name)
		}
	}
	for _, t := range g.Nodes {
		def := s.Types[t.Name+"WhereInput"]
		if def == nil || def.Kind != ast.InputObject {
			continue
		}
		names := map[string]bool{"id": true}
		for _, f := range t.Fields {
			names[camel(f.Name)] = true
		}
		for _, e := range t.Edges {
			names[camel(e.Name)] = true
		}
		for _, f := range def.Fields {
			if f.Description != "" && !strings.HasSuffix(f.Description, " predicates") {
				continue
			}
			f.Description = Filter(t.Name, func(name string) bool { return names[name] }, f.Name)
		}
	}
	return nil
}

// camel is the GraphQL name entgql gives a field or an edge: url, proposerID, currentRevision.
var camel = gen.Funcs["camel"].(func(string) string)

// typeComment is the text of a schema's `schema.Comment` annotation, or "".
func typeComment(t *gen.Type) string {
	ant := &entschema.CommentAnnotation{}
	raw, ok := t.Annotations[ant.Name()]
	if !ok {
		return ""
	}
	b, err := json.Marshal(raw)
	if err != nil || json.Unmarshal(b, ant) != nil {
		return ""
	}
	return ant.Text
}

// comparisons are entgql's filter suffixes, longest first so that "NotIn" is
// not read as "In", with what each keeps.
var comparisons = []struct{ suffix, keeps string }{
	{"ContainsFold", "contains the value, ignoring case"},
	{"EqualFold", "equals the value, ignoring case"},
	{"HasPrefix", "starts with the value"},
	{"HasSuffix", "ends with the value"},
	{"Contains", "contains the value"},
	{"NotNil", "is set"},
	{"IsNil", "is not set"},
	{"NotIn", "is none of the values"},
	{"NEQ", "differs from the value"},
	{"GTE", "is greater than or equal to the value"},
	{"LTE", "is less than or equal to the value"},
	{"GT", "is greater than the value"},
	{"LT", "is less than the value"},
	{"In", "is one of the values"},
}

// Filter describes the filter field of entity's WhereInput, given which names
// are the entity's fields and edges, or returns "" for a name it cannot read.
func Filter(entity string, has func(name string) bool, field string) string {
	plural := entity + "s"
	switch field {
	case "not":
		return fmt.Sprintf("Keeps the %s that do not match this filter.", plural)
	case "and":
		return fmt.Sprintf("Keeps the %s that match every one of these filters.", plural)
	case "or":
		return fmt.Sprintf("Keeps the %s that match at least one of these filters.", plural)
	}
	if rest, ok := strings.CutPrefix(field, "has"); ok && rest != "" {
		if edge, ok := strings.CutSuffix(rest, "With"); ok && has(lowerFirst(edge)) {
			return fmt.Sprintf("Keeps the %s with at least one `%s` that matches every one of these filters.", plural, lowerFirst(edge))
		}
		if has(lowerFirst(rest)) {
			return fmt.Sprintf("Keeps the %s whose `%s` is set (true) or empty (false).", plural, lowerFirst(rest))
		}
	}
	if has(field) {
		return fmt.Sprintf("Keeps the %s whose `%s` equals the value.", plural, field)
	}
	for _, c := range comparisons {
		if name, ok := strings.CutSuffix(field, c.suffix); ok && name != "" {
			if has(name) {
				return fmt.Sprintf("Keeps the %s whose `%s` %s.", plural, name, c.keeps)
			}
		}
	}
	return ""
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
