package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"

	"github.com/theoremdb/theoremdb/imports"
	"github.com/theoremdb/theoremdb/records"
	"github.com/theoremdb/theoremdb/workers"
)

// envReferenceTexts names the directory of the open reference texts (the HoTT book, OpenLogic,
// the Stacks project) whose records and locators the record plane knows.
const envReferenceTexts = "THEOREMDB_REFERENCE_TEXTS"

// resolveConcurrency is how many references `records resolve` confirms at once; each
// resolver host keeps its own rate limit.
const resolveConcurrency = 8

// recordPlane is the record plane configured from the environment: the resolvers' addresses
// and, when THEOREMDB_REFERENCE_TEXTS names their directory, the reference texts.
func recordPlane() (*records.Plane, error) {
	cfg, err := records.ConfigFromEnv(os.Getenv)
	if err != nil {
		return nil, err
	}
	cfg = workers.RecordsConfig(cfg)
	var texts *records.Texts
	if dir := os.Getenv(envReferenceTexts); dir != "" {
		if texts, err = records.LoadTexts(dir); err != nil {
			return nil, fmt.Errorf("%s: %w", envReferenceTexts, err)
		}
	}
	return records.NewPlane(cfg, nil, texts), nil
}

// runRecords runs `theoremdb records import FILE` (load a local catalogue, JSON Lines of
// identifier, title, authors, year, licence, which then answers for its sources first) and
// `theoremdb records resolve [--pending]` (confirm every reference now, or only those still
// pending, and say what came of it).
func runRecords(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	const use = "usage: theoremdb records import FILE | theoremdb records resolve [--pending]"
	if len(args) == 0 {
		return errors.New(use)
	}
	switch args[0] {
	case "import":
		if len(args) != 2 {
			return errors.New("usage: theoremdb records import FILE (JSON Lines: identifier, title, authors, year, licence)")
		}
		f, err := os.Open(args[1])
		if err != nil {
			return err
		}
		defer f.Close()
		recs, err := records.ReadCatalogue(f)
		if err != nil {
			return fmt.Errorf("records import %s: %w", args[1], err)
		}
		a, err := open(ctx, stderr, false)
		if err != nil {
			return err
		}
		defer a.close()
		actor, err := imports.ImporterAccount(ctx, a.policy)
		if err != nil {
			return err
		}
		n, err := a.policy.ImportRecords(ctx, actor, recs)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Loaded %d %s into the record plane; sources with these identifiers now resolve from them first.\n",
			n, plural(n, "record", "records"))
		return nil
	case "resolve":
		fs := flag.NewFlagSet("records resolve", flag.ContinueOnError)
		fs.SetOutput(stderr)
		pendingOnly := fs.Bool("pending", false, "confirm only the references still pending")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		plane, err := recordPlane()
		if err != nil {
			return err
		}
		a, err := open(ctx, stderr, false)
		if err != nil {
			return err
		}
		defer a.close()
		counts := map[string]int{}
		sources := map[string]string{} // each source's identifier, to what answered for it
		locators := map[string]int{}
		after, done := "", 0
		for {
			ids, err := a.policy.PendingReferences(ctx, *pendingOnly, after, 200)
			if err != nil {
				return err
			}
			if len(ids) == 0 {
				break
			}
			got := make([]workers.Confirmed, len(ids))
			errs := make([]error, len(ids))
			var wg sync.WaitGroup
			sem := make(chan struct{}, resolveConcurrency)
			for i, id := range ids {
				wg.Add(1)
				sem <- struct{}{}
				go func() {
					defer func() { <-sem; wg.Done() }()
					c, err := workers.ConfirmReference(ctx, a.policy, plane, id)
					if err != nil {
						errs[i] = fmt.Errorf("reference %s: %w", id, err)
						return
					}
					got[i] = c
				}()
			}
			wg.Wait()
			if err := errors.Join(errs...); err != nil {
				return err
			}
			for _, c := range got {
				counts[string(c.Outcome.Confirmation)]++
				sources[c.Source] = c.Resolver
				if c.Locator != "" {
					locators[c.Locator]++
				}
			}
			done += len(ids)
			after = ids[len(ids)-1]
			fmt.Fprintf(stderr, "records resolve: %d references\n", done)
		}
		fmt.Fprintf(stdout, "Confirmed %d %s:%s\n", done, plural(done, "reference", "references"), tally(counts))
		byResolver := map[string]int{}
		for _, r := range sources {
			byResolver[r]++
		}
		fmt.Fprintf(stdout, "Sources: %d, by what answered for them:%s\n", len(sources), tally(byResolver))
		if len(locators) > 0 {
			fmt.Fprintf(stdout, "Locators checked in the reference texts:%s\n", tally(locators))
		}
		return nil
	}
	return errors.New(use)
}

// tally is " key n" for each key of counts, in order (" none" when empty).
func tally(counts map[string]int) string {
	if len(counts) == 0 {
		return " none"
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, " %s %d", k, counts[k])
	}
	return b.String()
}
