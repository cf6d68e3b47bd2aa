package graph_test

import (
	"context"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/corpustask"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

const peopleChecksQ = `query { peopleChecks(first: 10) { totalCount pageInfo { hasNextPage endCursor }
	edges { cursor node { id kind question targetSeconds revision
		node { id kind label title body term uses { id } usedBy { id } proves { id } references { identifier } }
		reference { identifier citation locator } binding { id label }
		context { id title body }
		sections { id title text confirmed } } } } }`

const confirmCheckM = `mutation($input: ConfirmPeopleCheckInput!) { confirmPeopleCheck(input: $input) {
	check { id sections { id confirmed } } node { id level } userErrors { field message code } } }`

type checkEdges struct {
	PeopleChecks struct {
		TotalCount int
		Edges      []struct {
			Node struct {
				ID, Kind  string
				Revision  int
				Node      struct{ ID, Body string }
				Context   []struct{ ID, Body string }
				Sections  []struct{ ID, Text string }
				TargetSec int `json:"targetSeconds"`
			}
		}
	}
}

// TestPeopleChecksContract: a reviewer reads the queue of people's checks
// blind (nothing of the agent, its model, prompt or layer anywhere in the
// answer), confirms a proof's steps, each recorded on its own, and the
// check leaves the queue; a member reads no check and closes no job; a
// revision read long ago is refused STALE_REVISION.
func TestPeopleChecksContract(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		a := newAPI(t, dialectName)
		bot := a.token("prover-bot", role.Agent)
		rita := a.token("rita", role.Reviewer)
		ravi := a.token("ravi", role.Reviewer)
		member := a.token("mia", role.Member)
		input := map[string]any{"model": "secret-model-7", "promptVersion": "prompt-v9", "layer": "layer-q", "nodes": []map[string]any{
			{"kind": "THEOREM", "label": "t-one", "title": "Identity one", "body": "A group has exactly one identity element."},
			{"kind": "PROOF", "label": "t-one-proof", "title": "Proof of identity one", "proves": "t-one",
				"body": "Let $e$ and $f$ be identities.\n\nThen $e = ef = f$."},
		}}
		var out struct{ OpenChangeRequest crPayload }
		if r := a.do(bot, openCR, map[string]any{"input": input}, &out); len(r.Errors) > 0 || out.OpenChangeRequest.ChangeRequest.State != "MERGED" {
			t.Fatalf("openChangeRequest: %s", r.Body)
		}
		botAcc, err := a.svc.AccountByHandle(context.Background(), "prover-bot")
		if err != nil {
			t.Fatal(err)
		}
		var q checkEdges
		r := a.do(rita, peopleChecksQ, nil, &q)
		if len(r.Errors) > 0 || len(q.PeopleChecks.Edges) != 1 || q.PeopleChecks.TotalCount != 1 {
			t.Fatalf("peopleChecks: %s", r.Body)
		}
		for _, secret := range []string{botAcc.ID, "prover-bot", "secret-model-7", "prompt-v9", "layer-q", "AGENT"} {
			if strings.Contains(string(r.Body), secret) {
				t.Errorf("peopleChecks answers with %q in it: %s", secret, r.Body)
			}
		}
		c := q.PeopleChecks.Edges[0].Node
		if c.Kind != "PROOF_STEPS" || c.Revision != 1 || len(c.Sections) != 2 || c.Sections[1].ID != "step-2" ||
			c.Sections[1].Text != "Then $e = ef = f$." || len(c.Context) != 1 || c.Context[0].Body == "" || c.TargetSec != 360 {
			t.Errorf("the proof's check = %+v", c)
		}
		if r := a.do(member, peopleChecksQ, nil, nil); len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "FORBIDDEN" {
			t.Errorf("a member reads the checks: %s", r.Body)
		}

		var conf struct {
			ConfirmPeopleCheck struct {
				Check *struct {
					Sections []struct {
						ID        string
						Confirmed bool
					}
				}
				Node       *struct{ ID, Level string }
				UserErrors []struct{ Code string }
			}
		}
		in := func(rev int, secs ...string) map[string]any {
			return map[string]any{"input": map[string]any{"check": c.ID, "sections": secs, "revision": rev, "seconds": 200}}
		}
		r = a.do(rita, confirmCheckM, in(1, "step-1"), &conf)
		if len(r.Errors) > 0 || conf.ConfirmPeopleCheck.Check == nil || !conf.ConfirmPeopleCheck.Check.Sections[0].Confirmed ||
			conf.ConfirmPeopleCheck.Check.Sections[1].Confirmed || conf.ConfirmPeopleCheck.Node.ID != c.Node.ID {
			t.Fatalf("confirmPeopleCheck(step-1): %s", r.Body)
		}
		for _, tc := range []struct {
			token string
			vars  map[string]any
			code  string
		}{
			{rita, in(1, "step-1"), "INVALID"},
			{rita, in(1, "step-3"), "INVALID"},
			{ravi, in(2, "step-1"), "STALE_REVISION"},
			{ravi, map[string]any{"input": map[string]any{"check": "N-999.proof", "sections": []string{"step-1"}}}, "NOT_FOUND"},
		} {
			conf.ConfirmPeopleCheck.UserErrors = nil
			r := a.do(tc.token, confirmCheckM, tc.vars, &conf)
			if ue := conf.ConfirmPeopleCheck.UserErrors; len(ue) != 1 || ue[0].Code != tc.code {
				t.Errorf("confirmPeopleCheck(%v): %s; want %s", tc.vars, r.Body, tc.code)
			}
		}
		if r := a.do(rita, confirmCheckM, in(1, "step-2"), &conf); len(r.Errors) > 0 || len(conf.ConfirmPeopleCheck.UserErrors) > 0 {
			t.Fatalf("confirmPeopleCheck(step-2): %s", r.Body)
		}
		q = checkEdges{}
		if r := a.do(rita, peopleChecksQ, nil, &q); len(r.Errors) > 0 || len(q.PeopleChecks.Edges) != 0 || q.PeopleChecks.TotalCount != 0 {
			t.Errorf("rita's queue after she checked the proof: %s", r.Body)
		}
		q = checkEdges{}
		if r := a.do(ravi, peopleChecksQ, nil, &q); len(r.Errors) > 0 || len(q.PeopleChecks.Edges) != 1 || q.PeopleChecks.TotalCount != 1 {
			t.Errorf("ravi's queue: %s", r.Body)
		}
		const one = `query($id: ID!) { peopleCheck(id: $id) { id sections { id confirmed } } }`
		var single struct {
			PeopleCheck *struct {
				ID       string
				Sections []struct{ Confirmed bool }
			}
		}
		if r := a.do(rita, one, map[string]any{"id": c.ID}, &single); len(r.Errors) > 0 || single.PeopleCheck == nil ||
			!single.PeopleCheck.Sections[0].Confirmed || !single.PeopleCheck.Sections[1].Confirmed {
			t.Errorf("peopleCheck: %s", r.Body)
		}
		if r := a.do(rita, one, map[string]any{"id": "N-999.proof"}, &single); len(r.Errors) > 0 || single.PeopleCheck != nil {
			t.Errorf("peopleCheck of no node: %s", r.Body)
		}

		const tasks = `query { corpusTasks { id kind summary state } }`
		if r := a.do(member, tasks, nil, nil); len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "FORBIDDEN" {
			t.Errorf("a member reads the jobs: %s", r.Body)
		}
		var ts struct{ CorpusTasks []struct{ ID string } }
		if r := a.do(rita, tasks, nil, &ts); len(r.Errors) > 0 || len(ts.CorpusTasks) != 0 {
			t.Errorf("corpusTasks: %s", r.Body)
		}
		const closeM = `mutation { closeCorpusTask(input: {id: "ctk_none", note: "It was the program."}) { task { id } userErrors { field code } } }`
		var cl struct {
			CloseCorpusTask struct{ UserErrors []struct{ Code string } }
		}
		if r := a.do(rita, closeM, nil, &cl); len(cl.CloseCorpusTask.UserErrors) != 1 || cl.CloseCorpusTask.UserErrors[0].Code != "NOT_FOUND" {
			t.Errorf("closing no job: %s", r.Body)
		}
	})
}

// TestCiteCorpusNodeContract: a claim's author binds their claim to a
// theorem node; the problem lists its citations, the claim its node and
// the node who cites it; a definition is no claim's theorem, and a member
// binds no one else's claim.
func TestCiteCorpusNodeContract(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		a := newAPI(t, dialectName)
		ctx := context.Background()
		importer := a.token("importer-bot", role.Operator)
		ada := a.token("ada", role.Member)
		mia := a.token("mia", role.Member)
		adaAcc, err := a.svc.AccountByHandle(ctx, "ada")
		if err != nil {
			t.Fatal(err)
		}
		id := a.submit("ada", "Good integers")
		cl, err := a.svc.AttachClaim(ctx, adaAcc, policy.ClaimInput{ProblemID: id, Summary: "Every integer below $10^{17}$ is good.",
			Relation: binding.RelationADDRESSES})
		if err != nil {
			t.Fatal(err)
		}
		input := map[string]any{"nodes": []map[string]any{
			{"kind": "DEFINITION", "label": "egyptian-fraction", "title": "Egyptian fraction", "term": "Egyptian fraction",
				"body": "An *Egyptian fraction* is a sum of distinct unit fractions."},
			{"kind": "THEOREM", "label": "below-bound", "title": "Solutions below a bound", "uses": []string{"egyptian-fraction"},
				"body": "For every prime $p < 10^{17}$, $4/p$ is an Egyptian fraction of three terms."},
		}}
		var out struct{ OpenChangeRequest crPayload }
		if r := a.do(importer, openCR, map[string]any{"input": input}, &out); len(r.Errors) > 0 || out.OpenChangeRequest.ChangeRequest.State != "MERGED" {
			t.Fatalf("openChangeRequest: %s", r.Body)
		}
		const citeM = `mutation($input: CiteCorpusNodeInput!) { citeCorpusNode(input: $input) {
			citation { id problem problemTitle claim node { id kind } } userErrors { field code } } }`
		var res struct {
			CiteCorpusNode struct {
				Citation *struct {
					Problem, Claim string
					Node           struct{ ID, Kind string }
				}
				UserErrors []struct{ Code string }
			}
		}
		cite := func(tok, node string) gqlResponse {
			res.CiteCorpusNode.Citation, res.CiteCorpusNode.UserErrors = nil, nil
			return a.do(tok, citeM, map[string]any{"input": map[string]any{"problem": id, "claim": cl.ID, "node": node}}, &res)
		}
		if r := cite(ada, "egyptian-fraction"); len(res.CiteCorpusNode.UserErrors) != 1 || res.CiteCorpusNode.UserErrors[0].Code != "INVALID" {
			t.Errorf("a claim bound to a definition: %s", r.Body)
		}
		if r := cite(mia, "below-bound"); len(res.CiteCorpusNode.UserErrors) != 1 || res.CiteCorpusNode.UserErrors[0].Code != "FORBIDDEN" {
			t.Errorf("a member binds another's claim: %s", r.Body)
		}
		if r := cite(ada, "below-bound"); len(r.Errors) > 0 || res.CiteCorpusNode.Citation == nil || res.CiteCorpusNode.Citation.Claim != cl.ID ||
			res.CiteCorpusNode.Citation.Node.Kind != "THEOREM" {
			t.Fatalf("citeCorpusNode: %s", r.Body)
		}
		if r := cite(ada, "below-bound"); len(res.CiteCorpusNode.UserErrors) != 1 || res.CiteCorpusNode.UserErrors[0].Code != "CONFLICT" {
			t.Errorf("binding the claim twice: %s", r.Body)
		}
		q := `query { problem(id: "` + id + `") { corpusCitations { claim node { label } } claims { corpusNode { label level } } }
			corpusNode(id: "below-bound") { citedBy { problem problemTitle claim } } }`
		r := a.do("", q, nil, nil)
		for _, want := range []string{`"corpusCitations":[{"claim":"` + cl.ID + `","node":{"label":"below-bound"}}]`,
			`"corpusNode":{"label":"below-bound"`, `"citedBy":[{"problem":"` + id + `","problemTitle":"Good integers","claim":"` + cl.ID + `"}]`} {
			if !strings.Contains(string(r.Body), want) {
				t.Errorf("the read lacks %s: %s", want, r.Body)
			}
		}
	})
}

// TestCorpusTasksPage: corpusTasks lists 100 jobs when first is not given,
// none for first: 0 (it was 500, the corpus's old reading of 0), and
// refuses a first below 0 or above corpus.MaxTasks.
func TestCorpusTasksPage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		a := newAPI(t, dialectName)
		ctx := context.Background()
		rita := a.token("rita", role.Reviewer)
		for _, s := range []string{"7", "11", "13"} {
			if _, err := a.svc.Client().CorpusTask.Create().SetKind(corpustask.KindCOUNTEREXAMPLE).SetSubject("cr_" + s).
				SetSummary("The small-case program found COUNTEREXAMPLE " + s + ".").SetCreatedAt(a.svc.Now()).Save(ctx); err != nil {
				t.Fatal(err)
			}
		}
		const q = `query($first: Int) { corpusTasks(first: $first) { id subject } }`
		for _, c := range []struct {
			first any
			want  int
		}{{nil, 3}, {0, 0}, {2, 2}, {corpus.MaxTasks, 3}} {
			var ts struct {
				CorpusTasks []struct{ ID, Subject string }
			}
			if r := a.do(rita, q, map[string]any{"first": c.first}, &ts); len(r.Errors) > 0 || len(ts.CorpusTasks) != c.want {
				t.Errorf("corpusTasks(first: %v) = %s; want %d jobs", c.first, r.Body, c.want)
			}
		}
		for _, first := range []int{-1, corpus.MaxTasks + 1} {
			if r := a.do(rita, q, map[string]any{"first": first}, nil); len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "BAD_USER_INPUT" {
				t.Errorf("corpusTasks(first: %d) = %s; want a bad input", first, r.Body)
			}
		}
	})
}
