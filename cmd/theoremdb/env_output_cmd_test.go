package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/kernel"
)

// TestLoadConfig reads each setting from the environment and refuses a malformed one with an
// error that names the variable.
func TestLoadConfig(t *testing.T) {
	vars := []string{"DATABASE_URL", "THEOREMDB_LOG_LEVEL", "THEOREMDB_CHALLENGE_WINDOW", "THEOREMDB_PACKET_CACHE_MB",
		"THEOREMDB_PEOPLE_GOLD", "THEOREMDB_RESPONSE_CACHE_MB", "THEOREMDB_AUDIT_SEED", "THEOREMDB_FRESHNESS_WINDOW",
		"THEOREMDB_REQUEST_TIMEOUT", "THEOREMDB_GATE_WORKERS"}
	clear := func() {
		for _, v := range vars {
			t.Setenv(v, "")
		}
	}
	clear()
	t.Setenv("DATABASE_URL", "postgres://x/db")
	t.Setenv("THEOREMDB_LOG_LEVEL", "warn")
	t.Setenv("THEOREMDB_CHALLENGE_WINDOW", "72h")
	t.Setenv("THEOREMDB_PACKET_CACHE_MB", "64")
	t.Setenv("THEOREMDB_PEOPLE_GOLD", "0")
	t.Setenv("THEOREMDB_RESPONSE_CACHE_MB", "8")
	t.Setenv("THEOREMDB_AUDIT_SEED", "secret")
	t.Setenv("THEOREMDB_FRESHNESS_WINDOW", "30d")
	t.Setenv("THEOREMDB_REQUEST_TIMEOUT", "5s")
	t.Setenv("THEOREMDB_GATE_WORKERS", "3")
	var logs bytes.Buffer
	c, err := loadConfig(&logs)
	if err != nil {
		t.Fatal(err)
	}
	if c.databaseURL != "postgres://x/db" || c.challengeWindow != 72*time.Hour || c.packetCacheMB != 64 || c.peopleGold != 0 ||
		c.responseMB != 8 || c.auditSeed != "secret" || c.freshness != 30*24*time.Hour || c.limits.RequestTimeout != 5*time.Second ||
		c.gateWorkers != 3 {
		t.Errorf("config = %+v", c)
	}
	c.log.Info("hidden")
	c.log.Warn("shown")
	if s := logs.String(); strings.Contains(s, "hidden") || !strings.Contains(s, "shown") {
		t.Errorf("at level warn the log holds %q", s)
	}
	for _, tc := range []struct{ name, value string }{
		{"THEOREMDB_LOG_LEVEL", "loud"},
		{"THEOREMDB_CHALLENGE_WINDOW", "a week"},
		{"THEOREMDB_CHALLENGE_WINDOW", "-1h"},
		{"THEOREMDB_PACKET_CACHE_MB", "0"},
		{"THEOREMDB_PACKET_CACHE_MB", "lots"},
		{"THEOREMDB_PEOPLE_GOLD", "-2"},
		{"THEOREMDB_RESPONSE_CACHE_MB", "1.5"},
		{"THEOREMDB_FRESHNESS_WINDOW", "1y"},
		{"THEOREMDB_REQUEST_TIMEOUT", "0s"},
		{"THEOREMDB_GATE_WORKERS", "0"},
		{"THEOREMDB_GATE_WORKERS", "two"},
	} {
		clear()
		t.Setenv(tc.name, tc.value)
		if _, err := loadConfig(io.Discard); err == nil || !strings.Contains(err.Error(), tc.name) {
			t.Errorf("%s=%q: loadConfig = %v; want an error naming the variable", tc.name, tc.value, err)
		}
	}
}

// TestParseFreshnessForms takes whole days or a positive Go duration, nothing else.
func TestParseFreshnessForms(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]time.Duration{"365d": 365 * 24 * time.Hour, "1d": 24 * time.Hour, "8760h": 8760 * time.Hour, "90m": 90 * time.Minute} {
		if got, err := parseFreshness(in); err != nil || got != want {
			t.Errorf("parseFreshness(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "d", "0d", "-3d", "07d", "1.5d", "3 d", "0h", "-1h", "forever"} {
		if _, err := parseFreshness(in); err == nil {
			t.Errorf("parseFreshness(%q) accepted", in)
		}
	}
}

// TestReadMetamathLibrary reads a database of the formal library, and refuses one outside it or
// one that does not parse, naming the file.
func TestReadMetamathLibrary(t *testing.T) {
	lib := t.TempDir()
	t.Setenv(corpus.FormalLibraryEnv, lib)
	good := filepath.Join(lib, "tiny.mm")
	src := "$c |- T $.\nax $a |- T $.\nth $p |- T $= ax $.\nth2 $p |- T $= th $.\n"
	if err := os.WriteFile(good, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	items, cites, err := readMetamath(good)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 || cites != 1 || items[1].Key != "metamath:tiny.mm:th2" || len(items[1].Refs) != 1 {
		t.Errorf("readMetamath = %+v, %d citations of axioms", items, cites)
	}
	outside := filepath.Join(t.TempDir(), "tiny.mm")
	if err := os.WriteFile(outside, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := readMetamath(outside); err == nil || !strings.Contains(err.Error(), "is not in the formal library") || !strings.Contains(err.Error(), corpus.FormalLibraryEnv) {
		t.Errorf("a database outside the library: %v", err)
	}
	bad := filepath.Join(lib, "bad.mm")
	if err := os.WriteFile(bad, []byte("$c a $.\n$c a $.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var se *kernel.SyntaxError
	if _, _, err := readMetamath(bad); !errors.As(err, &se) || se.Line != 2 || !strings.Contains(err.Error(), "bad.mm") {
		t.Errorf("a database that does not parse: %v", err)
	}
	if _, _, err := readMetamath(filepath.Join(lib, "absent.mm")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing database: %v", err)
	}
	t.Setenv(corpus.FormalLibraryEnv, filepath.Join(lib, "no-such-dir"))
	if _, _, err := readMetamath(good); err == nil || !strings.Contains(err.Error(), "formal library") {
		t.Errorf("a missing library: %v", err)
	}
}

// TestWriteCopyReport says the verdict and what it means, then each match with its place in the
// body, its source and what to do (rewrite or attribute), then the flags.
func TestWriteCopyReport(t *testing.T) {
	t.Parallel()
	body := []byte("first line\nsecond line copied here\nthird")
	res := &copycheck.Result{Verdict: copycheck.VerdictBlock, ThresholdsVersion: "v9",
		Matches: []copycheck.Match{
			{Stage: copycheck.StageExact, Source: "stacks/a.tex", URI: "https://stacks/a", Licence: copycheck.LicenceGFDL, BodyStart: 18, BodyEnd: 29,
				SourceStart: 100, SourceEnd: 111, Section: "Lemma 1", Length: 11, Verdict: copycheck.VerdictBlock},
			{Stage: copycheck.StageNear, Source: "ol/b.tex", URI: "https://ol/b", Licence: copycheck.LicenceOpen, BodyStart: 0, BodyEnd: 5,
				Length: 7, Similarity: 0.5, RougeL: 0.75, Verdict: copycheck.VerdictAttribute},
		},
		Flags: []copycheck.Match{{Source: "hott/c.tex", BodyStart: 35, BodyEnd: 40, Length: 5}},
	}
	var b bytes.Buffer
	writeReport(&b, "body.md", body, res)
	got := b.String()
	for _, want := range []string{
		"copy check of body.md: BLOCK (thresholds v9)\n",
		"rewrite the locations marked REWRITE",
		"1. REWRITE: exact run of 11 characters\n",
		"   body    line 2 col 8, bytes 18-29: \"line copied\"\n",
		"   source  stacks/a.tex (gfdl), section \"Lemma 1\", bytes 100-111\n",
		"           https://stacks/a\n",
		"2. attribute: near copy, Jaccard 0.50, ROUGE-L 0.75, common block of 7 words\n",
		"   source  ol/b.tex (open), bytes 0-0\n",
		"1 shorter runs were flagged but are no match on their own:\n",
		"   line 3 col 1, 5 characters from hott/c.tex: \"third\"\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
	for verdict, want := range map[copycheck.Verdict]string{
		copycheck.VerdictClear:     "no match with the reference corpus",
		copycheck.VerdictAttribute: "allowed with attribution (rule L03)",
	} {
		b.Reset()
		writeReport(&b, "x", nil, &copycheck.Result{Verdict: verdict})
		if !strings.Contains(b.String(), want) || strings.Contains(b.String(), "flagged") {
			t.Errorf("%s report = %q", verdict, b.String())
		}
	}
}

// TestPrintMeasure says what a judge caught and flagged, its calls with no verdict, and whether
// it reaches the bar.
func TestPrintMeasure(t *testing.T) {
	t.Parallel()
	m := corpus.JudgeMeasure{Identity: "judge-a", Provider: "openai", ModelVersion: "m-1", PromptVersion: "p2", Set: "corpus-2026",
		Digest: "0123456789abcdef0123", Wrong: 40, Caught: 32, Clean: 20, Flagged: 1, Failed: 2, Low: 0.65, High: 0.9, Qualified: true}
	var b bytes.Buffer
	printMeasure(&b, m, 60)
	got := b.String()
	for _, want := range []string{
		"judge judge-a (openai, model version m-1, prompt p2) on the labelled set corpus-2026 (digest 0123456789ab, 60 items)\n",
		"  rejected 32 of 40 planted wrong steps: 80.0% (Wilson 95%: 65.0%–90.0%)\n",
		"  rejected 1 of 20 untouched proofs: 5.0%\n",
		"  no verdict on 2 calls",
		"qualified: the lane may judge (the bar is 75%)\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("measure lacks %q:\n%s", want, got)
		}
	}
	m.Qualified, m.Failed = false, 0
	b.Reset()
	printMeasure(&b, m, 60)
	if got := b.String(); !strings.Contains(got, "not qualified: the lane may not judge") || strings.Contains(got, "no verdict") {
		t.Errorf("unqualified measure:\n%s", got)
	}
}

// TestKeyState says whether a lane's key variable is set, naming the variable and never the key;
// the baseline needs none.
func TestKeyState(t *testing.T) {
	t.Setenv("THEOREMDB_LANE_KEY_REVIEWER_1", "sk-secret")
	t.Setenv("THEOREMDB_LANE_KEY_REVIEWER_2", "")
	for _, tc := range []struct {
		lane ent.Lane
		want string
	}{
		{ent.Lane{Identity: "reviewer-1", Provider: "openai"}, "set (THEOREMDB_LANE_KEY_REVIEWER_1)"},
		{ent.Lane{Identity: "reviewer.2", Provider: "anthropic"}, "missing (THEOREMDB_LANE_KEY_REVIEWER_2)"},
		{ent.Lane{Identity: "base", Provider: "baseline"}, "not needed"},
	} {
		if got := keyState(&tc.lane); got != tc.want || strings.Contains(got, "sk-secret") {
			t.Errorf("keyState(%s) = %q; want %q", tc.lane.Identity, got, tc.want)
		}
	}
}
