package corpus_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestRecordAuditRefusals: an answer names one of the four properties, an
// error class only with an error, and a sample that exists; no auditor
// answers on a node they wrote; a negative time is recorded as none; and
// the auditor's page goes on after a cursor.
func TestRecordAuditRefusals(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		auditor := f.accountWith(t, "audrey", role.Auditor)
		own := theorem("audrey-own")
		own.Body = "Every group of order three has exactly one identity element $e$."
		f.mustMerge(t, agent, agentTheorems(3, "a")...)
		mine := f.mustMerge(t, corpus.Writer{Kind: corpus.WriterPerson, ID: auditor.ID}, own)[0]
		if _, err := f.svc.Draw(ctx, "acc_op", month, "seed-r"); err != nil {
			t.Fatal(err)
		}
		page, err := f.svc.AuditSamples(ctx, auditor, month, corpus.MaxPage, "")
		if err != nil || len(page.Items) != 4 || page.TotalCount != 4 || page.HasNext {
			t.Fatalf("AuditSamples = %+v, %v; want all four samples on one page", page, err)
		}
		var mineSample, other string
		for _, it := range page.Items {
			if it.Node.ID == mine {
				mineSample = it.ID
			} else if other == "" {
				other = it.ID
			}
		}
		if mineSample == "" || other == "" {
			t.Fatalf("samples %+v; want the auditor's own node among them", page.Items)
		}

		// Paging: one at a time after the cursor reads the same samples in order.
		var seen []string
		after := ""
		for range 5 {
			p, err := f.svc.AuditSamples(ctx, auditor, month, 1, after)
			if err != nil || p.TotalCount != 4 || len(p.Items) > 1 {
				t.Fatalf("AuditSamples(1, %q) = %+v, %v", after, p, err)
			}
			if len(p.Items) == 0 {
				break
			}
			seen = append(seen, p.Items[0].ID)
			if p.HasNext != (len(seen) < 4) {
				t.Errorf("page %d HasNext = %v", len(seen), p.HasNext)
			}
			after = p.Items[0].ID
		}
		for i, it := range page.Items {
			if i >= len(seen) || seen[i] != it.ID {
				t.Fatalf("paged samples = %v; want the one page's order", seen)
			}
		}

		for name, in := range map[string]corpus.AuditInput{
			"unknown property":     {Sample: other, Property: "ELEGANCE"},
			"class without error":  {Sample: other, Property: corpus.PropertyStyle, ErrorClass: corpus.ClassDroppedHypothesis},
			"error of no class":    {Sample: other, Property: corpus.PropertyStyle, Error: true, ErrorClass: "TYPO"},
			"empty property":       {Sample: other},
			"lower-case property":  {Sample: other, Property: strings.ToLower(corpus.PropertyStyle)},
			"class of a non-error": {Sample: other, Property: corpus.PropertyFidelity, ErrorClass: "X"},
		} {
			if _, err := f.svc.RecordAudit(ctx, auditor, in); !errors.Is(err, corpus.ErrAudit) {
				t.Errorf("%s: RecordAudit = %v; want ErrAudit", name, err)
			}
		}
		if _, err := f.svc.RecordAudit(ctx, auditor, corpus.AuditInput{Sample: "aus_none", Property: corpus.PropertyStyle}); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("RecordAudit(unknown sample) = %v; want ErrNotFound", err)
		}
		if _, err := f.svc.RecordAudit(ctx, auditor, corpus.AuditInput{Sample: mineSample, Property: corpus.PropertyStyle}); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("RecordAudit(own node) = %v; want ErrForbidden", err)
		}
		if _, err := f.svc.RecordAudit(ctx, nil, corpus.AuditInput{Sample: other, Property: corpus.PropertyStyle}); !errors.Is(err, policy.ErrUnauthenticated) {
			t.Errorf("RecordAudit(nobody) = %v; want ErrUnauthenticated", err)
		}
		it, err := f.svc.RecordAudit(ctx, auditor, corpus.AuditInput{Sample: other, Property: corpus.PropertyStyle, Note: "Reads well.", Seconds: -30})
		if err != nil {
			t.Fatal(err)
		}
		if a, ok := it.Answers[corpus.PropertyStyle]; !ok || a.Seconds != 0 || a.Error || a.Note != "Reads well." || len(it.Answers) != 1 {
			t.Errorf("answers = %+v; want the style answer alone, with no time", it.Answers)
		}
		again, err := f.svc.AuditSample(ctx, auditor, other)
		if err != nil || len(again.Answers) != 1 || again.Answers[corpus.PropertyStyle].Note != "Reads well." {
			t.Errorf("AuditSample = %+v, %v; want the answer kept", again, err)
		}
		rows, err := f.svc.Rates(ctx, month)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, r := range rows {
			if r.Property == corpus.PropertyStyle {
				n += r.N
			}
		}
		if n != 1 {
			t.Errorf("style answers counted = %d; want 1 (the refused ones none)", n)
		}
	})
}

// TestDrawSeedsAndVerify: a draw without a seed gets a fresh random one,
// recorded, and drawing the month again returns that draw; an undrawn
// month does not verify; a sample stored in a stratum the draw never drew
// is tampering.
func TestDrawSeedsAndVerify(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		ids := f.mustMerge(t, agent, agentTheorems(2, "a")...)
		if err := f.svc.VerifyDraw(ctx, month); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("VerifyDraw(undrawn) = %v; want ErrNotFound", err)
		}
		first, err := f.svc.Draw(ctx, "acc_op", month, "")
		if err != nil || first.Existing || !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(first.Seed) {
			t.Fatalf("Draw(no seed) = %+v, %v; want a fresh draw with a random 128-bit seed", first, err)
		}
		again, err := f.svc.Draw(ctx, "acc_op", month, "another-seed")
		if err != nil || !again.Existing || again.Seed != first.Seed || len(again.Strata) != len(first.Strata) {
			t.Fatalf("Draw(again) = %+v, %v; want the recorded draw with seed %s", again, err, first.Seed)
		}
		if err := f.svc.VerifyDraw(ctx, month); err != nil {
			t.Fatalf("VerifyDraw = %v", err)
		}
		rows, err := f.pol.Client().AuditSample.Query().All(ctx)
		if err != nil || len(rows) == 0 {
			t.Fatalf("samples = %d, %v", len(rows), err)
		}
		r := rows[0]
		if err := f.pol.Client().AuditSample.Create().SetMonth(r.Month).SetNodeID(ids[0]).SetRevisionID(r.RevisionID).SetPosition(0).
			SetSeed(r.Seed).SetCreatedAt(r.CreatedAt).SetKind(r.Kind).SetWriter("someone-else").SetModel(r.Model).
			SetPromptVersion(r.PromptVersion).SetLayer(r.Layer).SetStratum("THEOREM|someone-else").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		var tamper *corpus.TamperError
		if err := f.svc.VerifyDraw(ctx, month); !errors.As(err, &tamper) || tamper.Stratum != "THEOREM|someone-else" ||
			!strings.Contains(tamper.Detail, "never drew") {
			t.Errorf("VerifyDraw with a row of an undrawn stratum = %v; want a TamperError naming it", err)
		}
	})
}

// TestQuarantineRefusalsAndUndecidedRelease: deciding and lifting need an
// account; a decision names a node, a lift its reason (1 to
// MaxExplanation characters) and a stop that exists; and a held node
// whose person's revision merges before anyone decided is released as
// fixed, closing the stop's request with its last node.
func TestQuarantineRefusalsAndUndecidedRelease(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		f := newFixture(t, d, clearCopies{})
		agentIDs, personIDs := f.stopAgent(t)
		reviewer := f.accountWith(t, "rita", role.Reviewer)
		operator := f.accountWith(t, "otto", role.Operator)
		stops, err := f.svc.Stops(ctx, 1)
		if err != nil || len(stops) != 1 {
			t.Fatalf("Stops = %d, %v", len(stops), err)
		}
		st := stops[0]

		if _, err := f.svc.DecideQuarantine(ctx, nil, corpus.QuarantineDecision{Node: agentIDs[0], Resolution: corpus.ResolutionFix}); !errors.Is(err, policy.ErrUnauthenticated) {
			t.Errorf("DecideQuarantine(nobody) = %v; want ErrUnauthenticated", err)
		}
		if _, err := f.svc.DecideQuarantine(ctx, reviewer, corpus.QuarantineDecision{Node: "no-such-node", Resolution: corpus.ResolutionFix}); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("DecideQuarantine(unknown node) = %v; want ErrNotFound", err)
		}
		if _, err := f.svc.DecideQuarantine(ctx, reviewer, corpus.QuarantineDecision{Node: personIDs[0], Resolution: corpus.ResolutionRetire}); !errors.Is(err, corpus.ErrQuarantine) {
			t.Errorf("DecideQuarantine(a flagged dependant) = %v; want ErrQuarantine: only held nodes are decided", err)
		}
		for name, c := range map[string]struct {
			a      bool
			stop   string
			reason string
			want   error
		}{
			"nobody":        {false, st.ID, "new prompt", policy.ErrUnauthenticated},
			"no reason":     {true, st.ID, "  \n", corpus.ErrQuarantine},
			"long reason":   {true, st.ID, strings.Repeat("ü", corpus.MaxExplanation+1), corpus.ErrQuarantine},
			"unknown stop":  {true, "cst_none", "new prompt", policy.ErrNotFound},
			"undecided yet": {true, st.ID, "new prompt", corpus.ErrQuarantine},
		} {
			a := operator
			if !c.a {
				a = nil
			}
			if _, err := f.svc.LiftStop(ctx, a, c.stop, c.reason); !errors.Is(err, c.want) {
				t.Errorf("%s: LiftStop = %v; want %v", name, err, c.want)
			}
		}
		if v, err := f.svc.Stop(ctx, st.ID); err != nil || v.LiftedAt != nil {
			t.Fatalf("Stop after refused lifts = %+v, %v; want not lifted", v, err)
		}

		// The third node is retired; the first is revised by a person before
		// anyone decided: released as fixed, and with it the stop's last node.
		if _, err := f.svc.DecideQuarantine(ctx, reviewer, corpus.QuarantineDecision{Node: agentIDs[2], Resolution: corpus.ResolutionRetire}); err != nil {
			t.Fatal(err)
		}
		fix := corpus.Draft{Kind: corpus.Theorem, Title: "Identity a0", Revises: agentIDs[0],
			Body: "Every finite group of order 2 has exactly one identity element $e$, as every group does."}
		f.mustMerge(t, person, fix)
		v, err := f.svc.Stop(ctx, st.ID)
		if err != nil {
			t.Fatal(err)
		}
		if h := heldOf(v, agentIDs[0]); !h.Released || h.Resolution != corpus.ResolutionFix {
			t.Errorf("undecided node after its fix merged = %+v; want released as FIX", h)
		}
		if h := heldOf(v, personIDs[0]); !h.Released || !v.Released {
			t.Errorf("flagged dependant = %+v, stop released %v; want both released", h, v.Released)
		}
		cr, err := f.svc.ChangeRequest(ctx, st.ChangeRequest)
		if err != nil || cr.State != corpus.StateWithdrawn {
			t.Errorf("the stop's request = %+v, %v; want closed", cr, err)
		}
		if _, err := f.svc.DecideQuarantine(ctx, reviewer, corpus.QuarantineDecision{Node: agentIDs[0], Resolution: corpus.ResolutionRerun}); !errors.Is(err, corpus.ErrQuarantine) {
			t.Errorf("deciding a released node = %v; want ErrQuarantine", err)
		}
	})
}
