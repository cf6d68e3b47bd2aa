//go:build calibrate

// Command calibrate measures the publication gates (make calibrate-gates): for every check that
// may FAIL, the recall of planted defects — one defect of the check's kind planted at a time into
// complete real packets (the demo packets and the formal-conjectures and Erdős imports of
// ../shared/data) on which the check passed — and, for every check, the false-fail and
// NEEDS_HUMAN rates on the clean packets. An unmeasured check is "not contradicted", never
// "verified": the table says which checks have no planter.
//
// The importers cannot know a record's open-status summary or hero handoff, so imported packets
// count as clean for every gate but OPEN_STATUS and HERO; the demo packets are complete and count
// for all. Duplicates are measured against the other packets of the same set, leaving out the
// packet's own family (the variants of one Erdős problem, the theorems of one Lean file), which
// are true duplicates of it.
//
// It then measures the fresh set (gates/testdata/fresh, see fresh.go): packets written for
// calibration apart from the demo and the imports, clean ones of every acceptance and provenance
// kind and defect ones of the classes the gates must catch, in a tune and a held-out split, with
// the false-FAIL rate and the recall per gate.
//
// The planters are built only with the calibrate tag, and so is this command:
// go run -tags calibrate ./cmd/calibrate-gates (make calibrate-gates).
package main

import (
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/internal/pinned"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/seed"
	"github.com/theoremdb/theoremdb/shareddata"
	"github.com/theoremdb/theoremdb/similar"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "calibrate:", err)
		os.Exit(1)
	}
}

// now is the time every gate runs at: after the demo searches and the fresh set's reference
// searches (the newest split was written on 6 December 2026), and within a year of the pinned
// formal-conjectures snapshot.
var now = time.Date(2026, time.December, 6, 12, 0, 0, 0, time.UTC)

// packet is one real packet with the set it comes from and its duplicate family.
type packet struct {
	rev      *gates.Revision
	set      string // "demo" or "imported"
	family   string
	complete func(gates.Name) bool // whether the packet is complete for the gate
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("calibrate", flag.ContinueOnError)
	data := fs.String("data", "", "the shared data directory (default ../shared/data beside the module root)")
	write := fs.String("write", "", "also write the measurements as JSON to `FILE` (gates/calibration.json)")
	markdown := fs.String("markdown", "", "also write the table with its method to `FILE` (gates/CALIBRATION.md)")
	variants := fs.Int("variants", 3, "defects planted per packet and check")
	noCorpus := fs.Bool("no-corpus", false, "leave the copy check out (it is UNKNOWN without an index)")
	freshDir := fs.String("fresh", "gates/testdata/fresh", "the fresh set: clean and defect packets written for calibration, in `DIR`/tune and DIR/heldout")
	onlyFresh := fs.Bool("only-fresh", false, "measure the fresh set only, not the demo and imported packets")
	seedN := fs.Uint64("seed", 1, "random seed")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *data == "" {
		dir, err := shareddata.Dir()
		if err != nil {
			return err
		}
		*data = dir
	}
	t0 := time.Now()
	demo, err := demoPackets()
	if err != nil {
		return err
	}
	imported, solved, err := importedPackets(*data)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d demo packets, %d imported packets, %d solved records; loaded in %s\n",
		len(demo), len(imported), len(solved), time.Since(t0).Round(time.Millisecond))

	var copies *corpus
	if !*noCorpus {
		t1 := time.Now()
		if copies, err = loadCorpus(filepath.Join(*data, "corpus")); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "copy-check index of %d documents (%d passages to plant) built in %s\n",
			copies.docs, len(copies.passages), time.Since(t1).Round(time.Millisecond))
	}
	solvedIdx := similar.NewIndex()
	for _, s := range solved {
		solvedIdx.Add(s.rev.ProblemID, s.rev.Title, s.rev.Statement, "research solved", s.family)
	}
	m := &measure{variants: *variants, seed: *seedN, rows: map[string]*gates.Calibration{}, corpus: copies}
	if !*onlyFresh {
		for _, set := range [][]*packet{demo, imported} {
			idx := similar.NewIndex()
			for _, p := range set {
				idx.Add(p.rev.ProblemID, p.rev.Title, p.rev.Statement, "PROSPECTING", p.family)
			}
			m.run(set, idx, solvedIdx)
		}
	}
	rows := m.table()
	writeTable(stdout, rows)
	fmt.Fprintf(stdout, "\n%d gate runs in %s\n", m.runs, time.Since(t0).Round(time.Millisecond))
	splits, err := loadFresh(*freshDir)
	if err != nil {
		return err
	}
	var fresh []freshResult
	for _, sp := range splits {
		idx := similar.NewIndex() // the other fresh packets and the demo problems, as on a site
		for _, p := range demo {
			idx.Add(p.rev.ProblemID, p.rev.Title, p.rev.Statement, "PROSPECTING", p.family)
		}
		for _, key := range sp.order {
			c := sp.clean[key]
			idx.Add("fresh:"+key, c.Title, c.Statement, "PROSPECTING", "fresh:"+key)
		}
		fresh = append(fresh, measureFresh(sp, idx, solvedIdx, copies))
	}
	fmt.Fprintln(stdout, "\nFresh set:")
	writeFresh(stdout, fresh)
	if *markdown != "" {
		var b strings.Builder
		b.WriteString(calibrationHeader)
		fmt.Fprintf(&b, "\nMeasured on %d demo packets and %d imported packets (%d solved records in the known-answer catalogue), %d defects planted per packet and check, seed %d.\n",
			len(demo), len(imported), len(solved), *variants, *seedN)
		writeTable(&b, rows)
		b.WriteString(freshHeader)
		writeFresh(&b, fresh)
		if err := os.WriteFile(*markdown, []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	if *write != "" {
		file := gates.CalibrationFile{Checks: rows}
		for _, f := range fresh {
			file.Fresh = append(file.Fresh, f.rows...)
		}
		b, err := json.MarshalIndent(file, "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(*write, append(b, '\n'), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func demoPackets() ([]*packet, error) {
	var out []*packet
	for _, d := range seed.Packets() {
		r, err := policy.GateRevisionOf(d.Input, now, false)
		if err != nil {
			return nil, fmt.Errorf("demo packet %s: %w", d.Key, err)
		}
		r.ProblemID = "demo:" + d.Key
		family, _, _ := strings.Cut(d.Key, "/")
		out = append(out, &packet{rev: r, set: "demo", family: "demo:" + family, complete: func(gates.Name) bool { return true }})
	}
	return out, nil
}

var erdosFile = regexp.MustCompile(`ErdosProblems/(\d+)\.lean$`)

// familyOf is the duplicate family of a Lean file: an Erdős problem, or the file itself.
func familyOf(path string) string {
	if m := erdosFile.FindStringSubmatch(path); m != nil {
		return "erdos-" + m[1]
	}
	return path
}

func importedPackets(data string) (open, solved []*packet, err error) {
	plan, err := pinned.Plan(data)
	if err != nil {
		return nil, nil, err
	}
	complete := func(g gates.Name) bool { return g != gates.OpenStatus && g != gates.Hero }
	for _, rec := range plan.Records {
		if rec.Status != nil {
			continue // the calibration set is the open records; solved ones are imported archived
		}
		r, err := policy.GateRevisionOf(rec.Input, now, false)
		if err != nil {
			return nil, nil, fmt.Errorf("imported packet %s: %w", rec.Key, err)
		}
		r.ProblemID, r.ImportKey = rec.Key, rec.Key
		open = append(open, &packet{rev: r, set: "imported", family: familyOf(rec.Loc.File), complete: complete})
	}
	for _, sr := range plan.Solved {
		family := sr.Key
		if n, ok := strings.CutPrefix(sr.Key, "erdos:"); ok {
			family = "erdos-" + n
		} else if m := erdosFile.FindStringSubmatch(strings.SplitN(sr.Key, "#", 2)[0]); m != nil {
			family = "erdos-" + m[1]
		} else if path, _, ok := strings.Cut(strings.TrimPrefix(sr.Key, "formal-conjectures:"), "#"); ok {
			family = path
		}
		solved = append(solved, &packet{rev: &gates.Revision{ProblemID: sr.Key, Title: sr.Title, Statement: sr.Statement},
			family: family})
	}
	return open, solved, nil
}

// family drops the candidates of a packet's own duplicate family.
type family struct {
	idx    *similar.Index
	family string
}

func (f family) Similar(ctx context.Context, title, statement, exclude string, limit int) ([]gates.Candidate, error) {
	cands, err := f.idx.Similar(ctx, title, statement, exclude, limit+20)
	if err != nil {
		return nil, err
	}
	out := cands[:0]
	for _, c := range cands {
		if c.Locator != f.family { // the index holds each packet's family as its locator
			out = append(out, c)
		}
	}
	return out[:min(len(out), limit)], nil
}

// measure accumulates the counts of one calibration.
type measure struct {
	corpus   *corpus // nil: no copy check
	variants int
	seed     uint64
	mu       sync.Mutex
	rows     map[string]*gates.Calibration
	human    map[string]int
	runs     int
}

func (m *measure) row(id string) *gates.Calibration {
	r := m.rows[id]
	if r == nil {
		r = &gates.Calibration{Check: id}
		m.rows[id] = r
	}
	return r
}

// verdicts maps each check of a result to its worst verdict.
func verdicts(res gates.Result) map[string]gates.Verdict {
	rank := map[gates.Verdict]int{gates.Pass: 0, gates.NeedsHuman: 1, gates.Unknown: 2, gates.Fail: 3}
	out := map[string]gates.Verdict{}
	for _, f := range res.Findings {
		if v, ok := out[f.Check]; !ok || rank[f.Verdict] > rank[v] {
			out[f.Check] = f.Verdict
		}
	}
	return out
}

func (m *measure) run(set []*packet, idx, solved *similar.Index) {
	work := make(chan *packet)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range work {
				m.packet(p, idx, solved)
			}
		}()
	}
	for _, p := range set {
		work <- p
	}
	close(work)
	wg.Wait()
}

func (m *measure) packet(p *packet, idx, solved *similar.Index) {
	ctx := context.Background()
	env := gates.Env{Now: func() time.Time { return now }, Problems: family{idx: idx, family: p.family},
		Solved: family{idx: solved, family: p.family}, Claims: gates.StaticClaims{}}
	if m.corpus != nil {
		env.Copies = m.corpus.checker
	}
	type counts struct {
		planted, detected, clean, falseFail, human int
	}
	local := map[string]*counts{}
	c := func(id string) *counts {
		if local[id] == nil {
			local[id] = &counts{}
		}
		return local[id]
	}
	runs := 0
	for _, g := range gates.All() {
		base := verdicts(gates.RunGate(ctx, g, p.rev, env, 0))
		runs++
		if p.complete(g.Name) {
			for _, ch := range g.Checks {
				k := c(ch.ID)
				k.clean++
				switch base[ch.ID] {
				case gates.Fail:
					k.falseFail++
				case gates.NeedsHuman:
					k.human++
				}
			}
		}
		for _, ch := range g.Checks {
			if !ch.Certifies || base[ch.ID] != gates.Pass {
				continue // recall is measured where the check passed before the defect
			}
			for v := range m.variants {
				rng := rand.New(rand.NewPCG(m.seed, hash(p.rev.ProblemID+"|"+ch.ID)+uint64(v)))
				planted, penv, ok := m.plantOne(ch.ID, p.rev, rng, env)
				if !ok {
					continue
				}
				got := verdicts(gates.RunGate(ctx, g, planted, penv, 0))
				runs++
				k := c(ch.ID)
				k.planted++
				if got[ch.ID] == gates.Fail || got[ch.ID] == gates.NeedsHuman {
					k.detected++
				}
			}
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.runs += runs
	if m.human == nil {
		m.human = map[string]int{}
	}
	for id, k := range local {
		r := m.row(id)
		r.Planted += k.planted
		r.Recall += float64(k.detected) // a count until table() divides
		r.Clean += k.clean
		r.FalseFail += float64(k.falseFail)
		m.human[id] += k.human
	}
}

// plantOne plants one defect of check id into a copy of r, through the check's planter or, for
// the checks that read the environment, into a copy of the environment.
func (m *measure) plantOne(id string, r *gates.Revision, rng *rand.Rand, env gates.Env) (*gates.Revision, gates.Env, bool) {
	c := r.Clone()
	switch id {
	case "provenance.copy":
		if m.corpus == nil {
			return nil, env, false
		}
		m.corpus.plant(c, rng)
		return c, env, true
	case "duplicate.near-duplicate":
		x := similar.NewIndex()
		if !gates.DuplicateCalibration(r, rng, x) {
			return nil, env, false
		}
		env.Problems = merged{x, env.Problems}
		return c, env, true
	case "duplicate.known-answer":
		x := similar.NewIndex()
		if !gates.KnownAnswerCalibration(r, rng, x) {
			return nil, env, false
		}
		env.Solved = merged{x, env.Solved}
		return c, env, true
	case "duplicate.answer-claim":
		env.Claims = gates.AnswerClaimCalibration(r, rng)
		return c, env, true
	}
	p, ok := gates.PlanterOf(id)
	if !ok || !p(c, rng) {
		return nil, env, false
	}
	return c, env, true
}

// merged searches a planted index before the real one.
type merged struct {
	planted *similar.Index
	rest    gates.Similar
}

func (m merged) Similar(ctx context.Context, title, statement, exclude string, limit int) ([]gates.Candidate, error) {
	a, err := m.planted.Similar(ctx, title, statement, exclude, limit)
	if err != nil {
		return nil, err
	}
	b, err := m.rest.Similar(ctx, title, statement, exclude, limit)
	if err != nil {
		return nil, err
	}
	out := append(a, b...)
	slices.SortStableFunc(out, func(x, y gates.Candidate) int { return cmp.Compare(y.Similarity, x.Similarity) })
	return out[:min(len(out), limit)], nil
}

func hash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return h
}

// table turns the counts into rates, every check of every gate in the policy's order.
func (m *measure) table() []gates.Calibration {
	var out []gates.Calibration
	for _, g := range gates.All() {
		for _, ch := range g.Checks {
			r := m.row(ch.ID)
			row := gates.Calibration{Check: ch.ID, Planted: r.Planted, Clean: r.Clean}
			if r.Planted > 0 {
				row.Recall = r.Recall / float64(r.Planted)
			}
			if r.Clean > 0 {
				row.FalseFail = r.FalseFail / float64(r.Clean)
				row.NeedsHuman = float64(m.human[ch.ID]) / float64(r.Clean)
			}
			out = append(out, row)
		}
	}
	return out
}

func writeTable(w io.Writer, rows []gates.Calibration) {
	certifies := map[string]bool{}
	for _, g := range gates.All() {
		for _, ch := range g.Checks {
			certifies[ch.ID] = ch.Certifies
		}
	}
	fmt.Fprintln(w, "\n| check | may fail | planted | recall | goal ≥ 95% | clean packets | false fail | goal ≤ 2% | NEEDS_HUMAN |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	for _, r := range rows {
		recall, goal := "—", "—"
		if certifies[r.Check] {
			if r.Planted > 0 {
				recall = fmt.Sprintf("%.1f%%", 100*r.Recall)
				goal = mark(r.Recall >= 0.95)
			} else {
				recall, goal = "not measured", "✗"
			}
		}
		ff := fmt.Sprintf("%.1f%%", 100*r.FalseFail)
		fmt.Fprintf(w, "| `%s` | %s | %d | %s | %s | %d | %s | %s | %.1f%% |\n", r.Check, yes(certifies[r.Check]), r.Planted,
			recall, goal, r.Clean, ff, mark(r.FalseFail <= 0.02), 100*r.NeedsHuman)
	}
}

func mark(ok bool) string {
	if ok {
		return "✓"
	}
	return "✗"
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// corpus is the copy check over the shared reference corpus, and passages of its sources whose
// licence forbids reuse (the Stacks project, GFDL), to paste into packets.
type corpus struct {
	checker  *copycheck.Checker
	docs     int
	passages []string
}

func loadCorpus(root string) (*corpus, error) {
	checker, docs, err := shareddata.Checker(root)
	if err != nil {
		return nil, err
	}
	c := &corpus{checker: checker, docs: len(docs)}
	for _, d := range docs {
		if d.Meta.Licence != copycheck.LicenceGFDL {
			continue
		}
		for _, para := range strings.Split(string(d.Text), "\n\n") {
			if n := len(strings.Fields(para)); n >= 25 && n <= 80 && !strings.Contains(para, "\\begin") &&
				!strings.Contains(para, "\\label") && !strings.Contains(para, "%") {
				c.passages = append(c.passages, strings.TrimSpace(para))
			}
		}
	}
	return c, nil
}

// plant pastes a passage of a GFDL source, with every twentieth word changed or not, into the
// statement or an exposition body: a copy the proposer must rewrite.
func (c *corpus) plant(r *gates.Revision, rng *rand.Rand) {
	words := strings.Fields(c.passages[rng.IntN(len(c.passages))])
	if rng.IntN(2) == 0 {
		for i := 10 + rng.IntN(10); i < len(words); i += 20 {
			words[i] = "namely"
		}
	}
	text := strings.Join(words, " ")
	if len(r.Exposition) > 0 && rng.IntN(2) == 0 {
		i := rng.IntN(len(r.Exposition))
		r.Exposition[i].Body += "\n\n" + text
		return
	}
	r.Statement += "\n\n" + text
}

const calibrationHeader = `# Calibration of the publication gates

Written by ` + "`make calibrate-gates`" + ` (cmd/calibrate-gates); do not edit by hand.

- **Recall** is measured where a check can FAIL: one defect of the check's kind is planted at a time
  (each check's planter in gates/, or for the duplicate checks a near copy of the statement added to
  the problems or to the solved catalogue, or an attached answer) into a real packet on which the
  check passed, and the check counts as catching it when it reports FAIL or NEEDS_HUMAN. Planters
  have several variants, picked at random per packet; they change the packet the way real
  submissions go wrong, not the way the check looks.
- **False fail** is the share of clean packets on which the check FAILs. The demo packets are complete
  and count for every gate; the imports count for every gate but OPEN_STATUS and HERO, whose
  fields an importer cannot fill. Duplicates are searched among the other packets of the same set,
  leaving out the packet's own family (the variants of one Erdős problem, the theorems of one Lean
  file), which are true duplicates of it.
- **NEEDS_HUMAN** is the share of clean packets on which the check asks a reviewer.
- The copy check runs over an index of the shared corpus (Stacks project, HoTT book, Open Logic),
  and its planted copies are passages of the GFDL-licensed Stacks project, with or without a word
  changed every twenty.
`

const freshHeader = `
## The fresh set

Packets written for calibration in the shape of real submissions, apart from the demo and the
imports the checks were written against (gates/testdata/fresh): clean, complete packets of every
acceptance kind (proof, search with a computation block, numerical, classification), every
provenance kind (imported, reformulated, original) and several styles of writing, and defect
packets, each a clean packet with one planted defect of a class the gates must catch (a title that
asks another question, a recurrence without initial values, an example against a stated bound, an
incumbent that already meets the target, an unbounded search space, a theorem claimed without a
locator, a relevance note about another problem, a caption that states a bound, a variable
without a domain, TeX that cannot be read, …). The **tune** split was read while the checks were
revised; the **heldout** split was written afterwards and measured without changing a check for it.

- A clean packet goes through intake as a submission does; a refusal is listed as a refused clean
  packet. Its **false-FAIL rate** per gate is the share of clean packets with a FAIL in that gate.
- A defect is **caught** when intake refuses it, or when the check it is planted for reports FAIL
  or NEEDS_HUMAN in a finding the clean packet does not have (same check, verdict, field and quoted
  span): a finding specific to the defect, not one every packet gets. *Of which FAIL* counts those
  caught by a FAIL.
- Duplicates are searched among the demo problems and the other packets of the same split; the
  known-answer catalogue is the shared solved records.
- The set is small (nine clean packets and about twenty defects a split), so one packet moves a
  rate by several points; it measures classes of defects, not a rate to two decimals. The held-out
  split's first measurement caught 17 of its 18 defects: a search space "of any length" over the
  positive integers was missed. The search-space check was then generalised (any size, length or
  order left free; the positive integers, the reals), so the held-out figures below are no longer
  independent of the checks.
- The **heldout-2** split was written later, by someone who did not read the checks while writing
  it: nine clean packets (the union-closed sets conjecture, R(5,5) and a colouring of K43, the
  densest tetrahedron packing, triangle-free strongly regular graphs, Fermat primes, the connective
  constant of self-avoiding walks, vertex-transitive graphs without a Hamiltonian cycle, the
  Collatz conjecture, a 29-mark Golomb ruler) and eighteen defects. Its first measurement
  (2026-12-06, no check changed for it) found no clean packet that FAILs or is refused, and caught
  12 of the 18 defects; the six missed were an example whose count contradicts a bound in the
  same sentence, an incumbent that meets the target (the statement writes the letter in TeX, the
  open status in Unicode), a relevance note about another problem sharing one word with this one,
  a title naming another object and a title asking another question (both after an article), and
  a word used as a quantity of the object that nothing defines. The checks were then generalised
  for these classes, with fixtures of their own in several phrasings (gates/
  check_fixtures_classes_test.go), so **heldout-2 is tuned-on from then**: its figures below are
  no longer independent of the checks, and a new blind split is needed to measure them again.
- The **heldout-3** split is that new blind split, written on 2026-12-06 by someone who did not
  read the checks: fourteen clean packets (Lehmer's totient problem, graceful trees, the Černý
  conjecture, Kaplansky's zero-divisor conjecture, ten mutually orthogonal Latin squares, Conway's
  99-graph, conference matrices of order 66, APN permutations in dimension 8, Bloch's constant,
  the growth rate of 1324-avoiders, the tenth Dedekind number, the groups of order 2048, complex
  Hadamard matrices of order 6, circulant Hadamard matrices) and twenty-six defects, sixteen of the
  classes the issue names, phrased anew, and ten of classes no check was written for (a quantifier
  order swapped between prose and formula, a known value that contradicts its source, a title
  that adds a condition, a self-contradictory hypothesis, a convention its own example breaks,
  relative against absolute precision, a citation's year or identifier that is another work's, a
  symbol defined only outside the statement, small cases that contradict an example). Measured
  first on the checks as they stood that morning, before the heldout-2 generalisations were
  merged: 1 of the 14 clean packets FAILed (statement.variable-domain on a family written with its
  index after a comma, "|f(u) - f(v)|, uv ∈ E(T)") and 11 of the 26 defects were caught. The
  variable-domain check was then generalised for that one false FAIL (a family and its index),
  so the clean half of heldout-3 is tuned-on for that class; its defects were read for nothing.
  After the heldout-2 generalisations (written without seeing this split) the split still catches
  11 of 26: they carried over to none of its defects. Its fifteen misses were then **read and
  generalised for on 2026-12-06**, so **heldout-3 is tuned-on from then**, like heldout-2: each
  class got a general rule written against its own fixtures on other problems and phrasings
  (gates/check_fixtures_crossfield_test.go), never against the split's wording — a citation year
  that no date in its arXiv identifier or DOI allows; one quantity given two values in two fields
  (a list of terms, the open status, a convention, a small case); a quantity bounded from above
  below a bound stated from below, a constant defined by an extremum and a bound read through
  its approximate value included; a precision on the relative scale under a target on the
  absolute one, or the other way; a title that restricts its object by a qualifier and a number,
  or asks for a bound the target never writes; a symbol only the criterion, the open status or
  the computation block defines; a name given only an excluded value ("$a \neq 0$"); a formula
  whose quantifiers come in another order than its sentence's prose; a classification whose
  statement or acceptance names no equivalence; a relevance note that keeps naming a subject the
  problem never names. Each goes to a person (NEEDS_HUMAN) with its spans. Two classes need a
  reading of the mathematics and stay missed (heldout-3/known-misses): a hypothesis no object
  satisfies, and small cases that contradict what an example shows without stating a value. Only
  a new blind split (heldout-4, written separately) measures the checks independently again.
- The **heldout-4** split is that blind split, written on 2026-12-06 by someone who did not read
  the checks, their calibration or any list of misses: fifteen clean packets (Landau's $n^2 + 1$
  problem, Hadwiger's conjecture for $K_7$, Artin's conjecture for base 2, the reconstruction
  conjecture, $R(3,10)$ at 40 vertices, a $[72,36,16]$ code, a cubic graph of girth 13 on at most
  270 vertices, a $(4,6)$ Ramsey graph on 36 vertices, the crossing number of $K_{13}$, the number
  of Latin squares of order 12, the kissing number $\tau_5$, the Turán density of the tetrahedron,
  Steiner triple systems of order 21, one-factorisations of $K_{16}$, Furstenberg's $\times 2
  \times 3$ measures) and thirty defects: fifteen of the classes the issue names, phrased anew;
  seven of heldout-3's own classes, phrased anew; eight classes no split had (an angle in the
  wrong unit, a vertex range off by one, a locator outside the cited page range, a problem asking
  what its source proves, a certificate that checks another weight, a reference search dated
  before a work it cites, alt text of another picture, an example that misapplies a definition).
  Measured as written: on the checks of that morning 11 of 30 defects caught; once heldout-3's
  classes were generalised for (without seeing this split) 14 of 30 — three of its seven
  rephrased heldout-3 classes carried over (a citation year against its arXiv month, relative
  against absolute precision, a small case against an example), four did not (a quantifier order,
  a count contradicting its source, a title adding a condition, a hypothesis nothing satisfies).
  No clean packet FAILs on either. Those sixteen misses were its blind figure. They were then
  **read and generalised for on 2026-12-06**, so **heldout-4 is tuned-on from then** for their
  classes: each got a rule written against fixtures of its own, in several phrasings on other
  problems with neighbours that must not fire (gates/check_fixtures_readings_test.go), never
  against the split's wording. Arithmetic that is certain FAILs: a count of the whole of a
  written-out range ("its 16 vertices" of $\{1, \dots, 17\}$, "the 780 vertex pairs" of 41
  vertices), a claim a definition decides ("2 is a primitive root modulo 7", "91 is prime"), a
  locator page outside the citation's page range that cannot count from the article's start.
  The rest goes to a person with its spans: a range one off the size the statement asks for; an
  angle beyond a turn; two long figures a swap or a digit apart; a quantity one place bounds
  above what an example claims (Unicode and TeX subscripts and font commands now name one
  quantity); "arbitrarily large" or "infinitely many" prose over a formula that puts ∃ before ∀;
  a hypothesis asserting a clique and denying one it contains; a title adjective restricting an
  object the packet never restricts, or a title quantity ("the density of") over a yes-or-no
  statement; a certification checking a parameter at a number the target never gives it; a
  question whether a quantity takes a value the record already excludes; a numbered result
  quoted in a relevance note over an empty locator; a cited work dated after the search; alt text
  sharing no word with the brief. Two stay missed (heldout-4/known-misses): a relevance note
  about another problem that shares the problem's object words, which needs a reading of the
  mathematics, and alt text of another picture, which hero.alt now asks about but the split
  plants for hero.caption.
- The **heldout-5** split is the next blind split, written on 2026-12-06 under the same rules:
  fifteen clean packets (Sendov's conjecture, Whitehead's asphericity conjecture, the Burnside
  group $B(2,5)$, percolation at $p_c$ on $\mathbb{Z}^3$, 114 as a sum of three cubes, no three in
  line on the $47 \times 47$ grid, a knot with trivial Jones polynomial, a new Wilson prime, the
  area of the Mandelbrot set, the Beardwood–Halton–Hammersley constant, semigroups of order 11,
  the trefoil's ropelength, prime knots of 20 crossings, imaginary quadratic fields of class
  number 101, order types of 12 points) and thirty defects: twelve of the issue's classes phrased
  anew, eight of the earlier splits' own classes phrased anew, and ten classes no split had (a
  sum over an empty range, a DOI prefix of another publisher, a strongest known bound weaker than
  a cited one, a definition contradicting its use, a quantity in another unit in the acceptance,
  a question attributed to a later author, an open status that says settled, a target a
  congruence excludes, an equivalence by a coarse invariant, counts under another equivalence).
  Measured as written, on the checks of that morning: 12 of 30 defects caught, and 2 of the 15
  clean packets FAILed hero.caption on "lower bound" and "certified", words that may describe the
  setup ("their areas give the simplest lower bound"). That class was made NEEDS_HUMAN unless a
  number the picture does not show stands beside the word (status words such as "proved" or
  "is unknown" still FAIL), so heldout-5's clean half is tuned-on for it. Once heldout-4's classes
  were generalised for (without seeing this split) it catches 13 of 30: of the fourteen rules
  written for heldout-4's misses, one carried over (a locator beyond the cited pages). Its
  seventeen misses are its known-misses, unread: the blind recall of the checks stays between 40%
  and 47% on the last three blind splits, and most of what they miss asks for a reading of the
  mathematics (a definition that contradicts its use, a hypothesis nothing satisfies, an
  equivalence coarser than the one defined, counts under another equivalence).
  Its misses of the structural classes were then read and generalised for on 2026-12-06, each
  with a rule and fixtures of its own on other problems (gates/check_fixtures_structural_test.go):
  a total that is not the sum of its list, a sum over an empty range, a search space of numbers
  with no bound or one that ends when the search succeeds, a report accepted as a certificate,
  a small case bounding a count below what an example of the same case shows, a letter whose
  only domain came from a definition the statement no longer uses, a hypothesis that denies the
  equation defining its own term ("aspherical … with $\pi_2(L) \ne 0$"). Seven of its defects
  are caught since, so **heldout-5 is tuned-on for these classes**.
- The **heldout-6** split is a seventh blind split, written on 2026-12-06 under the same rules and
  measured once on the checks of that afternoon, with every generalisation above already in:
  fifteen clean packets (Stein's restriction conjecture in $\mathbb{R}^3$, residual finiteness of
  hyperbolic groups, De Giorgi's conjecture in dimensions 4 to 8, Vaught's conjecture, the football
  pool problem for six matches, the Andrews–Curtis presentation AK(3), an ideal Prouhet–Tarry–Escott
  solution of size 11, a $3 \times 3$ magic square of squares, the Grothendieck constant, the
  Chvátal–Sankoff constant, the de Bruijn–Newman constant, the Lieb–Thirring ratio in three
  dimensions, reflexive polytopes in dimension five, Euler's idoneal numbers, perfect forms in ten
  variables) and thirty defects, thirteen of the issue's classes phrased afresh, seven of the
  earlier splits' own, ten new (an endpoint included that an example refutes, a circular
  definition, strict inequalities that drop the cases asked about, a citation with another paper's
  authors, an arithmetic slip in a remark, a parameter range that makes the problem trivial, a
  supremum for an infimum, two papers under one arXiv identifier, an "equivalence" that is not
  symmetric, an unresolved target that asks a question answered long ago). It catches 12 of 30,
  with none of its clean packets FAILing: the blind recall of the checks is 40% to 47% on the
  last three blind splits, with no false FAIL on 45 clean packets. Its misses of the structural
  classes were then read and generalised for on 2026-12-06 in the same way: arithmetic a remark
  writes out (a power, a product; certain, so it FAILs), an "at most N" target that a known upper
  bound already meets, an unresolved target about another size than the statement's, a generic
  "starting from" no longer read as a recurrence's initial values, a quantity whose name carries
  a subscript given two values, the elements of a listed set that no word types, an extremum
  over a letter the formula binds by ∃. Seven of its defects are caught since, so **heldout-6
  is tuned-on for these classes**; a hypothesis no function satisfies (monotone and periodic in
  one variable), a supremum that makes the constant infinite and a restriction that makes it 1
  need a reading of the mathematics and stay missed.
- The text classes heldout-5 and heldout-6 missed (a title that asks another question or adds a
  condition, a reference quoting a theorem without a locator, citation details that contradict
  other data, a relevance note about another problem, a caption that states a bound) were then
  **read and generalised for on 2026-12-06**, so both splits are **tuned-on for those classes**
  from then: heldout-5 catches 19 of 30 and heldout-6 18 of 30 on them alone. Each class got a
  general rule with fixtures of its own, in several phrasings on other problems with neighbours
  that must not fire (gates/check_fixtures_text_test.go). Arithmetic that is certain FAILs: a
  citation that dates its preprint to a year that had ended before its arXiv identifier was
  posted (the year before a January posting goes to a person). The rest goes to a person with
  its spans: a title that asks for a value ("How many …", "the least … for which", "the exact
  value of") over a statement that asks whether; a statement whose strict inequality drops an
  endpoint the title's range includes ("four to eight" over $4 < n < 8$); a participle that
  narrows the statement's object ("the alternating prime knots"); more opposite pairs
  (bounded/unbounded, countable/uncountable, …); a DOI whose prefix or journal code names another
  publisher or journal than the citation; a citation quoting a second identifier of the row's
  kind; a work whose authors the prose gives otherwise ("Harrington, Makkai and Shelah, 1984"
  against a row by Morley and Shelah), or a question given to an author whose works in the
  bibliography all come a generation later; a source locator that dates a row's work otherwise;
  a result quoted under its label ("Main theorem: …") over an empty locator; a relevance note
  whose first verb's object is foreign to the problem; a caption that places a quantity between
  numbers, gives an approximate value or names someone's bound (FAIL beside a number of the
  recorded state of the art). On the clean packets of every split these rules add one
  NEEDS_HUMAN (tune's capset packet, whose Annals citation carries an Elsevier DOI of another
  paper) and no FAIL; on the large calibration they leave every rate unchanged.
- The **heldout-7** split is an eighth blind split, written on 2026-12-06 under the same rules, with
  two defects for each of the ten classes the review policy names (a title asking another question,
  a recurrence without initial values, an example beyond a stated bound, an incumbent that already
  meets the target, an unbounded search space, a theorem quoted without a locator, a relevance note
  about another problem, a caption stating a result, a variable without a domain, a coined term)
  and ten others, over fifteen clean packets (the invariant subspace problem, Barker sequences, SIC
  frames in infinitely many dimensions, Mahler's conjecture in four dimensions, a superpermutation
  on six symbols, a sorting network on thirteen channels, nonlinearity in nine variables, a
  $3 \times 3$ matrix product in 22 multiplications, the Shannon capacity of $C_7$, Crouzeix's
  constant, Klarner's constant, Brun's constant, matroids on ten elements, space groups in
  dimension seven, hyperovals of PG(2, 128)), written in the styles that honest packets use and a
  reader of words may fail (a numerical target with no computational extras, a two-word
  equivalence, objects introduced by the question, an initial value in the recurrence's sentence,
  quantifiers inside displays). Measured once as written on the checks of heldout-6's day: 9 of
  30 caught, and one clean packet FAILed statement.variable-domain on "\text{ for all } x \in K"
  inside a display; a \text group ending in a quantifier now binds as \forall does (the clean half
  is tuned-on for that reading). Measured again once the text and structural classes of heldout-5
  and heldout-6 were generalised for, without seeing heldout-7: **11 of 30** (the two theorems
  quoted without a locator caught, nothing else), against 26 and 25 of 30 on the splits those
  rules were written for: rules that caught 26 misses of those two splits caught 2 of heldout-7's
  21. On material a rule was not written for, the checks catch about a third of the planted
  defects, and no clean packet of the eight splits FAILs.
- heldout-7's misses were then **read and generalised for on 2026-12-06**, so **heldout-7 is
  tuned-on for those classes** from then. Each rule reads the shape of its class rather than the
  missed wording, with fixtures of its own in several phrasings on other problems and neighbours
  that must not fire (gates/check_fixtures_blind_test.go), and each goes to a person with its
  span: a title that writes in words a number the packet never names ("seven symbols" over six),
  or whose two-word head names a quantity the packet never mentions ("the border rank of");
  a caption with a number neither the statement nor the picture names; a search space whose
  only bounds count its objects ("at most 22 triples of matrices with integer entries"); an
  equivalence written as an order or containment ("one is a minor of the other"); a letter that
  is only ever a dimension ($\mathbb{F}_2^n$ with n never fixed); matrices, vectors or
  polynomials quantified with no ring; a modifier of the objects asked for that no field defines
  or uses ("the affinely rigid types"); a requested bound the recorded incumbent reaches in
  another notation ($\mathrm{nl}(f) \ge 242$ against 242 ≤ ρ(1, 9)); a bound stated through a
  named value or a closed form (Θ ≤ ϑ ≈ 3.3177, 2 ≤ 𝒞 ≤ 1 + √2 ≈ 2.414), now compared with
  every other place's bounds and with the precision asked for, a styled letter (𝒞) read as the
  TeX letter it is. heldout-7 catches **23 of 30** since; the other splits' counts are
  unchanged, and no clean packet of the eight splits FAILs. On the large calibration the rules
  move two NEEDS_HUMAN rates (statement.variable-domain 36.6% to 36.8%, statement.defined-terms
  15.6% to 15.9%) and no FAIL rate. Seven stay missed, each for a reason in its known-misses: a
  seed only a convention entry gives (read as given by design), one object counted two ways
  where clean packets count different cases, a bound reached only by substituting into a
  remark's formula, a small case against a count in words, a bound called unconditional that a
  source proves under GRH, and a relevance note that shares the title's object words.
- The **heldout-8** split is a ninth blind split, written on 2026-12-06 under the same rules by
  someone who read none of the checks, with three defects for each of the eight classes the
  review issue names (a title asking another question, a recurrence with no initial value, an
  example beyond a stated bound, an incumbent that already meets the target, an unbounded search
  space, a theorem quoted without a locator, a relevance note about another problem, a caption
  stating a bound) and six others, over fifteen clean packets of every kind. Measured once as
  written, on the checks with heldout-7's classes generalised for: **13 of 30** caught (43%,
  against 9 to 12 of 30 for the blind splits before it), and one clean packet FAILed
  references.cited-sources on a preprint its coverage note names as seen and set aside. A
  coverage note records what the search found, so an identifier it names that the bibliography
  lacks now asks a person (the clean half of heldout-8 is tuned-on for that one reading).
- heldout-8's misses were then **read and generalised for on 2026-12-06**, so **heldout-8 is
  tuned-on for those classes** from then and the next split measures the checks blind again.
  Each rule reads the shape of its class, with fixtures of its own in several phrasings on other
  problems and neighbours that must not fire (gates/check_fixtures_blind8_test.go), and each
  goes to a person with its span: a recurrence written in words ("let $a_{n+1}$ be the least
  prime factor of $a_1 \cdots a_n + 1$") whose first term is only mentioned, not given (a value
  only an example gives is no definition); a search space bounded from below only ("n ≥ 51",
  "51, 52, 53, …", "scanned upwards"); a relevance note that states a result with a verb and a
  relation ("They prove that … has dimension at least …") over an empty locator; an older DOI
  whose ISSN names another journal than the citation; an order between two objects named by
  letters taken as an equivalence ("≤′ extends ≤"); a requested width the recorded bounds
  already meet, whether the record states the width, two bounds, or the two ends in prose; a
  title that fixes a measure of its object the target never names ("of width two"); a relevance
  note about an object of the title's kind under another name ("Sylvester's sequence", "odd
  perfect numbers" beside a quasiperfect number); bounds written as fractions (1/2 < L,
  $\tfrac12$), now compared with every other place's bounds; an example of a supremum whose
  value lies beyond the record's upper bound; and an example that exhibits, at a stated least
  size, an object without the property every object of that size has (a three-colouring of K₁₇
  with no monochromatic triangle beside R₃(3) = 17). heldout-8 catches **30 of 30** since (the
  arithmetic slip through a contradiction of bounds, not by evaluating the Γ quotient); the
  other splits' counts are unchanged, no clean packet of the nine splits FAILs, and on the large
  calibration no check's NEEDS_HUMAN or FAIL rate moves.
- The **heldout-9** split is a tenth blind split, written on 2026-12-06 under the same rules
  (three defects for each class the review issue names, six others, fifteen clean packets of
  every kind). Measured once as written, on the checks with heldout-8's classes generalised for:
  **18 of 30** caught (60%, against 13 of 30 for heldout-8 and 9 to 12 for the blind splits
  before it), and three clean packets FAILed computational.instance: searches for numbers (odd
  weird numbers, perfect cuboids, primes of the form 21181·2ⁿ + 1) that state no equivalence
  relation, having none to state. An empty equivalence on an instance of numbers, naming no
  structure, now asks a person (the clean half of heldout-9 is tuned-on for that one reading).
- heldout-9's misses were then **read and generalised for on 2026-12-06**, so **heldout-9 is
  tuned-on for those classes** from then and the next split measures the checks blind again.
  Each rule reads the shape of its class, with fixtures of its own in several phrasings on other
  problems and neighbours that must not fire (gates/check_fixtures_blind9_test.go), and each
  goes to a person with its span: a recorded width whose bound is written as a fraction (1/2 ≤ c
  ≤ 0.6068 against a requested width 0.15); a containment written through the same part of two
  objects taken as an equivalence ("every automorphism of A is also an automorphism of B"); a
  false congruence between integers (36 ≡ 3 ≡ −1 (mod 4)); a small case keyed by a word and a
  value whose count another field gives otherwise for the same key ("degree 32: …" against the
  remark's "degree 32 (2801324 groups)"), read on a classification with a computation block too;
  a relevance note about an object named after someone the problem never names ("Kirkman's
  schoolgirl problem", "the Riesel numbers"; a list such as "Landau's four problems" may hold the
  problem and is not asked about); an estimate beyond the record's bound on a rate of growth the
  statement defines (R(k) > 4^k beside ρ = lim sup R(k)^{1/k} ≤ 3.8, or an example's size at most
  n^{6/5} beside κ ≥ 1.335 for κ a supremum of exponents); a row whose identifier the prose gives
  to someone who is none of its authors ("Baber's bound … (arXiv:1201.3587)"); a search range
  that ends where the record says the search is done; a quantified set placed nowhere ("every
  finite set A", no "A ⊂ ℝ"); and an example that presents, below the bound the record states
  for a kind, an object with the kind's distinguishing word ("the odd number 945" beside "no odd
  weird number below 10²¹") and no negation in its sentence. heldout-9 catches **30 of 30**
  since (the odd-945 example by the absence of a negation, not by testing whether 945 is
  semiperfect); the other splits' counts are unchanged, no clean packet of the ten splits FAILs,
  and on the large calibration no check's NEEDS_HUMAN or FAIL rate moves.
- The **heldout-10** split is an eleventh blind split, written on 2026-12-06 under the same
  rules (three defects for each class the review issue names, six others, fifteen clean packets
  of every kind). Measured once as written, on the checks with heldout-9's classes generalised
  for: six of its clean packets were first refused at intake for naming an OEIS sequence as
  "OEIS:A…", a form intake now takes as the entry's address; measured again, **13 of 30**
  caught, and one clean packet FAILed statement.variable-domain on the formal variable q of a
  generating function, a letter used only in an identity given as a definition, which now asks
  a person.
- heldout-10's misses were then **read and generalised for on 2026-12-06**, so **heldout-10 is
  tuned-on for those classes** from then and the next split measures the checks blind again.
  Each rule reads the shape of its class, with fixtures of its own in several phrasings on other
  problems and neighbours that must not fire (gates/check_fixtures_blind10_test.go), and each
  goes to a person with its span: a caption that compares with a number in words ("more than a
  billion") or says what is believed; a recorded bound written as a fraction longer in decimals
  (1/4 ≤ θ) or with digits that go on (0.314483…) against a requested width; an identifier the
  prose gives to the authors after "of" or "by" ("the bound of Angeltveit and McKay
  (arXiv:…)"); a relation that places one object inside a copy of the other, taken as an
  equivalence ("G is isomorphic to a spanning subgraph of H"); a variant symbol (a letter with
  an index and a mark, $K_4^-$) the statement uses and never introduces; a count of tuples of
  letters placed nowhere ("the number of pairs $(m, n)$", no ∈ ℤ²); a relevance note over an
  empty locator that names what it proves before stating it, or states that something does not
  exist; a relevance note that names an object while never naming the one its row's citation
  names (the Euler–Gompertz constant in the row of Euler's constant, Vizing's theorem in the row
  of the total colouring conjecture); an example of an infimum below the record's lower bound,
  read when the statement sets its symbol equal to the infimum (δ* = inf_K δ(K)); an example
  that derives a bound on the quantity beyond the record's opposite bound (A ≥ 1/6 + 1/20 =
  0.2666… beside A < 0.2480); an example value beyond a bound stated by a formula in the
  function's variable (τ(3) = 2520 beside |τ(p)| ≤ 2p^{11/2}); a clause of the strongest known
  result that states without restriction what the yes-or-no target asks; and a title whose
  predicate ("transcendental") or whose conjecture's modifier ("list") the fields stating the
  question never use. heldout-10 catches **30 of 30** since; the other splits' counts are
  unchanged, no clean packet of the eleven splits FAILs, and on the large calibration no check's
  NEEDS_HUMAN or FAIL rate moves. Three readings stay shallow and are said so: the relevance
  note about the Euler–Gompertz constant is caught because its row's citation names Euler's
  constant, not by telling the two constants apart; the strongest known result is compared with
  the target by its words, not by what either claims; and the regular octagon's density is read
  through the word "reaches" before it, not by knowing that the octagon is a centrally symmetric
  disc.
- The **heldout-11** split is a twelfth blind split, written on 2026-12-06 under the same rules
  (three defects for each class the review issue names, six others, fifteen clean packets of
  every kind, from analysis, probability, dynamics, topology, geometry, logic and algebra as well
  as combinatorics), while heldout-10 was being generalised for and without reading it. Measured
  once as written, on the checks with heldout-10's classes generalised for: **18 of 30** caught.
  One clean packet FAILed acceptance.classification: a count of topologies on a labelled set,
  whose equivalence is equality of the open sets, says no word of completeness, and a count is
  complete when it is right. A classification answered by a count that says nothing of
  completeness now asks a person; before that change the same FAIL also stood in the defect
  built on that packet, which read as a nineteenth catch. Its misses were three recurrences
  written without their first terms, four examples or sums that contradict a stated bound or
  count, a target already met by a recorded construction, a theorem stated over an empty
  locator, an undefined adjective ("regular"), a statement about complex polynomials with the
  field left out, and a comparability relation given as an equivalence.
- heldout-11's misses were then **read and generalised for on 2026-12-06**, after it was
  measured, so **heldout-11 is tuned-on for those classes** from then and the next split
  measures the checks blind again. Each rule reads the shape of its class, with fixtures of its
  own in several phrasings on other problems and neighbours that must not fire
  (gates/check_fixtures_blind11_test.go), and each goes to a person with its span: a table of
  two indexes defined by a recurrence with no boundary value (S(n, k) = k S(n−1, k) + S(n−1,
  k−1)); a remark or an example that defines a sequence by a recurrence with no first terms,
  unless its sentence names a sequence known by name, quantifies over sequences or makes the
  recurrence a condition; a relevance note over an empty locator that proves a claim about every
  object of a kind; a polynomial or a matrix introduced by an article ("for a polynomial $f$")
  with no ring, where "over" names a ring only before one; an equivalence that identifies two
  objects when one is finer, coarser, weaker or stronger than the other; an example's ratio
  above the upper bound of a best constant ("the least number $K$ such that … ≤ K …", a
  supremum of ratios); a remainder split into a part and a rest that do not add up to it ("8 of
  the remaining 22 … the last 12"); an example that gives its object a measure beyond the
  extremum the record states ("has diameter 2227" beside "the least possible diameter … is
  22270"), unless the example's clause names a size of its own; and an adjective that ends the
  asking clause ("… that are regular"), that standard vocabulary knows only in compounds of
  different meanings and that the packet never defines. heldout-11 catches **27 of 30** since;
  the other splits' counts are unchanged and no clean packet of the twelve splits FAILs. Three
  stay missed: a recurrence written in words with no TeX (a list built from the one before), a
  search for an exact size that the recorded constructions already reach, and an example whose
  growth exponent makes an integral diverge below the recorded range, which no reading of the
  text can check.
- The **heldout-12** split is a thirteenth blind split, written on 2026-12-06 under the same
  rules while heldout-11 was being generalised for and without reading it: fifteen clean packets
  (proof, numerical, search and classification; imported, reformulated and original; logic,
  number theory, combinatorics, geometry, analysis, algebra, dynamics and probability) and thirty
  defects. Measured once as written, on the checks with heldout-11's classes generalised for:
  **22 of 30** caught, no clean packet FAILing. One clean packet was first refused at intake for
  a reference named by its MR number ("MR2308490"); intake now takes an MR number as the
  address of its MathSciNet entry, as it takes an OEIS A-number, and with the refusal a defect
  built on that packet had read as a twenty-third catch. Its misses: three recurrences written
  without their first terms (Lucas numbers, primorials, Sylvester's sequence, each in a
  convention or an example with a quantified index), a theorem stated over an empty locator, a
  result credited to the wrong author in a remark, a title that asks for four parts where the
  statement asks for five, a definition entry that contradicts the statement's definition of the
  same term, and an undefined adjective ("uniform").
- heldout-12's misses were then **read and generalised for on 2026-12-06**, after it was
  measured, so **heldout-12 is tuned-on for those classes** from then and the next split
  measures the checks blind again. Each rule reads the shape of its class, with fixtures of its
  own in several phrasings on other problems and neighbours that must not fire
  (gates/check_fixtures_blind12_test.go), and each goes to a person with its span: a recurrence
  over an index its sentence ranges ("for $k \ge 1$") whose only values at fixed indexes are
  terms it computes itself ("thus $P_9 = …$", "$s_{15} - 1$"), not a first term below the range;
  a recurrence that a sentence defines over a ranged index ("let", "define", "put") and only
  then labels with a known sequence's name ("…; these Lucas numbers"), where a name before the
  recurrence still supplies its first terms and a condition on a family ("a sequence of primes
  with …") or a function's equation stays unasked; a relevance note over an empty locator that
  quotes a result under its label ("Theorem: …"), where a locator word followed by a lone letter
  inside the result ("a rational number t") names a variable, not a place; a remark that credits
  a value a row's note proves ("proves … 112.3°") to a name that is none of the row's authors
  and names none of them; a title that counts a kind of thing ("four parts") with a number the
  statement, exposition, acceptance and open status never count it with while they count it
  with another; a definition entry that defines again a term the statement defines and allows
  what the statement's definition does not ("its entries may repeat") or drops its
  distinctness; and an adjective before the noun asked for ("the convex uniform 5-dimensional
  polytopes") that standard vocabulary knows in compounds of different meanings but not with
  that noun, and that the packet never defines. heldout-12 catches **30 of 30** since; the
  other splits' counts are unchanged, no clean packet of the thirteen splits FAILs, and no
  check's NEEDS_HUMAN or FAIL rate on the 1,452 clean packets moved.
- The **heldout-13** split is a fourteenth blind split, written on 2026-12-06 under the same
  rules while heldout-12 was being generalised for and without reading it: fifteen clean packets
  and thirty defects. Measured once as written, on the checks with heldout-12's classes
  generalised for: **14 of 30** caught, and **3 of its 15 clean packets FAILing**.
  navier-stokes-global-smoothness FAILed statement.variable-domain on the Laplacian
  ("$\nu \Delta u$") read as an undeclared variable: a letter of an operator written before the
  identifier it acts on is now no variable in a statement that differentiates (∂, ∇, or a named
  Laplacian or differential equation), and asks a person elsewhere, as a letter applied to an
  argument does, while among graphs ("$\Delta n/2$") it stays a variable.
  resolution-of-singularities-fourfolds and simple-lie-algebras-characteristic-three FAILed
  provenance.copy on runs of 83 and 63 bytes shared with Stacks project texts that only
  declare objects in the standard words of mathematical writing ("Let $k$ be an algebraically
  closed field of characteristic …"): an exact run below the length that is a match on its own,
  made of nothing but declarations ("let … be …", "suppose … is …", joined by "and", commas or
  full stops, with no condition or claim in them) now asks a person with its span, and a longer
  run or one that says more stays a copy. Fixtures on other problems, with neighbours that keep
  their FAIL, are in gates/check_fixtures_falsefail13_test.go. The same 14 defects are caught
  with and without those FAILs, no clean packet of the fourteen splits FAILs, no check's
  NEEDS_HUMAN or FAIL rate on the 1,452 clean packets moved, and its defects stay unread. Its
  misses: three recurrences without their first terms, four values that contradict a bound or a
  unit the packet states, two titles that ask something other than the statement, two reference
  rows contradicted or left without a locator, a relevance note about another classification, a
  circular definition, swapped quantifiers, an acceptance that takes specialists' agreement for
  a proof, and a caption that states a result.
- heldout-13's misses were then **read and generalised for on 2026-12-07**, after it was
  measured, so **heldout-13 is tuned-on for those classes** from then and the next split measures
  the checks blind again. Each rule reads the shape of its class, with fixtures of its own on
  other problems and neighbours that must not fire (gates/check_fixtures_blind13_test.go), and
  each goes to a person with its span: a constant written beside a decimal ("≈") that is not its
  value, recomputed when the expression before the sign is made only of numbers, arithmetic,
  roots, powers, logarithms with a stated base and, where the packet names the binary entropy, h
  of a number (a logarithm with no base or a letter leaves it unread); a function at a number
  ("$F(45)$") bounded below by more than it is bounded above anywhere in the packet; a quantity
  measured in nats in one field and in bits or base-2 logarithms in another; an acceptance
  condition that rests on agreement, consensus, belief or opinion ("once specialists agree",
  "widely believed") unless its sentence denies it; a constant fixed before an ε ("there is a
  constant $C$ such that for every $\varepsilon > 0$") that then multiplies a power with ε in its
  exponent; a recurrence over a range of its index from 1 or more with no value below it: a
  function whose right side applies it to other arguments tied to the index ("mex" over
  splittings), a term an example chooses by a rule ("taking $a_{k+1}$ the least …"), and a
  remark's function recurrence followed by a closed form that the recurrence alone does not
  determine; a relevance note over an empty locator that states an implication ("if … then", "if
  and only if"), with a citation's author initials ("P. B. Shalen") no longer read as a page; a
  definition that uses its own term again in its defining clause; a caption saying that nothing
  does better or that a thing cannot be improved; and a provenance that credits a work with a
  quantity at the number its own range excludes ("of degree 4096" beside "of degree less than
  4096") in a sentence that does not ask for it. heldout-13 catches **27 of 30** since; heldout-6
  catches one more (its circular definition of residual finiteness, by the rule written for
  heldout-13's), the other splits' counts are unchanged, no clean packet of the fourteen splits
  FAILs, and no check's NEEDS_HUMAN or FAIL rate on the 1,452 clean packets moved. Three stay
  missed, each a reading no safe rule gives: a relevance note about transitive rather than
  primitive groups, and two titles that ask another question in the statement's own words.
- The **heldout-14** split is a fifteenth blind split, written on 2026-12-07 under the same
  rules while heldout-13 was being generalised for and without reading it: fifteen clean packets
  of fields the earlier splits little used (complex dynamics, percolation, geometric group
  theory, spectral graph theory, analytic number theory, operator algebras, subfactors, tilings,
  Anosov diffeomorphisms) and thirty defects, three for each of the eight classes the review
  issue names and six of classes heldout-13 did not use. Measured once as written, on the
  checks with heldout-13's classes generalised for: **15 of 30** caught (14 on the checks
  before those generalisations), and **2 of its 15 clean packets FAILing**:
  anosov-diffeomorphism-manifolds FAILed statement.variable-domain on the differential "$Df$" of
  a declared map, read as an undeclared variable D, and baillie-psw-below-2-80 FAILed
  statement.recursive-sequence on a recurrence written once for a letter that stands for two
  sequences ("for $W = U$ and for $W = V$") whose first values the same sentence gives. Its
  misses: two recurrences without their first terms, three examples whose values contradict a
  bound the packet states, a strict inequality that a boundary case already makes false, a
  computation block over another range than the statement's, two search spaces without a bound,
  a target the recorded bounds already meet, a caption that states a result, a relevance note
  about another conjecture, a definition that gives a term another term's meaning, a letter
  with two meanings, and a provenance that says original while it quotes its source.
- heldout-14's two clean FAILs were then fixed and its misses **read and generalised for on
  2026-12-07**, after it was measured, so **heldout-14 is tuned-on for those classes** from then
  and the next split measures the checks blind again. A capital letter written only directly
  before a map the statement introduces ("$Dg$", "$\|Th(x)\|$") is its derivative where the
  statement differentiates (C^1, a diffeomorphism, a derivative, a differential, a tangent, ∂,
  ∇) and asks a person elsewhere, while a letter multiplying the map's value ("$C g(x)$") or used
  on its own stays an undeclared variable; a recurrence written for a letter the packet says
  stands for sequences ("for $W = U$ and for $W = V$", "$W \in \{U, V\}$", "where $W$ is $U$ or
  $V$") takes their first values, and asks a person when one of them has none. Each new rule
  for the misses reads the shape of its class, with fixtures of its own on other problems and
  neighbours that must not fire (gates/check_fixtures_blind14_test.go), and goes to a person
  with its span: a search space bounded from below whose only upper bounds lie at or below its
  lower end (the range it leaves out), or that says it has no upper limit; a requested or a
  recorded width written with a Unicode power ("10⁻³", "5·10⁻⁴"); a constant beside a decimal of
  three or more significant digits off by more than 0.1%; a recurrence written with Unicode
  subscripts ("sₙ = 7sₙ₋₁") and no first term; a caption saying what has been classified or
  enumerated, or that none beyond has been; a relevance note whose subject is a problem named
  after another name than the title's, even one the packet mentions, and that never names the
  title's; an ORIGINAL provenance saying its text is copied word for word; a definition entry
  dropping the "exactly one" of the statement's definition of its symbol; a letter introduced
  as two kinds of number ("integers $a$" and "reals $a \le b$"); and a computation instance whose
  range of a letter lies outside the search space's or the statement's. heldout-14 catches **27
  of 30** since, the other splits' counts are unchanged and no clean packet of the fifteen
  splits FAILs, and no check's NEEDS_HUMAN or FAIL rate on the 1,452 clean packets moved (a
  first version of the relevance rule asked about two demo notes, one on the Elliott–Halberstam
  conjecture as a hypothesis and one on Nelson's question in the Hadwiger–Nelson packet; it now
  reads only a note's subject, in its first words, and takes either part of the title's name).
  Three stay missed, each a reading no safe rule gives: a strict bound
  false at a boundary case (k = 1 on a star), a counting argument (ten distinct primes other than
  11 cannot all be at most 29), and a bound's chronology (Weyl's exponent cannot beat
  Bourgain's).
- The **heldout-15** split is a sixteenth blind split, written on 2026-12-07 under the same
  rules while heldout-14 was being generalised for and without reading it: fifteen clean packets
  of fields the earlier splits little used (decidability over Laurent series, contact
  geometry, Kronecker coefficients, list edge colouring, extremal set theory, the polynomial
  Hirsch conjecture, least quadratic non-residues, the travelling salesman's subtour
  relaxation, Littlewood's L¹ problem, triangle-free graphs, Steiner systems, Kalai's 3^d
  conjecture, homogeneous graphs, lattice-free polytopes, the generalised Fermat equation) and
  thirty defects, three for each of the eight classes the review issue names and six of
  classes neither heldout-13 nor heldout-14 used. Measured once as written, on the checks with
  heldout-13's classes generalised for: **19 of 30** caught, and **2 of its 15 clean packets
  FAILing** hero.caption, each on a caption that restates the question's own condition ("with
  1/p + 1/q + 1/r < 1", "on at most 39 vertices") with a number the open status records and the
  statement names too. Such a comparison now asks a person, and a number only the open status
  records still FAILs (fixtures in gates/check_fixtures_falsefail15_test.go). Measured again on
  the checks with heldout-14's classes generalised for and that fix: the same **19 of 30**, no
  clean packet FAILing. Its misses: three recurrences or recursive definitions without their
  start, two examples whose values contradict a bound the packet states, an undefined
  abbreviation, a hypothesis no object satisfies, an acceptance that drops the disproof of a
  "prove or disprove", a title asking a question the literature answered, a theorem quoted
  with no locator, and a relevance note about another classification.
- heldout-15's misses were then **read and generalised for on 2026-12-07**, after it was
  measured, so **heldout-15 is tuned-on for those classes** from then and the next split
  measures the checks blind again. Each new rule for the misses reads the shape of its class,
  with fixtures of its own on other problems and neighbours that must not fire
  (gates/check_fixtures_blind15_test.go), and goes to a person with its span: a recurrence
  written with plain subscripts outside TeX ("t_{k+1} = 3t_k + 1", "r_{i+1} is the least prime
  m with m > 2r_i") whose letter no field gives a value at a fixed index (a term named there
  without a value, "t₁₀ is large", is what the recurrence computes, not a start); a class
  defined only by its closure rule ("a graph is a cograph when it is the disjoint union or the
  join of two cographs") with nothing said to be one outright; an abbreviation the statement
  uses as the head of a noun phrase ("an HSG of order n") that no other field uses; a title
  naming another dimension than the one the statement fixes, even one the packet names
  elsewhere; a proof-only acceptance criterion for a statement that asks to prove or disprove;
  a result a relevance note attributes with "according to this paper" over an empty locator; a
  relevance note whose subject is the kind of object the packet excludes ("directed graphs"
  where its graphs are undirected); an example exhibiting an object of a kind on fewer elements
  than the record's lower bound on the least such object; and a hypothesis setting a quantity
  to zero beside one asking a product or a power of it not to vanish. heldout-15 catches **29
  of 30** since, the other splits' counts are unchanged, no clean packet of the sixteen splits
  FAILs, and no check's NEEDS_HUMAN or FAIL rate on the 1,452 clean packets moved. One stays
  missed, a reading no safe rule gives: an example counting 241 faces for the cross-polytope
  contradicts the statement's 3^5 only for a reader who knows that the cross-polytope is a
  centrally symmetric 5-polytope, which the example does not say.
- The **heldout-16** split is a seventeenth blind split, written on 2026-12-07 under the same
  rules while heldout-15 was being generalised for and without reading it: fifteen clean packets
  of fields the earlier splits little used (braid groups, spectral geometry, ergodic theory,
  combinatorial games, coding theory, modular representation theory, additive combinatorics,
  Boolean function complexity, knot theory, Diophantine equations, finite geometry, discrete
  geometry, Dehn surgery, Euclidean rings) and thirty defects, three for each of the eight
  classes the review issue names and six of classes heldout-13, heldout-14 and heldout-15 did
  not use. Measured once as written, on the checks with heldout-14's classes generalised for:
  **15 of 30** caught, **no clean packet FAILing**; measured again on the checks with
  heldout-15's classes generalised for: the same **15 of 30**, none of its three recurrences
  without a start written in a shape those rules read. Its misses: three recurrences without
  their first term, two examples and a computation count that contradict a bound or a count the
  packet states, a target the recorded bounds already meet, a title naming the case already
  settled, a relevance note about another representation, a theorem quoted with no locator, a
  definition that contradicts the statement's condition, a criterion the zero function
  satisfies, an open status dating the problem or a result against its provenance or reference,
  and an open status whose remaining question is another conjecture.
- heldout-16's misses were then **read and generalised for on 2026-12-07**, after it was
  measured, so **heldout-16 is tuned-on for those classes** from then and the next split
  measures the checks blind again. Each new rule for the misses reads the shape of its class,
  with fixtures of its own on other problems and neighbours that must not fire
  (gates/check_fixtures_blind16_test.go), and goes to a person with its span: a recurrence
  outside TeX whose term carries a parameter besides its index ("P_{n+1}(x) = x·P_n(x) − 1"),
  an iterated operation defined from its previous power ("G^{×(n+1)} = G^{×n} × G") and a
  function of an integer defined from its values at other arguments on a range with a lower end
  ("for n ≥ 2, h(n) = max{ h(a) + h(n − a) : … }"), none with a first value in any field; a
  requested width written as a fraction ("b − a ≤ 1/2"), now read whole where its numerator was
  read, so a width the record already meets is asked about and a smaller one is not; a citation
  whose title ends in a series numeral ("… conjecture III, arXiv preprint"), which names no place,
  so a result the relevance note states over an empty locator goes to a person; and an example
  giving two measures of one object as numbers ("s(f) = 2 and bs(f) = 40") beyond a bound the
  packet states between them ("bs(f) ≤ 2·s(f)⁴"). heldout-16 catches **21 of 30** since, the
  other splits' counts are unchanged, no clean packet of the seventeen splits FAILs, and no
  check's NEEDS_HUMAN or FAIL rate on the 1,452 clean packets moved. Nine stay missed, each
  needing a reading no safe rule gave: an example saying in words that the trefoil and the
  figure-eight knot, of crossing numbers 3 and 4, sum to crossing number 8 against the
  subadditive bound c(K₁ # K₂) ≤ c(K₁) + c(K₂); a title naming prime fields where the statement
  asks about fields of order p^h with h ≥ 2 (that prime fields are the case h = 1 is
  mathematics the title does not say); a relevance note about the Lawrence–Krammer
  representation in a packet about the Burau representation of the same braid groups; a
  computation block counting 600 lines where 225 points on 12 lines of 5 points each give 540;
  an open status dating a result to 2005 against a row posted in 2010, and one dating the
  problem to 1969 against a provenance of 1949; an open remainder asking Olsson's conjecture on
  characters of height zero instead of the statement's k(B) ≤ |D|; a definition calling a code
  MDS when d = n − k against the statement's d = n − k + 1; and an acceptance criterion whose
  disproof branch the zero function meets once "non-constant" is dropped.
- The **heldout-17** split is an eighteenth blind split, written on 2026-12-07 under the same
  rules while heldout-16 was being generalised for and without reading it: fifteen clean
  packets of fields the earlier splits little used (convex geometry, commutative algebra,
  probability on groups, the Anderson model, automata and formal languages, combinatorics on
  words, geometric measure theory, quantum information, computational number theory) and thirty
  defects, three for each of the eight classes the review issue names and six of classes the
  earlier splits did not use. Measured once as written, on the checks with heldout-15's classes
  generalised for: **10 of 30** caught, and **2 of its 15 clean packets FAILing**. One FAILed
  acceptance.numerical on a criterion writing its bounds and their width with TeX relations
  ("$a\le b$ with $b-a\le 1/8$"), read as asking for no numerical evidence: a relation written
  as a TeX command now counts as the same sign written ≤ or ±, a comparison said only in words
  ("at most", "no less than") asks a person, and a criterion comparing nothing still FAILs
  (fixtures in gates/check_fixtures_falsefail17_test.go). The other FAILed
  open-status.primary-source rightly: its references were a survey and an encyclopedia page, both
  secondary, so the packet, not the check, was incomplete; it was completed after the
  measurement with the primary source of the solved planar case. Measured again with that fix
  and the completed packet: the same **10 of 30**, no clean packet FAILing. Measured again on
  the checks with heldout-16's classes generalised for: **11 of 30**, a target the recorded
  bounds already meet now caught by the reading of a requested width written as a fraction
  ("b − a ≤ 1/4"), a rule written for heldout-16. Its misses, left blind: three recursive
  definitions without their start, three examples whose numbers contradict a bound the packet
  states, a target the recorded bounds already meet, two titles
  asking another question, two relevance notes about another problem, a caption answering the
  question, an unbounded search range, and one each of the six new classes (a criterion whose
  interval ends are swapped, a row carrying another work's identifier, a classification
  criterion leaving out cases, an example violating the definition it illustrates, an
  equivalence not preserving the defining property, a certificate resting on a random sample).
- heldout-17's misses were then **read and generalised for on 2026-12-07**, after it was
  measured, so **heldout-17 is tuned-on for those classes** from then and the next split
  measures the checks blind again. Each new rule for the misses reads the shape of its class,
  with fixtures of its own on other problems and neighbours that must not fire
  (gates/check_fixtures_blind17_test.go), and goes to a person with its span: a sequence
  defined from its earlier terms with no first value in any field, however the recurrence is
  written — a sum over its terms up to the equation's own index whose range starts above the
  sum's lower end ("Σ_{j=0}^{n} C(n, j) e_j = 2ⁿ for n ≥ 1"; partial sums given from the sum's
  own start determine every term and are not read), a recurrence at multiples of the index
  ("s₂ₙ = sₙ, s₂ₙ₊₁ = sₙ + 1"), and a function defined by its values at the parts of its
  argument, in a sentence that calls the definition recursive or inductive or gives one integer
  part a range ("d(T₁ ∘ T₂) = max(d(T₁), d(T₂)) + 1" with no value at a single vertex); a work
  the prose cites by its authors and title with one arXiv identifier while its row carries
  another; a search space whose only upper bound bounds another quantity by the searched number
  ("n > 10¹⁷ …, tested with x ≤ n"); a certificate resting on a random sample of the space
  while the target is about every element (a sample that re-checks a complete log is not
  read); and a threshold criterion whose ranges run to the wrong ends of its interval ("for
  every q < t … for every q > s" with s ≤ t), where both behaviours would have to hold between
  the ends; and a known bound written as a fraction that closes a sentence ("so 0 ≤ α ≤ 1/3."),
  whose period had kept the fraction from being read, so a requested width the record already
  meets is asked about. heldout-17 catches **19 of 30** since, the other splits' counts are
  unchanged, no clean packet of the eighteen splits FAILs, and no check's NEEDS_HUMAN or FAIL
  rate on the 1,452 clean packets moved. Eleven stay missed, each needing a reading no safe rule
  gave: a
  caption saying in words that one level of star suffices, which answers the question; three
  examples whose numbers contradict a bound stated in words or in another entry (a body of
  constant width with a volume above the ball's π/6, a planar set of dimension 1.3 with a null
  distance set against the threshold 5/4, two words of length 20 needing 25 states against
  S(n) ≤ n + 2); two titles asking another question of the same field
  (Borsuk's partition, SIC-POVMs) and two relevance notes about another problem (Gromov's
  polynomial growth, SIC numerics); a classification criterion asking only for d = 6 among the
  non-prime-power dimensions; an equivalence by affine maps that do not preserve constant
  width; and an example computing overlaps 1/2 where the definition asks 1/(d + 1).
- The **heldout-18** split is a nineteenth blind split, written on 2026-12-07 under the same
  rules while heldout-17 was being generalised for and without reading it: fifteen clean
  packets (Markov numbers, cycle double covers, Vizing's and Graham's conjectures on products,
  Casas-Alvero, Caccetta–Häggkvist, Tuza's constant, thrackles, the Kolakoski density, Barnette
  graphs, Kurepa's left factorial, ternary digits of powers of two, Hadamard orders, congruent
  numbers, space-filling tetrahedra) and thirty defects, three for each of the eight classes the
  review issue names and six of classes the earlier splits did not use. Measured once as
  written, on the checks with heldout-16's classes generalised for: **15 of 30** caught, and
  **1 of its 15 clean packets FAILing**: consistency.bounds read "243 + 9 + 3 + 1 = 100111₃" as
  arithmetic in base ten. A sum equal to a numeral marked as written in another base (a
  subscript, "in binary", "(base 3)") is no longer read as decimal arithmetic, and a wrong sum
  in base ten still FAILs (fixtures in gates/check_fixtures_falsefail18_test.go). Its misses are
  left as measured (gates/testdata/fresh/heldout-18/known-misses), so it measures the checks
  blind. Measured again on the checks with heldout-17's classes generalised for: the same
  **15 of 30**; none of heldout-17's new rules caught one of its misses.
- The **heldout-19** split is a twentieth blind split, written on 2026-12-07 under the same
  rules while heldout-17 was being generalised for and without reading it: fifteen clean
  packets of fields the earlier splits little used (knot theory, PDE, dynamical systems,
  algebraic geometry, representation theory, set theory, mathematical physics, optimisation,
  differential topology; the volume conjecture, hot spots, Hilbert's sixteenth for quadratic
  fields, Nagata for ten points, Kazhdan–Lusztig combinatorial invariance, the smooth
  four-dimensional Poincaré conjecture, Shelah's pcf bound, the Lieb–Oxford and Steiner
  constants, 196 under reverse-and-add, Wolstenholme primes, a Golay pair of length 106, exotic
  spheres, Birkhoff billiards, the Kodaira dimension of M̄_g) and thirty defects, three for
  each of the eight classes the review issue names and six of classes the earlier splits did
  not use. Measured once as written, on the checks with heldout-17's classes generalised for:
  **18 of 30** caught, **no clean packet FAILing**. Its misses are left as measured
  (gates/testdata/fresh/heldout-19/known-misses), so it measures the checks blind.
- heldout-18's and heldout-19's misses were then **read and generalised for on 2026-12-07**,
  after they were measured, so **heldout-18 and heldout-19 are tuned-on for those classes**
  from then and the next split measures the checks blind again. Each new rule reads the shape
  of its class, with fixtures of its own on other problems and neighbours that must not fire
  (gates/check_fixtures_blind18_test.go), and goes to a person with its span: an object defined
  by a step rule with nothing to start from in the statement, a definition or a convention — a
  map iterated ("repeating z ↦ z² + c"), a move on tuples generating a tree with no root, a
  prefix operator's recurrence ("#(k + 1) = 2·#k + 1" with no "#0"), a self-describing rule
  ("the sequence that describes itself" with no first term), a transfinite recursion's
  successor step ("ℶ_(α+1) = 2^(ℶ_α)" with no "ℶ₀"), and a recurrence whose index is in
  parentheses ("s_(j+1) = s_j² − 2"); a search space bounded from below only, in "more than"
  or in a TeX "\ge" glued to its number; a caption asserting the statement or its negation
  as a fact, a sentence led by "every", "all" or "no" over what the statement quantifies over
  (not the picture's objects) or a claim after "never" or "always"; a result stated over an
  empty locator with a verb of attaining or "only on"; a yes-or-no title asking whether its
  object has a property the statement, criterion and unresolved target never name; a requested
  interval containing the one the open status records; a relevance note about a variant of the
  problem's quantity under a modifier the problem never uses ("the fractional chromatic
  number"); an example whose two bare Greek measures of one object break a stated bound
  between them ("χ ≤ (3/2)ω" against ω = 2, χ = 4; a conjectured bound is not read), or whose
  object exceeds a linear upper bound on the extremal function counting it ("13 edges on 6
  vertices" against e(n) ≤ 3n − 6); an open status recording a bound in the direction opposite
  to the same bound in the statement or an entry ("λ ≥ 4.6496" where a remark proves λ ≤ 4.6496;
  a bound in a conjecture or an equivalent condition is not read); a numerical width bounded
  from below ("b − a ≥ 0.1"); and a
  relative precision under a statement that only defines its quantity as a ratio (a quotient
  is relative only as a divided difference of the ends, "(b − a)/b"). heldout-18 catches
  **24 of 30** since and heldout-19 **27 of 30**; the same rules caught one more of
  heldout-17's misses, the caption saying that one level of star "always" suffices (**20 of
  30**); the other splits' counts are unchanged, no clean packet of the twenty splits FAILs,
  and no check's NEEDS_HUMAN or FAIL rate on the 1,452 clean packets moved (nor any finding on
  the fresh splits' clean packets). Nine stay missed, each needing a reading no safe rule gave: a
  small-case range reaching past the target's; an example whose girth contradicts a bound
  written as a formula in n and r (2n/r), and one whose cubic contradicts a bound written as a
  root (d > 10/√10); a quantifier order swapped; a row credited with later works' results; a
  criterion bounding the reciprocal ratio; a
  hypothesis that makes the statement fall inside a known case; an alt text describing another
  picture; and a source locator pointing to another work than the attribution's.
- The **heldout-20** split is a twenty-first blind split, written on 2026-12-07 under the same
  rules while heldout-18 and heldout-19 were being generalised for and without reading them:
  fifteen clean packets (free group factors, the amenability of Thompson's group F, Erdős's
  conjecture on progressions, singular random symmetric sign matrices, Fuglede's conjecture on
  the line, Weber's class number problem, the complete-pivoting growth factor g(5), the sign
  uncertainty constant, the independence ratio of random cubic graphs, 28 queens, a binary code
  of length 16 and distance 3, distinct subset sums, Golomb–Welch, linear mapping class groups,
  the Davenport constant of C_n³) and thirty defects, all of the eight classes the review issue
  names, three or four of each. Measured once as written, on the checks with heldout-17's
  classes generalised for: **18 of 30** caught, no clean packet FAILing, but **2 of its 15
  clean packets refused at intake**: each cited a book by its ISBN in the URN form
  ("urn:isbn:9781584885764"), which intake did not take; it does now (and "urn:doi:" and
  "info:doi/"), keyed like the other forms, with a wrong check digit still refused. Two of the
  18 were defects planted on those packets, refused with them. Measured again with that fix:
  **16 of 30**, no clean packet FAILing or refused. Measured again on the checks with
  heldout-18's and heldout-19's classes generalised for: the same **16 of 30**; none of their
  new rules caught one of its misses, although eleven of the fourteen are of the classes those
  rules were written for. Its misses are left as measured
  (gates/testdata/fresh/heldout-20/known-misses), so it measures the checks blind.
`
