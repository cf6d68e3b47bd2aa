// Command copycheck-bench measures the copy check end to end in a fresh process, so that its peak
// memory is the build's: it ingests a corpus (the shared corpora, or a synthetic corpus of a
// given size), builds the on-disk index, memory-maps it, and checks 4 KiB bodies, some with a
// planted copy. It prints benchstat lines (`make bench-large` runs it on 1 GiB).
package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/internal/cputime"
	"github.com/theoremdb/theoremdb/shareddata"
)

func main() {
	sharedDir := flag.String("shared", "../shared/data", "the shared data directory")
	synthetic := flag.Int64("synthetic", 0, "bytes of synthetic corpus to build instead of the shared corpora")
	workDir := flag.String("dir", "", "working directory (default: a temporary one, removed at the end)")
	jobs := flag.Int("jobs", 1, "shards built at once")
	shardSize := flag.Int("shard-size", copycheck.MaxShardText, "largest normalised text per shard")
	queries := flag.Int("queries", 400, "4 KiB bodies to check")
	prepareOnly := flag.Bool("prepare", false, "only write and ingest the corpus into -dir (run in a child process)")
	flag.Parse()
	if *prepareOnly {
		if err := prepare(*sharedDir, *synthetic, *workDir); err != nil {
			fmt.Fprintln(os.Stderr, "copycheck-bench:", err)
			os.Exit(1)
		}
		return
	}
	runtime.LockOSThread() // cputime.Thread measures the queries on this thread
	if err := run(*sharedDir, *synthetic, *workDir, *jobs, *shardSize, *queries); err != nil {
		fmt.Fprintln(os.Stderr, "copycheck-bench:", err)
		os.Exit(1)
	}
}

func run(sharedDir string, synthetic int64, workDir string, jobs, shardSize, queries int) error {
	ctx := context.Background()
	if workDir == "" {
		d, err := os.MkdirTemp("", "copycheck-bench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		workDir = d
	}
	// Ingesting happens in a child process, so that the peak memory of this one is the build's.
	cmd := exec.Command(os.Args[0], "-prepare", "-shared", sharedDir, "-synthetic", strconv.FormatInt(synthetic, 10), "-dir", workDir)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("prepare the corpus: %w", err)
	}
	c := copycheck.Corpus{Dir: filepath.Join(workDir, "corpus")}
	name := "Shared"
	if synthetic > 0 {
		name = fmt.Sprintf("Synthetic%dMiB", synthetic>>20)
	}
	// As `theoremdb corpus build` does: collect garbage early, the build's peak matters more
	// than its GC time.
	debug.SetGCPercent(10)
	before := peakRSS()
	cpu0 := cputime.Process()
	rep, err := c.Build(ctx, copycheck.BuildOptions{ShardBytes: shardSize, Jobs: jobs, Progress: func(p copycheck.BuildProgress) {
		fmt.Fprintf(os.Stderr, "shard %d/%d %-9s %8.1f MB %6.1fs\n", p.Shard+1, p.Shards, p.Step, float64(p.Bytes)/1e6, p.Elapsed.Seconds())
	}})
	if err != nil {
		return err
	}
	peak := peakRSS()
	cpu := cputime.Process() - cpu0
	t0 := time.Now()
	x, err := c.Open()
	if err != nil {
		return err
	}
	defer x.Close()
	open := time.Since(t0)
	st := x.Stats()
	fmt.Printf("Benchmark%sBuild 1 %d ns/op %.2f MB/s %.2f MB/cpu-s %.2f peak-B/B %.1f B/paragraph %d paragraphs %d shards %.3f normalised/raw\n",
		name, rep.Elapsed.Nanoseconds(), float64(rep.InputBytes)/1e6/rep.Elapsed.Seconds(), float64(rep.InputBytes)/1e6/cpu.Seconds(),
		float64(max(peak, before))/float64(rep.InputBytes), float64(st.Stage2Bytes)/float64(st.Paragraphs), st.Paragraphs, st.Shards,
		float64(st.TextBytes)/float64(rep.InputBytes))
	fmt.Printf("Benchmark%sOpen 1 %d ns/op\n", name, open.Nanoseconds())

	ck, err := copycheck.NewChecker(x, copycheck.DefaultConfig(), copycheck.DefaultPhrases())
	if err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(9, 9))
	files, err := corpusFiles(c.Dir)
	if err != nil {
		return err
	}
	fresh, err := shareddata.LoadFresh(filepath.Join(sharedDir, "formal-conjectures"))
	if err != nil {
		return err
	}
	var bodies [][]byte
	for q := 0; q < queries; q++ {
		body := freshBody(r, fresh, 4096)
		if q%5 == 0 {
			// Plant 300 bytes of a random corpus file in the middle.
			f := files[r.IntN(len(files))]
			b, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			if len(b) > 600 {
				p := 200 + r.IntN(len(b)-500)
				body = slices.Concat(body[:2000], []byte("\n\n"), b[p:p+300], []byte("\n\n"), body[2000:])[:4096]
			}
		}
		bodies = append(bodies, body)
	}
	report := func(what string, d, cpu []time.Duration) {
		slices.Sort(d)
		us := func(x time.Duration) float64 { return float64(x.Nanoseconds()) / 1e3 }
		fmt.Printf("Benchmark%s%s %d %d ns/op %.1f p50-µs %.1f p95-µs", name, what, len(d),
			d[len(d)/2].Nanoseconds(), us(d[len(d)/2]), us(d[len(d)*95/100]))
		if cpu != nil {
			slices.Sort(cpu)
			fmt.Printf(" %.1f cpu-p50-µs %.1f cpu-p95-µs", us(cpu[len(cpu)/2]), us(cpu[len(cpu)*95/100]))
		}
		fmt.Println()
	}
	// Checkers with one stage switched off give each stage's CPU time (normalisation included).
	only1, only2 := copycheck.DefaultConfig(), copycheck.DefaultConfig()
	only1.NearMinWords = 1 << 30
	only2.FlagRun, only2.MatchRun = 1<<30, 1<<30
	ck1, err := copycheck.NewChecker(x, only1, copycheck.DefaultPhrases())
	if err != nil {
		return err
	}
	ck2, err := copycheck.NewChecker(x, only2, copycheck.DefaultPhrases())
	if err != nil {
		return err
	}
	measure := func(ck *copycheck.Checker) (wall, cpu []time.Duration, res []*copycheck.Result, err error) {
		for _, body := range bodies {
			t, c := time.Now(), cputime.Thread()
			r, err := ck.Check(ctx, body, copycheck.LaTeX)
			if err != nil {
				return nil, nil, nil, err
			}
			wall, cpu, res = append(wall, time.Since(t)), append(cpu, cputime.Thread()-c), append(res, r)
		}
		return wall, cpu, res, nil
	}
	// The first pass meets the index cold: each page of the mapped file costs a fault the first
	// time it is read. A worker checks many bodies, so the later passes are its steady state.
	walls, cpus, results, err := measure(ck)
	if err != nil {
		return err
	}
	report("CheckCold", walls, cpus)
	found := 0
	for _, r := range results {
		if len(r.Matches) > 0 {
			found++
		}
	}
	walls, cpus, results, err = measure(ck)
	if err != nil {
		return err
	}
	var exact, near []time.Duration
	for _, r := range results {
		exact, near = append(exact, r.Timing.Exact), append(near, r.Timing.Near)
	}
	report("Stage1", exact, nil)
	report("Stage2", near, nil)
	report("Check", walls, cpus)
	walls, cpus, _, err = measure(ck1)
	if err != nil {
		return err
	}
	report("Stage1Only", walls, cpus)
	walls, cpus, _, err = measure(ck2)
	if err != nil {
		return err
	}
	report("Stage2Only", walls, cpus)
	fmt.Fprintf(os.Stderr, "%d of %d bodies had a match (one in five has a planted copy)\n", found, queries)
	return nil
}

// prepare writes the synthetic corpus, or takes the shared one, and ingests it.
func prepare(sharedDir string, synthetic int64, workDir string) error {
	ctx := context.Background()
	c := copycheck.Corpus{Dir: filepath.Join(workDir, "corpus")}
	if synthetic == 0 {
		for _, col := range shareddata.Collections(filepath.Join(sharedDir, "corpus")) {
			if _, err := c.Add(ctx, col.Dir, col.Name, col.Licence, "https://example.org/"+col.Name); err != nil {
				return err
			}
		}
		return nil
	}
	words, err := vocabulary(sharedDir)
	if err != nil {
		return err
	}
	src := filepath.Join(workDir, "synthetic")
	fmt.Fprintf(os.Stderr, "writing %d MB of synthetic text to %s\n", synthetic/1e6, src)
	if err := writeSynthetic(src, synthetic, words); err != nil {
		return err
	}
	if _, err := c.Add(ctx, src, "synthetic", copycheck.LicenceGFDL, "https://example.org/synthetic"); err != nil {
		return err
	}
	return os.RemoveAll(src)
}

// freshBody joins random doc comments, human text that no corpus holds, into a body of size bytes.
func freshBody(r *rand.Rand, fresh []string, size int) []byte {
	var b []byte
	for len(b) < size {
		b = append(b, fresh[r.IntN(len(fresh))]...)
		b = append(b, "\n\n"...)
	}
	return b[:size]
}

func corpusFiles(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(filepath.Join(dir, "files"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return err
	})
	return out, err
}

// vocabulary is the word stream of the shared corpora, normalised.
func vocabulary(sharedDir string) ([]string, error) {
	var words []string
	for _, col := range shareddata.Collections(filepath.Join(sharedDir, "corpus")) {
		docs, err := shareddata.LoadCollection(col)
		if err != nil {
			return nil, err
		}
		for _, d := range docs {
			for _, w := range strings.Fields(string(copycheck.Normalize(d.Text, d.Format).Text)) {
				if w != "$" {
					words = append(words, w)
				}
			}
		}
	}
	return words, nil
}

// freshText strings together short snippets of the word stream: text with the word statistics
// of the corpus but no long run of it.
func freshText(r *rand.Rand, words []string, size int) []byte {
	var b bytes.Buffer
	for b.Len() < size {
		at := r.IntN(len(words) - 8)
		for _, w := range words[at : at+1+r.IntN(6)] {
			b.WriteString(w)
			b.WriteByte(' ')
		}
		switch r.IntN(12) {
		case 0:
			b.WriteString("$x_{" + strconv.Itoa(r.IntN(9)) + "} + y$ ")
		case 1:
			b.WriteString("\n\n")
		}
	}
	return b.Bytes()[:size]
}

func writeSynthetic(dir string, total int64, words []string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(1, 2))
	const fileSize = 256 << 10
	for k := 0; int64(k)*fileSize < total; k++ {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("doc-%05d.tex", k)))
		if err != nil {
			return err
		}
		w := bufio.NewWriter(f)
		w.Write(freshText(r, words, fileSize))
		if err := w.Flush(); err != nil {
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	return nil
}

// peakRSS is the process's peak resident memory in bytes, from /proc; 0 where there is none.
func peakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			f := strings.Fields(rest)
			if len(f) == 2 {
				kb, err := strconv.ParseInt(f[0], 10, 64)
				if err == nil {
					return kb << 10
				}
			}
		}
	}
	return 0
}
