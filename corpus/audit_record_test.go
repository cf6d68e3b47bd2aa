package corpus_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/corpus/audit"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/auditsample"
	"github.com/theoremdb/theoremdb/ent/quarantine"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

const month = "2026-12"

func (f *fixture) accountWith(t *testing.T, handle string, roles ...role.Role) *ent.Account {
	t.Helper()
	a, err := f.pol.CreateAccount(context.Background(), handle, "", roles)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func agentTheorems(n int, prefix string) []corpus.Draft {
	var ds []corpus.Draft
	for i := range n {
		d := theorem(fmt.Sprintf("%s%d", prefix, i))
		d.Body = fmt.Sprintf("Every group of order %d whose identity is $e$ has exactly one identity element.", i+2)
		ds = append(ds, d)
	}
	return ds
}

func strataByKey(d *corpus.MonthDraw) map[string]corpus.StratumDraw {
	out := map[string]corpus.StratumDraw{}
	for _, s := range d.Strata {
		out[s.Key] = s
	}
	return out
}

// TestAuditDrawStopAndQuarantine: a month's draw is per stratum, read
// from the record, repeatable from its seed, drawn once, and held to its
// event (a sample added or dropped is caught); an error that puts a
// stratum's bound over its threshold stops the configuration, refuses its
// next change request with the figure, quarantines its unconfirmed nodes
// and flags their dependants.
func TestAuditDrawStopAndQuarantine(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		agentIDs := f.mustMerge(t, agent, agentTheorems(3, "a")...)
		dep := theorem("p1", "a0")
		dep.Body = "The identity of a group of order two is unique, as for every group."
		personIDs := f.mustMerge(t, person, dep)
		if err := f.svc.Confirm(ctx, "a1", corpus.ConfirmInput{Account: "acc_r", Kind: corpus.ConfirmProof}); err != nil {
			t.Fatal(err)
		}
		dr, err := f.svc.Draw(ctx, "acc_op", month, "seed-1")
		if err != nil {
			t.Fatal(err)
		}
		agentKey := "THEOREM|lane_prover|m-1|p-3|"
		personKey := "THEOREM|PERSON|||"
		got := strataByKey(dr)
		if len(got) != 2 || got[agentKey].Size != 3 || !got[agentKey].Full || got[personKey].Size != 1 {
			t.Fatalf("draw = %+v; want the agent's 3 and the person's 1, both in full", dr.Strata)
		}
		// Repeatable from the seed.
		again, err := audit.DrawSample("seed-1", agentKey, agentIDs, 3)
		if err != nil || !slices.Equal(again.Sample, got[agentKey].Sample) || again.Digest != got[agentKey].Digest {
			t.Errorf("the draw from its seed = %v; recorded %v", again.Sample, got[agentKey].Sample)
		}
		// Drawn once.
		second, err := f.svc.Draw(ctx, "acc_op", month, "another")
		if err != nil || !second.Existing || second.Seed != "seed-1" || len(second.Strata) != 2 {
			t.Fatalf("second draw = %+v, %v; want the recorded one", second, err)
		}
		if n, _ := f.pol.Client().AuditSample.Query().Count(ctx); n != 4 {
			t.Errorf("%d samples stored; want 4", n)
		}
		if err := f.svc.VerifyDraw(ctx, month); err != nil {
			t.Fatalf("VerifyDraw = %v", err)
		}

		member := f.accountWith(t, "mia")
		auditor := f.accountWith(t, "audrey", role.Auditor)
		if _, err := f.svc.AuditSamples(ctx, member, month, 10, ""); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("a member lists the samples: %v; want forbidden", err)
		}
		page, err := f.svc.AuditSamples(ctx, auditor, month, 10, "")
		if err != nil || page.TotalCount != 4 || len(page.Items) != 4 {
			t.Fatalf("AuditSamples = %+v, %v", page, err)
		}
		var agentSample string
		for _, it := range page.Items {
			if it.Node.ID == agentIDs[0] {
				agentSample = it.ID
			}
		}
		if _, err := f.svc.RecordAudit(ctx, auditor, corpus.AuditInput{Sample: agentSample, Property: corpus.PropertyCorrectness, Error: true}); !errors.Is(err, corpus.ErrAudit) {
			t.Errorf("an error without its class: %v; want ErrAudit", err)
		}
		it, err := f.svc.RecordAudit(ctx, auditor, corpus.AuditInput{Sample: agentSample, Property: corpus.PropertyCorrectness,
			Error: true, ErrorClass: corpus.ClassDroppedHypothesis, Note: "needs finiteness", Seconds: 300})
		if err != nil {
			t.Fatal(err)
		}
		if a := it.Answers[corpus.PropertyCorrectness]; !a.Error || a.Seconds != 300 || a.ErrorClass != corpus.ClassDroppedHypothesis {
			t.Errorf("answer = %+v", a)
		}
		if _, err := f.svc.RecordAudit(ctx, auditor, corpus.AuditInput{Sample: agentSample, Property: corpus.PropertyCorrectness}); !errors.Is(err, corpus.ErrAudit) {
			t.Errorf("a second answer on one property: %v; want ErrAudit", err)
		}

		// One error in three: the bound passes 1% whatever the other two say.
		rows, err := f.svc.Rates(ctx, month)
		if err != nil {
			t.Fatal(err)
		}
		var row *corpus.RateRow
		for i := range rows {
			if rows[i].Key == agentKey && rows[i].Property == corpus.PropertyCorrectness {
				row = &rows[i]
			}
		}
		if row == nil || row.N != 1 || row.Errors != 1 || row.Pending != 2 || !row.Stopped {
			t.Fatalf("rates = %+v; want the agent's correctness at 1 in 1, 2 pending, stopped", rows)
		}
		_, err = f.svc.Open(ctx, corpus.Request{Writer: agent, Drafts: agentTheorems(1, "late")})
		var stopped *corpus.StoppedError
		if !errors.As(err, &stopped) || stopped.Property != corpus.PropertyCorrectness || stopped.Errors != 1 {
			t.Fatalf("the stopped agent opens a request: %v; want CONFIGURATION_STOPPED", err)
		}
		if _, err := f.svc.Check(ctx, corpus.Request{Writer: agent, Drafts: agentTheorems(1, "late")}); !errors.As(err, &stopped) {
			t.Errorf("the stopped agent checks a request: %v; want CONFIGURATION_STOPPED", err)
		}
		other := agent
		other.PromptVersion = "p-4" // a new configuration is a new stratum
		f.mustMerge(t, other, agentTheorems(1, "fresh")...)

		marks := map[string]string{}
		qs, _ := f.pol.Client().Quarantine.Query().All(ctx)
		for _, q := range qs {
			marks[q.NodeID] = string(q.Mark)
		}
		want := map[string]string{agentIDs[0]: "QUARANTINED", agentIDs[2]: "QUARANTINED", personIDs[0]: "FLAGGED"}
		if fmt.Sprint(marks) != fmt.Sprint(want) {
			t.Errorf("quarantine = %v; want %v (the confirmed %s kept)", marks, want, agentIDs[1])
		}
		if m, _ := f.svc.Quarantined(ctx, agentIDs[0]); m != string(quarantine.MarkQUARANTINED) {
			t.Errorf("Quarantined(%s) = %q", agentIDs[0], m)
		}
		evs := map[string]int{}
		all, _ := f.pol.Client().Event.Query().All(ctx)
		for _, e := range all {
			evs[e.Kind]++
		}
		for _, k := range []string{corpus.KindAuditDrawn, corpus.KindAuditAnswered, corpus.KindConfigurationStop, corpus.KindNodeQuarantined, corpus.KindNodeFlagged} {
			if evs[k] == 0 {
				t.Errorf("no %s event", k)
			}
		}
		if _, err := f.pol.VerifyLog(ctx); err != nil {
			t.Errorf("VerifyLog = %v", err)
		}

		// Tamper-evident: a sample dropped, or one added, no longer matches.
		c := f.pol.Client()
		victim, _ := c.AuditSample.Query().Where(auditsample.Stratum(personKey)).Only(ctx)
		if err := c.AuditSample.DeleteOne(victim).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		var tamper *corpus.TamperError
		if err := f.svc.VerifyDraw(ctx, month); !errors.As(err, &tamper) {
			t.Errorf("VerifyDraw after a sample was dropped = %v; want a TamperError", err)
		}
		if err := c.AuditSample.Create().SetMonth(month).SetNodeID(victim.NodeID).SetRevisionID(victim.RevisionID).SetPosition(0).
			SetSeed("seed-1").SetCreatedAt(victim.CreatedAt).SetKind(victim.Kind).SetWriter(victim.Writer).SetStratum(personKey).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.VerifyDraw(ctx, month); err != nil {
			t.Errorf("VerifyDraw with the sample put back = %v", err)
		}
		if err := c.AuditSample.Create().SetMonth(month).SetNodeID(agentIDs[1]).SetRevisionID("nrv_x").SetPosition(1).
			SetSeed("seed-1").SetCreatedAt(victim.CreatedAt).SetKind(victim.Kind).SetWriter(victim.Writer).SetStratum(personKey).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.VerifyDraw(ctx, month); !errors.As(err, &tamper) {
			t.Errorf("VerifyDraw after a sample was added = %v; want a TamperError", err)
		}
	})
}

// TestReaderReportCounts: a confirmed report on a statement is an error in
// its stratum's rate and drops the node to E0, and its dependant below E2;
// a report on an E5 statement's correctness heads the queue; no one decides
// their own report.
func TestReaderReportCounts(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		q1 := theorem("q1")
		q2 := theorem("q2", "q1")
		q2.Body = "Every group has exactly one identity element, by the uniqueness above."
		f.mustMerge(t, person, q1, q2)
		for _, l := range []string{"q1", "q2"} {
			if err := f.svc.Confirm(ctx, l, corpus.ConfirmInput{Account: "acc_r", Kind: corpus.ConfirmProof}); err != nil {
				t.Fatal(err)
			}
		}
		reader := f.accountWith(t, "rhea")
		reviewer := f.accountWith(t, "rev", role.Reviewer)
		if _, err := f.svc.ReportProblem(ctx, nil, corpus.ReportInput{Node: "q1", Property: corpus.PropertyCorrectness, Explanation: "x"}); !errors.Is(err, policy.ErrUnauthenticated) {
			t.Errorf("an anonymous report: %v", err)
		}
		style, err := f.svc.ReportProblem(ctx, reader, corpus.ReportInput{Node: "q2", Property: corpus.PropertyStyle, Explanation: "The title is vague."})
		if err != nil {
			t.Fatal(err)
		}
		r, err := f.svc.ReportProblem(ctx, reader, corpus.ReportInput{Node: "q1", Property: corpus.PropertyCorrectness,
			Explanation: "False for the trivial magma."})
		if err != nil {
			t.Fatal(err)
		}
		queue, _ := f.svc.ReportQueue(ctx, 10)
		if len(queue) != 2 || queue[0].ID != style.ID {
			t.Errorf("queue = %+v", queue)
		}
		if err := f.svc.DecideReport(ctx, reader, r.ID, true); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("the reporter decides: %v; want forbidden", err)
		}
		if err := f.svc.DecideReport(ctx, reviewer, r.ID, true); err != nil {
			t.Fatal(err)
		}
		n1, _ := f.svc.Node(ctx, "q1")
		n2, _ := f.svc.Node(ctx, "q2")
		if n1.Level != corpus.E0 || n2.Level >= corpus.E2 {
			t.Errorf("levels after the confirmed report: q1 %s, q2 %s; want E0 and below E2", corpus.LevelName(n1.Level), corpus.LevelName(n2.Level))
		}
		rows, err := f.svc.Rates(ctx, month)
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 1 || rows[0].Property != corpus.PropertyCorrectness || rows[0].N != 1 || rows[0].Errors != 1 || rows[0].Reports != 1 {
			t.Errorf("rates = %+v; want the report counted as one error in one", rows)
		}

		// The release's snapshot: hashed, published once, never edited by a
		// later decision.
		snap, err := f.svc.PublishRates(ctx, "acc_op", "2026.12", month)
		if err != nil || !corpus.VerifySnapshot(snap) || !strings.Contains(snap.Content, `"confirmedReports":1`) {
			t.Fatalf("PublishRates = %+v, %v", snap, err)
		}
		if _, err := f.svc.PublishRates(ctx, "acc_op", "2026.12", month); !errors.Is(err, corpus.ErrReleased) {
			t.Errorf("publishing a release twice: %v; want ErrReleased", err)
		}
		if err := f.svc.DecideReport(ctx, reviewer, style.ID, true); err != nil {
			t.Fatal(err)
		}
		snaps, _ := f.svc.Snapshots(ctx, 10)
		if len(snaps) != 1 || snaps[0].SHA256 != snap.SHA256 || snaps[0].Content != snap.Content {
			t.Errorf("the snapshot changed after a later report: %+v", snaps)
		}
		if rows, _ := f.svc.Rates(ctx, month); len(rows) != 2 {
			t.Errorf("the live rates = %+v; want the style report counted too", rows)
		}
	})
}

// TestPublishedRatesProperty: over random audit outcomes, each published
// interval is the one computed from the answers directly — here audit.Census,
// as a stratum of 8 merges is audited in full — and a stratum is stopped
// exactly when the upper bound (with the pending samples counted clean)
// passes its threshold.
func TestPublishedRatesProperty(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		f.mustMerge(t, agent, agentTheorems(8, "r")...)
		if _, err := f.svc.Draw(ctx, "acc_op", month, "prop"); err != nil {
			t.Fatal(err)
		}
		auditors := []*ent.Account{f.accountWith(t, "au1", role.Auditor), f.accountWith(t, "au2", role.Auditor)}
		page, err := f.svc.AuditSamples(ctx, auditors[0], month, 100, "")
		if err != nil || page.TotalCount != 8 {
			t.Fatalf("samples = %+v, %v", page, err)
		}
		rng := rand.New(rand.NewPCG(29, 5))
		type key struct{ sample, property string }
		erred, answered := map[key]bool{}, map[key]bool{}
		for round := range 24 {
			it := page.Items[rng.IntN(len(page.Items))]
			p := audit.Properties[rng.IntN(4)]
			a := auditors[rng.IntN(2)]
			in := corpus.AuditInput{Sample: it.ID, Property: string(p), Error: rng.IntN(5) == 0, Seconds: rng.IntN(600)}
			if in.Error {
				in.ErrorClass = corpus.ErrorClasses[rng.IntN(len(corpus.ErrorClasses))]
			}
			if _, err := f.svc.RecordAudit(ctx, a, in); err != nil {
				if errors.Is(err, corpus.ErrAudit) {
					continue // this auditor answered it already
				}
				t.Fatal(err)
			}
			k := key{it.ID, string(p)}
			answered[k], erred[k] = true, erred[k] || in.Error
			rows, err := f.svc.Rates(ctx, month)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rows {
				n, errs := 0, 0
				for kk := range answered {
					if kk.property == r.Property {
						n++
						if erred[kk] {
							errs++
						}
					}
				}
				iv, _ := audit.Census(errs, n)
				if r.N != n || r.Errors != errs || r.Low != iv.Low || r.High != iv.High || r.Pending != 8-n {
					t.Fatalf("round %d: %s %s published %d/%d [%v, %v]; direct %d/%d [%v, %v]", round, r.Key, r.Property,
						r.Errors, r.N, r.Low, r.High, errs, n, iv.Low, iv.High)
				}
				bound, _ := audit.Census(errs, 8)
				if want := bound.High > corpus.Thresholds.Rate[audit.Property(r.Property)]; r.Stopped != want {
					t.Fatalf("round %d: %s stopped = %v with bound %v", round, r.Property, r.Stopped, bound.High)
				}
			}
		}
	})
}
