package seed

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/finding"
	"github.com/theoremdb/theoremdb/ent/gaterun"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/similar"
	"github.com/theoremdb/theoremdb/workers"
)

// ErrNotEmpty is returned when the database already has problems: demo data
// goes only into a new database, never beside real submissions.
var ErrNotEmpty = errors.New("database already has problems")

// Summary says what a seeding created and where the problems stand at the
// end of the replay.
type Summary struct {
	Accounts int
	Problems int
	// Prospecting problems are still in their challenge period.
	Prospecting int
	// AcceptedByDefault were accepted when their challenge window elapsed.
	AcceptedByDefault int
	// AcceptedByReviewer were accepted early by a qualify decision.
	AcceptedByReviewer int
	Archived           int
	Merged             int
	// Revised problems have more than one revision.
	Revised int
	// Decisions counts reviewer decisions of every action.
	Decisions int
	// Deadlines are the acceptance deadlines of the prospecting problems,
	// earliest first.
	Deadlines []time.Time
}

// Run seeds d with the demo accounts and problems by replaying the demo
// timeline through the policy service on a simulated clock that ends at
// now. sched, when not nil, receives each problem's deadline job as a real
// submission would; log may be nil. A database that already has problems
// is refused with ErrNotEmpty. The copy check runs over the demo's own reference catalogue
// unless WithCopies gives the operator's index.
func Run(ctx context.Context, d *db.DB, cfg policy.Config, sched policy.Scheduler, now time.Time, log *slog.Logger, opts ...Option) (Summary, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	if o.copies == nil {
		c, err := demoCopies()
		if err != nil {
			return Summary{}, err
		}
		o.copies = c
	}
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	client := d.Ent()
	has, err := client.Problem.Query().Exist(ctx)
	if err != nil {
		return Summary{}, fmt.Errorf("seed: %w", err)
	}
	if has {
		return Summary{}, ErrNotEmpty
	}
	if cfg.ChallengeWindow <= 0 {
		cfg.ChallengeWindow = policy.DefaultChallengeWindow
	}
	now = now.UTC().Truncate(time.Microsecond)
	at := func(ago time.Duration) time.Time {
		scaled := time.Duration(float64(ago) * float64(cfg.ChallengeWindow) / float64(policy.DefaultChallengeWindow))
		return now.Add(-scaled).Truncate(time.Microsecond)
	}
	start := at(accountsAgo)
	// The replay writes events dated from start onwards; a log that already
	// runs past start would no longer read in time order.
	last, err := client.Event.Query().Order(ent.Desc(event.FieldSeq)).First(ctx)
	switch {
	case ent.IsNotFound(err):
	case err != nil:
		return Summary{}, fmt.Errorf("seed: read event log: %w", err)
	case last.At.After(start):
		return Summary{}, fmt.Errorf("seed: the event log already has events after %s, where the demo history starts; seed a new database",
			start.Format(time.RFC3339))
	}

	clk := newReplayClock(start, now)
	svcOpts := []policy.Option{policy.WithClock(clk)}
	if sched != nil {
		svcOpts = append(svcOpts, policy.WithScheduler(sched))
	}
	svc := policy.New(d, cfg, svcOpts...)
	r := &replay{
		svc:      svc,
		gates:    gates.Env{Problems: similar.NewProblemIndex(svc), Solved: similar.NewSolvedIndex(svc), Claims: svc, Copies: o.copies},
		clock:    clk,
		log:      log,
		accounts: map[string]*ent.Account{},
		ids:      map[string]string{},
		data:     map[string]*demoProblem{},
	}
	for i := range problems {
		r.data[problems[i].Key] = &problems[i]
	}
	if err := r.createAccounts(ctx, at); err != nil {
		return Summary{}, err
	}
	op, err := r.account("demo-operator")
	if err != nil {
		return Summary{}, err
	}
	if _, err := r.svc.RecordSolved(ctx, op, solved); err != nil {
		return Summary{}, fmt.Errorf("seed: the catalogue of solved problems: %w", err)
	}
	steps := slices.Clone(timeline)
	sort.SliceStable(steps, func(i, j int) bool { return steps[i].Ago > steps[j].Ago })
	for _, st := range steps {
		t := at(st.Ago)
		if err := r.acceptDue(ctx, t); err != nil {
			return Summary{}, err
		}
		if err := r.clock.Set(t); err != nil {
			return Summary{}, fmt.Errorf("seed: %s %s: %w", st.Kind, st.Key, err)
		}
		if err := r.do(ctx, st); err != nil {
			return Summary{}, err
		}
	}
	if err := r.acceptDue(ctx, now); err != nil {
		return Summary{}, err
	}
	sum, err := summarise(ctx, client)
	if err != nil {
		return Summary{}, err
	}
	log.Info("seeded demo data", "problems", sum.Problems, "accounts", sum.Accounts,
		"prospecting", sum.Prospecting, "accepted_by_default", sum.AcceptedByDefault,
		"accepted_by_reviewer", sum.AcceptedByReviewer, "archived", sum.Archived, "merged", sum.Merged)
	return sum, nil
}

// replay carries the state of one seeding.
type replay struct {
	svc      *policy.Service
	gates    gates.Env // the gates run as each revision is written, as the workers would
	clock    *replayClock
	log      *slog.Logger
	accounts map[string]*ent.Account // by handle
	ids      map[string]string       // problem ID by key
	data     map[string]*demoProblem // by key
	pending  []pendingDeadline
}

// pendingDeadline is a problem the replay must try to accept by default
// when its deadline comes, as the deadline job would.
type pendingDeadline struct {
	id string
	at time.Time
}

func (k stepKind) String() string {
	switch k {
	case stepSubmit:
		return "submit"
	case stepRevise:
		return "revise"
	case stepDecide:
		return "decide"
	}
	return "step"
}

func (r *replay) createAccounts(ctx context.Context, at func(ago time.Duration) time.Time) error {
	for i, a := range accounts {
		// Ten minutes apart, so that each account.created event has its own time.
		if err := r.clock.Set(at(accountsAgo - time.Duration(i)*10*time.Minute)); err != nil {
			return fmt.Errorf("seed: account @%s: %w", a.Handle, err)
		}
		acc, err := r.svc.CreateAccount(ctx, a.Handle, a.Name, a.Roles)
		if err != nil {
			return fmt.Errorf("seed: account @%s: %w", a.Handle, err)
		}
		r.accounts[a.Handle] = acc
	}
	return nil
}

// acceptDue accepts, in deadline order, every pending problem whose
// deadline is at or before t, with the clock set to that deadline. A
// problem that was decided in the meantime is left as it is.
func (r *replay) acceptDue(ctx context.Context, t time.Time) error {
	sort.SliceStable(r.pending, func(i, j int) bool { return r.pending[i].at.Before(r.pending[j].at) })
	n := 0
	for _, p := range r.pending {
		if p.at.After(t) {
			break
		}
		if err := r.clock.Set(p.at); err != nil {
			return fmt.Errorf("seed: accept %s: %w", p.id, err)
		}
		ok, err := r.svc.AcceptElapsed(ctx, p.id)
		if err != nil {
			return fmt.Errorf("seed: accept %s: %w", p.id, err)
		}
		r.log.Debug("seed: deadline", "problem", p.id, "accepted", ok, "at", p.at)
		n++
	}
	r.pending = r.pending[n:]
	return nil
}

func (r *replay) account(handle string) (*ent.Account, error) {
	a, ok := r.accounts[handle]
	if !ok {
		return nil, fmt.Errorf("seed: no demo account @%s", handle)
	}
	return a, nil
}

func (r *replay) do(ctx context.Context, st step) error {
	dp, ok := r.data[st.Key]
	if !ok {
		return fmt.Errorf("seed: the timeline names %q, which is not a demo problem", st.Key)
	}
	switch st.Kind {
	case stepSubmit:
		actor, err := r.account(dp.Proposer)
		if err != nil {
			return err
		}
		p, err := r.svc.Submit(ctx, actor, r.dated(dp.Input))
		if err != nil {
			return fmt.Errorf("seed: submit %s: %w", st.Key, err)
		}
		r.ids[st.Key] = p.ID
		r.pending = append(r.pending, pendingDeadline{id: p.ID, at: p.Deadline})
		if err := workers.RunGates(ctx, r.svc, r.gates, *p.CurrentRevisionID); err != nil {
			return fmt.Errorf("seed: gates of %s: %w", st.Key, err)
		}
		r.log.Debug("seed: submitted", "problem", p.ID, "key", st.Key, "deadline", p.Deadline)
	case stepRevise:
		if dp.Revision == nil {
			return fmt.Errorf("seed: the timeline revises %s, which has no second revision", st.Key)
		}
		actor, err := r.account(dp.Proposer)
		if err != nil {
			return err
		}
		_, rev, err := r.svc.Revise(ctx, actor, r.ids[st.Key], dp.Revision.Note, r.dated(dp.Revision.Input))
		if err != nil {
			return fmt.Errorf("seed: revise %s: %w", st.Key, err)
		}
		if err := workers.RunGates(ctx, r.svc, r.gates, rev.ID); err != nil {
			return fmt.Errorf("seed: gates of %s: %w", st.Key, err)
		}
	case stepDecide:
		actor, err := r.account(st.Actor)
		if err != nil {
			return err
		}
		in := policy.DecisionInput{
			ProblemID:        r.ids[st.Key],
			Action:           st.Decision.Action,
			Notes:            st.Decision.Notes,
			RevisionRequests: st.Decision.RevisionRequests,
			IdempotencyKey:   "seed-" + st.Key + "-" + string(st.Decision.Action),
		}
		if st.Decision.ReasonCode != "" {
			rc := st.Decision.ReasonCode
			in.ReasonCode = &rc
		}
		if st.Decision.MergeInto != "" {
			in.MergeInto = r.ids[st.Decision.MergeInto]
		}
		if err := r.readChecks(ctx, &in); err != nil {
			return err
		}
		if st.Decision.SecondReview {
			if err := r.secondReviewOf(ctx, &in, st.Decision.Disagreement); err != nil {
				return err
			}
		}
		if _, err := r.svc.RecordDecision(ctx, actor, in); err != nil {
			return fmt.Errorf("seed: %s %s: %w", st.Decision.Action, st.Key, err)
		}
	}
	return nil
}

// secondReviewOf makes in the second review of the problem's qualify decision the selector
// picked, on the revision that decision read, splitting with class unless in qualifies.
func (r *replay) secondReviewOf(ctx context.Context, in *policy.DecisionInput, class decision.Disagreement) error {
	first, err := r.svc.Client().Decision.Query().Where(decision.ProblemID(in.ProblemID), decision.SecondReviewSelectedAtNotNil()).First(ctx)
	if err != nil {
		return fmt.Errorf("seed: %s has no qualify decision selected for a second review: %w", in.ProblemID, err)
	}
	in.SecondReviewOf, in.RevisionID = first.ID, first.RevisionID
	in.IdempotencyKey += "-second"
	if in.Action != decision.ActionQUALIFY {
		in.Disagreement = &class
	}
	return nil
}

// readChecks names the revision the reviewer read and, for a qualify, answers each finding the
// machine could not certify as the demo reviewer did: by reading its spans and finding that it
// holds. A demo packet whose gates fail cannot be qualified, and the seed says so.
func (r *replay) readChecks(ctx context.Context, in *policy.DecisionInput) error {
	pk, err := r.svc.ProblemPacket(ctx, in.ProblemID)
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	in.RevisionID = pk.Rev().ID
	if in.Action != decision.ActionQUALIFY {
		return nil
	}
	for _, run := range pk.Checks {
		if run.Outcome == gaterun.OutcomeFAIL {
			var why []string
			for _, f := range run.Edges.Findings {
				if f.Verdict == finding.VerdictFAIL {
					why = append(why, f.Check+": "+f.Behaviour)
				}
			}
			return fmt.Errorf("seed: the demo problem %s fails the %s gate and cannot be qualified: %s",
				in.ProblemID, run.Gate, strings.Join(why, "; "))
		}
		for _, f := range run.Edges.Findings {
			if f.Verdict == finding.VerdictNEEDS_HUMAN {
				in.Confirmations = append(in.Confirmations, packet.FindingConfirmation{Finding: f.ID, Holds: true,
					Note: "Read by the reviewer: the check holds."})
			}
		}
	}
	return nil
}

// dated returns in with a reference search that is not dated after the
// replay clock. The demo searches are dated in November 2026; a replay that
// starts earlier (an unusual clock, or a very long challenge window) moves
// them back to the day of submission rather than claiming a search from
// the future.
func (r *replay) dated(in policy.ProblemInput) policy.ProblemInput {
	now := r.clock.Now()
	if in.ReferenceSearch != nil && in.ReferenceSearch.CheckedOn.After(now) {
		rs := *in.ReferenceSearch
		rs.CheckedOn = now.Truncate(24 * time.Hour)
		in.ReferenceSearch = &rs
	}
	return in
}

func summarise(ctx context.Context, c *ent.Client) (Summary, error) {
	var s Summary
	var err error
	if s.Accounts, err = c.Account.Query().Count(ctx); err != nil {
		return s, fmt.Errorf("seed: summary: %w", err)
	}
	ps, err := c.Problem.Query().Order(ent.Asc(problem.FieldDeadline)).All(ctx)
	if err != nil {
		return s, fmt.Errorf("seed: summary: %w", err)
	}
	s.Problems = len(ps)
	for _, p := range ps {
		switch p.State {
		case problem.StatePROSPECTING:
			s.Prospecting++
			s.Deadlines = append(s.Deadlines, p.Deadline)
		case problem.StateACCEPTED:
			if p.AcceptanceAuthority != nil && *p.AcceptanceAuthority == problem.AcceptanceAuthorityCHALLENGE_WINDOW_ELAPSED {
				s.AcceptedByDefault++
			} else {
				s.AcceptedByReviewer++
			}
		case problem.StateARCHIVED:
			s.Archived++
		case problem.StateMERGED:
			s.Merged++
		}
	}
	revised, err := c.Revision.Query().Where(revision.NumberGT(1)).GroupBy(revision.FieldProblemID).Strings(ctx)
	if err != nil {
		return s, fmt.Errorf("seed: summary: %w", err)
	}
	s.Revised = len(revised)
	if s.Decisions, err = c.Decision.Query().Count(ctx); err != nil {
		return s, fmt.Errorf("seed: summary: %w", err)
	}
	return s, nil
}
