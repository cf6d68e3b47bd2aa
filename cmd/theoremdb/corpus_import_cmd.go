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
	"github.com/theoremdb/theoremdb/kernel"
	"github.com/theoremdb/theoremdb/shareddata"
)

const corpusImportUsage = `Usage:
  theoremdb import openlogic DIR   the Open Logic Project (CC BY 4.0): DIR is a checkout, or its content/
  theoremdb import hott DIR        the HoTT book (CC BY-SA): DIR is a checkout of its LaTeX sources
  theoremdb import metamath FILE   a Metamath database (CC0) of the formal library: each proved theorem
                                   becomes a formal node bound to its label, using the theorems its
                                   proof cites; the kernel gate decides its level. FILE must be in the
                                   formal library (THEOREMDB_FORMAL_LIBRARY, by default the shared
                                   data's metamath directory).

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
	var opts []corpus.Option
	switch kind {
	case "metamath":
		var cites int
		if items, cites, err = readMetamath(dir); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "metamath: %s: %d proved theorems; %d citations of $a statements are not edges\n", dir, len(items), cites)
		source = corpusimport.Metamath(filepath.Base(dir))
	case "openlogic":
		// The macros of a checkout's .sty files (beside content/) apply to
		// every item.
		var defs corpusimport.TeXDefinitions
		if defs, err = corpusimport.ReadTeXDefinitions(os.DirFS(dir)); err != nil {
			return fmt.Errorf("import %s: %w", kind, err)
		}
		if st, err := os.Stat(filepath.Join(dir, "content")); err == nil && st.IsDir() {
			dir = filepath.Join(dir, "content")
		}
		items, issues, err = corpusimport.ParseOpenLogicWith(os.DirFS(dir), defs)
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
	if len(items) == 0 && kind == "metamath" {
		return fmt.Errorf("import metamath: %s holds no $p statement: there is no proved theorem to import", args[0])
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

// readMetamath reads a database of the formal library: the kernel gate
// checks each node against the library's file of that name, so FILE must
// be that file.
func readMetamath(file string) ([]corpusimport.Item, int, error) {
	lib := os.Getenv(corpus.FormalLibraryEnv)
	if lib == "" {
		d, err := shareddata.Dir()
		if err != nil {
			return nil, 0, err
		}
		lib = filepath.Join(d, "metamath")
	}
	libAbs, err := filepath.EvalSymlinks(lib)
	if err != nil {
		return nil, 0, fmt.Errorf("import metamath: formal library %s: %w", lib, err)
	}
	fileAbs, err := filepath.EvalSymlinks(file)
	if err != nil {
		return nil, 0, fmt.Errorf("import metamath: %w", err)
	}
	if filepath.Dir(fileAbs) != libAbs {
		return nil, 0, fmt.Errorf("import metamath: %s is not in the formal library %s (set %s to its directory)", file, libAbs, corpus.FormalLibraryEnv)
	}
	src, err := os.ReadFile(fileAbs)
	if err != nil {
		return nil, 0, fmt.Errorf("import metamath: %w", err)
	}
	db, err := kernel.Parse(src)
	if err != nil {
		return nil, 0, fmt.Errorf("import metamath: %s: %w", file, err)
	}
	items, cites := corpusimport.ReadMetamath(db, filepath.Base(fileAbs))
	return items, cites, nil
}
