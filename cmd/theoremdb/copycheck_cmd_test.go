package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const cmdRef = `Closed subsets of compact spaces are compact, and the continuous image of a compact
space is compact again, which is the property used most often in the chapters that follow.`

func TestCorpusAndCopycheckCommands(t *testing.T) {
	ctx := context.Background()
	src := t.TempDir()
	if err := os.WriteFile(filepath.Join(src, "topology.tex"), []byte("\\section{Compact spaces}\n"+cmdRef+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("THEOREMDB_CORPUS", filepath.Join(t.TempDir(), "corpus"))
	var out, errs bytes.Buffer
	if err := runCorpus(ctx, []string{"add", src, "--licence", "gfdl", "--source", "https://example.org/top", "--name", "top"}, &out, &errs); err != nil {
		t.Fatalf("corpus add: %v\n%s", err, errs.String())
	}
	if !strings.Contains(out.String(), "added top") {
		t.Errorf("corpus add printed %q; want the collection", out.String())
	}
	out.Reset()
	if err := runCorpus(ctx, []string{"build", "--jobs", "1"}, &out, &errs); err != nil {
		t.Fatalf("corpus build: %v", err)
	}
	if !strings.Contains(out.String(), "1 document in 1 shard") || !strings.Contains(errs.String(), "shard 1/1 done") {
		t.Errorf("corpus build printed %q and progress %q", out.String(), errs.String())
	}

	body := filepath.Join(t.TempDir(), "body.md")
	text := "We recall a fact.\n\n" + cmdRef + "\n"
	if err := os.WriteFile(body, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := runCopycheck(ctx, []string{"--json", body}, &out, &errs); err != nil {
		t.Fatalf("copycheck --json: %v", err)
	}
	var res struct {
		Verdict           string
		ThresholdsVersion string
		Matches           []struct {
			Stage, Source, URI, Licence string
			BodyStart, BodyEnd          int
			SourceStart, SourceEnd      int
		}
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("copycheck --json printed %q: %v", out.String(), err)
	}
	if res.Verdict != "block" || res.ThresholdsVersion == "" || len(res.Matches) == 0 {
		t.Fatalf("copycheck --json = %+v; want a blocking match", res)
	}
	m := res.Matches[0]
	if m.Source != "top/topology.tex" || m.Licence != "gfdl" || m.URI != "https://example.org/top/topology.tex" {
		t.Errorf("match = %+v; want the gfdl source", m)
	}

	out.Reset()
	if err := runCopycheck(ctx, []string{body}, &out, &errs); err != nil {
		t.Fatalf("copycheck: %v", err)
	}
	for _, want := range []string{"BLOCK", "REWRITE", "top/topology.tex (gfdl)", "line 3 col 1"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("copycheck report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestCommandErrors(t *testing.T) {
	t.Setenv("THEOREMDB_CORPUS", t.TempDir())
	ctx := context.Background()
	tests := []struct {
		name string
		run  func() error
		want string
	}{
		{"no subcommand", func() error { return runCorpus(ctx, nil, &bytes.Buffer{}, &bytes.Buffer{}) }, "missing subcommand"},
		{"add without licence", func() error {
			return runCorpus(ctx, []string{"add", ".", "--source", "x"}, &bytes.Buffer{}, &bytes.Buffer{})
		}, "needs one DIR"},
		{"bad licence", func() error {
			return runCorpus(ctx, []string{"add", ".", "--licence", "cc0", "--source", "x"}, &bytes.Buffer{}, &bytes.Buffer{})
		}, "unknown licence class"},
		{"build before add", func() error { return runCorpus(ctx, []string{"build"}, &bytes.Buffer{}, &bytes.Buffer{}) }, "no collections"},
		{"check without index", func() error {
			f := filepath.Join(t.TempDir(), "b.md")
			os.WriteFile(f, []byte("text"), 0o644)
			return runCopycheck(ctx, []string{f}, &bytes.Buffer{}, &bytes.Buffer{})
		}, "corpus build"},
		{"check without file", func() error { return runCopycheck(ctx, nil, &bytes.Buffer{}, &bytes.Buffer{}) }, "usage"},
	}
	for _, tt := range tests {
		err := tt.run()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error = %v; want one mentioning %q", tt.name, err, tt.want)
		}
	}
}
