package seed

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/finding"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/similar"
)

// replayStart is when the accounts of a test replay are made.
var replayStart = testNow.Add(-accountsAgo)

// newTestReplay is a replay over d as Run sets one up, with the demo accounts created and the
// clock at start; its clock ends at testNow.
func newTestReplay(t *testing.T, d *db.DB) *replay {
	t.Helper()
	copies, err := demoCopies()
	if err != nil {
		t.Fatal(err)
	}
	clk := newReplayClock(replayStart, testNow)
	svc := policy.New(d, policy.Config{}, policy.WithClock(clk))
	r := &replay{
		svc:      svc,
		gates:    gates.Env{Problems: similar.NewProblemIndex(svc), Solved: similar.NewSolvedIndex(svc), Claims: svc, Copies: copies},
		clock:    clk,
		log:      slog.New(slog.DiscardHandler),
		accounts: map[string]*ent.Account{},
		ids:      map[string]string{},
		data:     map[string]*demoProblem{},
	}
	for i := range problems {
		r.data[problems[i].Key] = &problems[i]
	}
	at := func(ago time.Duration) time.Time { return testNow.Add(-ago) }
	if err := r.createAccounts(context.Background(), at); err != nil {
		t.Fatalf("createAccounts() = %v", err)
	}
	return r
}

// demoByKey is the demo problem with the given key.
func demoByKey(t *testing.T, key string) *demoProblem {
	t.Helper()
	for i := range problems {
		if problems[i].Key == key {
			return &problems[i]
		}
	}
	t.Fatalf("no demo problem %q", key)
	return nil
}

// revisedKey is the key of the one demo problem with a second revision, and plainKey one without.
func revisedKey(t *testing.T) (revised, plain string) {
	t.Helper()
	for _, dp := range problems {
		if dp.Revision != nil && revised == "" {
			revised = dp.Key
		}
		if dp.Revision == nil && plain == "" {
			plain = dp.Key
		}
	}
	if revised == "" || plain == "" {
		t.Fatal("the demo data has no revised problem or no problem without a revision")
	}
	return revised, plain
}

func TestCreateAccounts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := dbtest.Open(t, dbtest.Dialects[0])
	r := newTestReplay(t, d)
	if len(r.accounts) != len(accounts) {
		t.Fatalf("createAccounts made %d accounts; want %d", len(r.accounts), len(accounts))
	}
	for _, a := range accounts {
		got, err := r.account(a.Handle)
		if err != nil {
			t.Errorf("account(%s) = %v", a.Handle, err)
			continue
		}
		if got.Handle != a.Handle || got.DisplayName != a.Name {
			t.Errorf("account(%s) = @%s %q; want %q", a.Handle, got.Handle, got.DisplayName, a.Name)
		}
	}
	// Ten minutes apart: the last account's clock is the first's plus ten minutes a step.
	if want := replayStart.Add(time.Duration(len(accounts)-1) * 10 * time.Minute); !r.clock.Now().Equal(want) {
		t.Errorf("clock after the accounts = %s; want %s", r.clock.Now(), want)
	}
	if _, err := r.account("demo-nobody"); err == nil || !strings.Contains(err.Error(), "no demo account @demo-nobody") {
		t.Errorf("account(demo-nobody) = %v; want an error naming it", err)
	}
	sum, err := summarise(ctx, d.Ent())
	if err != nil {
		t.Fatal(err)
	}
	if sum.Accounts != len(accounts) || sum.Problems != 0 || sum.Decisions != 0 || len(sum.Deadlines) != 0 {
		t.Errorf("summary of the accounts alone = %+v; want %d accounts and nothing else", sum, len(accounts))
	}
	// Making them again on the same database is refused and says which account.
	r2 := &replay{svc: r.svc, clock: newReplayClock(replayStart, testNow), accounts: map[string]*ent.Account{}}
	err = r2.createAccounts(ctx, func(ago time.Duration) time.Time { return testNow.Add(-ago) })
	if err == nil || !strings.Contains(err.Error(), "account @"+accounts[0].Handle) {
		t.Errorf("createAccounts twice = %v; want an error naming @%s", err, accounts[0].Handle)
	}
}

func TestSummariseEmpty(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		d := dbtest.Open(t, dialectName)
		sum, err := summarise(context.Background(), d.Ent())
		if err != nil {
			t.Fatal(err)
		}
		if sum.Accounts != 0 || sum.Problems != 0 || sum.Revised != 0 || sum.Deadlines != nil {
			t.Errorf("summarise(empty) = %+v; want zeros", sum)
		}
	})
}

// TestDoErrors: a timeline step that names what the demo data does not have is refused with
// the name, before anything is written.
func TestDoErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := dbtest.Open(t, dbtest.Dialects[0])
	r := newTestReplay(t, d)
	_, plain := revisedKey(t)
	for _, tt := range []struct {
		name string
		st   step
		want string
	}{
		{"an unknown problem", step{Kind: stepSubmit, Key: "no-such-problem"}, `the timeline names "no-such-problem", which is not a demo problem`},
		{"a revise of a problem with no revision", step{Kind: stepRevise, Key: plain}, "the timeline revises " + plain + ", which has no second revision"},
		{"a decision by an unknown reviewer", step{Kind: stepDecide, Key: plain, Actor: "demo-ghost",
			Decision: &demoDecision{Action: decision.ActionQUALIFY}}, "no demo account @demo-ghost"},
	} {
		err := r.do(ctx, tt.st)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("do(%s) = %v; want an error with %q", tt.name, err, tt.want)
		}
	}
	if n, err := d.Ent().Problem.Query().Count(ctx); err != nil || n != 0 {
		t.Errorf("after the refused steps there are %d problems (%v); want none", n, err)
	}

	// A proposer the accounts do not have is named too.
	dp := *demoByKey(t, plain)
	dp.Proposer = "demo-stranger"
	r.data["stranger"] = &dp
	if err := r.do(ctx, step{Kind: stepSubmit, Key: "stranger"}); err == nil || !strings.Contains(err.Error(), "no demo account @demo-stranger") {
		t.Errorf("do(submit by a stranger) = %v; want an error naming @demo-stranger", err)
	}
	// A submission intake refuses is named by its key.
	bad := *demoByKey(t, plain)
	bad.Input.Title = ""
	r.data["untitled"] = &bad
	if err := r.do(ctx, step{Kind: stepSubmit, Key: "untitled"}); err == nil || !strings.Contains(err.Error(), "submit untitled") {
		t.Errorf("do(submit an untitled packet) = %v; want an error naming the key", err)
	}
}

// TestDoSubmitReviseDecide walks one problem through the steps the timeline uses: submit runs
// its gates and queues its deadline, revise writes a second revision with its gates, and a
// qualify decision confirms the findings that need a person and accepts it.
func TestDoSubmitReviseDecide(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx := context.Background()
		d := dbtest.Open(t, dialectName)
		r := newTestReplay(t, d)
		key, _ := revisedKey(t)
		dp := demoByKey(t, key)
		if err := r.clock.Set(testNow.Add(-8 * day)); err != nil {
			t.Fatal(err)
		}
		if err := r.do(ctx, step{Kind: stepSubmit, Key: key}); err != nil {
			t.Fatalf("do(submit %s) = %v", key, err)
		}
		id := r.ids[key]
		if id == "" || len(r.pending) != 1 || r.pending[0].id != id {
			t.Fatalf("after submit: id %q, pending %v; want the problem's deadline queued", id, r.pending)
		}
		if want := testNow.Add(-8 * day).Add(policy.DefaultChallengeWindow); !r.pending[0].at.Equal(want) {
			t.Errorf("deadline = %s; want the submission plus the window, %s", r.pending[0].at, want)
		}
		pk, err := r.svc.ProblemPacket(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(pk.Checks) != len(gates.All()) {
			t.Errorf("after submit: %d gate runs; want one for each of the %d gates", len(pk.Checks), len(gates.All()))
		}

		if err := r.clock.Set(testNow.Add(-7 * day)); err != nil {
			t.Fatal(err)
		}
		if err := r.do(ctx, step{Kind: stepRevise, Key: key}); err != nil {
			t.Fatalf("do(revise %s) = %v", key, err)
		}
		pk, err = r.svc.ProblemPacket(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if pk.Rev().Number != 2 || pk.Rev().Title != strings.TrimSpace(dp.Revision.Input.Title) {
			t.Errorf("after revise: revision %d %q; want revision 2 %q", pk.Rev().Number, pk.Rev().Title, dp.Revision.Input.Title)
		}
		if len(pk.Checks) != len(gates.All()) {
			t.Errorf("after revise: %d gate runs on the new revision; want %d", len(pk.Checks), len(gates.All()))
		}

		// What the reviewer reads: the current revision, and for a qualify every finding
		// that needs a person, confirmed.
		needsHuman := 0
		for _, run := range pk.Checks {
			for _, f := range run.Edges.Findings {
				if f.Verdict == finding.VerdictNEEDS_HUMAN {
					needsHuman++
				}
			}
		}
		in := policy.DecisionInput{ProblemID: id, Action: decision.ActionARCHIVE}
		if err := r.readChecks(ctx, &in); err != nil {
			t.Fatal(err)
		}
		if in.RevisionID != pk.Rev().ID || len(in.Confirmations) != 0 {
			t.Errorf("readChecks(archive) = revision %s, %d confirmations; want %s and none", in.RevisionID, len(in.Confirmations), pk.Rev().ID)
		}
		in = policy.DecisionInput{ProblemID: id, Action: decision.ActionQUALIFY}
		if err := r.readChecks(ctx, &in); err != nil {
			t.Fatalf("readChecks(qualify) = %v", err)
		}
		if len(in.Confirmations) != needsHuman {
			t.Errorf("readChecks(qualify) confirms %d findings; want the %d that need a person", len(in.Confirmations), needsHuman)
		}
		for _, c := range in.Confirmations {
			if !c.Holds || c.Note == "" {
				t.Errorf("confirmation %+v; want a held finding with a note", c)
			}
		}

		if err := r.do(ctx, step{Kind: stepDecide, Key: key, Actor: "demo-reviewer", Decision: &demoDecision{
			Action: decision.ActionQUALIFY, Notes: timelineNotes(t, decision.ActionQUALIFY)}}); err != nil {
			t.Fatalf("do(qualify %s) = %v", key, err)
		}
		p, err := d.Ent().Problem.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if p.State != problem.StateACCEPTED {
			t.Errorf("after qualify: %s; want ACCEPTED", p.State)
		}
		dec, err := d.Ent().Decision.Query().Where(decision.ProblemID(id)).Only(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if dec.IdempotencyKey != "seed-"+key+"-QUALIFY" || dec.RevisionID != pk.Rev().ID {
			t.Errorf("decision key %q on revision %s; want seed-%s-QUALIFY on %s", dec.IdempotencyKey, dec.RevisionID, key, pk.Rev().ID)
		}

		// The deadline then passes over an accepted problem: nothing changes and the queue empties.
		if err := r.acceptDue(ctx, testNow); err != nil {
			t.Fatal(err)
		}
		if len(r.pending) != 0 {
			t.Errorf("pending after its deadline = %v; want none", r.pending)
		}
		if p, _ := d.Ent().Problem.Get(ctx, id); p.AcceptanceAuthority != nil &&
			*p.AcceptanceAuthority == problem.AcceptanceAuthorityCHALLENGE_WINDOW_ELAPSED {
			t.Error("a problem qualified by a reviewer was accepted again by its deadline")
		}
	})
}

// timelineNotes are the notes of the timeline's first decision of action a, so a test decision
// gives what the policy asks of one.
func timelineNotes(t *testing.T, a decision.Action) packet.DecisionNotes {
	t.Helper()
	for _, st := range timeline {
		if st.Kind == stepDecide && st.Decision.Action == a && !st.Decision.SecondReview {
			return st.Decision.Notes
		}
	}
	t.Fatalf("the timeline has no %s decision", a)
	return packet.DecisionNotes{}
}

// TestAcceptDue: problems are accepted in deadline order, each with the clock at its deadline,
// and only those due; a problem archived before its deadline stays archived.
func TestAcceptDue(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := dbtest.Open(t, dbtest.Dialects[0])
	r := newTestReplay(t, d)
	keys := []string{problems[0].Key, problems[1].Key, problems[2].Key}
	for i, key := range keys {
		if err := r.clock.Set(testNow.Add(-9*day + time.Duration(i)*day)); err != nil {
			t.Fatal(err)
		}
		if err := r.do(ctx, step{Kind: stepSubmit, Key: key}); err != nil {
			t.Fatalf("do(submit %s) = %v", key, err)
		}
	}
	// Out of order, as a revision or a later submission may leave them.
	r.pending[0], r.pending[2] = r.pending[2], r.pending[0]
	if err := r.clock.Set(testNow.Add(-6 * day)); err != nil {
		t.Fatal(err)
	}
	if err := r.do(ctx, step{Kind: stepDecide, Key: keys[1], Actor: "demo-reviewer", Decision: &demoDecision{
		Action: decision.ActionARCHIVE, ReasonCode: decision.ReasonCodeOTHER, Notes: timelineNotes(t, decision.ActionARCHIVE)}}); err != nil {
		t.Fatalf("do(archive %s) = %v", keys[1], err)
	}
	first := r.pending[0].at
	for _, p := range r.pending {
		if p.at.Before(first) {
			first = p.at
		}
	}
	// Just before the first deadline nothing is due.
	if err := r.acceptDue(ctx, first.Add(-time.Second)); err != nil {
		t.Fatal(err)
	}
	if len(r.pending) != 3 {
		t.Fatalf("before any deadline %d are pending; want 3", len(r.pending))
	}
	// At the second deadline the first two are handled, in order, the clock at the second.
	second := first.Add(day)
	if err := r.acceptDue(ctx, second); err != nil {
		t.Fatal(err)
	}
	if len(r.pending) != 1 || r.pending[0].id != r.ids[keys[2]] {
		t.Fatalf("pending after the second deadline = %v; want only %s", r.pending, keys[2])
	}
	if !r.clock.Now().Equal(second) {
		t.Errorf("clock = %s; want the last deadline handled, %s", r.clock.Now(), second)
	}
	states := map[string]problem.State{}
	for _, key := range keys {
		p, err := d.Ent().Problem.Get(ctx, r.ids[key])
		if err != nil {
			t.Fatal(err)
		}
		states[key] = p.State
	}
	if states[keys[0]] != problem.StateACCEPTED || states[keys[1]] != problem.StateARCHIVED || states[keys[2]] != problem.StatePROSPECTING {
		t.Errorf("states = %v; want accepted, archived (left as it was), prospecting", states)
	}
	// A deadline beyond the end of the replay is refused, with the problem named.
	r.pending[0].at = testNow.Add(time.Hour)
	if err := r.acceptDue(ctx, testNow.Add(2*time.Hour)); err == nil || !strings.Contains(err.Error(), "accept "+r.ids[keys[2]]) {
		t.Errorf("acceptDue past the end = %v; want an error naming the problem", err)
	}
}

// TestSecondReviewOf: a second review needs a qualify decision the selector picked; it reads
// that decision's revision and names a disagreement unless it qualifies too.
func TestSecondReviewOf(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := dbtest.Open(t, dbtest.Dialects[0])
	r := newTestReplay(t, d)
	key := problems[0].Key
	if err := r.clock.Set(testNow.Add(-5 * day)); err != nil {
		t.Fatal(err)
	}
	if err := r.do(ctx, step{Kind: stepSubmit, Key: key}); err != nil {
		t.Fatal(err)
	}
	in := policy.DecisionInput{ProblemID: r.ids[key], Action: decision.ActionKEEP_PROSPECTING, IdempotencyKey: "k"}
	err := r.secondReviewOf(ctx, &in, decision.DisagreementEXPERTISE)
	if err == nil || !strings.Contains(err.Error(), "has no qualify decision selected for a second review") {
		t.Errorf("secondReviewOf with no qualify decision = %v; want an error saying so", err)
	}
	if in.SecondReviewOf != "" || in.IdempotencyKey != "k" {
		t.Errorf("the refused secondReviewOf changed the input: %+v", in)
	}
}

// TestRunRefusesFailingDemo: with an operator's index in which a demo statement is a passage of
// a source whose licence forbids reuse, that problem's copy check FAILs and the seed refuses to
// qualify it, naming the gate and the check.
func TestRunRefusesFailingDemo(t *testing.T) {
	t.Parallel()
	var key string
	for _, st := range timeline {
		if st.Kind == stepDecide && st.Decision.Action == decision.ActionQUALIFY {
			key = st.Key
			break
		}
	}
	dp := demoByKey(t, key)
	x, err := copycheck.BuildIndex([]copycheck.Document{{Meta: copycheck.DocMeta{ID: "gfdl-book", URI: "https://example.org/gfdl",
		Licence: copycheck.LicenceGFDL}, Format: copycheck.LaTeX, Text: []byte(dp.Input.Statement)}}, 0)
	if err != nil {
		t.Fatal(err)
	}
	c, err := copycheck.NewChecker(x, copycheck.DefaultConfig(), copycheck.DefaultPhrases())
	if err != nil {
		t.Fatal(err)
	}
	d := dbtest.Open(t, dbtest.Dialects[0])
	_, err = Run(context.Background(), d, policy.Config{}, nil, testNow, nil, WithCopies(c))
	if err == nil {
		t.Fatalf("Run() with %s copied from a GFDL source = nil error; want a refusal to qualify it", key)
	}
	for _, want := range []string{"fails the PROVENANCE gate and cannot be qualified", "provenance.copy: "} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Run() = %v; want it to say %q", err, want)
		}
	}
}
