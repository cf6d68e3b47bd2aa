package policy_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/claim"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/hold"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

var provedStatus = policy.SourceStatus{Source: "the Erdős problems database", Status: "proved",
	Date: time.Date(2025, 8, 31, 0, 0, 0, 0, time.UTC), Locator: "https://www.erdosproblems.com/123"}

// counts are the rows an import may write, to show that a call wrote nothing.
func counts(t *testing.T, f *fixture) map[string]int {
	t.Helper()
	ctx := context.Background()
	c := f.svc.Client()
	out := map[string]int{}
	for name, q := range map[string]func() (int, error){
		"problems":   func() (int, error) { return c.Problem.Query().Count(ctx) },
		"revisions":  func() (int, error) { return c.Revision.Query().Count(ctx) },
		"claims":     func() (int, error) { return c.Claim.Query().Count(ctx) },
		"bindings":   func() (int, error) { return c.Binding.Query().Count(ctx) },
		"decisions":  func() (int, error) { return c.Decision.Query().Count(ctx) },
		"holds":      func() (int, error) { return c.Hold.Query().Count(ctx) },
		"events":     func() (int, error) { return c.Event.Query().Count(ctx) },
		"reputation": func() (int, error) { return c.ReputationEntry.Query().Count(ctx) },
	} {
		n, err := q()
		if err != nil {
			t.Fatalf("count %s: %v", name, err)
		}
		out[name] = n
	}
	return out
}

func payloadOf(t *testing.T, e *ent.Event) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(e.Payload), &m); err != nil {
		t.Fatalf("payload of %s: %v", e.Kind, err)
	}
	return m
}

// TestImportSolvedSendsTheAnswerToStaff: a record its source marks solved is imported with a
// permanent ID and the source's established answer claim that RESOLVES it, and held for staff
// with that claim — staff compare its scope with the statement before archiving; the trusted
// import archives nothing itself. No stake moves, the acceptance job leaves it alone after the
// deadline while it is held, qualify is refused, and a second import writes nothing.
func TestImportSolvedSendsTheAnswerToStaff(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		importer := f.account(t, "importer", role.Operator)
		p, outcome, err := f.svc.ImportSolved(ctx, importer, "erdos:123", "erdosproblems", validInput(), provedStatus)
		if err != nil {
			t.Fatalf("ImportSolved() = %v", err)
		}
		if outcome != policy.AnswerHeld || p.State != problem.StatePROSPECTING || p.ID != "TDB-1" ||
			p.ImportKey == nil || *p.ImportKey != "erdos:123" {
			t.Errorf("ImportSolved() = %s %s %s, key %v; want a prospecting TDB-1 keyed erdos:123, held with its answer",
				outcome, p.ID, p.State, p.ImportKey)
		}

		cs, err := f.svc.Client().Claim.Query().Where(claim.ProblemID(p.ID)).WithBindings().All(ctx)
		if err != nil || len(cs) != 1 {
			t.Fatalf("claims = %v, %v; want one", cs, err)
		}
		c := cs[0]
		wantSummary := "The Erdős problems database records this problem as proved (last updated 2025-08-31). " +
			"Source: https://www.erdosproblems.com/123."
		if c.ObjectType != claim.ObjectTypeCLAIM || c.Status != claim.StatusESTABLISHED || c.Summary != wantSummary ||
			c.Scope != policy.ImportedAnswerScope || c.AuthorID == nil || *c.AuthorID != importer.ID {
			t.Errorf("answer claim = %+v", c)
		}
		if bs := c.Edges.Bindings; len(bs) != 1 || bs[0].Relation != binding.RelationRESOLVES || bs[0].ProblemID != p.ID {
			t.Errorf("answer bindings = %+v; want one RESOLVES binding", bs)
		}
		if n, _ := f.svc.Client().Decision.Query().Where(decision.ProblemID(p.ID)).Count(ctx); n != 0 {
			t.Errorf("%d decisions; the trusted import archives nothing without staff", n)
		}
		hs, _ := f.svc.Client().Hold.Query().Where(hold.ProblemID(p.ID), hold.ReleasedAtIsNil()).All(ctx)
		if len(hs) != 1 || hs[0].Reason != hold.ReasonANSWER_CLAIM || hs[0].ClaimID == nil || *hs[0].ClaimID != c.ID ||
			hs[0].Authority != policy.AuthorityImport {
			t.Fatalf("holds = %+v; want one ANSWER_CLAIM hold naming the answer claim", hs)
		}

		evs, err := f.svc.Client().Event.Query().Where(event.Subject(p.ID)).Order(ent.Asc(event.FieldSeq)).All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var kinds []string
		for _, e := range evs {
			kinds = append(kinds, e.Kind+" "+e.Authority)
		}
		wantKinds := []string{
			policy.KindProblemImported + " trusted_import",
			policy.KindClaimAttached + " trusted_import",
			policy.KindHoldOpened + " trusted_import",
		}
		if diff := cmp.Diff(wantKinds, kinds); diff != "" {
			t.Fatalf("events (-want +got):\n%s", diff)
		}
		if n, _ := f.svc.Client().ReputationEntry.Query().Count(ctx); n != 0 {
			t.Errorf("reputation entries = %d; a trusted import stakes nothing", n)
		}

		before := counts(t, f)
		again, outcome, err := f.svc.ImportSolved(ctx, importer, "erdos:123", "erdosproblems", validInput(), provedStatus)
		if err != nil || outcome != policy.Unchanged || again.ID != p.ID {
			t.Errorf("ImportSolved() again = %v, %s, %v; want %s unchanged", again, outcome, err, p.ID)
		}
		if diff := cmp.Diff(before, counts(t, f)); diff != "" {
			t.Errorf("a second import wrote (-before +after):\n%s", diff)
		}

		f.clock.Advance(policy.DefaultChallengeWindow + time.Hour)
		if n, err := f.svc.AcceptOverdue(ctx); n != 0 || err != nil {
			t.Errorf("AcceptOverdue() = %d, %v; want the held import left alone", n, err)
		}
		// Staff compare the scope and archive it as a known answer.
		staff := f.account(t, "sam", role.Operator)
		res, err := f.decide(ctx, staff, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionARCHIVE,
			ReasonCode: ptr(decision.ReasonCodeKNOWN_ANSWER), IdempotencyKey: "a",
			Notes: packet.DecisionNotes{Reason: "The source's proof covers the whole statement."}})
		if err != nil || res.Problem.State != problem.StateARCHIVED {
			t.Errorf("staff archive = %v", err)
		}
	})
}

// TestImportSolvedHoldsAnOpenImport: a problem imported as open whose source now marks it
// solved keeps its content and is held for staff, once; after staff settle the hold the same
// status holds it no more, and a newer status holds it again. An accepted import is held too.
func TestImportSolvedHoldsAnOpenImport(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		importer := f.account(t, "importer", role.Operator)
		open, outcome, err := f.svc.Import(ctx, importer, "erdos:123", "erdosproblems", validInput())
		if err != nil || outcome != policy.Created {
			t.Fatalf("Import() = %s, %v", outcome, err)
		}
		f.clock.Advance(time.Hour)
		changed := validInput()
		changed.Title = "Erdős–Straus conjecture (solved at source)"
		before := counts(t, f)
		p, outcome, err := f.svc.ImportSolved(ctx, importer, "erdos:123", "erdosproblems", changed, provedStatus)
		if err != nil || outcome != policy.HeldForStaff || p.State != problem.StatePROSPECTING || p.ID != open.ID ||
			p.CurrentRevisionID == nil || *p.CurrentRevisionID != *open.CurrentRevisionID || p.Title != open.Title {
			t.Fatalf("ImportSolved() of an open import = %+v, %s, %v; want it held, prospecting, content unchanged", p, outcome, err)
		}
		after := counts(t, f)
		if after["holds"] != before["holds"]+1 || after["events"] != before["events"]+1 || after["revisions"] != before["revisions"] ||
			after["claims"] != 0 || after["decisions"] != 0 {
			t.Errorf("ImportSolved() of an open import wrote %v, from %v; want one hold and its event", after, before)
		}
		hs, err := f.svc.Client().Hold.Query().Where(hold.ProblemID(p.ID)).All(ctx)
		if err != nil || len(hs) != 1 {
			t.Fatalf("holds = %v, %v", hs, err)
		}
		wantNote := "The Erdős problems database now records this problem as proved (last updated 2025-08-31). " +
			"Source: https://www.erdosproblems.com/123. It was imported as open on 2026-03-02; staff decide whether it stays open."
		if h := hs[0]; h.Reason != hold.ReasonSOURCE_STATUS || h.Authority != policy.AuthorityImport || h.Note != wantNote ||
			h.ReleasedAt != nil {
			t.Errorf("hold = %+v; want an open SOURCE_STATUS hold by trusted_import with note %q", h, wantNote)
		}

		before = counts(t, f)
		if _, outcome, err := f.svc.ImportSolved(ctx, importer, "erdos:123", "erdosproblems", changed, provedStatus); err != nil ||
			outcome != policy.Unchanged {
			t.Errorf("ImportSolved() again = %s, %v; want unchanged", outcome, err)
		}
		if diff := cmp.Diff(before, counts(t, f)); diff != "" {
			t.Errorf("a second import of a held problem wrote (-before +after):\n%s", diff)
		}

		// Staff keep it prospecting: the hold is settled, and the same status does not hold it again.
		if _, err := f.decide(ctx, f.operator, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionKEEP_PROSPECTING,
			Notes:            packet.DecisionNotes{Reason: "The source's proof covers a weaker statement."},
			RevisionRequests: []string{"Cite the source's proof and say why it does not settle this statement."},
			IdempotencyKey:   "staff-1"}); err != nil {
			t.Fatalf("staff keep-prospecting = %v", err)
		}
		before = counts(t, f)
		if _, outcome, err := f.svc.ImportSolved(ctx, importer, "erdos:123", "erdosproblems", changed, provedStatus); err != nil ||
			outcome != policy.Unchanged {
			t.Errorf("ImportSolved() after staff settled the hold = %s, %v; want unchanged", outcome, err)
		}
		if diff := cmp.Diff(before, counts(t, f)); diff != "" {
			t.Errorf("a re-import after staff settled the hold wrote (-before +after):\n%s", diff)
		}
		newer := provedStatus
		newer.Date = time.Date(2025, 10, 1, 0, 0, 0, 0, time.UTC)
		if _, outcome, err := f.svc.ImportSolved(ctx, importer, "erdos:123", "erdosproblems", changed, newer); err != nil ||
			outcome != policy.HeldForStaff {
			t.Errorf("ImportSolved() with a newer status = %s, %v; want held again", outcome, err)
		}

		// An accepted import is held too, and stays accepted.
		acc, _, err := f.svc.Import(ctx, importer, "erdos:124", "erdosproblems", validInput())
		if err != nil {
			t.Fatal(err)
		}
		f.clock.Advance(policy.DefaultChallengeWindow + time.Hour)
		if ok, err := f.svc.AcceptElapsed(ctx, acc.ID); !ok || err != nil {
			t.Fatalf("AcceptElapsed() = %v, %v", ok, err)
		}
		p, outcome, err = f.svc.ImportSolved(ctx, importer, "erdos:124", "erdosproblems", validInput(), provedStatus)
		if err != nil || outcome != policy.HeldForStaff || p.State != problem.StateACCEPTED {
			t.Errorf("ImportSolved() of an accepted import = %v, %s, %v; want it held and accepted", p, outcome, err)
		}
		if n, _ := f.svc.Client().Hold.Query().Where(hold.ProblemID(acc.ID), hold.ReasonEQ(hold.ReasonSOURCE_STATUS),
			hold.ReleasedAtIsNil()).Count(ctx); n != 1 {
			t.Errorf("open SOURCE_STATUS holds of the accepted import = %d; want 1", n)
		}
	})
}

// TestImportSolvedMismatch: a new record whose sources disagree about its status is imported as
// open and held for staff with the disagreement as the note; a re-import adds nothing.
func TestImportSolvedMismatch(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		st := provedStatus
		st.Mismatch = "The Erdős problems database says proved (last updated 2025-08-31) while formal-conjectures " +
			"still marks erdos_123 category research open."
		p, outcome, err := f.svc.ImportSolved(ctx, f.operator, "erdos:123", "erdosproblems + formal-conjectures", validInput(), st)
		if err != nil || outcome != policy.HeldForStaff || p.State != problem.StatePROSPECTING || p.ImportKey == nil {
			t.Fatalf("ImportSolved(mismatch) = %+v, %s, %v; want a prospecting import, held", p, outcome, err)
		}
		hs, _ := f.svc.Client().Hold.Query().Where(hold.ProblemID(p.ID)).All(ctx)
		if len(hs) != 1 || hs[0].Reason != hold.ReasonSOURCE_STATUS || hs[0].Authority != policy.AuthorityImport ||
			!strings.HasPrefix(hs[0].Note, st.Mismatch+" It was imported as open on 2026-03-02") {
			t.Errorf("holds = %+v; want one SOURCE_STATUS hold noting the mismatch", hs)
		}
		if n, _ := f.svc.Client().Claim.Query().Count(ctx); n != 0 {
			t.Errorf("claims = %d; an import the sources disagree on has no answer claim", n)
		}
		before := counts(t, f)
		if _, outcome, err := f.svc.ImportSolved(ctx, f.operator, "erdos:123", "erdosproblems + formal-conjectures", validInput(), st); err != nil ||
			outcome != policy.Unchanged {
			t.Errorf("ImportSolved(mismatch) again = %s, %v; want unchanged", outcome, err)
		}
		if diff := cmp.Diff(before, counts(t, f)); diff != "" {
			t.Errorf("a second import wrote (-before +after):\n%s", diff)
		}
		f.clock.Advance(policy.DefaultChallengeWindow + time.Hour)
		if n, err := f.svc.AcceptOverdue(ctx); n != 0 || err != nil {
			t.Errorf("AcceptOverdue() = %d, %v; want the held import left for staff", n, err)
		}
	})
}

// TestImportSolvedRefusals: only an operator imports, never as an agent, and the source's
// status is required.
func TestImportSolvedRefusals(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		for _, a := range []*ent.Account{f.member, f.reviewer} {
			if _, _, err := f.svc.ImportSolved(ctx, a, "erdos:1", "test", validInput(), provedStatus); !errors.Is(err, policy.ErrForbidden) {
				t.Errorf("ImportSolved() by @%s = %v; want ErrForbidden", a.Handle, err)
			}
		}
		if _, _, err := f.svc.ImportSolved(ctx, nil, "erdos:1", "test", validInput(), provedStatus); !errors.Is(err, policy.ErrUnauthenticated) {
			t.Errorf("ImportSolved() anonymously = %v; want ErrUnauthenticated", err)
		}
		agent := f.account(t, "bot", role.Operator, role.Agent)
		_, _, err := f.svc.ImportSolved(ctx, agent, "erdos:1", "test", validInput(), provedStatus)
		if diff := cmp.Diff([]errKey{{"sourceStatus", policy.CodeAgentCannotResolve}}, keys(err)); diff != "" {
			t.Errorf("ImportSolved() by an agent (-want +got):\n%s", diff)
		}
		_, _, err = f.svc.ImportSolved(ctx, f.operator, "", "test", validInput(), policy.SourceStatus{Source: "x"})
		if diff := cmp.Diff([]errKey{{"importKey", policy.CodeRequired}, {"sourceStatus.status", policy.CodeRequired}}, keys(err)); diff != "" {
			t.Errorf("ImportSolved() without key and status (-want +got):\n%s", diff)
		}
		if n, _ := f.svc.Client().Problem.Query().Count(ctx); n != 0 {
			t.Errorf("problems = %d after refusals; want none", n)
		}
	})
}
