package graph_test

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/live/livetest"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/policy/policytest"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/server"
)

// TestRemovedContentIsWithheldEverywhere: once a problem is removed, nothing it held is readable
// over GraphQL by any road — its title, pending revision, claims, decisions and their notes and
// revisions, its events' payloads, or node(id:) on its revisions, references, sources, decisions,
// claims and bindings. Each road is read first while the problem is public, so the test knows the
// road carries the content.
func TestRemovedContentIsWithheldEverywhere(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		clock := policytest.NewClock(time.Now().UTC())
		svc := policy.New(dbtest.Open(t, d), policy.Config{}, policy.WithClock(clock))
		quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
		srv := httptest.NewServer(server.New(svc, livetest.Start(t, svc.Client()), quiet))
		t.Cleanup(srv.Close)
		a := &api{t: t, srv: srv, svc: svc}
		a.token("ada")
		a.token("rita", role.Reviewer)
		a.token("mo", role.Moderator)
		ada, _ := svc.AccountByHandle(ctx, "ada")
		rita, _ := svc.AccountByHandle(ctx, "rita")
		mo, _ := svc.AccountByHandle(ctx, "mo")

		secrets := []string{"Zanzibar", "quokka", "Wombatcite", "Platypusbound", "SECRETCLAIM", "SECRETNOTE",
			"SECRETREQUEST", "SECRETPENDING", "2101.00077", "zanzibar-integers"}
		in := problemInput("Zanzibar integers")
		in.Statement = "Is every quokka integer $n \\ge 2$ good?"
		in.References = []policy.ReferenceInput{{Identifier: "arXiv:2101.00077", Citation: "Wombatcite paper.",
			Locator: "Theorem 1", Relevance: "Platypusbound on the count.", Role: reference.RolePRIMARY}}
		p, err := svc.Submit(ctx, ada, in)
		if err != nil {
			t.Fatal(err)
		}
		c, err := svc.AttachClaim(ctx, ada, policy.ClaimInput{ProblemID: p.ID, Summary: "SECRETCLAIM every one is good.",
			Relation: binding.RelationADDRESSES})
		if err != nil {
			t.Fatal(err)
		}
		res, err := svc.RecordDecision(ctx, rita, policy.DecisionInput{ProblemID: p.ID, RevisionID: *p.CurrentRevisionID,
			Action: decision.ActionKEEP_PROSPECTING, IdempotencyKey: "kp",
			Notes:            packet.DecisionNotes{StatementAndAcceptance: "SECRETNOTE the criterion is vague.", Reason: "SECRETNOTE fix it."},
			RevisionRequests: []string{"SECRETREQUEST: say which integers are meant."}})
		if err != nil {
			t.Fatal(err)
		}
		// A second problem, accepted, with a proposed revision pending.
		q, err := svc.Submit(ctx, ada, problemInput("Accepted quokka problem"))
		if err != nil {
			t.Fatal(err)
		}
		clock.Advance(8 * 24 * time.Hour)
		if ok, err := svc.AcceptElapsed(ctx, q.ID); err != nil || !ok {
			t.Fatalf("AcceptElapsed(%s) = %v, %v", q.ID, ok, err)
		}
		rin := problemInput("Accepted quokka problem")
		rin.Statement = "SECRETPENDING: is every integer $n \\ge 3$ good?"
		if _, _, err := svc.Revise(ctx, ada, q.ID, "", rin); err != nil {
			t.Fatal(err)
		}

		rev, err := svc.Client().Revision.Get(ctx, *p.CurrentRevisionID)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := rev.QueryReferences().Only(ctx)
		if err != nil {
			t.Fatal(err)
		}
		bnd, err := c.QueryBindings().First(ctx)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := svc.Client().Event.Query().Where(event.Subject(p.ID), event.Kind(policy.KindProblemSubmitted)).Only(ctx)
		if err != nil {
			t.Fatal(err)
		}
		problemQuery := `query($id: String!) { problem(id: $id) { title pendingRevision { statement }
			claims { summary } decisions { notes { statementAndAcceptance reason } revisionRequests revision { statement } }
			openRevisionRequests { request decision { notes { reason } } } presentation { headlineRecord { summary } statusRecord { summary } }
			events { kind payload } revisions { statement } currentRevision { title } } }`
		const node = `query($id: ID!) { node(id: $id) { id
			... on Revision { title statement references { citation relevance } }
			... on Reference { citation relevance revision { statement } source { identifier } }
			... on Source { identifier references { citation } }
			... on Decision { revisionRequests notes { reason } revision { statement } }
			... on Claim { summary }
			... on Binding { claim { summary } }
			... on Event { kind payload } } }`
		nodes := []string{rev.ID, ref.ID, ref.SourceID, res.Decision.ID, c.ID, bnd.ID, ev.ID}

		read := func() string {
			var all strings.Builder
			for _, id := range []string{p.ID, q.ID} {
				r := a.do("", problemQuery, map[string]any{"id": id}, nil)
				all.Write(r.Body)
			}
			for _, id := range nodes {
				r := a.do("", node, map[string]any{"id": id}, nil)
				all.Write(r.Body)
			}
			return all.String()
		}
		before := read()
		for _, s := range secrets {
			if !strings.Contains(before, s) {
				t.Fatalf("before removal, %q is nowhere in the answers; the test reads no road that carries it:\n%s", s, before)
			}
		}

		for i, id := range []string{p.ID, q.ID} {
			fr, err := svc.FlagProblem(ctx, ada, policy.FlagInput{ProblemID: id, Reason: flag.ReasonABUSE,
				Explanation: "The statement is copied word for word from a paywalled book."})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := svc.ClaimCase(ctx, mo, fr.Case.ID); err != nil {
				t.Fatal(err)
			}
			if _, _, err := svc.RemoveProblem(ctx, mo, fr.Case.ID, "Copied text from a source that forbids it."); err != nil {
				t.Fatalf("RemoveProblem(%d): %v", i, err)
			}
		}
		after := read()
		var leaked []string
		for _, s := range secrets {
			if strings.Contains(after, s) {
				leaked = append(leaked, s)
			}
		}
		if len(leaked) > 0 {
			t.Errorf("after removal, %q are still readable:\n%s", leaked, after)
		}
		// The tombstone and the public removal event stay.
		var out struct {
			Problem struct {
				State  string
				Events []struct{ Kind, Payload string }
			}
		}
		if r := a.do("", `query($id: String!) { problem(id: $id) { state events { kind payload } } }`, map[string]any{"id": p.ID}, &out); len(r.Errors) > 0 {
			t.Fatal(r.Body)
		}
		removed := false
		for _, e := range out.Problem.Events {
			removed = removed || e.Kind == policy.KindProblemRemoved && strings.Contains(e.Payload, "Copied text")
		}
		if out.Problem.State != "REMOVED" || !removed {
			t.Errorf("tombstone = %+v; want REMOVED with its public removal event", out.Problem)
		}
		// A node of a removed problem answers null with the code that says so.
		r := a.do("", node, map[string]any{"id": rev.ID}, nil)
		if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "REMOVED" {
			t.Errorf("node(%s) of a removed problem = %s; want one error with code REMOVED", rev.ID, r.Body)
		}
	})
}
