// Package pinned plans the import of the public snapshot pinned in the shared data
// (formal-conjectures at 488aade, with the Erdős problems' metadata) for the tools that measure
// the gates and build blind gold on it. The server never imports it.
package pinned

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/theoremdb/theoremdb/imports"
)

// Options are the importer's options for the pinned snapshot: its commit, and the day its open
// statuses were read.
var Options = imports.Options{Commit: "488aade", AsOf: time.Date(2026, 5, 20, 0, 0, 0, 0, time.UTC)}

// Plan plans the import of the pinned snapshot found in the shared data directory data, as
// `theoremdb import` would.
func Plan(data string) (imports.Plan, error) {
	b, err := os.ReadFile(filepath.Join(data, "erdosproblems", "problems.yaml"))
	if err != nil {
		return imports.Plan{}, fmt.Errorf("the shared data: %w", err)
	}
	problems, _ := imports.ParseErdos("problems.yaml", b)
	byNumber := map[string]imports.ErdosProblem{}
	for _, p := range problems {
		byNumber[p.Number] = p
	}
	files, issues, err := imports.ReadFormal(os.DirFS(filepath.Join(data, "formal-conjectures", "FormalConjectures")))
	if err != nil {
		return imports.Plan{}, err
	}
	return imports.PlanFormal(files, issues, byNumber, Options), nil
}
