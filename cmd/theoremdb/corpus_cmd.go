package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/ui"
)

// corpusDir is where the reference corpus lives: THEOREMDB_CORPUS, or data/corpus.
func corpusDir() string {
	if d := os.Getenv("THEOREMDB_CORPUS"); d != "" {
		return d
	}
	return "data/corpus"
}

// parseInterspersed parses flags that may come before or after the positional arguments,
// as parseInterleaved does: everything after a `--` is positional, and a flag whose value is
// literally `--` must be written `--flag=--`.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	return parseInterleaved(fs, args)
}

// runCorpus runs `theoremdb corpus add DIR --licence CLASS --source URI` and
// `theoremdb corpus build`.
func runCorpus(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	usage := "usage: theoremdb corpus add DIR --licence CLASS --source URI [--name NAME]\n" +
		"       theoremdb corpus build [--shard-size BYTES] [--jobs N]"
	if len(args) == 0 {
		return fmt.Errorf("missing subcommand\n%s", usage)
	}
	c := copycheck.Corpus{Dir: corpusDir()}
	switch args[0] {
	case "add":
		fs := flag.NewFlagSet("corpus add", flag.ContinueOnError)
		fs.SetOutput(stderr)
		licence := fs.String("licence", "", "licence class: open, record, verbatim, share-alike-nc, share-alike or gfdl")
		source := fs.String("source", "", "source URI of the collection; document URIs are SOURCE/relative-path")
		name := fs.String("name", "", "collection name (default: the directory's name)")
		pos, err := parseInterspersed(fs, args[1:])
		if err != nil {
			return err
		}
		if len(pos) != 1 || *licence == "" || *source == "" {
			return fmt.Errorf("corpus add needs one DIR, --licence and --source\n%s", usage)
		}
		l, err := copycheck.ParseLicence(*licence)
		if err != nil {
			return err
		}
		rep, err := c.Add(ctx, pos[0], *name, l, *source)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "added %s to %s: %d files, %.1f MB, %d sections, licence %s\n",
			rep.Name, c.Dir, rep.Files, float64(rep.Bytes)/1e6, rep.Sections, l)
		fmt.Fprintln(stdout, "run `theoremdb corpus build` to index it")
		return nil
	case "build":
		fs := flag.NewFlagSet("corpus build", flag.ContinueOnError)
		fs.SetOutput(stderr)
		shardSize := fs.Int("shard-size", copycheck.MaxShardText, "largest normalised text per shard, in bytes (at most 1 GiB)")
		jobs := fs.Int("jobs", 0, "shards built at once (default: GOMAXPROCS)")
		pos, err := parseInterspersed(fs, args[1:])
		if err != nil {
			return err
		}
		if len(pos) != 0 {
			return fmt.Errorf("corpus build takes no arguments\n%s", usage)
		}
		if *shardSize <= 0 || *shardSize > copycheck.MaxShardText {
			return fmt.Errorf("--shard-size must be between 1 and %d", copycheck.MaxShardText)
		}
		// A build holds a few large tables; collecting garbage early keeps its peak memory
		// near their size, which matters more than the time the collector takes.
		defer debug.SetGCPercent(debug.SetGCPercent(10))
		rep, err := c.Build(ctx, copycheck.BuildOptions{ShardBytes: *shardSize, Jobs: *jobs,
			Progress: func(p copycheck.BuildProgress) {
				fmt.Fprintf(stderr, "shard %d/%d %-9s %7.1f MB  (corpus %.1f MB)  %5.1fs\n",
					p.Shard+1, p.Shards, p.Step, float64(p.Bytes)/1e6, float64(p.Total)/1e6, p.Elapsed.Seconds())
			}})
		if err != nil {
			return err
		}
		peak := peakRSS()
		fmt.Fprintf(stdout, "built %s: %s in %s, %.1f MB read, %.1f MB normalised, %d paragraph chunks, %.1f MB index\n",
			c.Dir, ui.Plural(rep.Documents, "document"), ui.Plural(rep.Shards, "shard"), float64(rep.InputBytes)/1e6, float64(rep.TextBytes)/1e6, rep.Chunks, float64(rep.IndexBytes)/1e6)
		fmt.Fprintf(stdout, "%.2fs, %.1f MB/s of corpus", rep.Elapsed.Seconds(), float64(rep.InputBytes)/1e6/rep.Elapsed.Seconds())
		if peak > 0 {
			fmt.Fprintf(stdout, ", peak memory %.1f MB", float64(peak)/1e6)
			// Below some tens of megabytes the process's own footprint would dominate the ratio.
			if rep.InputBytes >= 64<<20 {
				fmt.Fprintf(stdout, " (%.2f bytes per corpus byte)", float64(peak)/float64(rep.InputBytes))
			}
		}
		fmt.Fprintln(stdout)
		return nil
	}
	return fmt.Errorf("unknown subcommand %q\n%s", args[0], usage)
}

// peakRSS is the process's peak resident memory in bytes, from /proc; 0 where there is none.
func peakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			f := strings.Fields(rest)
			if len(f) == 2 && f[1] == "kB" {
				kb, err := strconv.ParseInt(f[0], 10, 64)
				if err == nil {
					return kb << 10
				}
			}
		}
	}
	return 0
}
