package graph_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/graph/generated"
)

// TestSchemaDocumented holds every type and field of the schema, generated
// from ent or written by hand, to a description: an agent reads the schema
// to learn the API, and a field it cannot read about is one it guesses at.
func TestSchemaDocumented(t *testing.T) {
	t.Parallel()
	schema := generated.NewExecutableSchema(generated.Config{}).Schema()
	var missing []string
	for _, def := range schema.Types {
		if def.BuiltIn || strings.HasPrefix(def.Name, "__") {
			continue
		}
		if strings.TrimSpace(def.Description) == "" {
			missing = append(missing, where(def.Position.Src.Name)+def.Name)
		}
		for _, f := range def.Fields {
			if strings.HasPrefix(f.Name, "__") || strings.TrimSpace(f.Description) != "" {
				continue
			}
			src := def.Position.Src.Name
			if f.Position != nil && f.Position.Src != nil {
				src = f.Position.Src.Name
			}
			missing = append(missing, where(src)+def.Name+"."+f.Name)
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("%s has no description", m)
	}
}

// where names a schema file for the error: "problem.graphqls: ".
func where(src string) string {
	if i := strings.LastIndex(src, "/"); i >= 0 {
		src = src[i+1:]
	}
	return src + ": "
}
