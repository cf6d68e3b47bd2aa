package corpus

import (
	"context"
	"fmt"
	"slices"

	"github.com/theoremdb/theoremdb/ent/corpusbinding"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/predicate"
	"github.com/theoremdb/theoremdb/kernel"
	"github.com/theoremdb/theoremdb/policy"
)

// RecheckSummary is what a re-check of the kernel-checked nodes found.
type RecheckSummary struct {
	Checked       int // bindings re-checked
	Changed       int // bindings whose checkers changed
	Disagreements int // bindings whose checkers now disagree
	Skipped       int // bindings whose database could not be read
}

// RecheckFormal re-checks, with the second checker, the proof of every
// binding of a node at E4 or above against the formal library as it is
// now, and records what changed: a proof the second checker now rejects
// while metamath accepted it is a disagreement, an incident that drops the
// node to E3 at most. Each binding is written in its own transaction.
func (s *Service) RecheckFormal(ctx context.Context) (RecheckSummary, error) {
	var sum RecheckSummary
	ids, err := s.client.CorpusNode.Query().Where(corpusnode.LevelGTE(E4)).IDs(ctx)
	if err != nil {
		return sum, fmt.Errorf("kernel-checked nodes: %w", err)
	}
	for _, part := range batches(s.postgres(), ids) {
		bs, err := s.client.CorpusBinding.Query().Where(predicate.CorpusBinding(idIn(corpusbinding.FieldNodeID, part)),
			corpusbinding.SystemEQ(FormalMetamath)).All(ctx)
		if err != nil {
			return sum, fmt.Errorf("bindings: %w", err)
		}
		for _, b := range bs {
			if err := ctx.Err(); err != nil {
				return sum, err
			}
			db, err := s.formal.open(b.Database)
			if err != nil {
				sum.Skipped++
				continue
			}
			r := formalRun{database: b.Database}
			if r.second, err = db.second(b.Label); err != nil {
				r.second = kernel.Verdict{Label: b.Label, Status: kernel.Fail, Reason: err.Error()}
			}
			// The C verifier's last verdict stands: the nightly run is the second checker's.
			r.mm = kernel.Verdict{Label: b.Label, Status: kernel.Fail, Reason: "metamath rejected the proof when it last ran"}
			if slices.Contains(b.CheckersPassed, CheckerMetamath) {
				r.mm = kernel.Verdict{Label: b.Label, Status: kernel.Pass}
			}
			sum.Checked++
			if !sameIDs(b.CheckersPassed, r.passed()) {
				sum.Changed++
			}
			if r.disagree() {
				sum.Disagreements++
			}
			f := Formal{System: b.System, Database: b.Database, Label: b.Label}
			if err := s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
				if err := s.recordCheck(ctx, w, b.NodeID, f, b.Formal, r); err != nil {
					return err
				}
				return s.recompute(ctx, w, []string{b.NodeID})
			}); err != nil {
				return sum, err
			}
		}
	}
	return sum, nil
}
