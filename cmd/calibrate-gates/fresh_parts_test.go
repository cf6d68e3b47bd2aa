//go:build calibrate

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/gates"
	pkt "github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/similar"
)

// fixtureDir is a fresh set of this package's own: one split (tune) with one clean packet, four
// defects and a known-misses file; the other splits are absent.
const fixtureDir = "testdata/fresh"

func loadFixture(t *testing.T) *freshSplit {
	t.Helper()
	splits, err := loadFresh(fixtureDir)
	if err != nil {
		t.Fatalf("loadFresh(%s) = %v", fixtureDir, err)
	}
	if len(splits) != 1 || splits[0].name != "tune" {
		t.Fatalf("loadFresh(%s) = %d splits; want only tune, the others have no clean packet", fixtureDir, len(splits))
	}
	return splits[0]
}

func TestLoadFreshFixture(t *testing.T) {
	sp := loadFixture(t)
	if !reflect.DeepEqual(sp.order, []string{"squares-between"}) {
		t.Errorf("order = %v; want [squares-between]", sp.order)
	}
	if got := sp.clean["squares-between"].Title; got != "A prime between two consecutive squares" {
		t.Errorf("clean packet title = %q", got)
	}
	var names []string
	for _, d := range sp.defects {
		names = append(names, d.Name)
		if d.Base != "squares-between" || d.Check == "" || d.Defect == "" || len(d.Set) == 0 {
			t.Errorf("defect %s = %+v; want its base, check, description and settings read", d.Name, d)
		}
	}
	if want := []string{"missing-entry", "no-title", "same-title", "unchanged-caption"}; !reflect.DeepEqual(names, want) {
		t.Errorf("defects = %v; want %v, named by file", names, want)
	}
	// Comments (whole lines and after a name) and blank lines are not names.
	if want := map[string]bool{"same-title": true, "unchanged-caption": true}; !reflect.DeepEqual(sp.knownMisses, want) {
		t.Errorf("knownMisses = %v; want %v", sp.knownMisses, want)
	}
}

// writeSplit writes a one-split fresh set under a temporary directory: files maps a path
// below the split to its content.
func writeSplit(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, "tune", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestLoadFreshErrors(t *testing.T) {
	clean, err := os.ReadFile(filepath.Join(fixtureDir, "tune", "clean", "squares-between.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		files map[string]string
		want  []string // substrings of the error
	}{
		{"a clean packet that is not JSON", map[string]string{"clean/a.json": "{"},
			[]string{filepath.Join("clean", "a.json")}},
		{"a defect that is not JSON", map[string]string{"clean/a.json": string(clean), "defect/d.json": `{"base": 1}`},
			[]string{filepath.Join("defect", "d.json")}},
		{"a defect of another base", map[string]string{"clean/a.json": string(clean),
			"defect/d.json": `{"base": "b", "check": "hero.caption", "set": {}}`},
			[]string{filepath.Join("defect", "d.json"), `base "b" is no clean packet of tune`}},
		{"a defect of no check", map[string]string{"clean/a.json": string(clean),
			"defect/d.json": `{"base": "a", "check": "hero.captions", "set": {}}`},
			[]string{filepath.Join("defect", "d.json"), `"hero.captions" is no check`}},
		{"known-misses is a directory", map[string]string{"known-misses/x": "", "clean/a.json": string(clean)},
			[]string{"known-misses"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeSplit(t, tt.files)
			_, err := loadFresh(dir)
			if err == nil {
				t.Fatalf("loadFresh = nil error; want one naming %v", tt.want)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("loadFresh = %v; want it to name %q", err, w)
				}
			}
		})
	}
	// A split with defects but no clean packet is not a split; an empty directory has none.
	dir := writeSplit(t, map[string]string{"defect/d.json": `{"base": "a", "check": "intake"}`})
	if _, err := loadFresh(dir); err == nil {
		t.Error("loadFresh of a defect without its base = nil error")
	}
	splits, err := loadFresh(t.TempDir())
	if err != nil || len(splits) != 0 {
		t.Errorf("loadFresh(empty) = %d splits, %v; want none and no error", len(splits), err)
	}
}

func TestSetPath(t *testing.T) {
	doc := func() any {
		var d any
		if err := json.Unmarshal([]byte(`{"title": "T", "exposition": [{"body": "a"}, {"body": "b"}], "hero": {"alt": "x"}}`), &d); err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, tt := range []struct {
		path    string
		v       any
		want    string // the document as JSON after the change
		wantErr string
	}{
		{"title", "U", `{"exposition":[{"body":"a"},{"body":"b"}],"hero":{"alt":"x"},"title":"U"}`, ""},
		{"exposition.1.body", "B", `{"exposition":[{"body":"a"},{"body":"B"}],"hero":{"alt":"x"},"title":"T"}`, ""},
		{"exposition.+", map[string]any{"body": "c"}, `{"exposition":[{"body":"a"},{"body":"b"},{"body":"c"}],"hero":{"alt":"x"},"title":"T"}`, ""},
		{"tags.+", "new", `{"exposition":[{"body":"a"},{"body":"b"}],"hero":{"alt":"x"},"tags":["new"],"title":"T"}`, ""},
		{"openStatus.strongestKnown", "s", `{"exposition":[{"body":"a"},{"body":"b"}],"hero":{"alt":"x"},"openStatus":{"strongestKnown":"s"},"title":"T"}`, ""},
		{"hero", nil, `{"exposition":[{"body":"a"},{"body":"b"}],"hero":null,"title":"T"}`, ""},
		{"exposition.2.body", "x", "", "no item 2"},
		{"exposition.-1.body", "x", "", "no item -1"},
		{"exposition.first.body", "x", "", "no item first"},
		{"title.text", "x", "", "not an object or a list"},
	} {
		got, err := setPath(doc(), strings.Split(tt.path, "."), tt.v)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("setPath(%s) = %v; want an error with %q", tt.path, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("setPath(%s) = %v", tt.path, err)
			continue
		}
		b, _ := json.Marshal(got)
		if string(b) != tt.want {
			t.Errorf("setPath(%s) =\n%s\nwant\n%s", tt.path, b, tt.want)
		}
	}
	if got, err := setPath(doc(), nil, "whole"); err != nil || got != "whole" {
		t.Errorf("setPath with no path = %v, %v; want the value itself", got, err)
	}
}

func TestPlantFreshOrderAndCopy(t *testing.T) {
	base := loadFixture(t).clean["squares-between"]
	before := base.Exposition[0].Body
	// The settings apply in the order of their paths, so a list replaced and added to in one
	// defect holds the replacement and then the addition, whatever order the map gives.
	for range 5 {
		got, err := plantFresh(base, map[string]any{
			"exposition.+": map[string]any{"kind": "REMARK", "body": "Added."},
			"exposition":   []any{map[string]any{"kind": "EXAMPLE", "body": "Only."}},
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Exposition) != 2 || got.Exposition[0].Body != "Only." || got.Exposition[1].Body != "Added." {
			t.Fatalf("plantFresh = %+v; want the replacement then the addition", got.Exposition)
		}
	}
	got, err := plantFresh(base, map[string]any{"exposition.0.body": "Changed.", "references.0.locator": "p. 1"})
	if err != nil {
		t.Fatal(err)
	}
	if base.Exposition[0].Body != before {
		t.Errorf("plantFresh changed its base packet's entry to %q", base.Exposition[0].Body)
	}
	if got.References[0].Locator != "p. 1" || got.References[0].Identifier != base.References[0].Identifier {
		t.Errorf("plantFresh reference = %+v; want the locator changed and the identifier kept", got.References[0])
	}
	// A path naming no field of a packet is an error, not a defect that plants nothing.
	for _, path := range []string{"hero.captoin", "titel", "exposition.0.bdy"} {
		_, err := plantFresh(base, map[string]any{path: "x"})
		if err == nil || !strings.Contains(err.Error(), "unknown field") {
			t.Errorf("plantFresh(%s) = %v; want an error naming the unknown field", path, err)
		}
	}
	_, err = plantFresh(base, map[string]any{"references.3.locator": "p. 1"})
	if err == nil || !strings.Contains(err.Error(), "set references.3.locator") || !strings.Contains(err.Error(), "no item 3") {
		t.Errorf("plantFresh of a missing reference = %v; want an error naming the path and the item", err)
	}
}

// TestFreshDefectsPlant: every defect of the calibration's own fresh set plants and changes its
// base packet, so a mistyped path is reported here rather than measured as a miss.
func TestFreshDefectsPlant(t *testing.T) {
	splits, err := loadFresh("../../gates/testdata/fresh")
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range splits {
		for _, d := range sp.defects {
			got, err := plantFresh(sp.clean[d.Base], d.Set)
			if err != nil {
				t.Errorf("%s/%s: %v", sp.name, d.Name, err)
				continue
			}
			if reflect.DeepEqual(got, sp.clean[d.Base]) {
				t.Errorf("%s/%s: planting %v leaves %s as it was", sp.name, d.Name, d.Set, d.Base)
			}
		}
	}
}

func TestCheckGate(t *testing.T) {
	for id, want := range map[string]gates.Name{"hero.caption": gates.Hero, "provenance.copy": gates.Provenance,
		"statement.variable-domain": gates.Statement} {
		if g, ok := checkGate(id); !ok || g != want {
			t.Errorf("checkGate(%q) = %s, %v; want %s", id, g, ok, want)
		}
	}
	for _, id := range []string{"", "intake", "hero", "HERO"} {
		if g, ok := checkGate(id); ok {
			t.Errorf("checkGate(%q) = %s; want no gate", id, g)
		}
	}
	// Every check of every gate is found in its own gate.
	for _, g := range gates.All() {
		for _, c := range g.Checks {
			if got, ok := checkGate(c.ID); !ok || got != g.Name {
				t.Errorf("checkGate(%q) = %s, %v; want %s", c.ID, got, ok, g.Name)
			}
		}
	}
	if g := mustGate(gates.Hero); g.Name != gates.Hero {
		t.Errorf("mustGate(HERO) = %s", g.Name)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "no gate INTAKE") {
			t.Errorf("mustGate(INTAKE) panicked with %v; want a panic naming it", r)
		}
	}()
	mustGate("INTAKE")
}

func TestFindingKey(t *testing.T) {
	f := gates.Finding{Check: "hero.caption", Verdict: gates.Fail, Span: gates.Span{Field: "hero.caption", Quote: "above 0.37"},
		Behaviour: "states a bound"}
	same := f
	same.Behaviour, same.Span.Start, same.Span.End = "another wording", 4, 9
	if findingKey(f) != findingKey(same) {
		t.Error("findingKey depends on the behaviour or the offsets; a defect moving a span would count as caught")
	}
	for name, change := range map[string]func(*gates.Finding){
		"check":   func(g *gates.Finding) { g.Check = "hero.alt" },
		"verdict": func(g *gates.Finding) { g.Verdict = gates.NeedsHuman },
		"field":   func(g *gates.Finding) { g.Span.Field = "hero.alt" },
		"quote":   func(g *gates.Finding) { g.Span.Quote = "above 0.38" },
	} {
		g := f
		change(&g)
		if findingKey(g) == findingKey(f) {
			t.Errorf("findingKey ignores the %s", name)
		}
	}
}

// TestMeasureFreshFixture measures the fixture split: the clean packet passes intake and counts
// in every gate; a defect intake refuses is caught there; a defect that changes nothing, or
// cannot be planted, is a miss naming the defect.
func TestMeasureFreshFixture(t *testing.T) {
	sp := loadFixture(t)
	idx := similar.NewIndex()
	res := measureFresh(sp, idx, similar.NewIndex(), nil)
	if res.split != "tune" || len(res.refused) != 0 {
		t.Fatalf("measureFresh = split %q, refused %v; want tune with no refusal", res.split, res.refused)
	}
	rows := map[string]freshRow{}
	for _, r := range res.rows {
		rows[r.Gate] = r
	}
	for _, g := range gates.All() {
		if rows[string(g.Name)].Clean != 1 {
			t.Errorf("%s: %d clean packets; want 1", g.Name, rows[string(g.Name)].Clean)
		}
	}
	if r := rows["INTAKE"]; r.Planted != 2 || r.Caught != 1 || r.AtIntake != 1 || r.Clean != 0 {
		t.Errorf("INTAKE row = %+v; want 2 planted, 1 caught at intake", r)
	}
	if r := rows[string(gates.Hero)]; r.Planted != 2 || r.Caught != 0 {
		t.Errorf("HERO row = %+v; want 2 planted, none caught", r)
	}
	if last := res.rows[len(res.rows)-1]; last.Gate != "INTAKE" {
		t.Errorf("the last row is %s; want INTAKE after the gates", last.Gate)
	}
	misses := map[string]string{}
	for _, m := range res.misses {
		name, why, _ := strings.Cut(m, ": ")
		misses[name] = why
	}
	for name, want := range map[string]string{
		"same-title":        "intake accepted it",
		"unchanged-caption": "hero.caption (a caption set to what it was)",
		"missing-entry":     "the defect could not be planted: set exposition.9.body: no item 9",
	} {
		if misses[name] != want {
			t.Errorf("miss %s = %q; want %q", name, misses[name], want)
		}
	}
	if _, ok := misses["no-title"]; ok || len(misses) != 3 {
		t.Errorf("misses = %v; want the three above and not no-title", res.misses)
	}
	// A clean packet intake refuses is listed, and counts in no gate.
	bad := sp.clean["squares-between"]
	bad.Statement = ""
	sp.clean["squares-between"] = bad
	sp.defects = nil
	res = measureFresh(sp, idx, similar.NewIndex(), nil)
	if len(res.refused) != 1 || !strings.HasPrefix(res.refused[0], "squares-between: ") || len(res.rows) != 0 {
		t.Errorf("measureFresh of a refused clean packet = refused %v, rows %v; want it listed and no row", res.refused, res.rows)
	}
}

func TestWriteFresh(t *testing.T) {
	var b strings.Builder
	writeFresh(&b, []freshResult{{
		split: "tune",
		rows: []freshRow{{Set: "tune", Gate: "HERO", Clean: 4, FalseFail: 1, Planted: 3, Caught: 2, CaughtFail: 1},
			{Set: "tune", Gate: "INTAKE", Planted: 1, Caught: 1, AtIntake: 1}},
		falseFails: []string{"p1: hero.caption at hero.caption “a”", "p1: hero.alt at hero.alt “b”", "p2: statement.x at statement “c”"},
		misses:     []string{"d1: hero.caption (a bound)"},
		refused:    []string{"p3: no title"},
	}, {split: "heldout"}})
	out := b.String()
	for _, want := range []string{
		"#### tune\n",
		"| HERO | 4 | 1 | 25.0% | 3 | 2 | 66.7% | 1 | 0 |\n",
		"| INTAKE | 0 | 0 | — | 1 | 1 | 100.0% | 0 | 1 |\n",
		"tune: 4 clean packets, 2 with a gate FAIL, 1 refused at intake; 3 of 4 planted defects caught (75.0%).\n",
		"- refused clean packet: p3: no title\n",
		"- false FAIL: p2: statement.x at statement “c”\n",
		"- missed: d1: hero.caption (a bound)\n",
		"#### heldout\n",
		"heldout: 0 clean packets, 0 with a gate FAIL, 0 refused at intake; 0 of 0 planted defects caught (—).\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("writeFresh output lacks %q:\n%s", want, out)
		}
	}
	if strings.Index(out, "#### heldout") < strings.Index(out, "- missed:") {
		t.Error("writeFresh lists tune's misses after heldout's table")
	}
}

func TestPacketsWithFail(t *testing.T) {
	for _, tt := range []struct {
		in   []string
		want int
	}{
		{nil, 0},
		{[]string{"a: x at f “q”"}, 1},
		{[]string{"a: x at f “q”", "a: y at g “r: s”", "b: x at f “q”"}, 2},
	} {
		if got := packetsWithFail(tt.in); got != tt.want {
			t.Errorf("packetsWithFail(%q) = %d; want %d", tt.in, got, tt.want)
		}
	}
}

func TestClipAndPct(t *testing.T) {
	for _, tt := range []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly", 7, "exactly"},
		{"a longer quote", 8, "a longer…"},
		{"√2 ≤ x ≤ π", 4, "√2 ≤…"}, // runes, not bytes: no broken character
	} {
		if got := clip(tt.s, tt.n); got != tt.want {
			t.Errorf("clip(%q, %d) = %q; want %q", tt.s, tt.n, got, tt.want)
		}
	}
	for _, tt := range []struct {
		a, b int
		want string
	}{{0, 0, "—"}, {3, 0, "—"}, {0, 4, "0.0%"}, {1, 3, "33.3%"}, {2, 2, "100.0%"}} {
		if got := pct(tt.a, tt.b); got != tt.want {
			t.Errorf("pct(%d, %d) = %q; want %q", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestContentRoundTrip: the JSON shape of a planted packet is the packet's own, so a clean
// packet planted with nothing comes back equal.
func TestContentRoundTrip(t *testing.T) {
	base := loadFixture(t).clean["squares-between"]
	got, err := plantFresh(base, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, base) {
		t.Errorf("plantFresh(base, nil) = %+v; want the base", got)
	}
	var zero pkt.Content
	if got, err := plantFresh(zero, map[string]any{"title": "T"}); err != nil || got.Title != "T" {
		t.Errorf("plantFresh of an empty packet = %+v, %v", got, err)
	}
}
