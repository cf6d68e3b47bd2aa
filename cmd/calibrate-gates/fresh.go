//go:build calibrate

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/gates"
	pkt "github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/similar"
)

// The fresh set (gates/testdata/fresh) is packets written for calibration in the shape of real
// submissions, apart from the demo and the imports the checks were written against: clean,
// complete packets of every acceptance kind (proof, search with a computation block, numerical,
// classification), every provenance kind (imported, reformulated, original) and several styles
// of writing, and defect packets, each a clean packet with one planted defect of a class the
// gates must catch. Its splits are freshSplits.
//
// A clean packet goes through intake as a submission does (policy.GateRevisionOf); a refusal is
// a false refusal. A defect is caught when intake refuses it, or when the check it is planted
// for reports FAIL or NEEDS_HUMAN in a finding the clean packet does not have (same check,
// verdict, field and quoted span): a finding specific to the defect, not one every packet gets.

// freshDefect is one defect packet: a base clean packet, the check the defect is planted for,
// what it is, and the fields it sets ("statement", "exposition.2.body", "exposition.+" to add
// an entry, "references.1.locator").
type freshDefect struct {
	Name   string         `json:"-"`
	Base   string         `json:"base"`
	Check  string         `json:"check"`
	Defect string         `json:"defect"`
	Set    map[string]any `json:"set"`
}

// freshSplits are the splits of the fresh set, in the order they were written: tune, read while
// the checks were revised; heldout, written afterwards (and read once the search-space check was
// generalised for one of its packets); heldout-2, written later still without reading the checks,
// measured once as written (12 of 18 defects caught) and read since, when the checks were
// generalised for the classes it missed; heldout-3, written without reading the checks and
// measured as written (11 of 26 defects caught, one clean packet FAILed), its one false FAIL's
// class (a family with its index after a comma) generalised since, and its defects read and
// generalised for on 2026-12-06 (tuned-on from then; two classes that need a reading of the
// mathematics stay in its known-misses); heldout-4, written without reading the checks and
// measured as written (11 of 30 defects caught before the heldout-3 generalisations, 14 of 30
// after, no clean packet FAILed), its misses read and generalised for on 2026-12-06 (tuned-on
// for those classes from then; a relevance note about another problem and alt text planted for
// hero.caption stay in its known-misses); heldout-5, written without reading the checks and
// measured as written (12 of 30 defects caught on the checks before heldout-4's classes were
// generalised for, 13 after; 2 clean packets FAILed hero.caption on words that may describe the
// setup, a class made NEEDS_HUMAN since); heldout-6, written without reading the checks and
// measured as written on the checks with heldout-4's and heldout-5's generalisations (12 of 30
// defects caught, no clean packet FAILed). The text and structural classes heldout-5 and
// heldout-6 missed were read and generalised for on 2026-12-06, so both are tuned-on for those
// classes from then. heldout-7, written without reading the checks, two defects for each class
// the review policy names among its thirty, was measured as written on the checks of heldout-6's
// day, and again with the generalisations for heldout-5 and heldout-6, made without seeing it
// (11 of 30 caught); its misses were read and their classes generalised for on 2026-12-06 (23 of
// 30 caught since, no clean packet FAILing), so it is tuned-on for those classes from then and
// the next split measures the checks blind again. heldout-8, written without reading the checks,
// three defects for each class the review issue names among its thirty, was measured as written
// on the checks with heldout-7's generalisations (13 of 30 caught; one clean packet FAILed a
// check on its coverage note, a reading made NEEDS_HUMAN since); its misses were read and their
// classes generalised for on 2026-12-06 (30 of 30 caught since, no clean packet FAILing), so it
// is tuned-on for those classes from then and the next split measures the checks blind again.
// heldout-9, written without reading the checks, three defects for each class the review issue
// names among its thirty, was measured as written on the checks with heldout-8's
// generalisations (18 of 30 caught; three clean searches for numbers FAILed for stating no
// equivalence, which now asks a person); its misses were read and their classes generalised for
// on 2026-12-06 (30 of 30 caught since, no clean packet of any split FAILing), so it is tuned-on
// for those classes from then and the next split measures the checks blind again.
// heldout-10, written without reading the checks, three defects for each class the review issue
// names among its thirty, was measured as written on the checks with heldout-9's
// generalisations: 13 of 30 caught after intake took OEIS:A… identifiers (six of its clean
// packets having been refused for them), and one clean FAIL, on the formal variable of a
// generating function, made NEEDS_HUMAN; its misses were read and their classes generalised for
// on 2026-12-06 (30 of 30 caught since, no clean packet of any split FAILing), so it is tuned-on
// for those classes from then and the next split measures the checks blind again.
// heldout-11, written the same way while heldout-10 was generalised for and without reading it,
// was measured as written on the checks with heldout-10's generalisations: 18 of 30 caught, and
// one clean FAIL, a count of classes that says nothing of completeness, made NEEDS_HUMAN; its
// misses were read and their classes generalised for on 2026-12-06, after it was measured (27 of
// 30 caught since, no clean packet of any split FAILing), so it is tuned-on for those classes
// from then and the next split measures the checks blind again.
// heldout-12, written the same way while heldout-11 was generalised for and without reading it,
// was measured as written on the checks with heldout-11's generalisations: 22 of 30 caught, no
// clean packet FAILing, after intake took MR numbers (one clean packet having been refused for
// one); its misses were read and their classes generalised for on 2026-12-06, after it was
// measured (30 of 30 caught since, no clean packet of any split FAILing), so it is tuned-on for
// those classes from then and the next split measures the checks blind again.
// heldout-13, written the same way while heldout-12 was generalised for and without reading it,
// was measured as written on the checks with heldout-12's generalisations: 14 of 30 caught, and
// three clean FAILs, made NEEDS_HUMAN or PASS since: a Laplacian written before its function
// beside a derivative, read as an undeclared variable (now an operator), and two statements
// whose only text shared with a GFDL source is a short run of standard declarations ("Let $k$
// be an algebraically closed field of characteristic …", now asking a person); the same 14 are
// caught since. Its misses were read and their classes generalised for on 2026-12-07, after it
// was measured (27 of 30 caught since, no clean packet of any split FAILing; a relevance note
// about a neighbouring classification and two titles asking another question stay missed), so
// it is tuned-on for those classes from then and the next split measures the checks blind
// again.
// heldout-14, written the same way while heldout-13 was generalised for and without reading it,
// was measured as written on the checks with heldout-13's generalisations: 15 of 30 caught, and
// two clean FAILs: the differential $Df$ of a declared map read as an undeclared variable, and a
// recurrence written for a letter standing for two sequences whose first values are given. Both
// were fixed on 2026-12-07 (a capital letter written only before a declared map is its derivative
// where the statement differentiates; a letter standing for named sequences takes their first
// values), and its misses were read and their classes generalised for the same day (27 of 30
// caught since, no clean packet of any split FAILing; a strict bound false at a boundary case, a
// counting argument and a bound's chronology stay missed), so it is tuned-on for those classes
// from then and the next split measures the checks blind again.
// heldout-15, written the same way while heldout-14 was generalised for and without reading it,
// was measured as written on the checks with heldout-13's generalisations: 19 of 30 caught, and
// two clean FAILs on captions restating the question's own condition with a number the
// statement names (now asking a person); on the checks with heldout-14's generalisations and
// that fix, the same 19 of 30 and no clean FAIL. Its misses were read and their classes
// generalised for on 2026-12-07, after it was measured (29 of 30 caught since, no clean packet
// of any split FAILing; an example whose face count falls below the statement's bound only for a
// reader who knows the cross-polytope is centrally symmetric stays missed), so it is tuned-on for
// those classes from then and the next split measures the checks blind again.
// heldout-16, written the same way while heldout-15 was generalised for and without reading it,
// was measured as written on the checks with heldout-14's generalisations: 15 of 30 caught, no
// clean packet FAILing; on the checks with heldout-15's generalisations, the same 15 of 30. Its
// misses were read and their classes generalised for on 2026-12-07, after it was measured (21 of
// 30 caught since, no clean packet of any split FAILing; a subadditive bound broken by an example
// written in words, a title naming the settled case, a relevance note about another
// representation, an incidence count, two dates against the record, another conjecture as the
// open remainder, a definition contradicting the statement and a criterion the zero function
// meets stay missed), so it is tuned-on for those classes from then and the next split measures
// the checks blind again.
// heldout-17, written the same way while heldout-16 was generalised for and without reading it,
// was measured as written on the checks with heldout-15's generalisations: 10 of 30 caught, and
// two clean FAILs: a numerical criterion writing its bounds and their width with TeX relations
// ("$a\le b$ with $b-a\le 1/8$"), read as asking for no numerical evidence (a relation in TeX
// now counts as the same sign written ≤ or ±, and a comparison only in words asks a person), and
// a packet whose references were all secondary, rightly FAILing open-status.primary-source (the
// packet was completed with the primary source of the planar case after the measurement); on
// the checks with heldout-16's generalisations, 11 of 30 (a width written as a fraction). Its
// misses were read and their classes generalised for on 2026-12-07, after it was measured (19 of
// 30 caught since, no clean packet of any split FAILing; a caption answering the question, three
// examples contradicting a bound stated in words or in another entry, two titles and two
// relevance notes about another problem, a classification
// criterion leaving out cases, an equivalence not preserving the defining property and an
// example contradicting its definition stay missed), so it is tuned-on for those classes from
// then and the next split measures the checks blind again.
// heldout-18, written the same way while heldout-17 was generalised for and without reading it,
// was measured as written on the checks with heldout-16's generalisations: 15 of 30 caught, and
// one clean FAIL on a sum equal to a numeral written in base three ("243 + 9 + 3 + 1 = 100111₃"),
// read as arithmetic in base ten (a numeral marked as written in another base is no longer
// read); on the checks with heldout-17's generalisations, the same 15 of 30. Its misses were
// read and their classes generalised for on 2026-12-07, after it was measured (24 of 30 caught
// since, no clean packet of any split FAILing; a small-case range reaching past the target's, an
// example contradicting a bound written as a formula in n and r, a quantifier order swapped, a
// row credited with later works' results, a criterion on the reciprocal ratio and a hypothesis
// inside a known case stay missed), so it is tuned-on for
// those classes from then and the next split measures the checks blind again.
// heldout-19, written the same way while heldout-17 was generalised for and without reading it,
// was measured as written on the checks with heldout-17's generalisations: 18 of 30 caught, no
// clean packet FAILing. Its misses were read and their classes generalised for on 2026-12-07,
// after it was measured (27 of 30 caught since, no clean packet of any split FAILing; an alt
// text describing another picture, an example contradicting a bound stated as a root and a
// source locator pointing to another work stay missed), so it is tuned-on for those classes
// from then and the next split measures the checks blind again; the same rules caught one more
// of heldout-17's misses (20 of 30), a caption claiming what "always" holds.
// heldout-20, written the same way while heldout-18 and heldout-19 were generalised for and
// without reading them, all of its thirty defects of the review issue's eight classes, was
// measured as written on the checks with heldout-17's generalisations: 18 of 30 caught, no clean
// FAIL, but two clean packets refused at intake for an ISBN written "urn:isbn:…" (now taken),
// and with them two of the caught defects; with that fix, 16 of 30; on the checks with heldout-18's
// and heldout-19's generalisations, the same 16 of 30. Its misses are left as measured
// (known-misses), so it measures the checks blind.
var freshSplits = []string{"tune", "heldout", "heldout-2", "heldout-3", "heldout-4", "heldout-5", "heldout-6", "heldout-7", "heldout-8", "heldout-9", "heldout-10", "heldout-11", "heldout-12", "heldout-13", "heldout-14", "heldout-15", "heldout-16", "heldout-17", "heldout-18", "heldout-19", "heldout-20"}

// freshSplit is one split of the fresh set.
type freshSplit struct {
	name    string
	clean   map[string]pkt.Content
	order   []string
	defects []freshDefect
	// knownMisses are the defects of a split measured once and left as measured: the checks
	// missed them when the split was first run, and no check has been changed for them yet
	// (DIR/<split>/known-misses, one defect name a line, # for comments).
	knownMisses map[string]bool
}

func loadFresh(dir string) ([]*freshSplit, error) {
	var out []*freshSplit
	for _, name := range freshSplits {
		sp := &freshSplit{name: name, clean: map[string]pkt.Content{}, knownMisses: map[string]bool{}}
		if b, err := os.ReadFile(filepath.Join(dir, name, "known-misses")); err == nil {
			for _, line := range strings.Split(string(b), "\n") {
				if line, _, _ = strings.Cut(line, "#"); strings.TrimSpace(line) != "" {
					sp.knownMisses[strings.TrimSpace(line)] = true
				}
			}
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		files, err := filepath.Glob(filepath.Join(dir, name, "clean", "*.json"))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			var c pkt.Content
			if err := json.Unmarshal(b, &c); err != nil {
				return nil, fmt.Errorf("%s: %w", f, err)
			}
			key := strings.TrimSuffix(filepath.Base(f), ".json")
			sp.clean[key] = c
			sp.order = append(sp.order, key)
		}
		files, err = filepath.Glob(filepath.Join(dir, name, "defect", "*.json"))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			var d freshDefect
			if err := json.Unmarshal(b, &d); err != nil {
				return nil, fmt.Errorf("%s: %w", f, err)
			}
			d.Name = strings.TrimSuffix(filepath.Base(f), ".json")
			if _, ok := sp.clean[d.Base]; !ok {
				return nil, fmt.Errorf("%s: base %q is no clean packet of %s", f, d.Base, name)
			}
			if _, ok := checkGate(d.Check); !ok && d.Check != "intake" {
				return nil, fmt.Errorf("%s: %q is no check", f, d.Check)
			}
			sp.defects = append(sp.defects, d)
		}
		if len(sp.order) > 0 {
			out = append(out, sp)
		}
	}
	return out, nil
}

// checkGate returns the gate a check belongs to.
func checkGate(id string) (gates.Name, bool) {
	for _, g := range gates.All() {
		for _, c := range g.Checks {
			if c.ID == id {
				return g.Name, true
			}
		}
	}
	return "", false
}

// plantFresh applies a defect's field settings to a copy of its base packet.
func plantFresh(base pkt.Content, set map[string]any) (pkt.Content, error) {
	b, err := json.Marshal(base)
	if err != nil {
		return pkt.Content{}, err
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		return pkt.Content{}, err
	}
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if doc, err = setPath(doc, strings.Split(k, "."), set[k]); err != nil {
			return pkt.Content{}, fmt.Errorf("set %s: %w", k, err)
		}
	}
	b, err = json.Marshal(doc)
	if err != nil {
		return pkt.Content{}, err
	}
	// A path that names no field of a packet would plant nothing and be measured as a miss.
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var out pkt.Content
	if err := dec.Decode(&out); err != nil {
		return pkt.Content{}, fmt.Errorf("set %s: %w", strings.Join(keys, ", "), err)
	}
	return out, nil
}

func setPath(doc any, path []string, v any) (any, error) {
	if len(path) == 0 {
		return v, nil
	}
	switch d := doc.(type) {
	case map[string]any:
		next, err := setPath(d[path[0]], path[1:], v)
		d[path[0]] = next
		return d, err
	case []any:
		if path[0] == "+" {
			return append(d, v), nil
		}
		i, err := strconv.Atoi(path[0])
		if err != nil || i < 0 || i >= len(d) {
			return d, fmt.Errorf("no item %s", path[0])
		}
		d[i], err = setPath(d[i], path[1:], v)
		return d, err
	case nil:
		if path[0] == "+" {
			return []any{v}, nil
		}
		m := map[string]any{}
		next, err := setPath(nil, path[1:], v)
		m[path[0]] = next
		return m, err
	}
	return doc, errors.New("not an object or a list")
}

// freshRow is what the fresh set measured for one gate in one split.
type freshRow = gates.FreshCalibration

// freshResult is the measurement of one split, with the packets behind the rates.
type freshResult struct {
	split      string
	rows       []freshRow
	falseFails []string // "packet: check (span)"
	misses     []string // "defect: check"
	refused    []string // clean packets refused at intake
}

// findingKey identifies a finding for the comparison of a defect with its base.
func findingKey(f gates.Finding) string {
	return f.Check + "|" + string(f.Verdict) + "|" + f.Span.Field + "|" + f.Span.Quote
}

func runAll(ctx context.Context, r *gates.Revision, env gates.Env) map[gates.Name]gates.Result {
	out := map[gates.Name]gates.Result{}
	for _, g := range gates.All() {
		out[g.Name] = gates.RunGate(ctx, g, r, env, 0)
	}
	return out
}

func measureFresh(sp *freshSplit, problems *similar.Index, solved *similar.Index, copies *corpus) freshResult {
	ctx := context.Background()
	env := func(id string) gates.Env {
		e := gates.Env{Now: func() time.Time { return now }, Problems: family{idx: problems, family: "fresh:" + id},
			Solved: family{idx: solved, family: "fresh:" + id}, Claims: gates.StaticClaims{}}
		if copies != nil {
			e.Copies = copies.checker
		}
		return e
	}
	res := freshResult{split: sp.name}
	rows := map[gates.Name]*freshRow{}
	row := func(g gates.Name) *freshRow {
		if rows[g] == nil {
			rows[g] = &freshRow{Set: sp.name, Gate: string(g)}
		}
		return rows[g]
	}
	base := map[string]map[gates.Name]gates.Result{}
	for _, key := range sp.order {
		r, err := policy.GateRevisionOf(policy.InputOf(sp.clean[key]), now, false)
		if err != nil {
			res.refused = append(res.refused, key+": "+err.Error())
			continue
		}
		r.ProblemID = "fresh:" + key
		results := runAll(ctx, r, env(key))
		base[key] = results
		for _, g := range gates.All() {
			rw := row(g.Name)
			rw.Clean++
			failed := false
			for _, f := range results[g.Name].Findings {
				if f.Verdict == gates.Fail {
					failed = true
					res.falseFails = append(res.falseFails, fmt.Sprintf("%s: %s at %s “%s”", key, f.Check, f.Span.Field, clip(f.Span.Quote, 60)))
				}
			}
			if failed {
				rw.FalseFail++
			}
		}
	}
	for _, d := range sp.defects {
		g, _ := checkGate(d.Check)
		if d.Check == "intake" {
			g = "INTAKE"
		}
		rw := row(g)
		rw.Planted++
		c, err := plantFresh(sp.clean[d.Base], d.Set)
		if err != nil {
			res.misses = append(res.misses, d.Name+": the defect could not be planted: "+err.Error())
			continue
		}
		r, err := policy.GateRevisionOf(policy.InputOf(c), now, false)
		if err != nil {
			rw.Caught++
			rw.AtIntake++
			continue
		}
		if d.Check == "intake" {
			res.misses = append(res.misses, d.Name+": intake accepted it")
			continue
		}
		r.ProblemID = "fresh:" + d.Base
		before := map[string]bool{}
		for _, f := range base[d.Base][g].Findings {
			before[findingKey(f)] = true
		}
		got := gates.RunGate(ctx, mustGate(g), r, env(d.Base), 0)
		caught := false
		for _, f := range got.Findings {
			if f.Check == d.Check && (f.Verdict == gates.Fail || f.Verdict == gates.NeedsHuman) && !before[findingKey(f)] {
				caught = true
				if f.Verdict == gates.Fail {
					rw.CaughtFail++
				}
				break
			}
		}
		if caught {
			rw.Caught++
		} else {
			res.misses = append(res.misses, d.Name+": "+d.Check+" ("+d.Defect+")")
		}
	}
	for _, g := range append(gates.All(), &gates.Gate{Name: "INTAKE"}) {
		if rw := rows[g.Name]; rw != nil {
			res.rows = append(res.rows, *rw)
		}
	}
	return res
}

func mustGate(n gates.Name) *gates.Gate {
	g, ok := gates.ByName(n)
	if !ok {
		panic("calibrate: no gate " + string(n))
	}
	return g
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

func pct(a, b int) string {
	if b == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}

// writeFresh writes the per-gate table of each split, then the false FAILs and the misses.
func writeFresh(w io.Writer, results []freshResult) {
	for _, res := range results {
		var clean, planted, caught, withFail int
		fmt.Fprintf(w, "\n#### %s\n\n| gate | clean packets | with a FAIL | false-FAIL rate | defects planted | caught | recall | of which FAIL | refused at intake |\n|---|---|---|---|---|---|---|---|---|\n", res.split)
		for _, r := range res.rows {
			fmt.Fprintf(w, "| %s | %d | %d | %s | %d | %d | %s | %d | %d |\n", r.Gate, r.Clean, r.FalseFail, pct(r.FalseFail, r.Clean),
				r.Planted, r.Caught, pct(r.Caught, r.Planted), r.CaughtFail, r.AtIntake)
			planted += r.Planted
			caught += r.Caught
			clean = max(clean, r.Clean)
		}
		withFail = packetsWithFail(res.falseFails)
		fmt.Fprintf(w, "\n%s: %d clean packets, %d with a gate FAIL, %d refused at intake; %d of %d planted defects caught (%s).\n",
			res.split, clean, withFail, len(res.refused), caught, planted, pct(caught, planted))
		for _, s := range res.refused {
			fmt.Fprintf(w, "- refused clean packet: %s\n", s)
		}
		for _, s := range res.falseFails {
			fmt.Fprintf(w, "- false FAIL: %s\n", s)
		}
		for _, s := range res.misses {
			fmt.Fprintf(w, "- missed: %s\n", s)
		}
	}
}

func packetsWithFail(falseFails []string) int {
	seen := map[string]bool{}
	for _, s := range falseFails {
		seen[strings.SplitN(s, ":", 2)[0]] = true
	}
	return len(seen)
}
