package api_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/api"
	"github.com/theoremdb/theoremdb/api/apitest"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/live/livetest"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/throttle"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// endpoint is the transport on its own over HTTP, as the site mounts it,
// with bearer tokens of a member and a reviewer and a statement counter.
type endpoint struct {
	t       testing.TB
	srv     *httptest.Server
	h       *api.Handler
	svc     *policy.Service
	queries *atomic.Int64
	member  string // bearer tokens
	review  string
	live    *live.Broker
}

// option changes the transport's configuration.
type option func(*api.Config)

// withLimits sets the transport's limits.
func withLimits(l throttle.Limits) option { return func(c *api.Config) { c.Limits = l } }

// serve starts the transport of svc, with events from b, as the site
// wires it: the packet cache hears the commits b delivers.
func serve(t testing.TB, svc *policy.Service, b *live.Broker, log *slog.Logger, opts ...option) (*httptest.Server, *api.Handler) {
	t.Helper()
	b.OnEvent(svc.InvalidatePackets)
	c := api.Config{Policy: svc, Live: b, Log: log, Accounts: svc.Identity()}
	for _, o := range opts {
		o(&c)
	}
	h := api.New(c)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv, h
}

func newAPI(t *testing.T, dialectName string, opts ...option) *endpoint {
	t.Helper()
	return newAPIWithLog(t, dialectName, quiet, opts...)
}

func newAPIWithLog(t testing.TB, dialectName string, log *slog.Logger, opts ...option) *endpoint {
	t.Helper()
	d := dbtest.Open(t, dialectName)
	n := dbtest.CountStatements(d)
	broker := livetest.Start(t, d.Ent()) // polls uncounted: the statements counted are the requests' alone
	svc := policy.New(d, policy.Config{})
	srv, h := serve(t, svc, broker, log, opts...)
	a := &endpoint{t: t, srv: srv, h: h, svc: svc, queries: n}
	a.member = a.token("ada")
	a.review = a.token("rita", role.Reviewer)
	return a
}

func (a *endpoint) token(handle string, roles ...role.Role) string {
	a.t.Helper()
	return apitest.Token(a.t, a.svc, handle, roles...)
}

// do posts an operation and decodes the response into out (the data).
func (a *endpoint) do(token, query string, vars map[string]any, out any) apitest.Response {
	a.t.Helper()
	return apitest.Client{T: a.t, URL: a.srv.URL}.Do(token, query, vars, out)
}

// post posts an operation and returns the status and the body as sent.
func (a *endpoint) post(token, query string, vars map[string]any) (int, []byte) {
	a.t.Helper()
	return apitest.Client{T: a.t, URL: a.srv.URL}.Post(token, query, vars)
}

type submitData struct {
	SubmitProblem struct {
		Problem *struct {
			ID, Slug, State string
			Deadline        time.Time
		}
		UserErrors []userError
	}
}

type userError struct {
	Field   []string
	Message string
	Code    string
}

func TestSubmitAndFetchByID(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		var out submitData
		if r := a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 2), &out); len(r.Errors) > 0 {
			t.Fatalf("submitProblem errors: %+v", r.Errors)
		}
		p := out.SubmitProblem.Problem
		if p == nil || p.ID != "TDB-1" || p.State != "PROSPECTING" {
			t.Fatalf("submitProblem = %+v, %+v", p, out.SubmitProblem.UserErrors)
		}
		const packetQuery = `query($id: String!) { problem(id: $id) {
			id slug state submittedAt deadline inChallengePeriod acceptedAt acceptanceAuthority
			mergedInto { id }
			stake { state amount account { handle } }
			currentRevision { number title statement exposition { kind term body }
				acceptance { kind criterion precision searchSpace certificate equivalence }
				provenance { kind attribution sourceLocator rightsBasis generatedBy }
				referenceSearch { checkedOn databases queries coverage }
				references { citation locator relevance role source { identifier kind licenceClass confirmation } } }
			revisions { number } decisions { id } claims { id bindings { relation } }
			openRevisionRequests { request }
			events(after: 0) { seq kind authority hash prevHash } } }`
		for _, ref := range []string{"TDB-1", "good-integers"} {
			var got struct {
				Problem struct {
					ID                string
					InChallengePeriod bool
					Stake             struct{ State string }
					CurrentRevision   struct {
						References []struct {
							Role   string
							Source struct{ Identifier string }
						}
					}
					Events []struct{ Kind, Authority string }
				}
			}
			if r := a.do("", packetQuery, map[string]any{"id": ref}, &got); len(r.Errors) > 0 {
				t.Fatalf("problem(%q) errors: %+v", ref, r.Errors)
			}
			pr := got.Problem
			if pr.ID != "TDB-1" || !pr.InChallengePeriod || pr.Stake.State != "ESCROWED" ||
				len(pr.CurrentRevision.References) != 2 || pr.CurrentRevision.References[0].Source.Identifier != "arxiv:2101.00001" {
				t.Errorf("problem(%q) = %+v", ref, pr)
			}
			if len(pr.Events) != 1 || pr.Events[0].Kind != policy.KindProblemSubmitted {
				t.Errorf("problem(%q).events = %+v; want one submission event", ref, pr.Events)
			}
		}
		// An unknown ID is a clear not-found error, not a bare null.
		r := a.do("", `{ problem(id: "TDB-404") { id } }`, nil, nil)
		if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "NOT_FOUND" || !strings.Contains(r.Errors[0].Message, "TDB-404") {
			t.Errorf("problem(TDB-404) errors = %+v; want NOT_FOUND naming the ID", r.Errors)
		}
		// node(id:) resolves every kind of global ID.
		var nodes struct{ Node struct{ ID string } }
		a.do("", `{ node(id: "TDB-1") { id } }`, nil, &nodes)
		if nodes.Node.ID != "TDB-1" {
			t.Errorf("node(TDB-1) = %+v", nodes)
		}
	})
}

func TestMutationRefusals(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		var out submitData
		// Anonymous callers cannot write.
		r := a.do("", apitest.SubmitMutation, apitest.SubmitVars("Good integers", 1), &out)
		if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "UNAUTHENTICATED" {
			t.Errorf("anonymous submitProblem errors = %+v; want UNAUTHENTICATED", r.Errors)
		}
		// Field errors come back as typed user errors.
		vars := apitest.SubmitVars("", 1)
		in := vars["in"].(map[string]any)
		in["references"] = []map[string]any{{"identifier": "not an identifier", "citation": "c", "relevance": "r", "role": "PRIMARY"}}
		a.do(a.member, apitest.SubmitMutation, vars, &out)
		want := []userError{
			{Field: []string{"title"}, Message: "is required", Code: "REQUIRED"},
			{Field: []string{"references", "0", "identifier"}, Code: "INVALID"},
		}
		got := out.SubmitProblem.UserErrors
		if len(got) == 2 {
			got[1].Message = ""
		}
		if diff := cmp.Diff(want, got); diff != "" || out.SubmitProblem.Problem != nil {
			t.Errorf("userErrors (-want +got):\n%s", diff)
		}
		// An unknown enum value is refused by the schema.
		vars = apitest.SubmitVars("Good integers", 1)
		vars["in"].(map[string]any)["acceptance"] = map[string]any{"kind": "VIBES", "criterion": "c"}
		if r := a.do(a.member, apitest.SubmitMutation, vars, nil); len(r.Errors) == 0 {
			t.Error("submitProblem with an unknown enum value succeeded")
		}
		// A bad token is refused, never read as anonymous.
		if r := a.do("tdb_forged", `{ viewer { handle } }`, nil, nil); len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "UNAUTHENTICATED" {
			t.Errorf("forged token errors = %+v", r.Errors)
		}
		// A member cannot record decisions.
		r = a.do(a.member, `mutation { recordDecision(input: {problemId: "TDB-1", revisionId: "rev_unread", action: QUALIFY, notes: {}, idempotencyKey: "k"}) { decision { id } } }`, nil, nil)
		if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "FORBIDDEN" {
			t.Errorf("member recordDecision errors = %+v; want FORBIDDEN", r.Errors)
		}
	})
}

func TestViewerReputation(t *testing.T) {
	t.Parallel()
	a := newAPI(t, "sqlite3")
	a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 1), nil)
	var out struct {
		Viewer struct {
			Handle     string
			Roles      []string
			Reputation struct {
				Balance, Escrowed int
				Entries           []struct {
					Kind    string
					Amount  int
					Problem *struct{ ID string }
				}
			}
		}
	}
	a.do(a.member, `{ viewer { handle roles reputation { balance escrowed entries { kind amount problem { id } at } } } }`, nil, &out)
	v := out.Viewer
	if v.Handle != "ada" || v.Reputation.Balance != 19 || v.Reputation.Escrowed != 1 || len(v.Reputation.Entries) != 2 {
		t.Errorf("viewer = %+v; want ada with 19 available, 1 escrowed, 2 entries", v)
	}
	var anon struct{ Viewer *struct{ Handle string } }
	if a.do("", `{ viewer { handle } }`, nil, &anon); anon.Viewer != nil {
		t.Errorf("anonymous viewer = %+v; want null", anon.Viewer)
	}
}

// TestListPageStatementsDoNotGrow counts the SQL statements of a problems
// page with its whole packet: 50 problems must cost no more than 5 cost (the
// second page may cost less: the filter's total is kept until the next event).
func TestListPageStatementsDoNotGrow(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		ctx := context.Background()
		var accs []*ent.Account
		for i := range 3 {
			acc, err := a.svc.CreateAccount(ctx, fmt.Sprintf("author%d", i), "", nil)
			if err != nil {
				t.Fatal(err)
			}
			accs = append(accs, acc)
		}
		for i := range 19 {
			in := policy.ProblemInput{Title: fmt.Sprintf("Problem %d", i), Statement: "S", Exposition: []packet.ExpositionEntry{{Kind: packet.Remark, Body: "r"}},
				Acceptance: &packet.Acceptance{Kind: packet.Proof, Criterion: "c"},
				Provenance: &packet.Provenance{Kind: packet.Imported, Attribution: "a", SourceLocator: "l", RightsBasis: "r"},
				References: []policy.ReferenceInput{
					{Identifier: fmt.Sprintf("10.1000/%d", i), Citation: "c", Relevance: "r", Role: reference.RolePRIMARY},
					{Identifier: "arXiv:1107.1010", Citation: "c", Relevance: "r", Role: reference.RoleSECONDARY}},
				ReferenceSearch: &packet.ReferenceSearch{CheckedOn: time.Now().Add(-time.Hour), Databases: []string{"d"}, Queries: []string{"q"}, Coverage: "c"}}
			for _, acc := range accs {
				if _, err := a.svc.Submit(ctx, acc, in); err != nil {
					t.Fatal(err)
				}
			}
		}
		rita := a.token("rita2", role.Reviewer)
		p2, err := a.svc.Client().Problem.Get(ctx, "TDB-2")
		if err != nil {
			t.Fatal(err)
		}
		if r := a.do(rita, `mutation($rev: ID!) { recordDecision(input: {problemId: "TDB-2", revisionId: $rev, action: KEEP_PROSPECTING, notes: {reason: "r"}, revisionRequests: ["Add the search record for shifted indices."], idempotencyKey: "kp"}) { decision { id } } }`,
			map[string]any{"rev": *p2.CurrentRevisionID}, nil); len(r.Errors) > 0 {
			t.Fatal(r.Errors)
		}
		const page = `query($n: Int!) { problems(first: $n, orderBy: {field: NUMBER, direction: ASC}) { totalCount
			edges { node { id slug state deadline inChallengePeriod acceptanceAuthority
				stake { state account { handle } }
				proposer { handle }
				openRevisionRequests { request decision { id } }
				currentRevision { title exposition { kind } acceptance { kind } provenance { kind }
					references { locator role source { identifier kind } } } } } } }`
		count := func(n int) int64 {
			a.queries.Store(0)
			var out struct {
				Problems struct {
					Edges []struct{ Node struct{ ID string } }
				}
			}
			if r := a.do("", page, map[string]any{"n": n}, &out); len(r.Errors) > 0 {
				t.Fatalf("problems errors: %+v", r.Errors)
			}
			if len(out.Problems.Edges) != n {
				t.Fatalf("problems(first: %d) returned %d", n, len(out.Problems.Edges))
			}
			return a.queries.Load()
		}
		small, large := count(5), count(50)
		t.Logf("statements: 5 problems %d, 50 problems %d", small, large)
		if large > small {
			t.Errorf("a page of 50 problems costs %d statements, a page of 5 costs %d; want no more (no N+1)", large, small)
		}
		if large > 4 {
			t.Errorf("a page costs %d statements; want at most 4", large)
		}
	})
}

func TestLimits(t *testing.T) {
	t.Parallel()
	a := newAPI(t, "sqlite3")
	deep := "{ problems(first: 1) { edges { node { proposer { problems: id } currentRevision { problem { currentRevision { problem { currentRevision { problem { currentRevision { problem { id } } } } } } } } } } } }"
	r := a.do("", deep, nil, nil)
	if len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "DEPTH_LIMIT_EXCEEDED" {
		t.Errorf("deep query errors = %+v; want DEPTH_LIMIT_EXCEEDED", r.Errors)
	}
	r = a.do("", `{ problems(first: 500) { totalCount } }`, nil, nil)
	if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "BAD_USER_INPUT" {
		t.Errorf("problems(first: 500) errors = %+v; want BAD_USER_INPUT", r.Errors)
	}
	// No "did you mean" for anonymous callers; signed-in ones get help.
	r = a.do("", `{ problemz }`, nil, nil)
	if len(r.Errors) != 1 || strings.Contains(r.Errors[0].Message, "Did you mean") {
		t.Errorf("anonymous typo errors = %+v; want no suggestion", r.Errors)
	}
	r = a.do(a.member, `{ problemz }`, nil, nil)
	if len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "Did you mean") {
		t.Errorf("signed-in typo errors = %+v; want a suggestion", r.Errors)
	}
	// Too many tokens.
	big := "{ " + strings.Repeat("__typename ", api.MaxTokens) + "}"
	if r := a.do("", big, nil, nil); len(r.Errors) == 0 {
		t.Error("a query over the token limit was accepted")
	}
	// A body over the limit is refused.
	huge := strings.Repeat("x", api.MaxRequestBody+1)
	resp, err := http.Post(a.srv.URL+"/graphql", "application/json", strings.NewReader(`{"query":"{ __typename }","variables":{"x":"`+huge+`"}}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode < 400 {
		t.Errorf("oversized body status = %d; want 4xx", resp.StatusCode)
	}
	// Malformed JSON.
	resp, err = http.Post(a.srv.URL+"/graphql", "application/json", strings.NewReader(`{"query":`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("malformed JSON status = %d; want 400", resp.StatusCode)
	}
}

func TestAttachClaimOverGraphQL(t *testing.T) {
	t.Parallel()
	a := newAPI(t, "sqlite3")
	a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 1), nil)
	agent := a.token("prover", role.Agent)
	var out struct {
		AttachClaim struct {
			Claim      *struct{ ID, Status string }
			UserErrors []userError
		}
	}
	a.do(agent, `mutation { attachClaim(input: {problemId: "TDB-1", summary: "Every n below 10^6 is good (exhaustive check).", relation: ADDRESSES}) { claim { id status } userErrors { field message code } } }`, nil, &out)
	if out.AttachClaim.Claim == nil || out.AttachClaim.Claim.Status != "PROPOSED" {
		t.Fatalf("attachClaim = %+v", out.AttachClaim)
	}
	a.do(agent, `mutation { attachClaim(input: {problemId: "TDB-1", summary: "Proof.", relation: RESOLVES}) { claim { id } userErrors { field message code } } }`, nil, &out)
	if len(out.AttachClaim.UserErrors) != 1 || out.AttachClaim.UserErrors[0].Code != "AGENT_CANNOT_RESOLVE" {
		t.Errorf("agent RESOLVES userErrors = %+v; want AGENT_CANNOT_RESOLVE", out.AttachClaim.UserErrors)
	}
	var packet struct {
		Problem struct {
			Claims []struct {
				Status   string
				Bindings []struct{ Relation string }
			}
			Events []struct{ Kind string }
		}
	}
	a.do("", `{ problem(id: "TDB-1") { claims { status bindings { relation } } events { kind } } }`, nil, &packet)
	if len(packet.Problem.Claims) != 1 || packet.Problem.Claims[0].Bindings[0].Relation != "ADDRESSES" {
		t.Errorf("claims in the packet = %+v", packet.Problem.Claims)
	}
	if n := len(packet.Problem.Events); n != 2 || packet.Problem.Events[1].Kind != "claim.attached" {
		t.Errorf("events = %+v; want the submission and the claim", packet.Problem.Events)
	}
}

// TestComplexityPricesLists: the largest legitimate page passes, a query
// that nests site-wide lists is refused before it runs.
func TestComplexityPricesLists(t *testing.T) {
	t.Parallel()
	a := newAPI(t, "sqlite3")
	page := `{ problems(first: 100) { totalCount edges { node { id slug state deadline inChallengePeriod
		stake { state account { handle } } openRevisionRequests { request }
		currentRevision { title exposition { kind } acceptance { kind } provenance { kind }
			references { role locator relevance citation source { identifier kind } } } } } } }`
	if r := a.do("", page, nil, nil); len(r.Errors) > 0 {
		t.Errorf("a page of 100 problems was refused: %+v", r.Errors)
	}
	if r := a.do("", `query($id: String!) { problem(id: $id) { id } }`, map[string]any{"id": "TDB-1"}, nil); len(r.Errors) != 1 {
		t.Errorf("problem(TDB-1) on an empty site: %+v", r.Errors)
	}
	fanout := `{ problems(first: 100) { edges { node { revisions { references { source { references { revision { references { id } } } } } } } } } }`
	r := a.do("", fanout, nil, nil)
	if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "COMPLEXITY_LIMIT_EXCEEDED" {
		t.Errorf("nested site-wide lists: %+v; want COMPLEXITY_LIMIT_EXCEEDED", r.Errors)
	}
}

// TestProblemPacketStatements counts the statements of problem(id:) with
// its whole packet: a first read at most 3 whatever the packet holds, a
// repeat read none, and a read after a write shows the write.
func TestProblemPacketStatements(t *testing.T) {
	t.Parallel()
	const whole = `query($id: String!) { problem(id: $id) {
		id asOf slug state deadline inChallengePeriod acceptedAt acceptanceAuthority mergedInto { id } mergedFrom { id }
		stake { state amount account { handle } } proposer { handle }
		currentRevision { number title statement exposition { kind term body } acceptance { kind criterion }
			provenance { kind attribution } referenceSearch { checkedOn databases }
			refs: references { citation locator role source { identifier kind licenceClass confirmation } }
			references { role } }
		revisions { number title createdAt } decisions { id action authority notes { reason } }
		claims { id status bindings { relation } } openRevisionRequests { request decision { id } }
		tags { name } events(after: 0) { seq kind authority at hash } } }`
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		var sub struct {
			SubmitProblem struct{ Problem struct{ ID, Slug string } }
		}
		if r := a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("A packet with everything", 12), &sub); len(r.Errors) > 0 {
			t.Fatal(r.Errors)
		}
		id := sub.SubmitProblem.Problem.ID
		must := func(r apitest.Response) {
			t.Helper()
			if len(r.Errors) > 0 {
				t.Fatal(r.Errors)
			}
		}
		var cur struct {
			Problem struct{ CurrentRevision struct{ ID string } }
		}
		must(a.do(a.review, `query($id: String!) { problem(id: $id) { currentRevision { id } } }`, map[string]any{"id": id}, &cur))
		must(a.do(a.review, `mutation($id: String!, $rev: ID!) { recordDecision(input: {problemId: $id, revisionId: $rev, action: KEEP_PROSPECTING, notes: {reason: "r"},
			revisionRequests: ["Add the search record for shifted indices."], idempotencyKey: "kp"}) { decision { id } } }`,
			map[string]any{"id": id, "rev": cur.Problem.CurrentRevision.ID}, nil))
		must(a.do(a.review, `mutation($id: String!) { attachClaim(input: {problemId: $id, summary: "A bound.", relation: ADDRESSES}) { claim { id } } }`,
			map[string]any{"id": id}, nil))
		read := func(ref string) (map[string]any, int64) {
			a.queries.Store(0)
			var out struct{ Problem map[string]any }
			if r := a.do("", whole, map[string]any{"id": ref}, &out); len(r.Errors) > 0 {
				t.Fatalf("problem(id: %q): %+v", ref, r.Errors)
			}
			return out.Problem, a.queries.Load()
		}
		first, n := read(id)
		if n > 3 {
			t.Errorf("a first read of the whole packet costs %d statements; want at most 3", n)
		}
		again, n := read(id)
		if n != 0 {
			t.Errorf("a repeat read costs %d statements; want none", n)
		}
		if diff := cmp.Diff(first, again); diff != "" {
			t.Errorf("repeat read differs (-first +again):\n%s", diff)
		}
		if refs := first["currentRevision"].(map[string]any)["refs"].([]any); len(refs) != 12 ||
			len(first["claims"].([]any)) != 1 || len(first["openRevisionRequests"].([]any)) != 1 {
			t.Errorf("the packet misses parts: %d references, claims %v, requests %v", len(refs), first["claims"], first["openRevisionRequests"])
		}
		if _, n := read(sub.SubmitProblem.Problem.Slug); n > 1 {
			t.Errorf("a read by slug of a cached packet costs %d statements; want at most 1", n)
		}
		// A write shows in the next read: the claim's event names the problem.
		must(a.do(a.review, `mutation($id: String!) { attachClaim(input: {problemId: $id, summary: "Another bound.", relation: ADDRESSES}) { claim { id } } }`,
			map[string]any{"id": id}, nil))
		after, _ := read(id)
		if len(after["claims"].([]any)) != 2 || after["asOf"].(float64) <= first["asOf"].(float64) {
			t.Errorf("after a second claim: claims %v, asOf %v (before %v)", after["claims"], after["asOf"], first["asOf"])
		}
		// The packet cache's own counts (the site exports them as metrics:
		// server's TestPacketCacheMetrics).
		st := a.svc.PacketCacheStats()
		for name, v := range map[string]int64{"hits": st.Hits, "misses": st.Misses, "invalidations": st.Invalidations,
			"packets": int64(st.Packets)} {
			if v <= 0 {
				t.Errorf("packet cache %s = %d; want a positive count", name, v)
			}
		}
	})
}
