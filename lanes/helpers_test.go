package lanes_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/packet"
)

// samplePanelInput is a packet for R(3,10) with every deterministic gate passing.
func samplePanelInput() lanes.PanelInput {
	checked := time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)
	rev := gates.Revision{
		ProblemID: "TDB-7", RevisionID: "rev-7-1", Number: 1,
		Title:     "The Ramsey number R(3,10)",
		Statement: "Determine the exact value of the Ramsey number $R(3,10)$, the least $N$ such that every red–blue colouring of the edges of $K_N$ contains a red triangle or a blue $K_{10}$.",
		Exposition: []packet.ExpositionEntry{{Kind: packet.Definition, Term: "R(s,t)",
			Body: "For positive integers $s,t$, $R(s,t)$ is the least $N$ such that every 2-colouring of the edges of $K_N$ has a red $K_s$ or a blue $K_t$."}},
		Acceptance: packet.Acceptance{Kind: packet.Search, Criterion: "The exact value with certificates.",
			SearchSpace: "2-colourings of the edges of K_40", Certificate: "A colouring of K_40 with no red triangle and no blue K_10, or a verified impossibility proof for K_40."},
		Provenance: packet.Provenance{Kind: packet.Imported, Attribution: "Radziszowski, Small Ramsey Numbers",
			SourceLocator: "Table 1", RightsBasis: "citation only; independently written summary"},
		ReferenceSearch: packet.ReferenceSearch{CheckedOn: checked, Databases: []string{"zbMATH Open", "arXiv"},
			Queries: []string{"R(3,10)", "Ramsey number triangle K_10"}, Coverage: "titles and abstracts through 2026-11-02 and the 2024 dynamic survey"},
		References: []gates.Reference{{Identifier: "doi:10.37236/21", Kind: "DOI", Citation: "S. Radziszowski, Small Ramsey Numbers, Electron. J. Combin. DS1 (2024)",
			Locator: "Table 1", Relevance: "States 40 ≤ R(3,10) ≤ 41.", Role: "PRIMARY", Confirmation: "CONFIRMED", LocatorConfirmed: true}},
		OpenStatus:  packet.OpenStatus{StrongestKnown: "40 ≤ R(3,10) ≤ 41", UnresolvedTarget: "whether R(3,10) is 40 or 41"},
		Hero:        packet.Hero{Brief: "A complete graph with coloured edges.", Alt: "A complete graph on ten vertices with red and blue edges."},
		SubmittedAt: time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC),
	}
	var outcomes []lanes.GateOutcome
	for _, g := range []gates.Name{gates.Statement, gates.Acceptance, gates.Provenance, gates.OpenStatus, gates.Duplicate,
		gates.References, gates.Consistency, gates.Hero, gates.Computational} {
		outcomes = append(outcomes, lanes.GateOutcome{Gate: g, Version: "1", Outcome: gates.OutcomePass})
	}
	return lanes.PanelInput{Packet: rev, Gates: outcomes,
		Claims:   []lanes.Claim{{ID: "CL-1", Type: "claim", Status: "established", Relation: "addresses", Summary: "R(3,10) ≤ 41 (Angeltveit 2024)."}},
		Evidence: []lanes.Evidence{{Kind: "source_excerpt", Label: "DS1 Table 1", Locator: "doi:10.37236/21, Table 1", Text: "R(3,10): 40–41"}}}
}

// step is one canned answer of a test provider.
type step struct {
	status int
	file   string // under testdata/<provider>/; empty for body
	body   string
	header map[string]string
	block  bool // wait until the client gives up
}

type received struct {
	path   string
	header http.Header
	body   []byte
}

// provider is a local server that speaks one API with recorded answers, one step per request
// (the last step repeats).
type provider struct {
	*httptest.Server
	t     *testing.T
	dir   string
	mu    sync.Mutex
	steps []step
	got   []received
	hit   chan struct{}
}

func newProvider(t *testing.T, dir string, steps ...step) *provider {
	t.Helper()
	p := &provider{t: t, dir: dir, steps: steps, hit: make(chan struct{}, 16)}
	p.Server = httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(p.Close)
	return p
}

func (p *provider) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	p.mu.Lock()
	n := len(p.got)
	p.got = append(p.got, received{path: r.URL.Path, header: r.Header.Clone(), body: body})
	s := p.steps[min(n, len(p.steps)-1)]
	p.mu.Unlock()
	select {
	case p.hit <- struct{}{}:
	default:
	}
	if s.block {
		<-r.Context().Done()
		return
	}
	b := []byte(s.body)
	if s.file != "" {
		var err error
		if b, err = os.ReadFile(filepath.Join("testdata", p.dir, s.file)); err != nil {
			p.t.Errorf("testdata: %v", err)
		}
	}
	for k, v := range s.header {
		w.Header().Set(k, v)
	}
	if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "application/json")
	}
	status := s.status
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	w.Write(b)
}

func (p *provider) requests() []received {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]received(nil), p.got...)
}

// waits records the lane's waits between attempts instead of sleeping.
type waits struct {
	mu sync.Mutex
	d  []time.Duration
}

func (w *waits) sleep(ctx context.Context, d time.Duration) error {
	w.mu.Lock()
	w.d = append(w.d, d)
	w.mu.Unlock()
	return ctx.Err()
}

func (w *waits) all() []time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]time.Duration(nil), w.d...)
}

const testKey = "sk-test-0123456789"

func keyEnv(identity string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		if name == lanes.KeyEnvName(identity) {
			return testKey, true
		}
		return "", false
	}
}

// laneConfig is a MATH_CRITIQUE lane on the provider's protocol at url.
func laneConfig(proto lanes.Provider, url string) lanes.Config {
	model := "gpt-4.1-2025-04-14"
	if proto == lanes.Anthropic {
		model = "claude-sonnet-4-5-20250929"
	}
	return lanes.Config{Identity: "panel.math-" + string(proto), Role: lanes.MathCritique, Provider: proto, BaseURL: url,
		Model: model, ModelVersion: model, PromptVersion: "v1", Backoff: 100 * time.Millisecond, MaxBackoff: time.Second,
		Timeout: 5 * time.Second, MaxAttempts: 3}
}

func newLane(t *testing.T, cfg lanes.Config, w *waits, opts ...lanes.Option) lanes.Lane {
	t.Helper()
	opts = append([]lanes.Option{lanes.WithEnv(keyEnv(cfg.Identity)), lanes.WithSleep(w.sleep),
		lanes.WithJitter(func() float64 { return 0.5 })}, opts...)
	l, err := lanes.New(cfg, opts...)
	if err != nil {
		t.Fatalf("New(%+v) = %v", cfg, err)
	}
	return l
}

func mathRequest(t *testing.T) *lanes.Request {
	t.Helper()
	req, err := lanes.NewPanelRequest(lanes.MathCritique, "v1", samplePanelInput())
	if err != nil {
		t.Fatalf("NewPanelRequest = %v", err)
	}
	return req
}
