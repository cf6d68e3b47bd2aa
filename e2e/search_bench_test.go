package e2e

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/migrations"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
)

// searchProblems is the size of BenchmarkSearch's site.
var searchProblems = envInt("THEOREMDB_SEARCH_PROBLEMS", 100_000)

// vocabulary is a made-up language of n words whose frequencies follow
// Zipf's law, as the words of real text do, so that posting lists have the
// lengths they would have: a few words in most problems, most words in few.
type vocabulary struct {
	words []string
	zipf  *rand.Zipf
}

func newVocabulary(r *rand.Rand, n int) *vocabulary {
	syll := []string{"ka", "lo", "mi", "ne", "ru", "sa", "te", "vo", "zi", "po", "da", "fe", "gu", "hi", "ja", "bo"}
	seen := map[string]bool{}
	v := &vocabulary{zipf: rand.NewZipf(r, 1.1, 2, uint64(n-1))}
	for len(v.words) < n {
		var b strings.Builder
		for range 2 + r.IntN(3) {
			b.WriteString(syll[r.IntN(len(syll))])
		}
		if w := b.String(); !seen[w] {
			seen[w] = true
			v.words = append(v.words, w)
		}
	}
	return v
}

func (v *vocabulary) text(n int) string {
	ws := make([]string, n)
	for i := range ws {
		ws[i] = v.words[v.zipf.Uint64()]
	}
	return strings.Join(ws, " ")
}

func searchInput(v *vocabulary, i int) policy.ProblemInput {
	title := v.text(5)
	if i%100 == 0 {
		title = "Erdős " + title // accents to fold
	}
	return policy.ProblemInput{
		Title:     strings.ToUpper(title[:1]) + title[1:],
		Statement: v.text(40) + ".",
		Exposition: []packet.ExpositionEntry{
			{Kind: packet.Definition, Term: v.words[i%len(v.words)], Body: v.text(25) + "."},
			{Kind: packet.Remark, Body: v.text(20) + "."}},
		Acceptance: &packet.Acceptance{Kind: packet.Proof, Criterion: "A proof or a disproof."},
		Provenance: &packet.Provenance{Kind: packet.Reformulation, Attribution: "Folklore", SourceLocator: "None", RightsBasis: "Own words."},
		References: []policy.ReferenceInput{{Identifier: fmt.Sprintf("10.5555/search.%d", i%5000),
			Citation: "A. Author, " + v.text(6) + ", 2020.", Locator: "Theorem 1", Relevance: "States it.", Role: reference.RolePRIMARY}},
		ReferenceSearch: &packet.ReferenceSearch{CheckedOn: time.Now().Add(-24 * time.Hour), Databases: []string{"arXiv"},
			Queries: []string{"search"}, Coverage: "Titles."},
		Tags: []string{v.words[i%50]},
	}
}

// BenchmarkSearch times the list page's search (policy.ListProblems: the
// bounded ranking, the page of 25, its packets and its snippets) over a
// site of THEOREMDB_SEARCH_PROBLEMS problems on each database, for
// searches of common, middling and rare words, two words, a phrase and a
// folded accent. Seeding 100,000 problems through the policy takes a few
// minutes (PostgreSQL) or most of an hour (SQLite, one writer);
// THEOREMDB_SEARCH_KEEP=1 keeps the seeded databases for the next run.
func BenchmarkSearch(b *testing.B) {
	for _, d := range dbtest.Dialects {
		b.Run("db="+d, func(b *testing.B) { benchSearch(b, d) })
	}
}

func benchSearch(b *testing.B, dialectName string) {
	ctx := context.Background()
	quietLog := slog.New(slog.NewTextHandler(io.Discard, nil))
	u, kept := keptSearchURL(b, dialectName)
	if u == "" {
		u = dbtest.URL(b, dialectName)
	}
	if dialectName == "postgres" && !kept {
		// Seeding commits 100,000 transactions; durability is not measured.
		admin, err := db.Open(ctx, u)
		if err != nil {
			b.Fatal(err)
		}
		var name string
		if err := admin.QueryRowContext(ctx, "SELECT current_database()").Scan(&name); err != nil {
			b.Fatal(err)
		}
		if _, err := admin.ExecContext(ctx, "ALTER DATABASE "+name+" SET synchronous_commit TO off"); err != nil {
			b.Fatal(err)
		}
		admin.Close()
	}
	d, err := db.Open(ctx, u)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	if err := migrations.Apply(ctx, d.DB, d.Dialect, quietLog); err != nil {
		b.Fatal(err)
	}
	svc := policy.New(d, policy.Config{})
	r := rand.New(rand.NewPCG(1, 2))
	v := newVocabulary(r, 20_000)
	start := time.Now()
	writers := 4
	if dialectName != "postgres" {
		writers = 1 // SQLite has one writer; more only wait for its lock
	}
	var seeded int
	if kept {
		if seeded, err = svc.Client().Problem.Query().Count(ctx); err != nil {
			b.Fatal(err)
		}
	}
	inputs, err := seedSearch(ctx, svc, v, searchProblems, writers, seeded > 0)
	if err != nil {
		b.Fatal(err)
	}
	// As `serve` does at start and hourly (the compact_search job).
	if _, err := svc.Search().CompactIndex(ctx, time.Hour); err != nil {
		b.Fatal(err)
	}
	if seeded == 0 {
		if dialectName == "postgres" {
			if _, err := d.ExecContext(ctx, "VACUUM ANALYZE"); err != nil {
				b.Fatal(err)
			}
		}
		fmt.Fprintf(os.Stderr, "%s: seeded %d problems in %v\n", dialectName, searchProblems, time.Since(start).Round(time.Second))
	} else if seeded != searchProblems {
		b.Fatalf("the kept database %s has %d problems, not %d", u, seeded, searchProblems)
	}

	band := func(lo, hi int) func() string { return func() string { return v.words[lo+r.IntN(hi-lo)] } }
	kinds := []struct {
		name string
		q    func() string
	}{
		{"common", band(2, 20)}, // in a large share of problems
		{"middling", band(100, 1000)},
		{"rare", band(5000, 20000)},
		{"two-words", func() string { return band(20, 500)() + " " + band(20, 500)() }},
		{"phrase", func() string {
			ws := strings.Fields(strings.TrimSuffix(inputs[r.IntN(len(inputs))].Statement, "."))
			i := r.IntN(len(ws) - 2)
			return `"` + ws[i] + " " + ws[i+1] + `"`
		}},
		{"accent", func() string { return "Erdos " + band(2, 200)() }},
	}
	for _, k := range kinds {
		b.Run("q="+k.name, func(b *testing.B) {
			var times []time.Duration
			hits := 0
			for b.Loop() {
				q := k.q()
				// The policy keeps pages of the list until the next event;
				// a service of its own (the same packets) each time, so
				// that the search is timed, not a page in memory.
				fresh := policy.New(d, policy.Config{}, policy.WithPacketsOf(svc))
				t0 := time.Now()
				l, err := fresh.ListProblems(ctx, policy.ListQuery{Search: q, First: 25})
				if err != nil {
					b.Fatalf("search %q: %v", q, err)
				}
				times = append(times, time.Since(t0))
				hits += l.Total
			}
			slices.Sort(times)
			b.ReportMetric(ms(times[len(times)/2]), "p50-ms")
			b.ReportMetric(ms(times[len(times)*95/100]), "p95-ms")
			b.ReportMetric(float64(hits)/float64(len(times)), "matches/op")
		})
	}
}

// keptSearchURL is, when THEOREMDB_SEARCH_KEEP is set, the database
// BenchmarkSearch keeps between runs for its dialect and size (on the
// dbtest server, or in the temporary directory), made if missing; ok says
// whether it is kept. Seeding is then once per size.
func keptSearchURL(b *testing.B, dialectName string) (u string, ok bool) {
	if os.Getenv("THEOREMDB_SEARCH_KEEP") == "" {
		return "", false
	}
	name := fmt.Sprintf("theoremdb_search_%d", searchProblems)
	if dialectName != "postgres" {
		return "sqlite:" + filepath.Join(os.TempDir(), name+".db"), true
	}
	admin, err := sql.Open("postgres", dbtest.ServerURL())
	if err != nil {
		b.Fatal(err)
	}
	defer admin.Close()
	var exists bool
	if err := admin.QueryRow("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		b.Skipf("PostgreSQL unreachable: %v", err)
	}
	if !exists {
		if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
			b.Fatal(err)
		}
		if _, err := admin.Exec("ALTER DATABASE " + name + " SET synchronous_commit TO off"); err != nil {
			b.Fatal(err)
		}
	}
	pu, err := url.Parse(dbtest.ServerURL())
	if err != nil {
		b.Fatal(err)
	}
	pu.Path = "/" + name
	return pu.String(), true
}

// seedSearch submits n problems in the made-up language, writers at a
// time, and returns what it submitted (or, when done already, would have).
func seedSearch(ctx context.Context, svc *policy.Service, v *vocabulary, n, writers int, done bool) ([]policy.ProblemInput, error) {
	inputs := make([]policy.ProblemInput, n)
	for i := range inputs {
		inputs[i] = searchInput(v, i)
	}
	if done {
		return inputs, nil
	}
	const perAccount = 19 // under the reputation that pays the stakes
	var accounts []*ent.Account
	for i := range n/perAccount + 1 {
		a, err := svc.CreateAccount(ctx, fmt.Sprintf("search%06d", i), "", nil)
		if err != nil {
			return nil, err
		}
		accounts = append(accounts, a)
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs error
		next = make(chan int)
	)
	for range writers {
		wg.Go(func() {
			for i := range next {
				if _, err := svc.Submit(ctx, accounts[i/perAccount], inputs[i]); err != nil {
					mu.Lock()
					errs = err
					mu.Unlock()
				}
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return inputs, errs
}
