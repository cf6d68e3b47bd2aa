package policy

import (
	"context"
	"errors"
	"github.com/theoremdb/theoremdb/similar"

	"entgo.io/ent/dialect"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/claim"
	"github.com/theoremdb/theoremdb/ent/finding"
	"github.com/theoremdb/theoremdb/ent/gaterun"
	"github.com/theoremdb/theoremdb/ent/hold"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/packet"
)

// KindGateCompleted is the event of a finished gate run.
const KindGateCompleted = "gate.completed"

// AuthorityGate is the authority of a gate's findings.
const AuthorityGate = "publication_gate"

// scheduleGates writes a PENDING run of every gate on each new revision and enqueues the jobs
// that run them, in the transaction that writes the revisions: a revision never exists without its
// checks pending or done.
func (t *tx) scheduleGates(ctx context.Context, revs ...*ent.Revision) error {
	now := t.s.Now()
	bulk := make([]*ent.GateRunCreate, 0, len(revs)*len(gates.All()))
	for _, rev := range revs {
		for _, g := range gates.All() {
			bulk = append(bulk, t.GateRun.Create().SetRevisionID(rev.ID).SetProblemID(rev.ProblemID).
				SetGate(gaterun.Gate(g.Name)).SetVersion(g.Version).SetCreatedAt(now))
		}
	}
	if _, err := saveBulk[*ent.GateRun](ctx, bulk, t.GateRun.CreateBulk); err != nil {
		return fmt.Errorf("schedule gates: %w", err)
	}
	if t.s.scheduler == nil {
		return nil
	}
	for _, rev := range revs {
		if err := t.s.scheduler.ScheduleGates(ctx, t.sql, rev.ID); err != nil {
			return fmt.Errorf("schedule gates: %w", err)
		}
	}
	return nil
}

// GateInput reads a revision as the gates read it.
func (s *Service) GateInput(ctx context.Context, revisionID string) (*gates.Revision, error) {
	rev, err := s.client.Revision.Query().Where(revision.ID(revisionID)).
		WithProblem(func(q *ent.ProblemQuery) { q.WithProposer() }).
		WithReferences(func(q *ent.ReferenceQuery) { q.WithSource() }).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fmt.Errorf("revision %s: %w", revisionID, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("gate input: %w", err)
	}
	return GateRevision(rev), nil
}

// GateRevision turns a revision with its problem (and proposer) and references (with sources)
// loaded into the gates' packet.
func GateRevision(rev *ent.Revision) *gates.Revision {
	p := rev.Edges.Problem
	r := &gates.Revision{
		ProblemID: rev.ProblemID, RevisionID: rev.ID, Number: rev.Number,
		Title: rev.Title, Statement: rev.Statement, Exposition: rev.Exposition, Acceptance: rev.Acceptance,
		Provenance: rev.Provenance, ReferenceSearch: rev.ReferenceSearch, OpenStatus: rev.OpenStatus,
		Hero: HeroOf(rev), Computation: rev.Computation, Tags: rev.Tags,
	}
	if p != nil {
		r.SubmittedAt = p.SubmittedAt
		r.ImportKey = deref(p.ImportKey)
		if a := p.Edges.Proposer; a != nil {
			r.Generated = IsAgent(a)
		}
	}
	refs := slices.Clone(rev.Edges.References)
	slices.SortFunc(refs, func(a, b *ent.Reference) int { return a.Position - b.Position })
	for _, f := range refs {
		g := gates.Reference{Citation: f.Citation, Locator: f.Locator, Relevance: f.Relevance, Role: string(f.Role),
			Confirmation: string(f.Confirmation), ConfirmationReason: f.ConfirmationReason, LocatorConfirmed: f.LocatorConfirmed}
		if src := f.Edges.Source; src != nil {
			g.Identifier, g.Kind = src.Identifier, string(src.Kind)
		}
		if f.Rejected {
			// An agent's fabricated source left the packet; the provenance gate still reads it.
			r.Rejected = append(r.Rejected, g)
			continue
		}
		r.References = append(r.References, g)
	}
	return r
}

// HeroOf is the hero handoff a revision records.
func HeroOf(rev *ent.Revision) packet.Hero {
	return packet.Hero{Brief: rev.HeroBrief, Alt: rev.HeroAlt, Caption: rev.HeroCaption,
		RightsBasis: rev.HeroRightsBasis, Bespoke: rev.HeroBespoke}
}

// GateRunsToDo returns the runs of a revision that are pending, in the gates' order.
func (s *Service) GateRunsToDo(ctx context.Context, revisionID string) ([]*ent.GateRun, error) {
	runs, err := s.client.GateRun.Query().
		Where(gaterun.RevisionID(revisionID), gaterun.OutcomeEQ(gaterun.OutcomePENDING)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("gate runs: %w", err)
	}
	sortRuns(runs)
	return runs, nil
}

// RecordGateResult completes a run with a gate's result: its outcome, input digest, times and
// findings replace whatever an earlier attempt wrote, so a rerun after a crash leaves one set of
// findings, and the completion is an event on the problem.
func (s *Service) RecordGateResult(ctx context.Context, runID, digest string, res gates.Result) error {
	return s.inTx(ctx, func(ctx context.Context, t *tx) error { return t.recordGateResult(ctx, runID, digest, res) })
}

// GateResult is the result of one gate run, for RecordGateResults.
type GateResult struct {
	RunID  string
	Result gates.Result
}

// RecordGateResults records the results of several runs on one revision's inputs (digest) as
// RecordGateResult records each, in one transaction: a revision's nine gates written one by
// one were nine transactions, most of a gate job's time once the gates had run. A run that a
// rerun replaced meanwhile is passed over; its replacement is pending.
func (s *Service) RecordGateResults(ctx context.Context, digest string, results []GateResult) error {
	return s.inTx(ctx, func(ctx context.Context, t *tx) error {
		// Every run's findings first, then every completion's event: the event log's counter,
		// which submissions take too, is held from the first event to the commit, so the
		// writes that need no event come before it.
		written := make([]writtenGateResult, 0, len(results))
		for _, r := range results {
			w, err := t.writeGateResult(ctx, r.RunID, digest, r.Result)
			if errors.Is(err, errRunGone) {
				continue
			}
			if err != nil {
				return err
			}
			written = append(written, w)
		}
		var revisions []string
		for _, w := range written {
			if err := t.completeGateResult(ctx, w); err != nil {
				return err
			}
			if !slices.Contains(revisions, w.run.RevisionID) {
				revisions = append(revisions, w.run.RevisionID)
			}
		}
		for _, id := range revisions {
			if err := t.schedulePanel(ctx, id); err != nil {
				return err
			}
		}
		return nil
	})
}

// writtenGateResult is a gate run whose result writeGateResult wrote, as completeGateResult
// records its completion: the result as the profile in force made it, and the profile.
type writtenGateResult struct {
	run  *ent.GateRun
	res  gates.Result
	prof gates.Profile
}

// errRunGone is a gate run that no longer exists (a rerun replaced it): RecordGateResults passes
// over it, and only it.
var errRunGone = fmt.Errorf("%w: the run was replaced", ErrNotFound)

func (t *tx) recordGateResult(ctx context.Context, runID, digest string, res gates.Result) error {
	w, err := t.writeGateResult(ctx, runID, digest, res)
	if err != nil {
		return err
	}
	if err := t.completeGateResult(ctx, w); err != nil {
		return err
	}
	return t.schedulePanel(ctx, w.run.RevisionID)
}

// writeGateResult writes a run's result, its outcome and findings, without the event of its
// completion (completeGateResult).
func (t *tx) writeGateResult(ctx context.Context, runID, digest string, res gates.Result) (writtenGateResult, error) {
	q := t.GateRun.Query().Where(gaterun.ID(runID))
	if t.s.db.Dialect == dialect.Postgres {
		q = q.ForUpdate() // two workers on one run record one after the other
	}
	run, err := q.Only(ctx)
	if ent.IsNotFound(err) {
		return writtenGateResult{}, fmt.Errorf("gate run %s: %w", runID, errRunGone)
	}
	if err != nil {
		return writtenGateResult{}, fmt.Errorf("gate run: %w", err)
	}
	// The operating profile in force when the problem was submitted decides which FAILs
	// stand on the check's own authority (gates.ApplyProfile).
	submitted, err := t.Problem.Query().Where(problem.ID(run.ProblemID)).Select(problem.FieldSubmittedAt).Only(ctx)
	if err != nil {
		return writtenGateResult{}, fmt.Errorf("gate run's problem: %w", err)
	}
	prof, err := t.profileAt(ctx, submitted.SubmittedAt)
	if err != nil {
		return writtenGateResult{}, err
	}
	res = gates.ApplyProfile(prof, res)
	// So do the adopted versions of the criteria (criteria.go).
	if res, err = t.withCriteriaAt(ctx, res, submitted.SubmittedAt); err != nil {
		return writtenGateResult{}, err
	}
	if _, err := t.Finding.Delete().Where(finding.GateRunID(runID)).Exec(ctx); err != nil {
		return writtenGateResult{}, fmt.Errorf("clear findings: %w", err)
	}
	bulk := make([]*ent.FindingCreate, len(res.Findings))
	for i, f := range res.Findings {
		bulk[i] = t.Finding.Create().SetGateRunID(runID).SetPosition(i).SetCheck(f.Check).
			SetCriterion(f.Criterion).SetPolicyVersion(f.Policy).SetVerdict(finding.Verdict(f.Verdict)).
			SetEvidence(finding.Evidence(f.Evidence)).SetBehaviour(f.Behaviour).SetFix(f.Fix).
			SetConsequence(f.Consequence).SetSpanField(f.Span.Field).SetSpanStart(f.Span.Start).
			SetSpanEnd(f.Span.End).SetSpanQuote(f.Span.Quote)
	}
	for chunk := range slices.Chunk(bulk, 200) {
		if err := t.Finding.CreateBulk(chunk...).Exec(ctx); err != nil {
			return writtenGateResult{}, fmt.Errorf("write findings: %w", err)
		}
	}
	if err := run.Update().SetOutcome(gaterun.Outcome(res.Outcome)).SetInputsDigest(digest).
		SetReason(res.Reason).SetStartedAt(res.Started.UTC()).SetFinishedAt(res.Finished.UTC()).
		AddAttempts(1).Exec(ctx); err != nil {
		return writtenGateResult{}, fmt.Errorf("complete gate run: %w", err)
	}
	return writtenGateResult{run: run, res: res, prof: prof}, nil
}

// completeGateResult records the completion of a run writeGateResult wrote: its event, the hold
// a failing check opens and the stops it proposes. The caller schedules the panel (schedulePanel)
// once the run's revision has no gate left pending.
func (t *tx) completeGateResult(ctx context.Context, w writtenGateResult) error {
	run, res, prof := w.run, w.res, w.prof
	counts := map[gates.Verdict]int{}
	for _, f := range res.Findings {
		counts[f.Verdict]++
	}
	var err error
	if _, err = t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityGate, kind: KindGateCompleted,
		subject: run.ProblemID, payload: map[string]any{"revision": run.RevisionID, "run": run.ID,
			"gate": string(run.Gate), "version": run.Version, "outcome": string(res.Outcome),
			"failing": counts[gates.Fail], "needsHuman": counts[gates.NeedsHuman], "unknown": counts[gates.Unknown],
			"policyVersion": Version, "profile": string(prof.Name)}}); err != nil {
		return err
	}
	if err := t.holdForGate(ctx, run, res); err != nil {
		return err
	}
	return t.proposeStops(ctx, run, res)
}

// schedulePanel enqueues agent-assisted review once the last pending gate of a revision has
// run; the panel itself skips a revision that is no longer current or already has its record.
func (t *tx) schedulePanel(ctx context.Context, revisionID string) error {
	if t.s.scheduler == nil {
		return nil
	}
	pending, err := t.GateRun.Query().Where(gaterun.RevisionID(revisionID), gaterun.OutcomeEQ(gaterun.OutcomePENDING)).Exist(ctx)
	if err != nil || pending {
		return err
	}
	if err := t.s.scheduler.SchedulePanel(ctx, t.sql, revisionID); err != nil {
		return fmt.Errorf("schedule panel: %w", err)
	}
	return nil
}

// gateHolds are the duplicate gate's failing checks that send a problem to staff: a direct
// duplicate, a known answer, an attached answer (POLICY.md section 2).
var gateHolds = map[string]hold.Reason{
	"duplicate.near-duplicate": hold.ReasonDUPLICATE,
	"duplicate.known-answer":   hold.ReasonKNOWN_ANSWER,
	"duplicate.answer-claim":   hold.ReasonANSWER_CLAIM,
}

// holdForGate holds the problem for staff when the duplicate gate fails one of gateHolds on its
// current revision while it is prospecting.
func (t *tx) holdForGate(ctx context.Context, run *ent.GateRun, res gates.Result) error {
	if run.Gate != gaterun.GateDUPLICATE {
		return nil
	}
	var p *ent.Problem
	for _, f := range res.Findings {
		reason, ok := gateHolds[f.Check]
		if !ok || f.Verdict != gates.Fail {
			continue
		}
		if p == nil {
			var err error
			if p, err = t.lockProblem(ctx, run.ProblemID); err != nil {
				return err
			}
			if p.State != problem.StatePROSPECTING || deref(p.CurrentRevisionID) != run.RevisionID {
				return nil
			}
		}
		if _, err := t.openHold(ctx, p, holdInput{reason: reason, authority: AuthorityGate,
			note: f.Check + ": " + f.Behaviour}); err != nil {
			return err
		}
	}
	return nil
}

// RerunGates marks the runs of the named gate (every gate when empty) on the current revision of
// one problem (every problem not removed when empty) as pending at the gate's current version,
// and enqueues their jobs: after a gate's version changes, or when what a gate reads from
// outside the packet (the copy-check index, other problems) has. It returns the number of
// revisions scheduled.
func (s *Service) RerunGates(ctx context.Context, gate gates.Name, problemRef string) (int, error) {
	gs := gates.All()
	if gate != "" {
		g, ok := gates.ByName(gate)
		if !ok {
			return 0, refuse(CodeInvalid, fmt.Sprintf("no gate %q", gate), "gate")
		}
		gs = []*gates.Gate{g}
	}
	q := s.client.Problem.Query().Where(problem.StateNEQ(problem.StateREMOVED), problem.CurrentRevisionIDNotNil())
	if problemRef != "" {
		id, err := ResolveProblemID(ctx, s.client, problemRef)
		if err != nil {
			return 0, err
		}
		q = q.Where(problem.ID(id))
	}
	revs, err := q.Select(problem.FieldCurrentRevisionID).Strings(ctx)
	if err != nil {
		return 0, fmt.Errorf("rerun gates: %w", err)
	}
	for chunk := range slices.Chunk(revs, 100) {
		err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
			for _, revID := range chunk {
				if err := t.rerunGates(ctx, revID, gs); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return 0, err
		}
	}
	return len(revs), nil
}

// rerunGates marks the given gates of a revision pending again, as new runs, and schedules the
// job that runs them, in t.
func (t *tx) rerunGates(ctx context.Context, revID string, gs []*gates.Gate) error {
	rev, err := t.Revision.Get(ctx, revID)
	if err != nil {
		return fmt.Errorf("rerun gates: %w", err)
	}
	for _, g := range gs {
		// A rerun is a new run: a worker still busy with the old one finds it gone and cannot
		// record a result computed before the rerun was asked for.
		old, err := t.GateRun.Query().Where(gaterun.RevisionID(revID), gaterun.GateEQ(gaterun.Gate(g.Name)),
			gaterun.Version(g.Version)).IDs(ctx)
		if err != nil {
			return fmt.Errorf("rerun gates: %w", err)
		}
		if len(old) > 0 {
			if _, err := t.Finding.Delete().Where(finding.GateRunIDIn(old...)).Exec(ctx); err != nil {
				return fmt.Errorf("rerun gates: %w", err)
			}
			if _, err := t.GateRun.Delete().Where(gaterun.IDIn(old...)).Exec(ctx); err != nil {
				return fmt.Errorf("rerun gates: %w", err)
			}
		}
		if err := t.GateRun.Create().SetRevisionID(revID).SetProblemID(rev.ProblemID).
			SetGate(gaterun.Gate(g.Name)).SetVersion(g.Version).SetCreatedAt(t.s.Now()).Exec(ctx); err != nil {
			return fmt.Errorf("rerun gates: %w", err)
		}
	}
	if t.s.scheduler != nil {
		if err := t.s.scheduler.ScheduleGates(ctx, t.sql, revID); err != nil {
			return fmt.Errorf("rerun gates: %w", err)
		}
	}
	return nil
}

// sortRuns puts runs in the gates' order, the newest version of a gate first.
func sortRuns(runs []*ent.GateRun) {
	order := map[gaterun.Gate]int{}
	for i, g := range gates.All() {
		order[gaterun.Gate(g.Name)] = i
	}
	slices.SortStableFunc(runs, func(a, b *ent.GateRun) int {
		if d := order[a.Gate] - order[b.Gate]; d != 0 {
			return d
		}
		return b.CreatedAt.Compare(a.CreatedAt)
	})
}

// CurrentRuns keeps, of a revision's runs, the one at each gate's current version (or the newest
// when the gate has none at it yet), in the gates' order.
func CurrentRuns(runs []*ent.GateRun) []*ent.GateRun {
	runs = slices.Clone(runs)
	sortRuns(runs)
	var out []*ent.GateRun
	for _, r := range runs {
		if len(out) > 0 && out[len(out)-1].Gate == r.Gate {
			if g, ok := gates.ByName(gates.Name(r.Gate)); ok && r.Version == g.Version && out[len(out)-1].Version != g.Version {
				out[len(out)-1] = r
			}
			continue
		}
		out = append(out, r)
	}
	return out
}

// CheckSummary is the state of a revision's checks at a glance.
type CheckSummary struct {
	// Outcome is FAIL if a gate fails, else PENDING if one is pending, else UNKNOWN, NEEDS_HUMAN
	// or PASS in that order.
	Outcome    gaterun.Outcome
	Failing    int // gates that fail
	NeedsHuman int // NEEDS_HUMAN and UNKNOWN findings a reviewer must confirm one by one
	Pending    int // gates not run yet
}

// SummarizeChecks sums up the current runs of a revision (with their findings loaded).
func SummarizeChecks(runs []*ent.GateRun) CheckSummary {
	var s CheckSummary
	unknown, human := false, false
	for _, r := range runs {
		switch r.Outcome {
		case gaterun.OutcomeFAIL:
			s.Failing++
		case gaterun.OutcomePENDING:
			s.Pending++
		case gaterun.OutcomeUNKNOWN:
			unknown = true
		case gaterun.OutcomeNEEDS_HUMAN:
			human = true
		}
		for _, f := range r.Edges.Findings {
			if f.Verdict == finding.VerdictNEEDS_HUMAN || f.Verdict == finding.VerdictUNKNOWN {
				s.NeedsHuman++
			}
		}
	}
	switch {
	case s.Failing > 0:
		s.Outcome = gaterun.OutcomeFAIL
	case s.Pending > 0 || len(runs) == 0:
		s.Outcome = gaterun.OutcomePENDING
	case unknown:
		s.Outcome = gaterun.OutcomeUNKNOWN
	case human:
		s.Outcome = gaterun.OutcomeNEEDS_HUMAN
	default:
		s.Outcome = gaterun.OutcomePASS
	}
	return s
}

// MachineReadableAnswer reports whether a claim is an answer to the problem it is attached to:
// its object type is claim, its status established, its current binding to the problem uses the
// review-controlled relation RESOLVES, and it is not superseded (POLICY.md section 2). bindings
// are the claim's bindings; the newest to the problem is the current one.
func MachineReadableAnswer(c *ent.Claim, bindings []*ent.Binding) bool {
	if c.ObjectType != claim.ObjectTypeCLAIM || c.Status != claim.StatusESTABLISHED || c.SupersededByID != nil {
		return false
	}
	cur := currentBinding(c, bindings)
	return cur != nil && cur.Relation == binding.RelationRESOLVES
}

// EstablishedResolves reports whether a claim's current binding to its problem is an established
// RESOLVES binding that nothing supersedes, whatever the claim's object type: a reviewed judgement
// that the research object answers the problem. It holds the problem for staff and blocks qualify
// until the binding is corrected or the problem archived; only a claim of object type claim is
// also the machine-readable answer a resolved page shows (MachineReadableAnswer).
func EstablishedResolves(c *ent.Claim, bindings []*ent.Binding) bool {
	if c.Status != claim.StatusESTABLISHED || c.SupersededByID != nil {
		return false
	}
	cur := currentBinding(c, bindings)
	return cur != nil && cur.Relation == binding.RelationRESOLVES
}

// Claims lists a problem's claims for the duplicate gate; Service implements gates.Claims. A
// claim counts as an answer for the gate when an established RESOLVES binding ties it to the
// problem, whatever its object type.
func (s *Service) Claims(ctx context.Context, problemID string) ([]gates.Claim, error) {
	cs, err := s.client.Claim.Query().Where(claim.ProblemID(problemID)).WithBindings().All(ctx)
	if err != nil {
		return nil, fmt.Errorf("claims: %w", err)
	}
	out := make([]gates.Claim, len(cs))
	for i, c := range cs {
		out[i] = gates.Claim{ID: c.ID, Summary: c.Summary, Answer: EstablishedResolves(c, c.Edges.Bindings)}
	}
	return out, nil
}

// StatementsChangedSince lists the problems changed after the cursor, oldest change first, at most
// limit of them, with their current title and statement, for the duplicate search
// (similar.ProblemIndex). Changed is when the problem last changed (a revision, a decision).
func (s *Service) StatementsChangedSince(ctx context.Context, after similar.Cursor, limit int) ([]similar.Entry, error) {
	ps, err := s.client.Problem.Query().Where(problem.Or(problem.UpdatedAtGT(after.At),
		problem.And(problem.UpdatedAt(after.At), problem.IDGT(after.ID)))).Order(ent.Asc(problem.FieldUpdatedAt), ent.Asc(problem.FieldID)).
		Limit(limit).WithCurrentRevision(func(q *ent.RevisionQuery) {
		q.Select(revision.FieldTitle, revision.FieldStatement)
	}).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("statements: %w", err)
	}
	out := make([]similar.Entry, 0, len(ps))
	for _, p := range ps {
		st := similar.Entry{ID: p.ID, Title: p.Title, State: string(p.State), Changed: p.UpdatedAt}
		if r := p.Edges.CurrentRevision; r != nil {
			st.Statement = r.Statement
		}
		out = append(out, st)
	}
	return out, nil
}

// ProblemStates returns the lifecycle state of each problem with one of these IDs.
func (s *Service) ProblemStates(ctx context.Context, ids []string) (map[string]string, error) {
	ps, err := s.client.Problem.Query().Where(problem.IDIn(ids...)).Select(problem.FieldID, problem.FieldState).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("problem states: %w", err)
	}
	out := make(map[string]string, len(ps))
	for _, p := range ps {
		out[p.ID] = string(p.State)
	}
	return out, nil
}

// RevisionChecks returns a revision's current runs with their findings: from the packet when the
// revision came from one, else from the database.
func (s *Service) RevisionChecks(ctx context.Context, rev *ent.Revision) ([]*ent.GateRun, error) {
	if runs, err := rev.Edges.ChecksOrErr(); err == nil {
		return runs, nil
	}
	runs, err := s.client.GateRun.Query().Where(gaterun.RevisionID(rev.ID)).
		WithFindings(func(q *ent.FindingQuery) { q.Order(ent.Asc(finding.FieldPosition)) }).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("gate runs: %w", err)
	}
	return nonNil(CurrentRuns(runs)), nil
}

// GateRevisionOf is the gates' packet of content that is not stored: the calibration's planted
// packets, and previews. It validates in as intake would and returns its field errors.
func GateRevisionOf(in ProblemInput, now time.Time, generated bool) (*gates.Revision, error) {
	ok, err := in.validate(now, generated)
	if err != nil {
		return nil, err
	}
	r := &gates.Revision{Number: 1, Title: strings.TrimSpace(ok.Title), Statement: ok.Statement, Exposition: ok.Exposition,
		Acceptance: *ok.Acceptance, Provenance: *ok.Provenance, ReferenceSearch: *ok.ReferenceSearch,
		OpenStatus: ok.OpenStatus, Hero: ok.Hero, Computation: ok.Computation, Tags: ok.Tags, Generated: generated,
		SubmittedAt: now}
	for i, f := range ok.References {
		r.References = append(r.References, gates.Reference{Identifier: ok.ids[i].Key, Kind: string(ok.ids[i].Kind),
			Citation: strings.TrimSpace(f.Citation), Locator: strings.TrimSpace(f.Locator),
			Relevance: strings.TrimSpace(f.Relevance), Role: string(f.Role)})
	}
	return r, nil
}

// RevisionCheckViews returns the flat view of a revision's current runs, for a revision that is
// not the packet's current one (the proposed revision of an accepted problem).
func (s *Service) RevisionCheckViews(ctx context.Context, revisionID string) ([]CheckView, error) {
	runs, err := s.client.GateRun.Query().Where(gaterun.RevisionID(revisionID)).
		WithFindings(func(q *ent.FindingQuery) { q.Order(ent.Asc(finding.FieldPosition)) }).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("gate runs: %w", err)
	}
	return CheckViews(CurrentRuns(runs)), nil
}
