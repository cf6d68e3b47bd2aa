//go:build ignore

package main

import (
	"log"

	"entgo.io/contrib/entgql"
	"entgo.io/ent/entc"
	"entgo.io/ent/entc/gen"

	"github.com/theoremdb/theoremdb/ent/gqldoc"
)

func main() {
	ex, err := entgql.NewExtension(
		entgql.WithSchemaGenerator(),
		entgql.WithSchemaPath("graph/ent.graphqls"),
		entgql.WithConfigPath("gqlgen.yml"),
		entgql.WithWhereInputs(true),
		entgql.WithRelaySpec(true),
		entgql.WithSchemaHook(gqldoc.Hook),
	)
	if err != nil {
		log.Fatalf("creating entgql extension: %v", err)
	}
	err = entc.Generate("./ent/schema", &gen.Config{
		Target:   "./ent",
		Package:  "github.com/theoremdb/theoremdb/ent",
		Features: []gen.Feature{gen.FeatureVersionedMigration, gen.FeatureUpsert, gen.FeatureLock, gen.FeatureExecQuery, gen.FeatureNamedEdges, gen.FeatureModifier},
	}, entc.Extensions(ex), entc.TemplateFiles("./ent/template/snapshot.tmpl"))
	if err != nil {
		log.Fatalf("running ent codegen: %v", err)
	}
}
