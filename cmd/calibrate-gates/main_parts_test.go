//go:build calibrate

package main

import (
	"context"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/seed"
	"github.com/theoremdb/theoremdb/similar"
)

func TestFamilyOf(t *testing.T) {
	for path, want := range map[string]string{
		"FormalConjectures/ErdosProblems/42.lean":    "erdos-42",
		"ErdosProblems/1094.lean":                    "erdos-1094",
		"FormalConjectures/Wikipedia/Goldbach.lean":  "FormalConjectures/Wikipedia/Goldbach.lean",
		"FormalConjectures/ErdosProblems/42a.lean":   "FormalConjectures/ErdosProblems/42a.lean",
		"FormalConjectures/ErdosProblems/42.lean.md": "FormalConjectures/ErdosProblems/42.lean.md",
	} {
		if got := familyOf(path); got != want {
			t.Errorf("familyOf(%q) = %q; want %q", path, got, want)
		}
	}
}

func TestVerdicts(t *testing.T) {
	f := func(check string, v gates.Verdict) gates.Finding { return gates.Finding{Check: check, Verdict: v} }
	got := verdicts(gates.Result{Findings: []gates.Finding{
		f("a", gates.Pass), f("a", gates.Fail), f("a", gates.NeedsHuman),
		f("b", gates.NeedsHuman), f("b", gates.Unknown), f("b", gates.Pass),
		f("c", gates.Pass),
		f("d", gates.NeedsHuman), f("d", gates.Pass),
	}})
	want := map[string]gates.Verdict{"a": gates.Fail, "b": gates.Unknown, "c": gates.Pass, "d": gates.NeedsHuman}
	if len(got) != len(want) {
		t.Errorf("verdicts = %v; want %v", got, want)
	}
	for id, v := range want {
		if got[id] != v {
			t.Errorf("verdicts[%s] = %s; want the worst, %s", id, got[id], v)
		}
	}
	if got := verdicts(gates.Result{}); len(got) != 0 {
		t.Errorf("verdicts of no finding = %v; want none", got)
	}
}

func TestHash(t *testing.T) {
	// The variants' seeds must not change between runs or releases: hash is FNV-1a.
	for _, s := range []string{"", "demo:legendre|statement.variable-domain", "erdos:42|hero.caption", "√"} {
		h := fnv.New64a()
		h.Write([]byte(s))
		if got, want := hash(s), h.Sum64(); got != want {
			t.Errorf("hash(%q) = %d; want FNV-1a %d", s, got, want)
		}
	}
	if hash("p|a") == hash("p|b") {
		t.Error("hash gives two checks of one packet the same seed")
	}
}

const (
	goldbach = `Every even integer $n > 2$ is the sum of two primes.`
	twin     = `There are infinitely many primes $p$ such that $p + 2$ is prime.`
)

func TestFamilySimilar(t *testing.T) {
	ctx := context.Background()
	idx := similar.NewIndex()
	idx.Add("erdos:1", "Goldbach", goldbach, "PROSPECTING", "erdos-1")
	idx.Add("erdos:1.b", "Goldbach, a variant", goldbach, "PROSPECTING", "erdos-1")
	idx.Add("fc:goldbach", "Goldbach's conjecture", goldbach, "PROSPECTING", "Goldbach.lean")
	idx.Add("fc:twin", "Twin primes", twin, "PROSPECTING", "Twin.lean")

	all, err := idx.Similar(ctx, "Goldbach", goldbach, "erdos:1", 10)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(all, func(c gates.Candidate) bool { return c.ID == "erdos:1.b" }) {
		t.Fatalf("the index alone finds %v; want the variant of the same family among them", all)
	}
	got, err := family{idx: idx, family: "erdos-1"}.Similar(ctx, "Goldbach", goldbach, "erdos:1", 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 || got[0].ID != "fc:goldbach" {
		t.Errorf("family.Similar = %v; want fc:goldbach first", got)
	}
	for _, c := range got {
		if c.Locator == "erdos-1" {
			t.Errorf("family.Similar kept %s of the packet's own family", c.ID)
		}
	}
	got, err = family{idx: idx, family: "erdos-1"}.Similar(ctx, "Goldbach", goldbach, "erdos:1", 1)
	if err != nil || len(got) != 1 || got[0].ID != "fc:goldbach" {
		t.Errorf("family.Similar with limit 1 = %v, %v; want fc:goldbach alone", got, err)
	}
}

func TestMergedSimilar(t *testing.T) {
	ctx := context.Background()
	planted, rest := similar.NewIndex(), similar.NewIndex()
	planted.Add("planted:twin", "Twin primes", twin, "ACCEPTED", "")
	rest.Add("real:goldbach", "Goldbach", goldbach, "PROSPECTING", "")
	rest.Add("real:twin", "Twin primes", twin+" ", "PROSPECTING", "")
	m := merged{planted: planted, rest: rest}
	got, err := m.Similar(ctx, "Twin primes", twin, "", 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) < 2 {
		t.Fatalf("merged.Similar = %v; want candidates of both indexes", got)
	}
	ids := map[string]bool{}
	for i, c := range got {
		ids[c.ID] = true
		if i > 0 && c.Similarity > got[i-1].Similarity {
			t.Errorf("merged.Similar puts %s (%.3f) after %s (%.3f); want best first", c.ID, c.Similarity, got[i-1].ID, got[i-1].Similarity)
		}
	}
	if !ids["planted:twin"] || !ids["real:twin"] {
		t.Errorf("merged.Similar = %v; want the planted and the real copy", got)
	}
	if got, err := m.Similar(ctx, "Twin primes", twin, "", 1); err != nil || len(got) != 1 {
		t.Errorf("merged.Similar with limit 1 = %v, %v; want one candidate", got, err)
	}
}

// demoRevision is the first demo packet as the calibration reads it.
func demoRevision(t *testing.T) *packet {
	t.Helper()
	ps, err := demoPackets()
	if err != nil {
		t.Fatal(err)
	}
	return ps[0]
}

func TestDemoPackets(t *testing.T) {
	ps, err := demoPackets()
	if err != nil {
		t.Fatal(err)
	}
	src := seed.Packets()
	if len(ps) != len(src) {
		t.Fatalf("demoPackets = %d; want one for each of the %d seed packets", len(ps), len(src))
	}
	families := map[string]string{}
	for i, p := range ps {
		key := src[i].Key
		if p.rev.ProblemID != "demo:"+key || p.set != "demo" || p.rev.Title != strings.TrimSpace(src[i].Input.Title) {
			t.Errorf("packet %d = %s in %s (%q); want demo:%s in demo", i, p.rev.ProblemID, p.set, p.rev.Title, key)
		}
		for _, g := range gates.All() {
			if !p.complete(g.Name) {
				t.Errorf("%s counts as incomplete for %s; the demo packets are complete", key, g.Name)
			}
		}
		families[key] = p.family
	}
	for key, fam := range families {
		if sub, ok := strings.CutSuffix(key, "/revision"); ok && families[sub] != fam {
			t.Errorf("%s is in family %s and its submission in %s; want one family", key, fam, families[sub])
		}
		if !strings.HasPrefix(fam, "demo:") {
			t.Errorf("%s has family %q; want demo:…", key, fam)
		}
	}
}

func TestMeasureTable(t *testing.T) {
	var certifying, other string
	for _, g := range gates.All() {
		for _, ch := range g.Checks {
			if ch.Certifies && certifying == "" {
				certifying = ch.ID
			}
			if !ch.Certifies && other == "" {
				other = ch.ID
			}
		}
	}
	m := &measure{rows: map[string]*gates.Calibration{}, human: map[string]int{certifying: 2, other: 5}}
	*m.row(certifying) = gates.Calibration{Check: certifying, Planted: 4, Recall: 3, Clean: 10, FalseFail: 1}
	*m.row(other) = gates.Calibration{Check: other, Clean: 20}
	rows := m.table()
	var ids []string
	for _, g := range gates.All() {
		for _, ch := range g.Checks {
			ids = append(ids, ch.ID)
		}
	}
	if len(rows) != len(ids) {
		t.Fatalf("table = %d rows; want one for each of the %d checks", len(rows), len(ids))
	}
	for i, r := range rows {
		if r.Check != ids[i] {
			t.Fatalf("row %d is %s; want %s, in the policy's order", i, r.Check, ids[i])
		}
		switch r.Check {
		case certifying:
			if r.Recall != 0.75 || r.FalseFail != 0.1 || r.NeedsHuman != 0.2 || r.Planted != 4 || r.Clean != 10 {
				t.Errorf("row %s = %+v; want recall 0.75, false fail 0.1, NEEDS_HUMAN 0.2", r.Check, r)
			}
		case other:
			if r.Recall != 0 || r.FalseFail != 0 || r.NeedsHuman != 0.25 {
				t.Errorf("row %s = %+v; want recall 0 with nothing planted and NEEDS_HUMAN 0.25", r.Check, r)
			}
		default:
			if r != (gates.Calibration{Check: r.Check}) {
				t.Errorf("row %s = %+v; want zeros for a check never run", r.Check, r)
			}
		}
	}
}

func TestWriteTable(t *testing.T) {
	var certifying []string
	var other string
	for _, g := range gates.All() {
		for _, ch := range g.Checks {
			if ch.Certifies {
				certifying = append(certifying, ch.ID)
			} else if other == "" {
				other = ch.ID
			}
		}
	}
	var b strings.Builder
	writeTable(&b, []gates.Calibration{
		{Check: certifying[0], Planted: 20, Recall: 0.95, Clean: 50, FalseFail: 0.02, NeedsHuman: 0.1},
		{Check: certifying[1], Planted: 20, Recall: 0.9, Clean: 50, FalseFail: 0.021},
		{Check: certifying[2], Clean: 7},
		{Check: other, Planted: 3, Recall: 1, Clean: 5, NeedsHuman: 0.4},
	})
	cells := map[string][]string{}
	for _, line := range strings.Split(b.String(), "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		parts := strings.Split(strings.Trim(line, "|"), "|")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		cells[strings.Trim(parts[0], "`")] = parts[1:]
	}
	for id, want := range map[string][]string{
		certifying[0]: {"yes", "20", "95.0%", "✓", "50", "2.0%", "✓", "10.0%"},
		certifying[1]: {"yes", "20", "90.0%", "✗", "50", "2.1%", "✗", "0.0%"},
		certifying[2]: {"yes", "0", "not measured", "✗", "7", "0.0%", "✓", "0.0%"},
		other:         {"no", "3", "—", "—", "5", "0.0%", "✓", "40.0%"},
	} {
		if !slices.Equal(cells[id], want) {
			t.Errorf("row %s = %q; want %q", id, cells[id], want)
		}
	}
	if len(cells) != 4 || !strings.Contains(b.String(), "| check | may fail | planted | recall |") {
		t.Errorf("writeTable wrote %d rows:\n%s", len(cells), b.String())
	}
}

func TestCorpusPlant(t *testing.T) {
	var words []string
	for i := range 60 {
		words = append(words, "w"+strings.Repeat("x", i%3)+string(rune('a'+i%26)))
	}
	passage := strings.Join(words, " ")
	c := &corpus{passages: []string{passage}}
	demo := demoRevision(t).rev
	if len(demo.Exposition) == 0 {
		t.Fatal("the first demo packet has no exposition to paste into")
	}
	inStatement, inExposition, changed, verbatim := 0, 0, 0, 0
	for s := range uint64(64) {
		r := demo.Clone()
		before := r.Clone()
		c.plant(r, rand.New(rand.NewPCG(s, 7)))
		var added string
		if r.Statement != before.Statement {
			inStatement++
			added = strings.TrimPrefix(r.Statement, before.Statement+"\n\n")
		}
		for i := range r.Exposition {
			if r.Exposition[i].Body != before.Exposition[i].Body {
				inExposition++
				added = strings.TrimPrefix(r.Exposition[i].Body, before.Exposition[i].Body+"\n\n")
			}
		}
		got := strings.Fields(added)
		if len(got) != len(words) {
			t.Fatalf("seed %d: planted %d words; want the passage's %d, in one place: %q", s, len(got), len(words), added)
		}
		var swapped []int
		for i := range got {
			if got[i] != words[i] {
				if got[i] != "namely" {
					t.Fatalf("seed %d: word %d is %q; want %q or namely", s, i, got[i], words[i])
				}
				swapped = append(swapped, i)
			}
		}
		if len(swapped) == 0 {
			verbatim++
			continue
		}
		changed++
		if swapped[0] < 10 || swapped[0] >= 30 {
			t.Errorf("seed %d: first changed word is %d; want one of 10 to 29", s, swapped[0])
		}
		for i := 1; i < len(swapped); i++ {
			if swapped[i]-swapped[i-1] != 20 {
				t.Errorf("seed %d: words %v changed; want one every twenty", s, swapped)
			}
		}
	}
	if inStatement+inExposition != 64 || inStatement == 0 || inExposition == 0 || changed == 0 || verbatim == 0 {
		t.Errorf("64 plants: %d in the statement, %d in the exposition, %d changed, %d verbatim; want each way some of the time",
			inStatement, inExposition, changed, verbatim)
	}
}

func TestPlantOne(t *testing.T) {
	p := demoRevision(t)
	env := gates.Env{Now: func() time.Time { return now }, Problems: similar.NewIndex(), Solved: similar.NewIndex(), Claims: gates.StaticClaims{}}
	rng := rand.New(rand.NewPCG(1, 2))
	m := &measure{}
	for _, id := range []string{"provenance.copy", "no.such-check", ""} {
		if _, _, ok := m.plantOne(id, p.rev, rng, env); ok {
			t.Errorf("plantOne(%q) without a corpus = ok; want nothing planted", id)
		}
	}

	planted, penv, ok := m.plantOne("duplicate.answer-claim", p.rev, rng, env)
	if !ok || planted == p.rev {
		t.Fatalf("plantOne(duplicate.answer-claim) = %v; want a copy of the packet", ok)
	}
	claims, err := penv.Claims.Claims(context.Background(), p.rev.ProblemID)
	if err != nil || !slices.ContainsFunc(claims, func(c gates.Claim) bool { return c.Answer }) {
		t.Errorf("planted claims = %v, %v; want an answer among them", claims, err)
	}
	if orig, _ := env.Claims.Claims(context.Background(), p.rev.ProblemID); len(orig) != 0 {
		t.Errorf("plantOne changed the caller's claims to %v", orig)
	}

	for _, id := range []string{"duplicate.near-duplicate", "duplicate.known-answer"} {
		planted, penv, ok := m.plantOne(id, p.rev, rng, env)
		if !ok || planted.Statement != p.rev.Statement {
			t.Fatalf("plantOne(%s) = %v; want the packet unchanged and a near copy in the environment", id, ok)
		}
		search := penv.Problems
		if id == "duplicate.known-answer" {
			search = penv.Solved
		}
		cands, err := search.Similar(context.Background(), p.rev.Title, p.rev.Statement, p.rev.ProblemID, 5)
		if err != nil || len(cands) == 0 || cands[0].Similarity < 0.5 {
			t.Errorf("plantOne(%s): the environment finds %v, %v; want the planted near copy", id, cands, err)
		}
	}

	m.corpus = &corpus{passages: []string{strings.Repeat("copied words here ", 10)}}
	planted, _, ok = m.plantOne("provenance.copy", p.rev, rng, env)
	if !ok || !strings.Contains(planted.Statement+strings.Join(bodies(planted), ""), "copied words here") {
		t.Errorf("plantOne(provenance.copy) = %v; want the passage pasted", ok)
	}
	if strings.Contains(p.rev.Statement+strings.Join(bodies(p.rev), ""), "copied words here") {
		t.Error("plantOne pasted into the caller's packet")
	}

	// A check with a planter of its own changes a copy, never the packet it is given.
	before := p.rev.Clone()
	plantedAny := false
	for _, id := range gates.PlantedChecks() {
		for v := range uint64(3) {
			c, _, ok := m.plantOne(id, p.rev, rand.New(rand.NewPCG(v, 1)), env)
			if ok {
				plantedAny = true
				if c == p.rev {
					t.Errorf("plantOne(%s) returned the packet itself", id)
				}
			}
		}
	}
	if !plantedAny {
		t.Error("no planter planted anything into a demo packet")
	}
	if before.Statement != p.rev.Statement || before.Title != p.rev.Title || !slices.Equal(bodies(before), bodies(p.rev)) {
		t.Error("a planter changed the packet it was given")
	}
}

func bodies(r *gates.Revision) []string {
	var out []string
	for _, e := range r.Exposition {
		out = append(out, e.Body)
	}
	return out
}

// TestMeasurePacket runs every gate on one demo packet: it counts as clean once for every
// check, and as an import (no open status or hero) it counts for neither of those gates.
func TestMeasurePacket(t *testing.T) {
	p := demoRevision(t)
	idx := similar.NewIndex()
	m := &measure{variants: 1, seed: 1, rows: map[string]*gates.Calibration{}}
	m.packet(p, idx, similar.NewIndex())
	imported := *p
	imported.complete = func(g gates.Name) bool { return g != gates.OpenStatus && g != gates.Hero }
	mi := &measure{variants: 1, seed: 1, rows: map[string]*gates.Calibration{}}
	mi.packet(&imported, idx, similar.NewIndex())
	if m.runs < len(gates.All()) || mi.runs < len(gates.All()) {
		t.Errorf("runs = %d and %d; want at least one per gate", m.runs, mi.runs)
	}
	for _, g := range gates.All() {
		for _, ch := range g.Checks {
			if r := m.row(ch.ID); r.Clean != 1 || r.Planted > 1 || (!ch.Certifies && r.Planted != 0) {
				t.Errorf("demo: %s = %+v; want one clean packet, at most one planted defect, none for a check that cannot fail", ch.ID, r)
			}
			want := 1
			if g.Name == gates.OpenStatus || g.Name == gates.Hero {
				want = 0
			}
			if r := mi.row(ch.ID); r.Clean != want {
				t.Errorf("import: %s counted %d clean packets; want %d", ch.ID, r.Clean, want)
			}
			if r := m.row(ch.ID); r.Recall > float64(r.Planted) || r.FalseFail > float64(r.Clean) {
				t.Errorf("demo: %s = %+v; detected or false fails exceed what was run", ch.ID, r)
			}
		}
	}
}

func TestRunErrors(t *testing.T) {
	var out strings.Builder
	if err := run([]string{"-no-such-flag"}, &out); err == nil {
		t.Error("run with an unknown flag = nil error")
	}
	err := run([]string{"-data", t.TempDir(), "-no-corpus"}, &out)
	if err == nil || !strings.Contains(err.Error(), "the shared data") {
		t.Errorf("run without shared data = %v; want an error naming the shared data", err)
	}
	if _, _, err := importedPackets(t.TempDir()); err == nil {
		t.Error("importedPackets of an empty directory = nil error")
	}
}
