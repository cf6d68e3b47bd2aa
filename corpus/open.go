package corpus

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/changerequest"
	"github.com/theoremdb/theoremdb/ent/corpusfinding"
	"github.com/theoremdb/theoremdb/ent/corpusgaterun"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/nodedraft"
	"github.com/theoremdb/theoremdb/ent/schema"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
)

// ErrWriter is a change request without a known writer: a caller's bug,
// not the writer's.
var ErrWriter = errors.New("a change request needs a writer: PERSON, IMPORTER or AGENT, with its ID")

// ErrKind is a draft of a kind no node has, which cannot be stored.
var ErrKind = errors.New("unknown node kind")

// UserError is a field of the input the writer must change: the path
// (nodes[0].uses[1]), what is wrong, and a stable code.
type UserError struct {
	Field   string
	Message string
	Code    string
}

// Result is what opening or checking a change request returns: the
// request as it now stands (with no ID on a dry run) and the field-level
// errors of a request the intake gate stopped or a revision that lost a
// race.
type Result struct {
	Request    *ChangeRequestView
	UserErrors []UserError
}

func validWriter(w Writer) error {
	if !slices.Contains([]string{WriterPerson, WriterImporter, WriterAgent}, w.Kind) || strings.TrimSpace(w.ID) == "" {
		return ErrWriter
	}
	return nil
}

// Check is the dry run an agent calls inside its own loop before it opens
// a request: the same gates at the same versions, in the same order with
// the same stop, and nothing written.
func (s *Service) Check(ctx context.Context, req Request) (*Result, error) {
	if err := validWriter(req.Writer); err != nil {
		return nil, err
	}
	if err := refuseStopped(ctx, s.client, req); err != nil {
		return nil, err
	}
	if err := s.refuseOverBudget(ctx, req); err != nil {
		return nil, err
	}
	var err error
	if req.Drafts, err = s.withLabels(ctx, req.Drafts); err != nil {
		return nil, err
	}
	st := newState(s, &req, s.client)
	rs, err := runGates(ctx, st)
	if err != nil {
		return nil, err
	}
	v := &ChangeRequestView{State: StatePending, Note: req.Note, Writer: req.Writer, Gates: rs, Nodes: []string{}}
	if Failed(rs) {
		v.State, v.FailedGate = StateFailed, rs[len(rs)-1].Gate
	}
	for i := range req.Drafts {
		if r := st.drafts[i].revised; r != nil {
			v.Nodes = append(v.Nodes, r.ID)
		}
	}
	return &Result{Request: v, UserErrors: userErrors(rs)}, nil
}

// Open records a change request and its drafts, then runs the merge gates
// on it: a request that passes merges in the transaction that records its
// gate results; one that fails stays open, FAILED, with its findings.
func (s *Service) Open(ctx context.Context, req Request) (*Result, error) {
	if err := validWriter(req.Writer); err != nil {
		return nil, err
	}
	if slices.ContainsFunc(req.Drafts, func(d Draft) bool { return !slices.Contains(Kinds, d.Kind) }) {
		return s.Check(ctx, req) // a kind no node has cannot be stored: the dry run names it, nothing is written
	}
	id, err := s.Submit(ctx, req)
	if err != nil {
		return nil, err
	}
	return s.settle(ctx, id)
}

// Submit records a change request PENDING with its drafts and returns its
// ID, for a worker to Process. Each draft that revises a node records the
// node's revision current now, which the merge holds it to.
func (s *Service) Submit(ctx context.Context, req Request) (string, error) {
	if err := validWriter(req.Writer); err != nil {
		return "", err
	}
	for i, d := range req.Drafts {
		if !slices.Contains(Kinds, d.Kind) {
			return "", fmt.Errorf("draft %d: kind %q is no node kind: %w", i+1, d.Kind, ErrKind)
		}
	}
	if err := refuseStopped(ctx, s.client, req); err != nil {
		return "", err
	}
	if err := s.refuseOverBudget(ctx, req); err != nil {
		return "", err
	}
	labelled, err := s.withLabels(ctx, req.Drafts)
	if err != nil {
		return "", err
	}
	req.Drafts = labelled
	var id string
	err = s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) (err error) {
		if id, err = s.submitIn(ctx, w, req); err != nil {
			return err
		}
		return s.enqueue(ctx, w.SQL(), id)
	})
	return id, err
}

// submitIn records a change request PENDING in w's transaction.
func (s *Service) submitIn(ctx context.Context, w *policy.WriteTx, req Request) (string, error) {
	var id string
	err := func() error {
		c := w.Client()
		now := s.now()
		cr, err := c.ChangeRequest.Create().SetNote(req.Note).SetOpener(req.Writer.ID).
			SetWriterKind(changerequest.WriterKind(req.Writer.Kind)).SetModel(req.Writer.Model).
			SetPromptVersion(req.Writer.PromptVersion).SetLayer(req.Writer.Layer).
			SetCreatedAt(now).SetUpdatedAt(now).Save(ctx)
		if err != nil {
			return fmt.Errorf("open change request: %w", err)
		}
		id = cr.ID
		if err := s.writeDrafts(ctx, c, cr.ID, req.Drafts); err != nil {
			return err
		}
		if err := s.noteCanaries(ctx, w, cr.ID, req); err != nil {
			return err
		}
		_, err = w.Append(ctx, req.Writer.ID, AuthorityWriter, KindRequestOpened, cr.ID, map[string]any{
			"writer": req.Writer.Kind, "model": req.Writer.Model, "promptVersion": req.Writer.PromptVersion,
			"drafts": len(req.Drafts)})
		return err
	}()
	return id, err
}

// writeDrafts records a request's drafts, each revision with the revision
// of its node current now, which the merge holds it to.
func (s *Service) writeDrafts(ctx context.Context, c *ent.Client, crID string, drafts []Draft) error {
	bulk := make([]*ent.NodeDraftCreate, len(drafts))
	for i, d := range drafts {
		base := ""
		if d.Revises != "" {
			if n, err := baseOf(ctx, c, d.Revises); err != nil {
				return err
			} else if n != nil && n.CurrentRevisionID != nil {
				base = *n.CurrentRevisionID
			}
		}
		bulk[i] = c.NodeDraft.Create().SetChangeRequestID(crID).SetPosition(i).SetKind(nodedraft.Kind(d.Kind)).
			SetLabel(d.Label).SetTitle(d.Title).SetBody(d.Body).SetTerm(d.Term).SetUses(d.Uses).SetProves(d.Proves).
			SetExampleOf(d.ExampleOf).SetReferences(d.References).SetRevises(d.Revises).SetBaseRevisionID(base).
			SetLicence(d.Licence).SetAttribution(d.Attribution).SetImportKey(d.ImportKey)
		if d.SmallCases != nil {
			bulk[i].SetSmallCases(d.SmallCases)
		}
		if d.Formal != nil {
			bulk[i].SetFormal(d.Formal)
		}
	}
	if _, err := c.NodeDraft.CreateBulk(bulk...).Save(ctx); err != nil {
		return fmt.Errorf("change request %s: drafts: %w", crID, err)
	}
	return nil
}

// baseOf is the node a draft revises, when it exists.
func baseOf(ctx context.Context, c *ent.Client, ref string) (*ent.CorpusNode, error) {
	q := c.CorpusNode.Query()
	if schema.CorpusNodeIDPattern.MatchString(ref) {
		q = q.Where(corpusnode.ID(ref))
	} else {
		q = q.Where(corpusnode.LabelEQ(ref))
	}
	n, err := q.Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("revised node %q: %w", ref, err)
	}
	return n, nil
}

// Process runs the merge gates on an open request (PENDING, or FAILED and
// revised) and merges it when they pass, in one transaction: the gate
// results, the nodes, their revisions, edges and references, the levels
// they change and every event. A worker calls it; so does Open.
func (s *Service) Process(ctx context.Context, id string) (*Result, error) {
	var (
		res *Result
		err error
	)
	pre, err := s.prerun(ctx, id)
	if err != nil {
		return nil, err
	}
	var opened []string
	for attempt := 0; attempt < 2; attempt++ {
		res, opened, err = s.processOnce(ctx, id, pre)
		// Two requests taking one label at once: the loser's insert breaks the
		// unique index; run its gates again, and intake now sees the label taken.
		if err == nil || !ent.IsConstraintError(err) {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	// The computation nodes a failure opened run their own gates now.
	for _, c := range opened {
		if _, err := s.Process(ctx, c); err != nil {
			return nil, fmt.Errorf("computation request %s: %w", c, err)
		}
	}
	return res, nil
}

func (s *Service) processOnce(ctx context.Context, id string, pre prerun) (*Result, []string, error) {
	var (
		rs     []GateResult
		opened []string
		counts []string // the nodes whose closure size the merge left to count
	)
	err := s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		c := w.Client()
		q := c.ChangeRequest.Query().Where(changerequest.ID(id))
		if w.Postgres() {
			q = q.ForUpdate()
		}
		cr, err := q.Only(ctx)
		if ent.IsNotFound(err) {
			return fmt.Errorf("change request %s: %w", id, policy.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("change request %s: %w", id, err)
		}
		if cr.State == changerequest.StateMERGED || cr.State == changerequest.StateWITHDRAWN {
			return nil
		}
		drafts, err := c.NodeDraft.Query().Where(nodedraft.ChangeRequestID(id)).Order(ent.Asc(nodedraft.FieldPosition)).All(ctx)
		if err != nil {
			return fmt.Errorf("change request %s: drafts: %w", id, err)
		}
		req := requestOf(cr, drafts)
		st := newState(s, req, c)
		st.pre = pre
		if rs, err = st.staleness(ctx, w, drafts); err != nil {
			return err
		}
		if rs == nil {
			if rs, err = runGates(ctx, st); err != nil {
				return err
			}
		}
		if err := s.writeRuns(ctx, c, cr.ID, rs); err != nil {
			return err
		}
		if err := st.recordJudges(ctx, w, cr.ID); err != nil {
			return err
		}
		now := s.now()
		if Failed(rs) {
			last := rs[len(rs)-1]
			if err := cr.Update().SetState(changerequest.StateFAILED).SetFailedGate(last.Gate).SetUpdatedAt(now).Exec(ctx); err != nil {
				return fmt.Errorf("change request %s: %w", id, err)
			}
			if _, err := w.Append(ctx, policy.SystemActor, AuthorityGates, KindRequestFailed, cr.ID, map[string]any{
				"gate": last.Gate, "failures": countVerdict(last.Findings, gates.Fail)}); err != nil {
				return err
			}
			opened, err = st.openCounterexamples(ctx, w, cr.ID)
			return err
		}
		nodes, reshaped, err := st.merge(ctx, w, cr, drafts)
		if err != nil {
			return err
		}
		if err := st.bindFormal(ctx, w, nodes); err != nil {
			return err
		}
		if err := st.markRoundTrips(ctx, w, nodes); err != nil {
			return err
		}
		if err := cr.Update().SetState(changerequest.StateMERGED).SetFailedGate("").SetMergedAt(now).SetUpdatedAt(now).Exec(ctx); err != nil {
			return fmt.Errorf("change request %s: %w", id, err)
		}
		if _, err := w.Append(ctx, policy.SystemActor, AuthorityGates, KindRequestMerged, cr.ID, map[string]any{"nodes": nodes}); err != nil {
			return err
		}
		if err := s.recompute(ctx, w, nodes); err != nil {
			return err
		}
		if counts, err = s.markCounts(ctx, w, reshaped); err != nil {
			return err
		}
		return s.release(ctx, w, nodes, policy.SystemActor, now) // a revision ends a stop's hold on the node
	})
	if err != nil {
		return nil, nil, err
	}
	if err := s.countNow(ctx, counts); err != nil {
		return nil, nil, fmt.Errorf("change request %s merged: %w", id, err)
	}
	v, err := s.ChangeRequest(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	return &Result{Request: v, UserErrors: userErrors(v.Gates)}, opened, nil
}

// requestOf is a stored request as the gates read it.
func requestOf(cr *ent.ChangeRequest, drafts []*ent.NodeDraft) *Request {
	req := &Request{Note: cr.Note, Writer: Writer{Kind: string(cr.WriterKind), ID: cr.Opener, Model: cr.Model,
		PromptVersion: cr.PromptVersion, Layer: cr.Layer}}
	for _, d := range drafts {
		req.Drafts = append(req.Drafts, Draft{Kind: string(d.Kind), Title: d.Title, Body: d.Body, Label: d.Label, Term: d.Term,
			Uses: d.Uses, Proves: d.Proves, ExampleOf: d.ExampleOf, References: d.References, Revises: d.Revises,
			Licence: d.Licence, Attribution: d.Attribution, ImportKey: d.ImportKey, SmallCases: d.SmallCases, Formal: d.Formal})
	}
	return req
}

// staleness locks every node the request revises (on PostgreSQL; SQLite's
// transaction holds the database) and refuses the request when one of them
// has a newer revision than the one current when the request opened: two
// requests revising one node never merge one over the other. It returns
// nil when nothing is stale.
func (st *state) staleness(ctx context.Context, w *policy.WriteTx, drafts []*ent.NodeDraft) ([]GateResult, error) {
	rep := &report{gate: intakeGate}
	for i, d := range drafts {
		if d.Revises == "" || d.BaseRevisionID == "" {
			continue
		}
		q := w.Client().CorpusNode.Query()
		if schema.CorpusNodeIDPattern.MatchString(d.Revises) {
			q = q.Where(corpusnode.ID(d.Revises))
		} else {
			q = q.Where(corpusnode.LabelEQ(d.Revises))
		}
		if w.Postgres() {
			q = q.ForUpdate()
		}
		n, err := q.Only(ctx)
		if ent.IsNotFound(err) {
			continue // intake reports it
		}
		if err != nil {
			return nil, fmt.Errorf("lock %s: %w", d.Revises, err)
		}
		if n.CurrentRevisionID != nil && *n.CurrentRevisionID != d.BaseRevisionID {
			rep.fail(inCheckFields, gates.Whole(draftField(i, "revises"), d.Revises), CodeStale,
				fmt.Sprintf("Draft %d revises %s as it stood when the request opened, and another request has revised it since.", i+1, n.ID),
				fmt.Sprintf("Read %s's current revision and open a new request revising it.", n.ID))
		}
	}
	if len(rep.findings) == 0 {
		return nil, nil
	}
	return []GateResult{{Gate: intakeGate.name, Position: intakeGate.position, Version: intakeGate.version,
		Outcome: gates.OutcomeFail, Findings: rep.findings}}, nil
}

// writeRuns records one attempt's gate results.
func (s *Service) writeRuns(ctx context.Context, c *ent.Client, crID string, rs []GateResult) error {
	last := 0
	prev, err := c.CorpusGateRun.Query().Where(corpusgaterun.ChangeRequestID(crID)).
		Order(ent.Desc(corpusgaterun.FieldAttempt)).First(ctx)
	switch {
	case err == nil:
		last = prev.Attempt
	case !ent.IsNotFound(err):
		return fmt.Errorf("gate runs of %s: %w", crID, err)
	}
	now := s.now()
	for _, r := range rs {
		run, err := c.CorpusGateRun.Create().SetChangeRequestID(crID).SetAttempt(last + 1).SetPosition(r.Position).
			SetGate(r.Gate).SetVersion(r.Version).SetOutcome(corpusgaterun.Outcome(r.Outcome)).SetCreatedAt(now).Save(ctx)
		if err != nil {
			return fmt.Errorf("gate run %s: %w", r.Gate, err)
		}
		bulk := make([]*ent.CorpusFindingCreate, len(r.Findings))
		for k, f := range r.Findings {
			bulk[k] = c.CorpusFinding.Create().SetGateRunID(run.ID).SetPosition(k).SetCheck(f.Check).SetCriterion(f.Criterion).
				SetVerdict(corpusfinding.Verdict(f.Verdict)).SetEvidence(corpusfinding.Evidence(f.Evidence)).
				SetBehaviour(f.Behaviour).SetFix(f.Fix).SetConsequence(f.Consequence).SetCode(f.Code).
				SetSpanField(f.Span.Field).SetSpanStart(f.Span.Start).SetSpanEnd(f.Span.End).SetSpanQuote(f.Span.Quote)
		}
		if _, err := c.CorpusFinding.CreateBulk(bulk...).Save(ctx); err != nil {
			return fmt.Errorf("findings of %s: %w", r.Gate, err)
		}
	}
	return nil
}

func countVerdict(fs []Finding, v gates.Verdict) int {
	n := 0
	for _, f := range fs {
		if f.Verdict == v {
			n++
		}
	}
	return n
}

// userErrors are the failing findings of the gate that stopped a request
// that carry a code a caller can act on.
func userErrors(rs []GateResult) []UserError {
	out := []UserError{}
	if !Failed(rs) {
		return out
	}
	for _, f := range rs[len(rs)-1].Findings {
		if f.Verdict == gates.Fail && f.Code != "" {
			out = append(out, UserError{Field: f.Span.Field, Message: f.Behaviour + " " + f.Fix, Code: f.Code})
		}
	}
	return out
}

// ErrBadCursor is a list cursor this server did not give out.
var ErrBadCursor = errors.New("bad cursor")
