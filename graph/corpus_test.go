package graph_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/role"
)

const openCR = `mutation($input: OpenChangeRequestInput!) { openChangeRequest(input: $input) {
	changeRequest { id state gates { gate outcome findings { check verdict claimType behaviour span { field quote } fix } } nodes { id } }
	userErrors { field message code } } }`

const checkCR = `mutation($input: OpenChangeRequestInput!) { checkChangeRequest(input: $input) {
	changeRequest { id state gates { gate outcome findings { check verdict claimType behaviour span { field quote } fix } } nodes { id } }
	userErrors { field message code } } }`

type crPayload struct {
	ChangeRequest *struct {
		ID    *string
		State string
		Gates []struct {
			Gate     string
			Outcome  string
			Findings []struct {
				Check, Verdict, ClaimType, Behaviour, Fix string
				Span                                      struct{ Field, Quote string }
			}
		}
		Nodes []struct{ ID string }
	}
	UserErrors []struct {
		Field   []string
		Message string
		Code    string
	}
}

// The corpus over GraphQL, exactly as the contract names it: open a
// request, dry-run one, read nodes by ID or label, node(id:), the
// connection and the closure, and field-level errors for bad input.
func TestCorpusContract(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		a := newAPI(t, dialectName)
		tok := a.token("writer", role.Member)
		input := map[string]any{"note": "groups", "nodes": []map[string]any{
			{"kind": "DEFINITION", "label": "group", "title": "Group", "term": "group",
				"body": "A *group* is a set $G$ with an associative operation, an identity element and inverses."},
			{"kind": "THEOREM", "label": "identity-unique", "title": "Uniqueness of the identity", "uses": []string{"group"},
				"body": "The identity element of a group is unique."},
			{"kind": "PROOF", "label": "identity-unique-proof", "title": "Proof", "proves": "identity-unique", "uses": []string{"group"},
				"body": "If $e$ and $f$ are identities then $e = ef = f$."},
		}}
		var dry struct{ CheckChangeRequest crPayload }
		if r := a.do(tok, checkCR, map[string]any{"input": input}, &dry); len(r.Errors) > 0 {
			t.Fatalf("checkChangeRequest errors: %s", r.Body)
		}
		if cr := dry.CheckChangeRequest.ChangeRequest; cr == nil || cr.ID != nil || len(cr.Gates) != len(corpus.Order()) {
			t.Fatalf("dry run = %+v; want no ID and every merge gate", cr)
		}
		for _, g := range dry.CheckChangeRequest.ChangeRequest.Gates {
			for _, f := range g.Findings {
				if want := string(corpus.ClaimTypeOf(f.Check, gates.Verdict(f.Verdict))); f.ClaimType != want || want == "" {
					t.Errorf("%s's finding %s (%s) has claim type %q; want %q", g.Gate, f.Check, f.Verdict, f.ClaimType, want)
				}
			}
		}
		var out struct{ OpenChangeRequest crPayload }
		if r := a.do(tok, openCR, map[string]any{"input": input}, &out); len(r.Errors) > 0 {
			t.Fatalf("openChangeRequest errors: %s", r.Body)
		}
		cr := out.OpenChangeRequest.ChangeRequest
		if cr == nil || cr.ID == nil || cr.State != "MERGED" || len(cr.Nodes) != 3 || cr.Nodes[0].ID != "N-1" {
			t.Fatalf("openChangeRequest = %+v", cr)
		}
		var node struct {
			CorpusNode struct {
				ID, Kind, Title, Body, Level, Fidelity string
				Flags                                  []string
				Uses, UsedBy                           []struct{ ID string }
				References                             []struct{ Identifier string }
				Properties                             []struct{ Property, Status string }
			}
		}
		a.do("", `{ corpusNode(id: "identity-unique-proof") { id kind title body level fidelity flags uses { id } usedBy { id }
			references { identifier } properties { property status } } }`, nil, &node)
		n := node.CorpusNode
		if n.ID != "N-3" || n.Kind != "PROOF" || n.Level != "E0" || n.Fidelity != "F0" || len(n.Uses) != 1 || len(n.Properties) != 4 {
			t.Errorf("corpusNode = %+v", n)
		}
		if diff := cmp.Diff([]string{"SORRY_IN_CLOSURE"}, n.Flags); diff != "" {
			t.Errorf("flags (-want +got):\n%s", diff)
		}
		var byNode struct{ Node struct{ ID, Title string } }
		a.do("", `{ node(id: "N-1") { id ... on CorpusNode { title } } }`, nil, &byNode)
		if byNode.Node.ID != "N-1" || byNode.Node.Title != "Group" {
			t.Errorf("node(id: N-1) = %+v", byNode.Node)
		}
		var cl struct {
			Closure struct {
				Size           int
				LowestLevel    *string
				SorryInClosure bool
			}
		}
		a.do("", `{ closure(id: "N-3") { size lowestLevel sorryInClosure } }`, nil, &cl)
		if cl.Closure.Size != 1 || cl.Closure.LowestLevel == nil || *cl.Closure.LowestLevel != "E0" || !cl.Closure.SorryInClosure {
			t.Errorf("closure = %+v", cl.Closure)
		}
		var list struct {
			CorpusNodes struct {
				TotalCount int
				Edges      []struct{ Node struct{ ID string } }
				PageInfo   struct {
					HasNextPage bool
					EndCursor   string
				}
			}
		}
		a.do("", `{ corpusNodes(first: 2) { totalCount edges { node { id } } pageInfo { hasNextPage endCursor } } }`, nil, &list)
		if list.CorpusNodes.TotalCount != 3 || len(list.CorpusNodes.Edges) != 2 || !list.CorpusNodes.PageInfo.HasNextPage {
			t.Fatalf("corpusNodes = %+v", list.CorpusNodes)
		}
		a.do("", `query($after: String) { corpusNodes(first: 2, after: $after) { totalCount edges { node { id } } pageInfo { hasNextPage endCursor } } }`,
			map[string]any{"after": list.CorpusNodes.PageInfo.EndCursor}, &list)
		if len(list.CorpusNodes.Edges) != 1 || list.CorpusNodes.Edges[0].Node.ID != "N-3" || list.CorpusNodes.PageInfo.HasNextPage {
			t.Errorf("second page = %+v", list.CorpusNodes)
		}
		a.do("", `{ corpusNodes(search: "uniqueness") { totalCount } }`, nil, &list)
		if list.CorpusNodes.TotalCount != 1 {
			t.Errorf("search totalCount = %d; want 1", list.CorpusNodes.TotalCount)
		}
		var got struct{ ChangeRequest struct{ State string } }
		a.do("", `query($id: ID!) { changeRequest(id: $id) { state } }`, map[string]any{"id": *cr.ID}, &got)
		if got.ChangeRequest.State != "MERGED" {
			t.Errorf("changeRequest state = %q", got.ChangeRequest.State)
		}
		// Bad input: field-level errors, nothing merged.
		bad := map[string]any{"nodes": []map[string]any{
			{"kind": "LEMMA", "label": "l1", "title": "L1", "body": "Holds.", "uses": []string{"l2"}},
			{"kind": "LEMMA", "label": "l2", "title": "L2", "body": "Holds too.", "uses": []string{"l1"}},
			{"kind": "PROOF", "label": "p", "title": "P", "body": "Broken $x", "proves": "group"},
		}}
		out = struct{ OpenChangeRequest crPayload }{}
		a.do(tok, openCR, map[string]any{"input": bad}, &out)
		codes := map[string]string{}
		for _, ue := range out.OpenChangeRequest.UserErrors {
			codes[cmpPath(ue.Field)] = ue.Code
		}
		want := map[string]string{"input.nodes.2.body": "BROKEN_TEX", "input.nodes.2.proves": "EDGE_KIND", "input.nodes.1.uses.0": "CYCLE"}
		if diff := cmp.Diff(want, codes); diff != "" {
			t.Errorf("userErrors (-want +got):\n%s", diff)
		}
		if s := out.OpenChangeRequest.ChangeRequest.State; s != "FAILED" {
			t.Errorf("state = %s; want FAILED", s)
		}
		// Anonymous callers cannot open requests.
		if r := a.do("", openCR, map[string]any{"input": input}, nil); len(r.Errors) == 0 {
			t.Errorf("anonymous openChangeRequest = %s; want an error", r.Body)
		}
	})
}

func cmpPath(p []string) string {
	out := ""
	for i, s := range p {
		if i > 0 {
			out += "."
		}
		out += s
	}
	return out
}

// A failed request is revised by its writer into a merge; another account
// may not revise it, and a merged one cannot be withdrawn.
func TestReviseChangeRequest(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		a := newAPI(t, dialectName)
		writer := a.token("writer", role.Member)
		other := a.token("other", role.Member)
		bad := map[string]any{"nodes": []map[string]any{{"kind": "LEMMA", "label": "l", "title": "L", "body": "Let $x be a set."}}}
		var out struct{ OpenChangeRequest crPayload }
		a.do(writer, openCR, map[string]any{"input": bad}, &out)
		id := *out.OpenChangeRequest.ChangeRequest.ID
		const revise = `mutation($id: ID!, $input: OpenChangeRequestInput!) { reviseChangeRequest(id: $id, input: $input) {
			changeRequest { id state } userErrors { field code } } }`
		good := map[string]any{"nodes": []map[string]any{{"kind": "LEMMA", "label": "l", "title": "L", "body": "Let $x$ be a set."}}}
		type payload struct {
			ReviseChangeRequest struct {
				ChangeRequest *struct{ ID, State string }
				UserErrors    []struct{ Code string }
			}
		}
		var p payload
		a.do(other, revise, map[string]any{"id": id, "input": good}, &p)
		if len(p.ReviseChangeRequest.UserErrors) != 1 || p.ReviseChangeRequest.UserErrors[0].Code != "FORBIDDEN" {
			t.Errorf("another account's revision = %+v; want FORBIDDEN", p.ReviseChangeRequest.UserErrors)
		}
		p = payload{}
		a.do(writer, revise, map[string]any{"id": id, "input": good}, &p)
		if cr := p.ReviseChangeRequest.ChangeRequest; cr == nil || cr.ID != id || cr.State != "MERGED" {
			t.Fatalf("revised = %+v; want %s MERGED", cr, id)
		}
		var w struct {
			WithdrawChangeRequest struct{ UserErrors []struct{ Code string } }
		}
		a.do(writer, `mutation($id: ID!) { withdrawChangeRequest(id: $id) { userErrors { code } } }`, map[string]any{"id": id}, &w)
		if len(w.WithdrawChangeRequest.UserErrors) != 1 || w.WithdrawChangeRequest.UserErrors[0].Code != "CONFLICT" {
			t.Errorf("withdrawing a merged request = %+v; want CONFLICT", w.WithdrawChangeRequest.UserErrors)
		}
	})
}
