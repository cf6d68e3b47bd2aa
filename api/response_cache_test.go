package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/api/apitest"
	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/live/livetest"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/policy/policytest"
	"github.com/theoremdb/theoremdb/role"
)

const cachedProblemQuery = `query($id: String!) { problem(id: $id) { id asOf title state deadline inChallengePeriod
	viewerCan { revise review flag } currentRevision { statement references { source { identifier } } }
	claims { id summary } } }`

// counter reads one of the server's counters from /metrics.
func counter(t *testing.T, a *endpoint, name string) int64 {
	t.Helper()
	for _, l := range strings.Split(metrics(t, a), "\n") {
		if v, ok := strings.CutPrefix(l, name+" "); ok {
			n, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("%s: %v", l, err)
			}
			return int64(n)
		}
	}
	t.Fatalf("no %s in /metrics", name)
	return 0
}

// body is an anonymous read's body as sent.
func (a *endpoint) body(query string, vars map[string]any) []byte {
	a.t.Helper()
	_, b := a.post("", query, vars)
	return b
}

func (a *endpoint) submit(title string) string {
	a.t.Helper()
	var sub submitData
	if r := a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars(title, 3), &sub); len(r.Errors) > 0 || sub.SubmitProblem.Problem == nil {
		a.t.Fatalf("submit: %+v %+v", r.Errors, sub.SubmitProblem.UserErrors)
	}
	return sub.SubmitProblem.Problem.ID
}

func (a *endpoint) claim(token, id, summary string) {
	a.t.Helper()
	if r := a.do(token, `mutation($id: String!, $s: String!) { attachClaim(input: {problemId: $id, summary: $s, relation: ADDRESSES}) { claim { id } } }`,
		map[string]any{"id": id, "s": summary}, nil); len(r.Errors) > 0 {
		a.t.Fatal(r.Errors)
	}
}

type cachedProblem struct {
	Problem struct {
		ID, Title string
		AsOf      int
		Claims    []struct{ ID, Summary string }
		ViewerCan struct{ Revise, Review, Flag bool }
	}
}

// TestResponseCache: a query answered from the packet cache alone is
// answered again from memory, byte for byte, with no statement, until an
// event about anything it shows; other viewers and other variables get
// their own answers; a query that reads anything else is never kept.
func TestResponseCache(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		id, other := a.submit("A kept answer"), a.submit("Another problem")
		vars := map[string]any{"id": id}

		first := a.body(cachedProblemQuery, vars)
		hits := counter(t, a, "theoremdb_response_cache_hits_total")
		a.queries.Store(0)
		again := a.body(cachedProblemQuery, vars)
		if !bytes.Equal(first, again) {
			t.Errorf("a kept answer differs:\n%s\n%s", first, again)
		}
		if n := a.queries.Load(); n != 0 {
			t.Errorf("a repeat read sent %d statements; want none", n)
		}
		if h := counter(t, a, "theoremdb_response_cache_hits_total"); h != hits+1 {
			t.Errorf("hits went from %d to %d on a repeat read; want one more", hits, h)
		}

		// Another viewer is answered for itself: a reviewer may review.
		var anon, rev cachedProblem
		a.do("", cachedProblemQuery, vars, &anon)
		a.do(a.review, cachedProblemQuery, vars, &rev)
		a.do(a.review, cachedProblemQuery, vars, &rev)
		if anon.Problem.ViewerCan.Review || !rev.Problem.ViewerCan.Review {
			t.Errorf("viewerCan.review: anonymous %v, reviewer %v; want false, true", anon.Problem.ViewerCan.Review, rev.Problem.ViewerCan.Review)
		}
		// Other variables, another answer.
		var o cachedProblem
		a.do("", cachedProblemQuery, map[string]any{"id": other}, &o)
		if o.Problem.ID != other {
			t.Errorf("problem(id: %s) answered %s", other, o.Problem.ID)
		}

		// An event about the problem: the next read shows it.
		a.claim(a.review, id, "A first bound.")
		var after cachedProblem
		a.do("", cachedProblemQuery, vars, &after)
		if len(after.Claims()) != 1 || after.Problem.AsOf <= anon.Problem.AsOf {
			t.Errorf("after a claim: claims %v, asOf %d (before %d)", after.Problem.Claims, after.Problem.AsOf, anon.Problem.AsOf)
		}
		// An event about another problem leaves this answer kept.
		a.claim(a.review, other, "Elsewhere.")
		a.do("", cachedProblemQuery, vars, nil)
		hits = counter(t, a, "theoremdb_response_cache_hits_total")
		a.do("", cachedProblemQuery, vars, nil)
		if h := counter(t, a, "theoremdb_response_cache_hits_total"); h != hits+1 {
			t.Errorf("an event about another problem dropped this one's answer (hits %d → %d)", hits, h)
		}

		// A page of the list is dropped by any event: a new problem shows.
		const page = `{ problems(first: 50) { totalCount edges { node { id title } } } }`
		var p1, p2 struct {
			Problems struct {
				TotalCount int
				Edges      []struct{ Node struct{ ID string } }
			}
		}
		a.do("", page, nil, &p1)
		a.do("", page, nil, &p1)
		a.submit("A third problem")
		a.do("", page, nil, &p2)
		if p2.Problems.TotalCount != p1.Problems.TotalCount+1 || len(p2.Problems.Edges) != len(p1.Problems.Edges)+1 {
			t.Errorf("after a submission the page has %d problems (total %d); before %d (%d)",
				len(p2.Problems.Edges), p2.Problems.TotalCount, len(p1.Problems.Edges), p1.Problems.TotalCount)
		}

		// The proposer's reputation is read from the ledger, not the
		// packet: such an answer is never kept.
		const withReputation = `query($id: String!) { problem(id: $id) { id proposer { handle reputation { balance } } } }`
		a.do(a.member, withReputation, vars, nil)
		hits = counter(t, a, "theoremdb_response_cache_hits_total")
		a.queries.Store(0)
		if r := a.do(a.member, withReputation, vars, nil); len(r.Errors) > 0 {
			t.Fatal(r.Errors)
		}
		if h := counter(t, a, "theoremdb_response_cache_hits_total"); h != hits || a.queries.Load() == 0 {
			t.Errorf("an answer that read the ledger was kept (hits %d → %d, %d statements)", hits, h, a.queries.Load())
		}

		// Answers with errors are not kept.
		bad := map[string]any{"id": "TDB-999999"}
		a.do("", cachedProblemQuery, bad, nil)
		hits = counter(t, a, "theoremdb_response_cache_hits_total")
		if r := a.do("", cachedProblemQuery, bad, nil); len(r.Errors) == 0 {
			t.Error("problem(id: TDB-999999) answered without an error")
		}
		if h := counter(t, a, "theoremdb_response_cache_hits_total"); h != hits {
			t.Errorf("an answer with errors was kept (hits %d → %d)", hits, h)
		}
	})
}

// Claims is the claims the answer shows.
func (p cachedProblem) Claims() []struct{ ID, Summary string } { return p.Problem.Claims }

// TestResponseCacheDeadline: an answer turns on the deadline (the
// challenge period, what a viewer may do), so it is not served past the
// earliest deadline it shows, even with no event.
func TestResponseCacheDeadline(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		dd := dbtest.Open(t, d)
		clock := policytest.NewClock(time.Now())
		svc := policy.New(dd, policy.Config{ChallengeWindow: time.Hour}, policy.WithClock(clock))
		srv, h := serve(t, svc, startBroker(t, svc, dd), quiet)
		a := &endpoint{t: t, srv: srv, h: h, svc: svc}
		a.member = a.token("ada")
		id := a.submit("A deadline ahead")
		const q = `query($id: String!) { problem(id: $id) { inChallengePeriod viewerCan { flag } } }`
		var before, after struct {
			Problem struct{ InChallengePeriod bool }
		}
		a.do("", q, map[string]any{"id": id}, &before)
		a.do("", q, map[string]any{"id": id}, &before)
		clock.Advance(2 * time.Hour)
		a.do("", q, map[string]any{"id": id}, &after)
		if !before.Problem.InChallengePeriod || after.Problem.InChallengePeriod {
			t.Errorf("inChallengePeriod before the deadline %v, after %v; want true, false",
				before.Problem.InChallengePeriod, after.Problem.InChallengePeriod)
		}
	})
}

// TestResponseCacheConcurrentWrites: readers hammer one problem while a
// writer adds claims; once a write has returned, no read that starts
// after it shows fewer claims (no kept answer outlives its event).
func TestResponseCacheConcurrentWrites(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		id := a.submit("Written while read")
		vars := map[string]any{"id": id}
		var (
			mu      sync.Mutex
			written int // claims whose write has returned
			wg      sync.WaitGroup
			stop    = make(chan struct{})
			stale   []string
		)
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					select {
					case <-stop:
						return
					default:
					}
					mu.Lock()
					want := written
					mu.Unlock()
					var p cachedProblem
					a.do("", cachedProblemQuery, vars, &p)
					if got := len(p.Problem.Claims); got < want {
						mu.Lock()
						stale = append(stale, fmt.Sprintf("%d claims after %d writes", got, want))
						mu.Unlock()
					}
				}
			}()
		}
		// After each write, the readers go on until one of them is answered from the cache (or 5
		// s pass): every write then lands among kept answers, however slowly a loaded machine
		// reads.
		unhit := 0
		for i := range 15 {
			hits := counter(t, a, "theoremdb_response_cache_hits_total")
			a.claim(a.review, id, fmt.Sprintf("Bound %d.", i))
			mu.Lock()
			written = i + 1
			mu.Unlock()
			for deadline := time.Now().Add(5 * time.Second); counter(t, a, "theoremdb_response_cache_hits_total") <= hits; {
				if time.Now().After(deadline) {
					unhit++
					break
				}
				time.Sleep(10 * time.Millisecond)
			}
		}
		close(stop)
		wg.Wait()
		if len(stale) > 0 {
			t.Errorf("%d stale reads, the first: %s", len(stale), stale[0])
		}
		if unhit > 0 {
			t.Errorf("after %d of 15 writes no read was answered from the cache within 5 s", unhit)
		}
	})
}

// TestResponseCacheAcrossInstances: two servers on one PostgreSQL
// database; a write through one reaches the other's kept answers through
// LISTEN/NOTIFY.
func TestResponseCacheAcrossInstances(t *testing.T) {
	t.Parallel()
	dd := dbtest.Open(t, "postgres")
	mk := func() *endpoint {
		svc := policy.New(dd, policy.Config{})
		srv, h := serve(t, svc, startBroker(t, svc, dd), quiet)
		return &endpoint{t: t, srv: srv, h: h, svc: svc}
	}
	one, two := mk(), mk()
	one.member = one.token("ada")
	one.review = one.token("rita", role.Reviewer)
	id := one.submit("Read on two instances")
	vars := map[string]any{"id": id}
	var p cachedProblem
	two.do("", cachedProblemQuery, vars, &p)
	two.do("", cachedProblemQuery, vars, &p)
	if counter(t, two, "theoremdb_response_cache_hits_total") == 0 {
		t.Fatal("the second instance kept no answer")
	}
	one.claim(one.review, id, "Through the first instance.")
	start := time.Now()
	for {
		two.do("", cachedProblemQuery, vars, &p)
		if len(p.Problem.Claims) == 1 {
			break
		}
		if time.Since(start) > 5*time.Second {
			t.Fatalf("the second instance still answers %d claims after %v", len(p.Problem.Claims), time.Since(start))
		}
		time.Sleep(time.Millisecond)
	}
	t.Logf("the claim reached the other instance's answers in %v", time.Since(start))
}

// startBroker runs a live broker over svc's database for the test,
// hearing other instances' commits on PostgreSQL.
func startBroker(t *testing.T, svc *policy.Service, dd *db.DB) *live.Broker {
	t.Helper()
	b := livetest.Start(t, svc.Client())
	if dd.DSN != "" {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { _ = b.ListenPostgres(ctx, dd.DSN); close(done) }()
		t.Cleanup(func() { cancel(); <-done })
	}
	return b
}

// TestResponseCacheByBody: a POST body seen before from the same viewer is
// answered before it is decoded, but only as the full path would answer
// it: with the content type the request accepts, never for a body sent as
// another media type, and never for a mutation.
func TestResponseCacheByBody(t *testing.T) {
	t.Parallel()
	a := newAPI(t, "sqlite3")
	id := a.submit("Asked in the same words")
	body, _ := json.Marshal(map[string]any{"query": cachedProblemQuery, "variables": map[string]any{"id": id}})
	send := func(contentType, accept string, body []byte) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, a.srv.URL+"/graphql", bytes.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		if accept != "" {
			req.Header.Set("Accept", accept)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, b
	}
	_, first := send("application/json", "", body)
	hits := counter(t, a, "theoremdb_response_cache_hits_total")
	a.queries.Store(0)
	resp, again := send("application/json", "application/graphql-response+json", body)
	if !bytes.Equal(first, again) || a.queries.Load() != 0 || counter(t, a, "theoremdb_response_cache_hits_total") != hits+1 {
		t.Fatalf("the same body again: %d statements, answer\n%s\nwant from memory\n%s", a.queries.Load(), again, first)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/graphql-response+json" {
		t.Errorf("a kept answer came as %q; the request accepts application/graphql-response+json", ct)
	}
	// The same body as text/plain is not a GraphQL request here at all.
	resp, plain := send("text/plain", "", body)
	if resp.StatusCode == http.StatusOK || bytes.Contains(plain, []byte(id)) {
		t.Errorf("a text/plain body was answered %d: %s", resp.StatusCode, plain)
	}
	// The same operation in other bytes is kept on its own, with the same answer.
	spaced := append([]byte(" "), body...)
	if _, b := send("application/json", "", spaced); !bytes.Equal(b, first) {
		t.Errorf("the same operation in other bytes answered\n%s\nwant\n%s", b, first)
	}
	// A mutation sent twice in the same bytes runs twice.
	for range 2 {
		a.post(a.review, `mutation($id: String!) { attachClaim(input: {problemId: $id, summary: "Twice.", relation: ADDRESSES}) {
			claim { id } } }`, map[string]any{"id": id})
	}
	var p cachedProblem
	a.do("", cachedProblemQuery, map[string]any{"id": id}, &p)
	if len(p.Problem.Claims) != 2 {
		t.Errorf("the same mutation body sent twice made %d claims; want 2", len(p.Problem.Claims))
	}
}
