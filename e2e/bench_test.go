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
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

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
var benchProblems = envInt("THEOREMDB_BENCH_PROBLEMS", 10_000)

// benchEnv is a PostgreSQL database with benchProblems problems, made once
// per `go test -bench` run, and a server over it that counts statements.
type benchEnv struct {
	srv        *httptest.Server
	statements *atomic.Int64
}

// BenchmarkReads runs the read benchmarks on one seeded database.
func BenchmarkReads(b *testing.B) {
	e, err := newBenchEnv(b)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("ProblemPacket", func(b *testing.B) { benchProblemPacket(b, e) })
	b.Run("ProblemsPage", func(b *testing.B) { benchProblemsPage(b, e) })
	b.Run("HTMLProblemPage", func(b *testing.B) {
		loadRequests(b, e, func(int) *http.Request {
			r, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("%s/p/TDB-%d", e.srv.URL, rand.IntN(benchProblems)+1), nil)
			return r
		})
	})
	b.Run("HTMLListPage", func(b *testing.B) {
		loadRequests(b, e, func(i int) *http.Request {
			sorts := []string{"deadline", "submitted", "updated"}
			r, _ := http.NewRequest(http.MethodGet, e.srv.URL+"/problems?state=PROSPECTING&sort="+sorts[i%3], nil)
			return r
		})
	})
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

	var n atomic.Int64
	d.EntOptions = []ent.Option{ent.Driver(countingDriver{entsql.OpenDB(d.Dialect, d.DB), &n})}
	svc := policy.New(d, policy.Config{})
	errLog := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	return &benchEnv{srv: httptest.NewServer(server.New(svc, livetest.Start(b, svc.Client()), errLog)), statements: &n}, nil
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

// load runs b.N GraphQL requests; see loadRequests.
func load(b *testing.B, e *benchEnv, body func(i int) []byte) {
	loadRequests(b, e, func(i int) *http.Request {
		r, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/graphql", bytes.NewReader(body(i)))
		r.Header.Set("Content-Type", "application/json")
		return r
	})
}

// loadRequests runs b.N requests from 16 concurrent clients and reports
// throughput, latency percentiles and SQL statements per request.
func loadRequests(b *testing.B, e *benchEnv, req func(i int) *http.Request) {
	const clients = 16
	lat := make([]time.Duration, b.N)
	var next atomic.Int64
	e.statements.Store(0)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= b.N {
					return
				}
				t0 := time.Now()
				rq := req(i)
				resp, err := client.Do(rq)
				if err != nil {
					b.Error(err)
					return
				}
				var r struct{ Errors []any }
				if rq.URL.Path == "/graphql" {
					err = json.NewDecoder(resp.Body).Decode(&r)
				} else {
					_, err = io.Copy(io.Discard, resp.Body)
				}
				resp.Body.Close()
				if err != nil || len(r.Errors) > 0 || resp.StatusCode != http.StatusOK {
					b.Errorf("request %d %s: status %d, %v %v", i, rq.URL, resp.StatusCode, err, r.Errors)
					return
				}
				lat[i] = time.Since(t0)
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "req/s")
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(e.statements.Load())/float64(b.N), "stmts/req")
}

// benchProblemPacket fetches random problems with their whole packet.
func benchProblemPacket(b *testing.B, e *benchEnv) {
	load(b, e, func(int) []byte {
		v, _ := json.Marshal(map[string]any{"query": packetQuery,
			"variables": map[string]any{"id": fmt.Sprintf("TDB-%d", rand.IntN(benchProblems)+1)}})
		return v
	})
}

// benchProblemsPage fetches pages of 50 problems in their challenge
// period, with their current revision and references.
func benchProblemsPage(b *testing.B, e *benchEnv) {
	// Cursors of the first pages, so requests spread over the table.
	var cursors []any
	cursors = append(cursors, nil)
	for len(cursors) < 20 && (len(cursors) == 1 || cursors[len(cursors)-1] != "") {
		v, _ := json.Marshal(map[string]any{"query": pageQuery, "variables": map[string]any{"after": cursors[len(cursors)-1]}})
		resp, err := http.Post(e.srv.URL+"/graphql", "application/json", bytes.NewReader(v))
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
		cursors = append(cursors, r.Data.Problems.PageInfo.EndCursor)
	}
	if cursors[len(cursors)-1] == "" {
		cursors = cursors[:len(cursors)-1]
	}
	load(b, e, func(i int) []byte {
		v, _ := json.Marshal(map[string]any{"query": pageQuery, "variables": map[string]any{"after": cursors[i%len(cursors)]}})
		return v
	})
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// countingDriver counts the statements sent to the database, at the cost
// of one atomic add each (ent's debug driver would format every query).
type countingDriver struct {
	dialect.Driver
	n *atomic.Int64
}

func (c countingDriver) Exec(ctx context.Context, q string, args, v any) error {
	c.n.Add(1)
	return c.Driver.Exec(ctx, q, args, v)
}

func (c countingDriver) Query(ctx context.Context, q string, args, v any) error {
	c.n.Add(1)
	return c.Driver.Query(ctx, q, args, v)
}
