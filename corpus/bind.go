package corpus

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/corpusbinding"
	"github.com/theoremdb/theoremdb/ent/corpustask"
	"github.com/theoremdb/theoremdb/policy"
)

// KindCheckersDisagree is the incident event of two proof checkers that
// reach different verdicts on one proof.
const KindCheckersDisagree = "corpus.kernel.disagreement"

// KindKernelChecked is the event of a re-check that changed a binding's
// checkers.
const KindKernelChecked = "corpus.kernel.checked"

// bindFormal records, in the merge's transaction, the formal binding of
// each merged draft that has one, with the checkers that accepted its
// proof. A node an importer wrote from a formal library is formal: its
// statement is the formal one, so it needs no round trip for E4.
func (st *state) bindFormal(ctx context.Context, w *policy.WriteTx, ids []string) error {
	for i, d := range st.req.Drafts {
		if d.Formal == nil {
			continue
		}
		r := st.formalRun(ctx, i)
		if r.bindErr != nil {
			continue // the gate failed the request; unreachable after a merge
		}
		formal := st.req.Writer.Kind == WriterImporter
		if err := st.s.recordCheck(ctx, w, ids[i], *d.Formal, formal, r); err != nil {
			return err
		}
	}
	return nil
}

// recordCheck writes both checkers' verdicts on node id's binding f,
// creating the binding the first time; a disagreement is an incident event
// and a job for a person.
func (s *Service) recordCheck(ctx context.Context, w *policy.WriteTx, id string, f Formal, formal bool, r formalRun) error {
	c, now := w.Client(), s.now()
	b, err := c.CorpusBinding.Query().Where(corpusbinding.NodeID(id), corpusbinding.System(f.System),
		corpusbinding.Database(f.Database), corpusbinding.LabelEQ(f.Label)).First(ctx)
	switch {
	case ent.IsNotFound(err):
		b, err = c.CorpusBinding.Create().SetNodeID(id).SetSystem(f.System).SetDatabase(f.Database).SetLabel(f.Label).
			SetFormal(formal).SetCheckersPassed(r.passed()).SetDisagreement(r.disagree()).SetCheckedAt(now).
			SetCreatedAt(now).Save(ctx)
		if err != nil {
			return fmt.Errorf("binding of %s: %w", id, err)
		}
		if _, err := w.Append(ctx, policy.SystemActor, AuthorityGates, "corpus.node.bound", id, map[string]any{
			"binding": b.ID, "system": f.System, "database": f.Database, "label": f.Label, "formal": formal,
			"checkers": r.passed()}); err != nil {
			return err
		}
	case err != nil:
		return fmt.Errorf("binding of %s: %w", id, err)
	default:
		was, wasDis := b.CheckersPassed, b.Disagreement
		if err := b.Update().SetCheckersPassed(r.passed()).SetDisagreement(r.disagree()).SetCheckedAt(now).Exec(ctx); err != nil {
			return fmt.Errorf("binding of %s: %w", id, err)
		}
		if !sameIDs(was, r.passed()) || wasDis != r.disagree() {
			if _, err := w.Append(ctx, policy.SystemActor, AuthorityGates, KindKernelChecked, id, map[string]any{
				"binding": b.ID, "before": was, "after": r.passed()}); err != nil {
				return err
			}
		}
		if wasDis && r.disagree() {
			return nil // the incident is open already
		}
	}
	if !r.disagree() {
		return nil
	}
	summary := fmt.Sprintf("The proof checkers disagree on %s of %s, bound to %s: metamath says %s (%s); the second checker says %s (%s).",
		f.Label, f.Database, id, r.mm.Status, r.mm.Reason, r.second.Status, r.second.Reason)
	if _, err := w.Append(ctx, policy.SystemActor, AuthorityGates, KindCheckersDisagree, id, map[string]any{
		"binding": b.ID, "database": f.Database, "label": f.Label, "metamath": r.mm.Status, "second": r.second.Status,
		"metamathReason": r.mm.Reason, "secondReason": r.second.Reason}); err != nil {
		return err
	}
	t, err := c.CorpusTask.Create().SetKind(corpustask.KindCHECKER_DISAGREEMENT).SetSubject(id).SetSummary(summary).
		SetCreatedAt(now).Save(ctx)
	if err != nil {
		return fmt.Errorf("task for %s: %w", id, err)
	}
	_, err = w.Append(ctx, policy.SystemActor, AuthorityGates, KindTaskOpened, t.ID, map[string]any{
		"kind": TaskDisagreement, "subject": id})
	return err
}
