package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/imports/corpusimport"
)

const corpusImportUsage = `Usage:
  theoremdb import openlogic DIR   the Open Logic Project (CC BY 4.0): DIR is a checkout, or its content/
  theoremdb import hott DIR        the HoTT book (CC BY-SA): DIR is a checkout of its LaTeX sources

Each definition, theorem, lemma, proposition, example and proof becomes a corpus node through a
change request of its own, as the importer, with its licence and attribution; cross-references
inside an item become uses edges. A second run opens no request for what is unchanged.
`

// runCorpusImport imports an open textbook into the corpus.
func runCorpusImport(ctx context.Context, kind string, args []string, stdout, stderr io.Writer) error {
	if len(args) != 1 {
		fmt.Fprint(stderr, corpusImportUsage)
		return fmt.Errorf("import %s: want one DIR, got %d arguments", kind, len(args))
	}
	dir := args[0]
	var (
		items  []corpusimport.Item
		issues []corpusimport.Issue
		source corpusimport.Source
		err    error
	)
	switch kind {
	case "openlogic":
		if st, err := os.Stat(filepath.Join(dir, "content")); err == nil && st.IsDir() {
			dir = filepath.Join(dir, "content")
		}
		items, issues, err = corpusimport.ParseOpenLogic(os.DirFS(dir))
		source = corpusimport.OpenLogic
	case "hott":
		items, issues, err = corpusimport.ParseHoTT(os.DirFS(dir))
		source = corpusimport.HoTT
	default:
		return errors.New("import: unknown corpus source " + kind)
	}
	if err != nil {
		return fmt.Errorf("import %s: %w", kind, err)
	}
	if len(items) == 0 {
		return fmt.Errorf("import %s: %s holds no items; is it the right directory?", kind, args[0])
	}
	plan := corpusimport.PlanItems(items)
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	env, closeEnv, err := gateEnv(a.cfg, a.cfg.log)
	if err != nil {
		return err
	}
	defer closeEnv()
	var opts []corpus.Option
	if env.Copies != nil {
		opts = append(opts, corpus.WithCopies(env.Copies))
	}
	start := time.Now()
	progress := func(done, total int) {
		if done%250 == 0 {
			fmt.Fprintf(stderr, "%s: %d of %d items (%s)\n", kind, done, total, time.Since(start).Round(time.Second))
		}
	}
	sum, err := corpusimport.Runner{Corpus: corpus.New(a.policy, opts...), Source: source, Progress: progress}.Run(ctx, plan)
	fmt.Fprintf(stdout, "%s: %d items read, %d planned: %s (%s)\n", kind, len(items), len(plan.Items), sum,
		time.Since(start).Round(time.Millisecond))
	if n := len(issues) + len(plan.Issues); n > 0 {
		fmt.Fprintf(stdout, "left out or dropped (%d):\n", n)
		for _, is := range append(issues, plan.Issues...) {
			fmt.Fprintln(stdout, "  "+is.String())
		}
	}
	return err
}
