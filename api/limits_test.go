package api_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/api"
	"github.com/theoremdb/theoremdb/api/apitest"
	"github.com/theoremdb/theoremdb/ent/claim"
	"github.com/theoremdb/theoremdb/throttle"
)

// doWithin posts an operation and fails the test if the answer takes
// longer than limit: a document whose analysis does not end must not hang
// the suite for its whole timeout.
func (a *endpoint) doWithin(limit time.Duration, token, query string, vars map[string]any) apitest.Response {
	a.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, a.srv.URL+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatalf("no answer within %s: %v", limit, err)
	}
	defer resp.Body.Close()
	var r apitest.Response
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		a.t.Fatalf("decode response (status %d): %v", resp.StatusCode, err)
	}
	return r
}

func wantCode(t *testing.T, what string, r apitest.Response, code string) {
	t.Helper()
	if len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != code {
		t.Errorf("%s: errors = %+v; want %s", what, r.Errors, code)
	}
}

// fragmentBomb is a document of levels fragments, each spreading the next
// one spreads times, through the given spelling of a spread.
func fragmentBomb(levels, spreads int, spread func(next string) string) string {
	var b strings.Builder
	b.WriteString(`query { problem(id: "TDB-1") { ...F0 } }`)
	for i := range levels {
		fmt.Fprintf(&b, "\nfragment F%d on Problem { id", i)
		for range spreads {
			b.WriteString(" " + spread(fmt.Sprintf("F%d", i+1)))
		}
		b.WriteString(" }")
	}
	fmt.Fprintf(&b, "\nfragment F%d on Problem { id }", levels)
	return b.String()
}

// TestDocumentsThatExpandArePricedLinearly: documents whose fragments
// expand exponentially, or whose selection sets repeat one field
// thousands of times, are refused at once, before validation or the
// complexity walk expand them; ordinary fragments pass.
func TestDocumentsThatExpandArePricedLinearly(t *testing.T) {
	a := newAPI(t, "sqlite3")
	plain := func(next string) string { return "..." + next }
	inline := func(next string) string { return "... on Problem { ..." + next + " }" }
	nested := func(next string) string { return "currentRevision { problem { ..." + next + " } }" }
	for _, tc := range []struct {
		name  string
		query string
		code  string
	}{
		{"two spreads forty levels", fragmentBomb(40, 2, plain), "DOCUMENT_LIMIT_EXCEEDED"},
		{"three spreads thirty levels", fragmentBomb(30, 3, plain), "DOCUMENT_LIMIT_EXCEEDED"},
		{"spreads inside inline fragments", fragmentBomb(40, 2, inline), "DOCUMENT_LIMIT_EXCEEDED"},
		{"spreads under fields", fragmentBomb(40, 2, nested), "DOCUMENT_LIMIT_EXCEEDED"},
		{"a fragment that spreads itself", `query { problem(id: "TDB-1") { ...A } } fragment A on Problem { id ...B }
			fragment B on Problem { ...A }`, "DOCUMENT_LIMIT_EXCEEDED"},
		{"one field repeated", "{ " + strings.Repeat("__typename ", 14990) + "}", "DOCUMENT_LIMIT_EXCEEDED"},
		{"aliases repeated", "{ " + aliases(300, "__typename") + " }", "DOCUMENT_LIMIT_EXCEEDED"},
		{"one field repeated through fragments", `query { ...R ...R ...R ...R } fragment R on Query { ` +
			strings.Repeat("__typename ", 10) + `}`, "DOCUMENT_LIMIT_EXCEEDED"},
		{"deep through fragments", `query { problem(id: "TDB-1") { ...D1 } }` + deepFragments(12), "DEPTH_LIMIT_EXCEEDED"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			r := a.doWithin(5*time.Second, "", tc.query, nil)
			wantCode(t, tc.name, r, tc.code)
			if d := time.Since(start); d > 2*time.Second {
				t.Logf("refusal took %s", d) // figures, not assertions: see make bench
			}
		})
	}
	// Fragments used as a client library uses them pass.
	ok := `query { problem(id: "TDB-1") { ...Head currentRevision { ...Rev } } }
		fragment Head on Problem { id slug state deadline }
		fragment Rev on Revision { title statement references { ...Ref } problem { ...Head } }
		fragment Ref on Reference { role locator source { identifier } }`
	if r := a.do("", ok, nil, nil); len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "NOT_FOUND" {
		t.Errorf("ordinary fragments: errors = %+v; want only NOT_FOUND for the missing problem", r.Errors)
	}
}

func aliases(n int, field string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "a%d: %s ", i, field)
	}
	return b.String()
}

func deepFragments(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "\nfragment D%d on Problem { currentRevision { problem { ...D%d } } }", i, i+1)
	}
	fmt.Fprintf(&b, "\nfragment D%d on Problem { id }", n+1)
	return b.String()
}

// nestedWhere is a problem filter n levels deep through the given edge.
func nestedWhere(n int, edge string) map[string]any {
	w := map[string]any{"idNEQ": "TDB-0"}
	for range n {
		w = map[string]any{edge: []any{w}}
	}
	return w
}

// TestInputsAreBoundedBeforeTheyRun: filters nested past the limit, in
// variables or in the text, are refused before any SQL; filters that
// follow many edges are priced; a reasonable filter passes.
func TestInputsAreBoundedBeforeTheyRun(t *testing.T) {
	a := newAPI(t, "sqlite3")
	a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 1), nil)
	const q = `query($w: ProblemWhereInput) { problems(first: 5, where: $w) { totalCount } }`
	for _, tc := range []struct {
		name string
		w    any
	}{
		{"merged-into edge 900 levels", nestedWhere(900, "hasMergedIntoWith")},
		{"merged-from edge 40 levels", nestedWhere(40, "hasMergedFromWith")},
		{"and 40 levels", nestedWhere(40, "and")},
		{"not 40 levels", func() any {
			w := map[string]any{"idNEQ": "TDB-0"}
			for range 40 {
				w = map[string]any{"not": w}
			}
			return w
		}()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := a.doWithin(5*time.Second, "", q, map[string]any{"w": tc.w})
			wantCode(t, tc.name, r, "INPUT_LIMIT_EXCEEDED")
		})
	}
	t.Run("nested in the text", func(t *testing.T) {
		lit := `{idNEQ: "TDB-0"}`
		for range 50 {
			lit = `{hasMergedIntoWith: [` + lit + `]}`
		}
		r := a.doWithin(5*time.Second, "", `{ problems(first: 5, where: `+lit+`) { totalCount } }`, nil)
		wantCode(t, "literal filter", r, "INPUT_LIMIT_EXCEEDED")
	})
	t.Run("many edges side by side", func(t *testing.T) {
		var or []any
		for range 200 {
			or = append(or, nestedWhere(3, "hasMergedIntoWith"))
		}
		r := a.doWithin(5*time.Second, "", q, map[string]any{"w": map[string]any{"or": or}})
		wantCode(t, "200 alternatives of three edges", r, "COMPLEXITY_LIMIT_EXCEEDED")
	})
	t.Run("a reasonable filter", func(t *testing.T) {
		w := map[string]any{"and": []any{
			map[string]any{"hasRevisionsWith": []any{map[string]any{"hasReferencesWith": []any{
				map[string]any{"hasSourceWith": []any{map[string]any{"identifierContains": "2101"}}}}}}},
			map[string]any{"not": map[string]any{"state": "ARCHIVED"}},
		}}
		var out struct {
			Problems struct{ TotalCount int } `json:"problems"`
		}
		r := a.do("", q, map[string]any{"w": w}, &out)
		if len(r.Errors) > 0 || out.Problems.TotalCount != 1 {
			t.Errorf("three edges deep: errors %+v, totalCount %d; want 1 and no errors", r.Errors, out.Problems.TotalCount)
		}
	})
}

// TestMutationsPerRequest: one request runs at most api.MaxMutations
// mutation fields, of any kind, and a refused request writes nothing.
func TestMutationsPerRequest(t *testing.T) {
	a := newAPI(t, "sqlite3")
	var sub struct {
		SubmitProblem struct{ Problem struct{ ID string } } `json:"submitProblem"`
	}
	a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 1), &sub)
	id := sub.SubmitProblem.Problem.ID
	claimOp := func(n int) string {
		var b strings.Builder
		b.WriteString("mutation {")
		for i := range n {
			fmt.Fprintf(&b, ` c%d: attachClaim(input: {problemId: %q, summary: "A bound.", relation: ADDRESSES}) { userErrors { code } }`, i, id)
		}
		b.WriteString(" }")
		return b.String()
	}
	r := a.do(a.member, claimOp(101), nil, nil)
	wantCode(t, "101 aliased attachClaim", r, "MUTATION_LIMIT_EXCEEDED")
	if n := a.svc.Client().Claim.Query().Where(claim.ProblemID(id)).CountX(context.Background()); n != 0 {
		t.Errorf("a refused request wrote %d claims; want 0", n)
	}
	flags := "mutation {"
	for i := range api.MaxMutations + 1 {
		flags += fmt.Sprintf(` f%d: flagProblem(input: {problemId: %q, reason: OTHER, explanation: "x"}) { userErrors { code } }`, i, id)
	}
	wantCode(t, "aliased flagProblem", a.do(a.member, flags+" }", nil, nil), "MUTATION_LIMIT_EXCEEDED")
	if r := a.do(a.member, claimOp(api.MaxMutations), nil, nil); len(r.Errors) > 0 {
		t.Errorf("%d mutations in one request: %+v; want them run", api.MaxMutations, r.Errors)
	}
}

// TestWritesAreRateLimited: an account's writes past its burst are refused
// with RATE_LIMITED and Retry-After until tokens are earned again.
func TestWritesAreRateLimited(t *testing.T) {
	a := newAPI(t, "sqlite3", withLimits(throttle.Limits{WritesPerMinute: 0.001, WriteBurst: 3}))
	var sub struct {
		SubmitProblem struct{ Problem struct{ ID string } } `json:"submitProblem"`
	}
	a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("Good integers", 1), &sub)
	op := fmt.Sprintf(`mutation { attachClaim(input: {problemId: %q, summary: "A bound.", relation: ADDRESSES}) { userErrors { code } } }`,
		sub.SubmitProblem.Problem.ID)
	for i := range 2 {
		if r := a.do(a.member, op, nil, nil); len(r.Errors) > 0 {
			t.Fatalf("write %d within the burst: %+v", i+2, r.Errors)
		}
	}
	body, _ := json.Marshal(map[string]any{"query": op})
	req, _ := http.NewRequest(http.MethodPost, a.srv.URL+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+a.member)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r apitest.Response
	_ = json.NewDecoder(resp.Body).Decode(&r)
	wantCode(t, "the fourth write", r, "RATE_LIMITED")
	if resp.Header.Get("Retry-After") == "" {
		t.Error("a rate-limited write has no Retry-After header")
	}
	// Another account is not affected.
	if r := a.do(a.review, op, nil, nil); len(r.Errors) > 0 {
		t.Errorf("another account's write: %+v; want it run", r.Errors)
	}
}

// TestRefusedClientsWait: an address whose requests keep being refused by
// the limits is answered 429 at once, whatever it sends, until its
// allowance is earned back; other callers are not affected.
func TestRefusedClientsWait(t *testing.T) {
	a := newAPI(t, "sqlite3", withLimits(throttle.Limits{RefusalsPerMinute: 0.001, RefusalBurst: 3}))
	bomb := fragmentBomb(40, 2, func(next string) string { return "..." + next })
	for i := range 3 {
		wantCode(t, fmt.Sprint("refusal ", i+1), a.do("", bomb, nil, nil), "DOCUMENT_LIMIT_EXCEEDED")
	}
	body, _ := json.Marshal(map[string]any{"query": "{ __typename }"})
	resp, err := http.Post(a.srv.URL+"/graphql", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r apitest.Response
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Errorf("after three refusals: status %d, Retry-After %q; want 429 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	wantCode(t, "a valid request after three refusals", r, "RATE_LIMITED")
}

// TestPersistedQueries: a client may send a document's SHA-256 instead of
// the document once the server has seen it (automatic persisted queries).
func TestPersistedQueries(t *testing.T) {
	a := newAPI(t, "sqlite3")
	const q = `{ problems(first: 1) { totalCount } }`
	sum := sha256.Sum256([]byte(q))
	ext := map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": hex.EncodeToString(sum[:])}}
	post := func(body map[string]any) apitest.Response {
		t.Helper()
		b, _ := json.Marshal(body)
		resp, err := http.Post(a.srv.URL+"/graphql", "application/json", bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var r apitest.Response
		if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	if r := post(map[string]any{"extensions": ext}); len(r.Errors) != 1 || r.Errors[0].Message != "PersistedQueryNotFound" {
		t.Errorf("an unknown hash = %+v; want PersistedQueryNotFound", r.Errors)
	}
	if r := post(map[string]any{"query": q, "extensions": ext}); len(r.Errors) > 0 {
		t.Errorf("registering the query = %+v", r.Errors)
	}
	if r := post(map[string]any{"extensions": ext}); len(r.Errors) > 0 || !strings.Contains(string(r.Data), "totalCount") {
		t.Errorf("the hash alone = %s %+v; want the answer", r.Data, r.Errors)
	}
}

// TestSameNameCountsPerPossibleType: the limit on fields of one response name counts, for each
// concrete type a selection can be, the fields that apply to that type, so a Relay node query
// with an id in each of many types' fragments passes — and leaves nothing in the caller's
// refusal allowance — while nine of one name on one type, directly, through an interface's
// fragments or through spreads of one fragment, are still refused.
func TestSameNameCountsPerPossibleType(t *testing.T) {
	a := newAPI(t, "sqlite3", withLimits(throttle.Limits{RefusalsPerMinute: 0.001, RefusalBurst: 1}))
	var types strings.Builder
	for _, ty := range []string{"Problem", "Revision", "Account", "Source", "Reference", "Claim", "Binding",
		"Decision", "Event", "ReputationEntry"} {
		fmt.Fprintf(&types, "... on %s { id __typename } ", ty)
	}
	relay := `query($id: ID!) { node(id: $id) { id ` + types.String() + `} }`
	for i := range 3 {
		r := a.do("", relay, map[string]any{"id": "TDB-999"}, nil)
		if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "NOT_FOUND" {
			t.Fatalf("a node query over ten types (try %d): errors %+v; want only NOT_FOUND for the missing problem", i+1, r.Errors)
		}
	}
	for _, tc := range []struct{ name, query string }{
		{"nine on one type", `{ node(id: "TDB-1") { ... on Problem { ` + aliasesOf(9, "id", "") + `} } }`},
		{"nine through an interface", `{ node(id: "TDB-1") { ` + strings.Repeat("... on Node { id } ", 9) + `} }`},
		{"unconditional and on one type", `{ node(id: "TDB-1") { id ` + strings.Repeat("... on Problem { id } ", 8) + `} }`},
		{"spreads of one fragment", `{ node(id: "TDB-1") { ` + strings.Repeat("...P ", 9) + `} } fragment P on Problem { id }`},
	} {
		a := newAPI(t, "sqlite3")
		wantCode(t, tc.name, a.do("", tc.query, nil, nil), "DOCUMENT_LIMIT_EXCEEDED")
	}
}

// aliasesOf is n selections of field under the one response name alias (the field's own name
// when alias is empty).
func aliasesOf(n int, field, alias string) string {
	if alias != "" {
		field = alias + ": " + field
	}
	return strings.Repeat(field+" ", n)
}
