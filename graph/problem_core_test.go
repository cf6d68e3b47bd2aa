package graph_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/live/livetest"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/server"
)

// The queries of TestProblemMissAndHitAnswerAlike: the read benchmark's,
// every field a packet's brief answers, every field its core answers
// (through fragments), and one that needs the whole packet.
const (
	benchProblemQuery = `query($id: String!) { problem(id: $id) { id title state deadline currentRevision { statement references { source { identifier } } } } }`

	briefProblemQuery = `query($id: String!) { problem(id: $id) { __typename ... on Node { id } number slug title state acceptanceKind
	provenanceKind submittedAt deadline updatedAt acceptedAt acceptanceAuthority removedAt removalReason proposerID inChallengePeriod
	removal { reason at } currentRevision { __typename id problemID number title statement authorID createdAt
		references { __typename id position role source { __typename id identifier kind licenceClass confirmation } } } } }`

	coreProblemQuery = `query($id: String!) { problem(id: $id) { __typename ... on Node { id } number slug title state acceptanceKind
	provenanceKind submittedAt deadline updatedAt acceptedAt acceptanceAuthority removedAt removalReason proposerID inChallengePeriod
	removal { reason at } currentRevision { ...rev } } }
fragment rev on Revision { __typename id problemID number title statement tags heroBrief heroBespoke note authorID createdAt
	exposition { kind term body } acceptance { kind criterion precision } provenance { kind attribution sourceLocator rightsBasis }
	referenceSearch { checkedOn databases queries coverage } openStatus { strongestKnown unresolvedTarget }
	hero { brief alt caption rightsBasis bespoke } computation { instance code { repository } }
	references { id position citation locator relevance role locatorConfirmed confirmation rejected
		source { id identifier kind title year licenceClass confirmation url createdAt } } }`

	wholeProblemQuery = `query($id: String!) { problem(id: $id) { id title asOf proposer { handle } checkSummary { outcome }
	currentRevision { statement references { source { identifier } } } revisions { number } events(after: 0) { seq kind } } }`
)

// cachedServer is a site on d with caches of its own.
type cachedServer struct {
	t   *testing.T
	url string
	svc *policy.Service
}

func newCachedServer(t *testing.T, d *db.DB, cacheBytes int) *cachedServer {
	t.Helper()
	svc := policy.New(d, policy.Config{PacketCacheBytes: cacheBytes})
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := httptest.NewServer(server.New(svc, livetest.Start(t, svc.Client()), quiet, server.WithResponseCache(cacheBytes)))
	t.Cleanup(srv.Close)
	return &cachedServer{t: t, url: srv.URL, svc: svc}
}

// post sends query with $id and returns the body as it came, which must
// be a 200 with data and no errors.
func (s *cachedServer) post(query, id string) string {
	s.t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": map[string]any{"id": id}})
	resp, err := http.Post(s.url+"/graphql", "application/json", bytes.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || !bytes.HasPrefix(raw, []byte(`{"data":{"problem":{`)) || bytes.Contains(raw, []byte(`"errors"`)) {
		s.t.Fatalf("problem(id: %s): %d %s", id, resp.StatusCode, raw)
	}
	return string(raw)
}

// TestProblemMissAndHitAnswerAlike asks problem(id:) of servers on one
// database in every state their caches can be in — nothing cached (a
// read of the brief, the core or the whole packet), the answer kept, the
// packet kept without the answer, the core or the whole packet kept where
// less would do, caches of 1 MB — and requires the same bytes from each;
// and a query of the brief alone leaves a brief packet in the cache, of
// the core alone a core packet, any other a whole one.
func TestProblemMissAndHitAnswerAlike(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialect string) {
		d := dbtest.Open(t, dialect)
		seed := policy.New(d, policy.Config{})
		ctx := context.Background()
		ada, err := seed.CreateAccount(ctx, "ada", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		in := problemInput("Good integers")
		in.References = append(in.References, policy.ReferenceInput{Identifier: "10.5555/good.2", Citation: "Another paper.",
			Locator: "Lemma 2", Relevance: "Proves the case n < 100.", Role: reference.RoleSECONDARY})
		p, err := seed.Submit(ctx, ada, in)
		if err != nil {
			t.Fatal(err)
		}
		removed, err := seed.Submit(ctx, ada, problemInput("Good integers, withdrawn"))
		if err != nil {
			t.Fatal(err)
		}
		removeProblem(t, seed, removed.ID)
		for _, c := range []struct {
			name, query   string
			cores, briefs int // the cache after a miss: a whole packet, a core or a brief
		}{{"benchmark", benchProblemQuery, 1, 1}, {"brief", briefProblemQuery, 1, 1}, {"core", coreProblemQuery, 1, 0},
			{"whole", wholeProblemQuery, 0, 0}} {
			cold := newCachedServer(t, d, 0)
			want := cold.post(c.query, p.ID) // a miss
			if st := cold.svc.PacketCacheStats(); st.Packets != 1 || st.Cores != c.cores || st.Briefs != c.briefs {
				t.Errorf("%s: after a miss the cache holds %d packets, %d cores, %d briefs; want 1, %d, %d", c.name, st.Packets, st.Cores,
					st.Briefs, c.cores, c.briefs)
			}
			got := map[string]string{
				"answer kept": cold.post(c.query, p.ID),
				"packet kept": cold.post(c.query+" ", p.ID), // another body: the answer is read anew from the packet
				"by slug":     cold.post(c.query, p.Slug),
			}
			whole := newCachedServer(t, d, 0)
			whole.post(wholeProblemQuery, p.ID)
			got["whole packet kept"] = whole.post(c.query, p.ID)
			core := newCachedServer(t, d, 0)
			core.post(coreProblemQuery, p.ID)
			got["core packet kept"] = core.post(c.query, p.ID)
			small := newCachedServer(t, d, 1<<20)
			got["1 MB caches"] = small.post(c.query, p.ID)
			for name, g := range got {
				if g != want {
					t.Errorf("%s, %s:\n got %s\nwant %s", c.name, name, g, want)
				}
			}
			// A removed problem's withheld content reads alike from every packet.
			wantRemoved := newCachedServer(t, d, 0)
			wantRemoved.post(wholeProblemQuery, removed.ID)
			if g, w := newCachedServer(t, d, 0).post(c.query, removed.ID), wantRemoved.post(c.query, removed.ID); g != w {
				t.Errorf("%s, removed problem:\n got %s\nwant %s", c.name, g, w)
			}
			if w := wantRemoved.post(c.query, removed.ID); strings.Contains(w, "withdrawn") || strings.Contains(w, "good?") ||
				!strings.Contains(w, removed.ID) {
				t.Errorf("%s, removed problem: %s; want its ID with no title or statement", c.name, w)
			}
		}
	})
}

// TestProblemsPageReadsCores pages through problems asking for what a
// packet's core holds, on servers with nothing cached, and requires the
// same bytes as from a server that read the whole packets first; the
// first server's cache then holds cores, and a page asking for more reads
// whole packets.
func TestProblemsPageReadsCores(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialect string) {
		d := dbtest.Open(t, dialect)
		seed := policy.New(d, policy.Config{})
		ctx := context.Background()
		ada, err := seed.CreateAccount(ctx, "ada", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 4 {
			if _, err := seed.Submit(ctx, ada, problemInput(fmt.Sprintf("Good integers %d", i))); err != nil {
				t.Fatal(err)
			}
		}
		const corePage = `{ problems(first: 3, orderBy: {field: DEADLINE, direction: ASC}) { totalCount
			pageInfo { endCursor hasNextPage } edges { cursor node { id title state deadline currentRevision { title references { source { identifier } } } } } } }`
		const wholePage = `{ problems(first: 3, orderBy: {field: DEADLINE, direction: ASC}) { edges { node { id asOf proposer { handle } } } } }`
		post := func(s *cachedServer, q string) string {
			body, _ := json.Marshal(map[string]any{"query": q})
			resp, err := http.Post(s.url+"/graphql", "application/json", bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			raw, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != http.StatusOK || bytes.Contains(raw, []byte(`"errors"`)) {
				t.Fatalf("%d %s", resp.StatusCode, raw)
			}
			return string(raw)
		}
		cold := newCachedServer(t, d, 0)
		want := post(cold, corePage)
		if st := cold.svc.PacketCacheStats(); st.Packets != 3 || st.Cores != 3 {
			t.Errorf("after a page of cores the cache holds %d packets, %d of them cores; want 3 cores", st.Packets, st.Cores)
		}
		whole := newCachedServer(t, d, 0)
		post(whole, wholePage)
		if st := whole.svc.PacketCacheStats(); st.Packets != 3 || st.Cores != 0 {
			t.Errorf("after a page of whole packets the cache holds %d packets, %d of them cores; want 3 whole", st.Packets, st.Cores)
		}
		if got := post(whole, corePage); got != want {
			t.Errorf("the page from whole packets:\n got %s\nwant %s", got, want)
		}
		if got := post(cold, corePage+" "); got != want {
			t.Errorf("the page from kept cores:\n got %s\nwant %s", got, want)
		}
	})
}

// removeProblem has a moderator remove a problem on a reader's flag, so
// that its content is withheld.
func removeProblem(t *testing.T, svc *policy.Service, id string) {
	t.Helper()
	ctx := context.Background()
	mo, err := svc.CreateAccount(ctx, "mo", "", []role.Role{role.Moderator})
	if err != nil {
		t.Fatal(err)
	}
	reader, err := svc.CreateAccount(ctx, "reader", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := svc.FlagProblem(ctx, reader, policy.FlagInput{ProblemID: id, Reason: flag.ReasonKNOWN_ANSWER,
		Explanation: "Solved in 2020 by a computer search, see the survey."})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.ClaimCase(ctx, mo, res.Case.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := svc.RemoveProblem(ctx, mo, res.Case.ID, "Copied from a paywalled source without rights."); err != nil {
		t.Fatal(err)
	}
}
