package copycheck

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"
)

func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCorpusAddBuildOpen(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src := t.TempDir()
	writeTree(t, src, map[string]string{
		"a/compact.tex": "\\documentclass{article}\n\\begin{document}\n\\section{Compactness}\n" + refCompact + "\n\\end{document}\n",
		"sylow.md":      "# Sylow\n\n" + refSylow + "\n",
		"notes.txt":     "not ingested",
	})
	c := Corpus{Dir: t.TempDir()}
	if _, err := c.Open(); !errors.Is(err, ErrNoIndex) {
		t.Fatalf("Open() before a build = %v; want ErrNoIndex", err)
	}
	rep, err := c.Add(ctx, src, "", LicenceGFDL, "https://example.org/book/")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Files != 2 || rep.Sections != 2 {
		t.Errorf("Add() = %+v; want 2 files with 2 sections", rep)
	}
	if _, err := c.Add(ctx, src, "x", "cc0", "https://example.org"); err == nil {
		t.Error("Add() with an unknown licence = nil; want an error")
	}
	var steps []string
	br, err := c.Build(ctx, BuildOptions{ShardBytes: 400, Jobs: 2, Progress: func(p BuildProgress) {
		steps = append(steps, p.Step)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if br.Shards != 2 || br.Documents != 2 {
		t.Errorf("Build() = %+v; want 2 documents in 2 shards", br)
	}
	if n := strings.Count(strings.Join(steps, " "), "done"); n != 2 {
		t.Errorf("progress steps %v; want a done per shard", steps)
	}
	x, err := c.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if x.Shards() != 2 || x.Documents() != 2 {
		t.Fatalf("Open() has %d shards and %d documents; want 2 and 2", x.Shards(), x.Documents())
	}
	ck, err := NewChecker(x, DefaultConfig(), DefaultPhrases())
	if err != nil {
		t.Fatal(err)
	}
	body := "In this note we recall a classical fact. " + refCompact
	res, err := ck.Check(ctx, []byte(body), LaTeX)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != VerdictBlock || len(res.Matches) == 0 {
		t.Fatalf("Check() = %+v; want a blocking match", res)
	}
	m := res.Matches[len(res.Matches)-1]
	base := filepath.Base(src)
	if m.Source != base+"/a/compact.tex" || m.URI != "https://example.org/book/a/compact.tex" {
		t.Errorf("match source %q, URI %q; want the ingested file", m.Source, m.URI)
	}
	orig, err := os.ReadFile(filepath.Join(c.Dir, "files", base, "a", "compact.tex"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Stage == StageExact && string(orig[m.SourceStart:m.SourceEnd]) != body[m.BodyStart:m.BodyEnd] {
		t.Errorf("source bytes %q differ from body bytes %q", orig[m.SourceStart:m.SourceEnd], body[m.BodyStart:m.BodyEnd])
	}

	// A rebuild into one shard removes the second shard file.
	if _, err := c.Build(ctx, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(c.Dir, "index", shardName(1))); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stale shard after rebuild: %v", err)
	}
}

func TestOpenRejectsCorruptShard(t *testing.T) {
	t.Parallel()
	c := Corpus{Dir: t.TempDir()}
	writeTree(t, c.Dir, map[string]string{
		"index/index.json":     `{"shards":[{"file":"shard-0000.tdb"}]}`,
		"index/shard-0000.tdb": strings.Repeat("not an index ", 100),
	})
	if _, err := c.Open(); !errors.Is(err, ErrInvalid) {
		t.Errorf("Open() of a corrupt shard = %v; want ErrInvalid", err)
	}
}

func TestOpenRejectsOtherFormat(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	b, err := newShardBuilder(0, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	defer b.close()
	if err := b.add(DocMeta{ID: "d", Licence: LicenceOpen}, []byte("A short document of a few words."), Markdown); err != nil {
		t.Fatal(err)
	}
	if _, err := b.writeTo(&buf, func(string) {}); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	if _, err := parseShard(data); err != nil {
		t.Fatalf("parseShard of a fresh shard: %v", err)
	}
	other := slices.Clone(data)
	h := shardHeader{}
	off := int(unsafe.Offsetof(h.ShortWords))
	binary.NativeEndian.PutUint32(other[off:], shortWords+1) // signed with other stage-2 parameters
	if _, err := parseShard(other); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "rebuild") {
		t.Errorf("parseShard of other stage-2 parameters = %v; want ErrInvalid asking for a rebuild", err)
	}
	data[7] = '2' // a shard written by an earlier format
	_, err = parseShard(data)
	if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "corpus build") {
		t.Errorf("parseShard of an earlier format = %v; want ErrInvalid asking for a rebuild", err)
	}
}

func TestCorpusConfigAndPhrases(t *testing.T) {
	t.Parallel()
	c := Corpus{Dir: t.TempDir()}
	cfg, err := c.Config()
	if err != nil || cfg != DefaultConfig() {
		t.Fatalf("Config() = %+v, %v; want the defaults", cfg, err)
	}
	writeTree(t, c.Dir, map[string]string{
		"thresholds.json": `{"version":"local-1","matchRun":120}`,
		"phrases.txt":     "let $G$ be a group\n",
	})
	cfg, err = c.Config()
	if err != nil || cfg.Version != "local-1" || cfg.MatchRun != 120 || cfg.FlagRun != 50 {
		t.Errorf("Config() = %+v, %v; want version local-1 with match run 120 over the defaults", cfg, err)
	}
	p, err := c.Phrases()
	if err != nil || p.Len() != 1 {
		t.Errorf("Phrases() = %v phrases, %v; want 1", p.Len(), err)
	}
}

// TestCloseWhileWaitingToWarm closes an index whose shards wait for another index's warming:
// Close must not wait for that.
func TestCloseWhileWaitingToWarm(t *testing.T) {
	ctx := context.Background()
	src := t.TempDir()
	writeTree(t, src, map[string]string{"sylow.md": "# Sylow\n\n" + refSylow + "\n"})
	c := Corpus{Dir: t.TempDir()}
	if _, err := c.Add(ctx, src, "", LicenceOpen, "https://example.org/"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Build(ctx, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	warming <- struct{}{} // another index is warming
	defer func() { <-warming }()
	x, err := c.Open()
	if err != nil {
		t.Fatal(err)
	}
	closed := make(chan error, 1)
	go func() { closed <- x.Close() }()
	select {
	case err := <-closed:
		if err != nil {
			t.Fatalf("Close() = %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Close() waits for another index's warming")
	}
}
