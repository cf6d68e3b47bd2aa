package e2e

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/live/livetest"
	"github.com/theoremdb/theoremdb/migrations"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/server"
)

// benchProblems is the size of the database the read benchmarks run on.
// THEOREMDB_BENCH_ROWS, a comma-separated list of sub-benchmark names,
// runs only those rows of BenchmarkReads.
var benchProblems = envInt("THEOREMDB_BENCH_PROBLEMS", 10_000)

// The load of each run: wrk with two threads, benchConnections connections
// and benchSeconds seconds, after a warm-up of benchWarmup.
var (
	benchConnections = envInt("THEOREMDB_BENCH_CONNECTIONS", 32)
	benchSeconds     = envInt("THEOREMDB_BENCH_SECONDS", 15)
)

const benchWarmup = 2 * time.Second

// benchEnv is a PostgreSQL database with benchProblems problems, made once
// per `go test -bench` run, and a server over it that counts statements.
type benchEnv struct {
	url        string
	srv        *httptest.Server
	statements *atomic.Int64
	// miss is a second server on the same database with 1 MB of packet
	// cache and 1 MB of response cache (THEOREMDB_PACKET_CACHE_MB=1,
	// THEOREMDB_RESPONSE_CACHE_MB=1): about a hundred packets of
	// benchProblems, so nearly every read misses, as on a site far larger
	// than its caches.
	miss *httptest.Server
}

// missCacheBytes is the size of each of the miss server's caches.
const missCacheBytes = 1 << 20

// problemQuery is the read the comparison is about, and rawProblemSQL
// and postgraphileQuery ask the same of the other two servers.
const problemQuery = `query($id: String!) { problem(id: $id) { id title state deadline currentRevision { statement references { source { identifier } } } } }`

const postgraphileQuery = `query($id: String!) { problemById(id: $id) { id title state deadline revisionByCurrentRevisionId { statement
	referencesByRevisionId(orderBy: POSITION_ASC) { nodes { sourceBySourceId { identifier } } } } } }`

// postgraphilePacketQuery asks PostGraphile for what it can answer of
// packetQuery by its own relations: the nearest query to the whole packet
// (it has no checks, presentation or permissions, and reads the events by
// their subject at the root).
const postgraphilePacketQuery = `query($id: String!) { problemById(id: $id) {
	id slug state submittedAt deadline acceptedAt acceptanceAuthority stakeState problemByMergedIntoId { id }
	accountByProposerId { handle }
	revisionByCurrentRevisionId { number title statement exposition acceptance provenance referenceSearch
		referencesByRevisionId(orderBy: POSITION_ASC) { nodes { citation locator relevance role
			sourceBySourceId { identifier kind licenceClass confirmation } } } }
	revisionsByProblemId(orderBy: NUMBER_ASC) { nodes { number title createdAt } }
	decisionsByProblemId { nodes { id action authority notes revisionRequests } }
	claimsByProblemId { nodes { id status bindingsByClaimId { nodes { relation } } } } }
	allEvents(condition: {subject: $id, public: true}, orderBy: SEQ_ASC) { nodes { seq kind authority at hash } } }`

// rawProblemSQL builds TheoremDB's answer to problemQuery in PostgreSQL.
const rawProblemSQL = `SELECT json_build_object('data', json_build_object('problem', (
	SELECT json_build_object('id', p.id, 'title', p.title, 'state', p.state, 'deadline', p.deadline,
		'currentRevision', json_build_object('statement', r.statement, 'references', (
			SELECT coalesce(json_agg(json_build_object('source', json_build_object('identifier', s.identifier)) ORDER BY f.position), '[]')
			FROM "references" f JOIN sources s ON s.id = f.source_id WHERE f.revision_id = r.id)))
	FROM problems p LEFT JOIN revisions r ON r.id = p.current_revision_id WHERE p.id = $1)))`

// BenchmarkReads measures TheoremDB's reads under load on one seeded
// database, problem(id:) next to the same fields from PostGraphile 4 and
// from a raw-SQL handler over the same database, and prints the table of
// ratios and goals that MAKE-BENCH.md describes. Each sub-benchmark is one
// run of wrk; run it with -benchtime 1x.
func BenchmarkReads(b *testing.B) {
	wrk, err := exec.LookPath("wrk")
	if err != nil {
		b.Fatal("wrk is not installed: run `make bench/deps`")
	}
	e, err := newBenchEnv(b)
	if err != nil {
		b.Fatal(err)
	}
	raw := startRawServer(b, e.url)
	pg := startPostGraphile(b, e.url)
	for _, srv := range []string{e.srv.URL, e.miss.URL} {
		if err := sameAnswers(fmt.Sprintf("TDB-%d", rand.IntN(benchProblems)+1), srv, raw, pg); err != nil {
			b.Fatal(err)
		}
	}

	results := map[string]loadResult{}
	only := strings.FieldsFunc(os.Getenv("THEOREMDB_BENCH_ROWS"), func(r rune) bool { return r == ',' })
	run := func(name string, t loadTarget) {
		if len(only) > 0 && !slices.Contains(only, name) {
			return
		}
		b.Run(name, func(b *testing.B) { results[name] = runLoad(b, wrk, t) })
	}
	theoremdb := func(reqs ...loadRequest) loadTarget {
		return loadTarget{url: e.srv.URL, requests: reqs, statements: e.statements}
	}
	// TheoremDB first with its packet cache empty, as after a restart;
	// then every server reads every problem once, so each is measured
	// with what it keeps warm (PostgreSQL's buffers; TheoremDB's packets).
	run("Problem/server=theoremdb/cold", theoremdb(graphqlRequest("/graphql", problemQuery, nil)))
	prime(b, e.srv.URL+"/graphql", problemQuery)
	prime(b, pg+"/graphql", postgraphileQuery)
	run("Problem/server=raw", loadTarget{url: raw, requests: []loadRequest{{"POST", "/", `{"id":"TDB-@ID@"}`}}})
	run("Problem/server=theoremdb", theoremdb(graphqlRequest("/graphql", problemQuery, nil)))
	run("Problem/server=postgraphile", loadTarget{url: pg, requests: []loadRequest{graphqlRequest("/graphql", postgraphileQuery, nil)}})
	miss := func(reqs ...loadRequest) loadTarget {
		return loadTarget{url: e.miss.URL, requests: reqs, statements: e.statements}
	}
	run("Problem/server=theoremdb/miss", miss(graphqlRequest("/graphql", problemQuery, nil)))
	run("ProblemPacket/server=postgraphile", loadTarget{url: pg, requests: []loadRequest{graphqlRequest("/graphql", postgraphilePacketQuery, nil)}})
	run("ProblemPacket/miss", miss(graphqlRequest("/graphql", packetQuery, nil)))
	run("ProblemPacket", theoremdb(graphqlRequest("/graphql", packetQuery, nil)))
	run("HTMLProblemPage", theoremdb(loadRequest{"GET", "/p/TDB-@ID@", ""}))
	var pages []loadRequest
	for _, c := range pageCursors(b, e.srv.URL) {
		pages = append(pages, graphqlRequest("/graphql", pageQuery, map[string]any{"after": c}))
	}
	run("ProblemsPage", theoremdb(pages...))
	var lists []loadRequest
	for _, sort := range []string{"deadline", "submitted", "updated"} {
		lists = append(lists, loadRequest{"GET", "/problems?state=PROSPECTING&sort=" + sort, ""})
	}
	run("HTMLListPage", theoremdb(lists...))
	printReadsTable(os.Stderr, results)
}

func newBenchEnv(b *testing.B) (*benchEnv, error) {
	ctx := context.Background()
	u := dbtest.URL(b, "postgres")
	// Seeding commits ten thousand transactions; durability is not what
	// is measured, so the benchmark database does not wait for fsync.
	parsed, _ := url.Parse(u)
	admin, err := sql.Open("postgres", u)
	if err != nil {
		return nil, err
	}
	if _, err := admin.Exec("ALTER DATABASE " + strings.TrimPrefix(parsed.Path, "/") + " SET synchronous_commit TO off"); err != nil {
		return nil, err
	}
	admin.Close()
	d, err := db.Open(ctx, u)
	if err != nil {
		return nil, err
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := migrations.Apply(ctx, d.DB, d.Dialect, log); err != nil {
		return nil, err
	}
	seeder := policy.New(d, policy.Config{})
	start := time.Now()
	if err := seedMany(ctx, seeder, benchProblems); err != nil {
		return nil, err
	}
	fmt.Fprintf(os.Stderr, "seeded %d problems on PostgreSQL in %v\n", benchProblems, time.Since(start).Round(time.Second))

	n := dbtest.CountStatements(d)
	svc := policy.New(d, policy.Config{})
	errLog := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	small := policy.New(d, policy.Config{PacketCacheBytes: missCacheBytes})
	miss := httptest.NewServer(server.New(small, livetest.Start(b, small.Client()), errLog, server.WithResponseCache(missCacheBytes)))
	b.Cleanup(miss.Close)
	return &benchEnv{url: u, srv: httptest.NewServer(server.New(svc, livetest.Start(b, svc.Client()), errLog)), statements: n,
		miss: miss}, nil
}

// seedMany submits n problems with three references each, from enough
// accounts that reputation never runs out, on four connections at once.
func seedMany(ctx context.Context, svc *policy.Service, n int) error {
	const perAccount = 19
	var accounts []*ent.Account
	for i := range n/perAccount + 1 {
		a, err := svc.CreateAccount(ctx, fmt.Sprintf("bench%04d", i), "", nil)
		if err != nil {
			return err
		}
		accounts = append(accounts, a)
	}
	jobs := make(chan int)
	errc := make(chan error, 4)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for i := range jobs {
				if _, err := svc.Submit(ctx, accounts[i/perAccount], benchInput(i)); err != nil {
					errc <- err
					return
				}
			}
		})
	}
	for i := range n {
		select {
		case jobs <- i:
		case err := <-errc:
			close(jobs)
			return err
		}
	}
	close(jobs)
	wg.Wait()
	select {
	case err := <-errc:
		return err
	default:
		return nil
	}
}

func benchInput(i int) policy.ProblemInput {
	refs := make([]policy.ReferenceInput, 3)
	for j := range refs {
		refs[j] = policy.ReferenceInput{Identifier: fmt.Sprintf("10.5555/bench.%d.%d", i%500, j), Citation: "A. Author, A paper, 2020.",
			Locator: fmt.Sprintf("Theorem %d", j+1), Relevance: "Proves the best known bound.", Role: reference.RoleSECONDARY}
	}
	refs[0].Role = reference.RolePRIMARY
	return policy.ProblemInput{
		Title:     fmt.Sprintf("Bounded gaps variant %d", i),
		Statement: fmt.Sprintf("Are there infinitely many primes $p$ such that $p + %d$ is also prime?", 2*(i%1000)+2),
		Exposition: []packet.ExpositionEntry{
			{Kind: packet.Definition, Term: "prime", Body: "An integer greater than 1 with no divisors other than 1 and itself."},
			{Kind: packet.Remark, Body: "The case of gap 2 is the twin prime conjecture."}},
		Acceptance: &packet.Acceptance{Kind: packet.Proof, Criterion: "A proof or a disproof."},
		Provenance: &packet.Provenance{Kind: packet.Reformulation, Attribution: "de Polignac, 1849", SourceLocator: "Polignac 1849", RightsBasis: "Own words."},
		References: refs,
		ReferenceSearch: &packet.ReferenceSearch{CheckedOn: time.Now().Add(-24 * time.Hour), Databases: []string{"zbMATH Open", "arXiv"},
			Queries: []string{"prime gaps"}, Coverage: "Titles and abstracts to date."},
	}
}

const packetQuery = `query($id: String!) { problem(id: $id) {
	id slug state submittedAt deadline inChallengePeriod acceptedAt acceptanceAuthority mergedInto { id }
	stake { state amount account { handle } } proposer { handle }
	currentRevision { number title statement exposition { kind term body }
		acceptance { kind criterion precision searchSpace certificate equivalence }
		provenance { kind attribution sourceLocator rightsBasis generatedBy }
		referenceSearch { checkedOn databases queries coverage }
		references { citation locator relevance role source { identifier kind licenceClass confirmation } } }
	revisions { number title createdAt } decisions { id action authority notes { reason } }
	claims { id status bindings { relation } } openRevisionRequests { request }
	events(after: 0) { seq kind authority at hash } } }`

const pageQuery = `query($after: Cursor) { problems(first: 50, after: $after, orderBy: {field: DEADLINE, direction: ASC}, where: {state: PROSPECTING}) {
	totalCount pageInfo { endCursor hasNextPage }
	edges { node { id slug state deadline inChallengePeriod stake { state } openRevisionRequests { request }
		currentRevision { title acceptance { kind } provenance { kind } references { role source { identifier } } } } } } }`

// pageCursors are the cursors of the first pages of pageQuery (nil for the
// first), so that the requests spread over the table.
func pageCursors(b *testing.B, srv string) []any {
	cursors := []any{nil}
	for len(cursors) < 20 {
		v, _ := json.Marshal(map[string]any{"query": pageQuery, "variables": map[string]any{"after": cursors[len(cursors)-1]}})
		resp, err := http.Post(srv+"/graphql", "application/json", bytes.NewReader(v))
		if err != nil {
			b.Fatal(err)
		}
		var r struct {
			Data struct {
				Problems struct{ PageInfo struct{ EndCursor string } }
			}
		}
		_ = json.NewDecoder(resp.Body).Decode(&r)
		resp.Body.Close()
		if r.Data.Problems.PageInfo.EndCursor == "" {
			break
		}
		cursors = append(cursors, r.Data.Problems.PageInfo.EndCursor)
	}
	return cursors
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}
