package server_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestReviewPageOfAHeldDuplicate: the review page of a problem a failing duplicate check holds
// offers a reviewer the decision form, and says that only the archive or merge the finding
// supports settles it.
func TestReviewPageOfAHeldDuplicate(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	ctx := context.Background()
	ps := prospects(t, s)
	p, first := ps[0], ps[1]
	if _, err := s.svc.RerunGates(ctx, gates.Duplicate, p.ID); err != nil {
		t.Fatal(err)
	}
	runs, err := s.svc.GateRunsToDo(ctx, s.view(t, p.ID).Revision.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range runs {
		res := gates.Result{Gate: gates.Name(r.Gate), Version: r.Version, Outcome: gates.OutcomePass}
		if r.Gate == "DUPLICATE" {
			res.Outcome = gates.OutcomeFail
			res.Findings = []gates.Finding{{Check: "duplicate.near-duplicate", Criterion: "Merge direct duplicates.", Policy: gates.PolicyVersion,
				Span: gates.Span{Field: "statement"}, Behaviour: "The statement is a near duplicate of the live problem " + first.ID + ".",
				Evidence: gates.Contradicts, Verdict: gates.Fail, Fix: "Merge into " + first.ID + " or state how it differs.",
				Consequence: gates.BlocksQualify}}
		}
		if err := s.svc.RecordGateResult(ctx, r.ID, "d", res); err != nil {
			t.Fatal(err)
		}
	}
	rev, _ := s.signedIn(t, "rita", role.Reviewer)
	// The problem's page says why it is held in words: no check ID, the candidate linked once.
	_, page, _ := s.get(rev, "/p/"+p.ID)
	banner := text(t, page, "held-banner")
	if strings.Contains(banner, "duplicate.") || strings.Count(banner, first.ID) != 1 ||
		!regexp.MustCompile(`href="/p/`+first.ID+`"[^>]*data-testid="hold-candidate"`).Match(page) {
		t.Errorf("held banner of a duplicate = %q; want the candidate %s named and linked once, no check ID", banner, first.ID)
	}
	_, body, _ := s.get(rev, "/review/"+p.ID)
	pagetest.Check(t, "/review/"+p.ID+" held duplicate", body)
	if got := text(t, body, "held-gate"); !regexp.MustCompile(`merging it into the problem`).MatchString(got) ||
		!regexp.MustCompile(`data-testid="decision-form"`).Match(body) {
		t.Errorf("review page of a held duplicate: banner %q, decision form %v", got, regexp.MustCompile(`data-testid="decision-form"`).Match(body))
	}
}
