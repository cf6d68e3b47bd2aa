package policy

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	entsql "entgo.io/ent/dialect/sql"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/batchstop"
	"github.com/theoremdb/theoremdb/ent/counter"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/finding"
	"github.com/theoremdb/theoremdb/ent/gaterun"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/gates"
)

// Batch stops (review policy v5, batch rules): repeated defects that share a generator or an
// importer stop the batch until the source is fixed.
const (
	KindBatchStopped      = "batch.stopped"
	KindBatchLifted       = "batch.lifted"
	KindBatchStopProposed = "batch.stop_proposed"
	// CodeBatchStopped: qualify is stopped for the candidate's batch.
	CodeBatchStopped Code = "BATCH_STOPPED"
	// StopProposalFailures is how many failures of one check in one UTC week, sharing a
	// source, make the system propose a stop.
	StopProposalFailures = 3
)

// BatchSource names the batch a revision belongs to: "generator:NAME" for a record that names
// its generator, "import:SOURCE" for a trusted import, or "" for a member's own submission.
func BatchSource(p *ent.Problem, rev *ent.Revision) string {
	if g := generatorOf(rev); g != "" {
		return "generator:" + g
	}
	if p.ImportKey != nil {
		src, _, _ := strings.Cut(*p.ImportKey, ":")
		return "import:" + src
	}
	return ""
}

func generatorOf(rev *ent.Revision) string {
	return strings.ToLower(strings.Join(strings.Fields(rev.Provenance.GeneratedBy), " "))
}

// StopBatch stops qualify for every candidate of a source, with the reason (operators).
func (s *Service) StopBatch(ctx context.Context, actor *ent.Account, source, reason string) (*ent.BatchStop, error) {
	if !CanStaff(actor) {
		return nil, fmt.Errorf("stopping a batch needs the operator role: %w", ErrForbidden)
	}
	var v validator
	v.line(source, true, 1000, "source")
	v.text(reason, true, MaxHoldNote, "reason")
	if err := v.err(); err != nil {
		return nil, err
	}
	source = strings.TrimSpace(source)
	if !strings.HasPrefix(source, "generator:") && !strings.HasPrefix(source, "import:") {
		return nil, refuse(CodeInvalid, "a batch is generator:NAME or import:SOURCE", "source")
	}
	var b *ent.BatchStop
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		open, err := t.BatchStop.Query().Where(batchstop.Source(source), batchstop.LiftedAtIsNil()).Exist(ctx)
		if err != nil {
			return err
		}
		if open {
			return refuse(CodeConflict, "the batch from "+source+" is already stopped", "source")
		}
		if b, err = t.BatchStop.Create().SetSource(source).SetReason(strings.TrimSpace(reason)).SetStoppedByID(actor.ID).
			SetStoppedAt(s.Now()).Save(ctx); err != nil {
			return fmt.Errorf("stop batch: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityStaff, kind: KindBatchStopped,
			subject: "batch:" + source, payload: map[string]any{"stop": b.ID, "source": source, "reason": b.Reason}})
		return err
	})
	return b, err
}

// LiftBatch lifts a stop once its source is fixed (operators).
func (s *Service) LiftBatch(ctx context.Context, actor *ent.Account, stopID string) error {
	if !CanStaff(actor) {
		return fmt.Errorf("lifting a batch stop needs the operator role: %w", ErrForbidden)
	}
	return s.inTx(ctx, func(ctx context.Context, t *tx) error {
		b, err := t.BatchStop.Get(ctx, stopID)
		if ent.IsNotFound(err) {
			return refuse(CodeNotFound, fmt.Sprintf("no batch stop %q", stopID), "stopId")
		}
		if err != nil {
			return err
		}
		if b.LiftedAt != nil {
			return refuse(CodeConflict, "this stop is already lifted", "stopId")
		}
		if err := b.Update().SetLiftedAt(s.Now()).SetLiftedByID(actor.ID).Exec(ctx); err != nil {
			return fmt.Errorf("lift batch: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityStaff, kind: KindBatchLifted,
			subject: "batch:" + b.Source, payload: map[string]any{"stop": b.ID, "source": b.Source}})
		return err
	})
}

// OpenStops are the batches stopped now, by source.
func (s *Service) OpenStops(ctx context.Context) (map[string]*ent.BatchStop, error) {
	bs, err := s.client.BatchStop.Query().Where(batchstop.LiftedAtIsNil()).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("batch stops: %w", err)
	}
	out := make(map[string]*ent.BatchStop, len(bs))
	for _, b := range bs {
		out[b.Source] = b
	}
	return out, nil
}

// batchRefusal says why a qualify of p's revision rev is stopped, or nil. A problem belongs to
// the batch of every generator any of its revisions named, so a later revision that leaves
// generatedBy blank does not take it out of a stopped batch.
func (t *tx) batchRefusal(ctx context.Context, p *ent.Problem, rev *ent.Revision) error {
	sources := map[string]bool{}
	if src := BatchSource(p, rev); src != "" {
		sources[src] = true
	}
	revs, err := t.Revision.Query().Where(revision.ProblemID(p.ID)).Select(revision.FieldProvenance).All(ctx)
	if err != nil {
		return fmt.Errorf("batch stop: %w", err)
	}
	for _, r := range revs {
		if g := generatorOf(r); g != "" {
			sources["generator:"+g] = true
		}
	}
	if len(sources) == 0 {
		return nil
	}
	list := make([]string, 0, len(sources))
	for src := range sources {
		list = append(list, src)
	}
	b, err := t.BatchStop.Query().Where(batchstop.SourceIn(list...), batchstop.LiftedAtIsNil()).First(ctx)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("batch stop: %w", err)
	}
	return refuse(CodeBatchStopped, fmt.Sprintf("qualify is stopped for the batch from %s until its source is fixed: %s", b.Source, b.Reason), "action")
}

// proposeStops proposes a batch stop, once per source, check and UTC week, when a run's failing
// checks bring a source to StopProposalFailures failures of one check in the week.
func (t *tx) proposeStops(ctx context.Context, run *ent.GateRun, res gates.Result) error {
	failing := map[string]bool{}
	for _, f := range res.Findings {
		if f.Verdict == gates.Fail {
			failing[f.Check] = true
		}
	}
	if len(failing) == 0 {
		return nil
	}
	rev, err := t.Revision.Query().Where(revision.ID(run.RevisionID)).WithProblem().Only(ctx)
	if err != nil {
		return fmt.Errorf("propose stop: %w", err)
	}
	src := BatchSource(rev.Edges.Problem, rev)
	if src == "" {
		return nil
	}
	week := WeekOf(t.s.Now())
	for check := range failing {
		revs, err := t.Revision.Query().Where(revision.HasChecksWith(gaterun.FinishedAtGTE(week),
			gaterun.HasFindingsWith(finding.Check(check), finding.VerdictEQ(finding.VerdictFAIL)))).
			WithProblem(func(q *ent.ProblemQuery) { q.Select(problem.FieldID, problem.FieldImportKey) }).All(ctx)
		if err != nil {
			return fmt.Errorf("propose stop: %w", err)
		}
		n := 0
		for _, r := range revs {
			if r.ID == rev.ID || r.Edges.Problem != nil && BatchSource(r.Edges.Problem, r) == src {
				n++
			}
		}
		if !slices.ContainsFunc(revs, func(r *ent.Revision) bool { return r.ID == rev.ID }) {
			n++ // this run's findings are being written in this transaction
		}
		if n < StopProposalFailures {
			continue
		}
		name := "stop-proposed:" + week.Format("2006-01-02") + ":" + check + ":" + src
		if err := t.Counter.Create().SetID(name).SetValue(0).OnConflict(entsql.ConflictColumns(counter.FieldID)).
			Ignore().Exec(ctx); err != nil {
			return fmt.Errorf("propose stop: %w", err)
		}
		k, _, err := t.nextCounter(ctx, name)
		if err != nil {
			return err
		}
		if k != 1 {
			continue // proposed already this week
		}
		if _, err := t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityGate, kind: KindBatchStopProposed,
			subject: "batch:" + src, payload: map[string]any{"source": src, "check": check, "failures": n,
				"week": week.Format("2006-01-02"), "policyVersion": Version}}); err != nil {
			return err
		}
	}
	return nil
}

// StopProposal is a proposed batch stop not acted on.
type StopProposal struct {
	Source, Check string
	Failures      int
	At            time.Time
}

// StopProposals lists the stops proposed in the last week whose source is not stopped.
func (s *Service) StopProposals(ctx context.Context) ([]StopProposal, error) {
	evs, err := s.client.Event.Query().Where(event.Kind(KindBatchStopProposed), event.AtGTE(s.Now().AddDate(0, 0, -7))).
		Order(ent.Desc(event.FieldSeq)).Limit(100).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("stop proposals: %w", err)
	}
	open, err := s.OpenStops(ctx)
	if err != nil {
		return nil, err
	}
	var out []StopProposal
	for _, e := range evs {
		var pl struct {
			Source, Check string
			Failures      int
		}
		if err := json.Unmarshal([]byte(e.Payload), &pl); err != nil || open[pl.Source] != nil {
			continue
		}
		out = append(out, StopProposal{Source: pl.Source, Check: pl.Check, Failures: pl.Failures, At: e.At})
	}
	return out, nil
}
