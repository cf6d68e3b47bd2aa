package api

import (
	"bytes"
	"sync"

	"github.com/vektah/gqlparser/v2/formatter"

	"github.com/theoremdb/theoremdb/graph/generated"
)

var (
	schemaOnce sync.Once
	schemaSDL  []byte
)

// Schema is the served schema as SDL, with its descriptions, as gqlgen
// parsed it from graph/*.graphqls: what the site offers for download.
// The caller must not change it.
func Schema() []byte {
	schemaOnce.Do(func() {
		var b bytes.Buffer
		formatter.NewFormatter(&b).FormatSchema(generated.NewExecutableSchema(generated.Config{}).Schema())
		schemaSDL = b.Bytes()
	})
	return schemaSDL
}
