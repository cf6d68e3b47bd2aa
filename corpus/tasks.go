package corpus

import (
	"context"
	"fmt"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/changerequest"
	"github.com/theoremdb/theoremdb/ent/corpustask"
	"github.com/theoremdb/theoremdb/ent/nodedraft"
	"github.com/theoremdb/theoremdb/policy"
)

// Task kinds: the jobs for people that machine checks open.
const (
	TaskCounterexample = "COUNTEREXAMPLE"
	TaskDisagreement   = "CHECKER_DISAGREEMENT"
)

// Events of the queue for people.
const (
	KindTaskOpened = "corpus.task.opened"
	KindTaskClosed = "corpus.task.closed"
)

// WriterSmallCases is the importer that writes the computation nodes of
// small-case counterexamples.
const WriterSmallCases = "sanity.small-cases"

// Task is one job in the queue for people.
type Task struct {
	ID          string
	Kind        string
	Subject     string // the change request or node
	Computation string // the change request of the computation node, for a counterexample
	Summary     string
	State       string
	CreatedAt   time.Time
}

// prerun holds the sandboxed runs of a request's drafts, by draft.
type prerun struct {
	small      map[int]smallRun
	formal     map[int]formalRun
	judges     map[int]judgeRun
	roundTrip  map[int]roundTripRun
	hypotheses map[int]hypothesesRun
	// models are the lanes the runs called, which the gates then read.
	models *modelLanes
}

// prerun makes the sandboxed runs and the model judges' calls of request
// id's drafts before the merge's transaction opens: a program may take up
// to 20 s and a model longer, and no transaction should wait on either. The drafts never change once written.
func (s *Service) prerun(ctx context.Context, id string) (prerun, error) {
	pre := prerun{small: map[int]smallRun{}, formal: map[int]formalRun{}, judges: map[int]judgeRun{},
		roundTrip: map[int]roundTripRun{}, hypotheses: map[int]hypothesesRun{}}
	cr, err := s.client.ChangeRequest.Get(ctx, id)
	if ent.IsNotFound(err) {
		return pre, nil // processOnce reports it
	}
	if err != nil {
		return pre, fmt.Errorf("change request %s: %w", id, err)
	}
	if cr.State == changerequest.StateMERGED || cr.State == changerequest.StateWITHDRAWN {
		return pre, nil
	}
	drafts, err := s.client.NodeDraft.Query().Where(nodedraft.ChangeRequestID(id)).Order(ent.Asc(nodedraft.FieldPosition)).All(ctx)
	if err != nil {
		return pre, fmt.Errorf("change request %s: drafts: %w", id, err)
	}
	st := newState(s, requestOf(cr, drafts), s.client)
	if pre.models = st.models(ctx); pre.models.err != nil {
		return pre, pre.models.err
	}
	for i, d := range st.req.Drafts {
		if d.SmallCases != nil {
			pre.small[i] = st.smallCaseRun(ctx, i)
		}
		if d.Formal != nil {
			pre.formal[i] = st.formalRun(ctx, i)
		}
		if judgeable(d) {
			pre.judges[i] = st.judgeRun(ctx, i)
		}
		if st.roundTrips(ctx, d) {
			pre.roundTrip[i] = st.roundTripRun(ctx, i)
		}
		if st.checksHypotheses(ctx, d) {
			pre.hypotheses[i] = st.hypothesesRun(ctx, i)
		}
		if ctx.Err() != nil {
			return pre, ctx.Err()
		}
	}
	return pre, nil
}

// openCounterexamples records, in the failed request's transaction, each
// counterexample the gates found: a change request from the small-case
// check opening a computation node with the witness and the program, and
// a job for a person. A witness already recorded for the request is not
// recorded again. It returns the computation requests, for processing.
func (st *state) openCounterexamples(ctx context.Context, w *policy.WriteTx, crID string) ([]string, error) {
	var opened []string
	c := w.Client()
	for _, ce := range st.counterexamples {
		d := st.req.Drafts[ce.draft]
		summary := fmt.Sprintf("Draft %d (%q) of %s: the small-case program found COUNTEREXAMPLE %s. Is the statement false, or the program wrong?",
			ce.draft+1, d.Label, crID, ce.witness)
		n, err := c.CorpusTask.Query().Where(corpustask.Subject(crID), corpustask.KindEQ(corpustask.KindCOUNTEREXAMPLE)).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("tasks of %s: %w", crID, err)
		}
		seen := false
		for _, t := range n {
			seen = seen || t.Summary == summary
		}
		if seen {
			continue
		}
		draft := computationDraft(crID, d, ce)
		draft.Label = fmt.Sprintf("%s-%d", draft.Label, len(n)+1)
		comp, err := st.s.submitIn(ctx, w, Request{Writer: Writer{Kind: WriterImporter, ID: WriterSmallCases},
			Note: "The computation behind a small-case counterexample to " + crID + ".", Drafts: []Draft{draft}})
		if err != nil {
			return nil, err
		}
		t, err := c.CorpusTask.Create().SetKind(corpustask.KindCOUNTEREXAMPLE).SetSubject(crID).SetComputation(comp).
			SetSummary(summary).SetCreatedAt(st.s.now()).Save(ctx)
		if err != nil {
			return nil, fmt.Errorf("task for %s: %w", crID, err)
		}
		if _, err := w.Append(ctx, policy.SystemActor, AuthorityGates, KindTaskOpened, t.ID, map[string]any{
			"kind": TaskCounterexample, "subject": crID, "computation": comp, "witness": ce.witness}); err != nil {
			return nil, err
		}
		opened = append(opened, comp)
	}
	return opened, nil
}

// MaxTasks is the most jobs one page of the queue for people lists.
const MaxTasks = 500

// Tasks lists the open jobs of the queue for people, oldest first: at most
// limit of them, and at most MaxTasks. A limit of 0 or less is an empty
// page, as with every list of the corpus: a caller who wants the most
// asks for MaxTasks.
func (s *Service) Tasks(ctx context.Context, limit int) ([]Task, error) {
	if limit <= 0 { // an empty page on every database: ent reads a limit of 0 as none
		return []Task{}, nil
	}
	limit = min(limit, MaxTasks)
	ts, err := s.client.CorpusTask.Query().Where(corpustask.StateEQ(corpustask.StateOPEN)).
		Order(ent.Asc(corpustask.FieldCreatedAt), ent.Asc(corpustask.FieldID)).Limit(limit).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("corpus tasks: %w", err)
	}
	out := make([]Task, len(ts))
	for i, t := range ts {
		out[i] = Task{ID: t.ID, Kind: string(t.Kind), Subject: t.Subject, Computation: t.Computation, Summary: t.Summary,
			State: string(t.State), CreatedAt: t.CreatedAt}
	}
	return out, nil
}

// CloseTask records that a person settled a job.
func (s *Service) CloseTask(ctx context.Context, id, actor, note string) error {
	return s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		n, err := w.Client().CorpusTask.Update().Where(corpustask.ID(id), corpustask.StateEQ(corpustask.StateOPEN)).
			SetState(corpustask.StateDONE).SetClosedBy(actor).SetClosedAt(s.now()).Save(ctx)
		if err != nil {
			return fmt.Errorf("close task %s: %w", id, err)
		}
		if n == 0 {
			return fmt.Errorf("open task %s: %w", id, policy.ErrNotFound)
		}
		_, err = w.Append(ctx, actor, AuthorityPerson, KindTaskClosed, id, map[string]any{"note": note})
		return err
	})
}
