package copycalibrate

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/copycheck"
)

// proseDoc is a LaTeX document of paragraphs of plain prose, one with formulas and one that is no
// prose (an environment), each word numbered so that a copy can be traced to its place.
func proseDoc(id string) copycheck.Document {
	var paras []string
	n := 0
	for p := 0; p < 6; p++ {
		var words []string
		for w := 0; w < 70; w++ {
			n++
			words = append(words, fmt.Sprintf("%sword%s", []string{"alpha", "beta", "gamma", "delta"}[w%4], strings.Repeat("x", n%3)))
			if w%12 == 11 {
				words[len(words)-1] += "."
			}
		}
		paras = append(paras, strings.Join(words, " "))
	}
	paras = append(paras, `\begin{theorem}not prose\end{theorem}`)
	paras = append(paras, "Let $x + y$ be given, then $f(x)$ equals $g(y)$ and also $\\alpha_n$ holds; "+strings.Repeat("plain words follow here. ", 12))
	return copycheck.Document{Meta: copycheck.DocMeta{ID: id, URI: "file:" + id, Licence: copycheck.LicenceOpen}, Format: copycheck.LaTeX,
		Text: []byte(strings.Join(paras, "\n\n"))}
}

// TestPlant puts the copy between two paragraphs of the carrier (after it, when it has only one)
// and says where it stands; the carrier around it is unchanged.
func TestPlant(t *testing.T) {
	t.Parallel()
	copyText := []byte("THE PLANTED COPY")
	for seed := range uint64(20) {
		r := rand.New(rand.NewPCG(seed, 1))
		for _, carrier := range []string{"one\n\ntwo\n\nthree", "only one paragraph", "a\n\n"} {
			body, a, b := plant(r, []byte(carrier), copyText)
			if !bytes.Equal(body[a:b], copyText) {
				t.Fatalf("body[%d:%d] = %q; want the copy", a, b, body[a:b])
			}
			before, after := string(body[:a]), string(body[b:])
			if !strings.HasPrefix(after, "\n\n") || !(a == 0 || strings.HasSuffix(before, "\n\n")) {
				t.Errorf("plant(%q) = %q; want the copy a paragraph of its own", carrier, body)
			}
			rest := strings.TrimSuffix(before, "\n\n") + "\n\n" + strings.TrimPrefix(after, "\n\n")
			if strings.TrimSpace(strings.ReplaceAll(rest, "\n\n\n\n", "\n\n")) != strings.TrimSpace(carrier) {
				t.Errorf("plant(%q) changed the carrier: %q", carrier, body)
			}
		}
	}
}

// TestFreshBody joins whole doc comments, a blank line apart, until the body reaches three
// quarters of size.
func TestFreshBody(t *testing.T) {
	t.Parallel()
	fresh := []string{strings.Repeat("a", 90), strings.Repeat("b", 110), strings.Repeat("c", 100)}
	r := rand.New(rand.NewPCG(5, 6))
	if b := freshBody(r, fresh, 1); len(b) != 0 {
		t.Errorf("freshBody(1) = %q; three quarters of one byte is none", b)
	}
	for _, size := range []int{2, 100, 1000, 4096} {
		b := string(freshBody(r, fresh, size))
		if len(b) < size*3/4 || len(b) >= size*3/4+110+2 {
			t.Errorf("freshBody(%d) has %d bytes", size, len(b))
		}
		for _, p := range strings.Split(b, "\n\n") {
			if !slices.Contains(fresh, p) {
				t.Fatalf("freshBody(%d) holds %q, which is no doc comment", size, p)
			}
		}
	}
}

// TestBodies makes n bodies of fresh text, at most size bytes each, and plants an exact run of
// a document into the first and every fifth.
func TestBodies(t *testing.T) {
	t.Parallel()
	fresh := []string{"Fresh comment one about things.", "Another fresh comment, on other things.", "A third one."}
	docs := []copycheck.Document{proseDoc("d1"), proseDoc("d2")}
	r := rand.New(rand.NewPCG(9, 9))
	bodies := Bodies(r, docs, fresh, 11, 2000)
	if len(bodies) != 11 {
		t.Fatalf("%d bodies; want 11", len(bodies))
	}
	for i, b := range bodies {
		if len(b) > 2000 {
			t.Errorf("body %d has %d bytes", i, len(b))
		}
		planted := bytes.Contains(b, []byte("word"))
		if planted != (i%5 == 0) {
			t.Errorf("body %d planted = %v; want a run planted in bodies 0, 5 and 10 only", i, planted)
		}
	}
}

// TestSpread picks n elements spread evenly in order, the first included, and all of them when n
// is 0 or at least their number.
func TestSpread(t *testing.T) {
	t.Parallel()
	s := make([]int, 100)
	for i := range s {
		s[i] = i
	}
	for _, tc := range []struct {
		n    int
		want []int
	}{
		{4, []int{0, 25, 50, 75}},
		{3, []int{0, 33, 66}},
		{1, []int{0}},
	} {
		if got := spread(s, tc.n); !slices.Equal(got, tc.want) {
			t.Errorf("spread(100, %d) = %v; want %v", tc.n, got, tc.want)
		}
	}
	for _, n := range []int{0, -1, 100, 500} {
		if got := spread(s, n); len(got) != 100 {
			t.Errorf("spread(100, %d) has %d elements; want all", n, len(got))
		}
	}
	got := spread(s, 37)
	if len(got) != 37 || !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != 37 {
		t.Errorf("spread(100, 37) = %v; want 37 distinct elements in order", got)
	}
}

// TestRates are shares, zero of nothing.
func TestRates(t *testing.T) {
	t.Parallel()
	if share(0, 0) != 0 || share(1, 4) != 0.25 || share(3, 3) != 1 {
		t.Error("share")
	}
	if (FalseMatchRow{Bodies: 200, Matched: 3}).Rate() != 0.015 || (FalseMatchRow{}).Rate() != 0 {
		t.Error("FalseMatchRow.Rate")
	}
	if (RecallRow{Planted: 8, Matched: 6}).Recall() != 0.75 || (RecallRow{}).Recall() != 0 {
		t.Error("RecallRow.Recall")
	}
}

// TestRecallCount counts a planted copy matched only where a match overlaps it (touching is not
// overlapping), by stage 2 only where a near match does, and flagged by a match or a flag.
func TestRecallCount(t *testing.T) {
	t.Parallel()
	m := func(stage string, a, b int) copycheck.Match {
		return copycheck.Match{Stage: stage, BodyStart: a, BodyEnd: b}
	}
	for _, tc := range []struct {
		name                   string
		res                    copycheck.Result
		matched, near, flagged int
	}{
		{"nothing", copycheck.Result{}, 0, 0, 0},
		{"exact inside", copycheck.Result{Matches: []copycheck.Match{m(copycheck.StageExact, 110, 120)}}, 1, 0, 1},
		{"near across the start", copycheck.Result{Matches: []copycheck.Match{m(copycheck.StageNear, 50, 101)}}, 1, 1, 1},
		{"ends where the copy starts", copycheck.Result{Matches: []copycheck.Match{m(copycheck.StageNear, 50, 100)}}, 0, 0, 0},
		{"starts where the copy ends", copycheck.Result{Matches: []copycheck.Match{m(copycheck.StageExact, 200, 300)}}, 0, 0, 0},
		{"a flag only", copycheck.Result{Flags: []copycheck.Match{m(copycheck.StageExact, 150, 160)}}, 0, 0, 1},
		{"near elsewhere, exact here", copycheck.Result{Matches: []copycheck.Match{m(copycheck.StageNear, 0, 10), m(copycheck.StageExact, 120, 130)}}, 1, 0, 1},
	} {
		var row RecallRow
		row.count(&tc.res, 100, 200)
		if row.Planted != 1 || row.Matched != tc.matched || row.Near != tc.near || row.Flagged != tc.flagged {
			t.Errorf("%s: %+v; want matched %d, near %d, flagged %d", tc.name, row, tc.matched, tc.near, tc.flagged)
		}
	}
}

// TestFalseMatchRowCheck counts a human body with a match, a flag or a block: a paragraph copied
// from an open source is matched and allowed with attribution, one from a GFDL source is
// blocked, a fresh one is neither.
func TestFalseMatchRowCheck(t *testing.T) {
	t.Parallel()
	open, gfdl := proseDoc("open"), proseDoc("gfdl")
	gfdl.Meta.Licence = copycheck.LicenceGFDL
	gfdl.Text = bytes.ReplaceAll(gfdl.Text, []byte("word"), []byte("term"))
	x, err := copycheck.BuildIndex([]copycheck.Document{open, gfdl}, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	ck, err := copycheck.NewChecker(x, copycheck.DefaultConfig(), copycheck.DefaultPhrases())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var row FalseMatchRow
	for _, tc := range []struct {
		name string
		body []byte
		want FalseMatchRow
	}{
		{"fresh", []byte("An entirely different text about the weather in spring, which nobody indexed, and a few more words of it."),
			FalseMatchRow{Bodies: 1}},
		{"copied from the open source", bytes.Split(open.Text, []byte("\n\n"))[1], FalseMatchRow{Bodies: 2, Matched: 1, Flagged: 1}},
		{"copied from the GFDL source", bytes.Split(gfdl.Text, []byte("\n\n"))[2], FalseMatchRow{Bodies: 3, Matched: 2, Flagged: 2, Blocked: 1}},
	} {
		if err := row.check(ctx, ck, tc.body); err != nil {
			t.Fatal(err)
		}
		if row != tc.want {
			t.Errorf("after the body %s: %+v; want %+v", tc.name, row, tc.want)
		}
	}
}

// TestExactPlant copies the original text behind a run of lo to hi normalised characters, which
// normalises to that run, and gives up on a document too short for one.
func TestExactPlant(t *testing.T) {
	t.Parallel()
	doc := proseDoc("d")
	for seed := range uint64(30) {
		r := rand.New(rand.NewPCG(seed, 2))
		for _, lh := range [][2]int{{50, 99}, {200, 500}} {
			out, ok := exactPlant(lh[0], lh[1])(r, doc)
			if !ok {
				continue
			}
			if !bytes.Contains(doc.Text, out) {
				t.Fatalf("exactPlant gave %q, which is not the document's text", out)
			}
			n := len(bytes.TrimSpace(copycheck.Normalize(out, doc.Format).Text))
			if n < lh[0]-1 || n > lh[1] {
				t.Errorf("exactPlant(%d, %d) normalises to %d characters", lh[0], lh[1], n)
			}
		}
	}
	short := copycheck.Document{Format: copycheck.LaTeX, Text: []byte("too short")}
	if _, ok := exactPlant(50, 99)(rand.New(rand.NewPCG(1, 1)), short); ok {
		t.Error("exactPlant found a run of 50 characters in a text of 9")
	}
}

// TestEditPlant changes one plain word in every k of a prose paragraph to a replacement word, and
// finds nothing to plant in a document without prose.
func TestEditPlant(t *testing.T) {
	t.Parallel()
	doc := proseDoc("d")
	for _, k := range []int{5, 10, 20} {
		r := rand.New(rand.NewPCG(uint64(k), 3))
		out, ok := editPlant(k)(r, doc)
		if !ok {
			t.Fatalf("editPlant(%d) found no paragraph", k)
		}
		words := strings.Fields(string(out))
		changed := 0
		for _, w := range words {
			if slices.Contains(replacements, w) {
				changed++
			}
		}
		if len(words) < 60 || changed != len(words)/k {
			t.Errorf("editPlant(%d): %d words, %d replaced; want %d", k, len(words), changed, len(words)/k)
		}
	}
	none := copycheck.Document{Format: copycheck.LaTeX, Text: []byte("$$x$$\n\n\\begin{a}b\\end{a}\n\n% comment " + strings.Repeat("w ", 80))}
	if _, ok := editPlant(5)(rand.New(rand.NewPCG(1, 1)), none); ok {
		t.Error("editPlant planted a paragraph that is no prose")
	}
}

// TestRenamePlant rotates the letters of every inline formula of a paragraph by one shift,
// leaving macro names and the prose as they are.
func TestRenamePlant(t *testing.T) {
	t.Parallel()
	doc := copycheck.Document{Format: copycheck.LaTeX, Text: []byte(
		"Let $x + y$ be given, then $f(x)$ equals $g(y)$ and also $\\alpha_n$ holds; " + strings.Repeat("plain words follow here. ", 12))}
	for seed := range uint64(10) {
		out, ok := renamePlant(rand.New(rand.NewPCG(seed, 4)), doc)
		if !ok {
			t.Fatal("renamePlant found no paragraph")
		}
		s := string(out)
		if !strings.HasPrefix(s, "Let $") || !strings.Contains(s, `\alpha_`) || !strings.HasSuffix(s, "plain words follow here.") {
			t.Fatalf("renamePlant = %q; want the prose and macros kept", s)
		}
		f := inlineMath.FindAllString(s, -1)
		if len(f) != 4 {
			t.Fatalf("renamePlant = %q; want four formulas", s)
		}
		shift := (f[0][1] - 'x' + 26) % 26
		if shift == 0 || (f[0][5]-'y'+26)%26 != shift || (f[1][1]-'f'+26)%26 != shift || f[3][len(f[3])-2] != 'a'+('n'-'a'+shift)%26 {
			t.Errorf("renamePlant = %q; want one rotation of every variable", s)
		}
	}
	few := copycheck.Document{Format: copycheck.LaTeX, Text: []byte("Only $x$ here. " + strings.Repeat("plain words follow here. ", 12))}
	if _, ok := renamePlant(rand.New(rand.NewPCG(1, 1)), few); ok {
		t.Error("renamePlant planted a paragraph with one formula")
	}
}

// TestReorderPlant reorders the sentences of a prose paragraph, keeping each of them whole.
func TestReorderPlant(t *testing.T) {
	t.Parallel()
	doc := proseDoc("d")
	for seed := range uint64(10) {
		out, ok := reorderPlant(rand.New(rand.NewPCG(seed, 5)), doc)
		if !ok {
			t.Fatal("reorderPlant found no paragraph")
		}
		// The sentences as reorderPlant reads them: each ends in . ! or ?, the last perhaps not.
		var para string
		for _, p := range strings.Split(string(doc.Text), "\n\n") {
			if slices.Equal(sortedFields(p), sortedFields(string(out))) {
				para = p
			}
		}
		if para == "" {
			t.Fatalf("reorderPlant = %q; want the words of one paragraph", out)
		}
		if para == string(out) {
			t.Errorf("reorderPlant kept the order of %q", para)
		}
		for _, sentence := range sentenceEnd.Split(para, -1) {
			if !strings.Contains(string(out), strings.TrimSpace(sentence)) {
				t.Errorf("reorderPlant cut the sentence %q: %q", sentence, out)
			}
		}
	}
	two := copycheck.Document{Format: copycheck.LaTeX, Text: []byte(strings.Repeat("word ", 30) + "end. " + strings.Repeat("more ", 30) + "done.")}
	if _, ok := reorderPlant(rand.New(rand.NewPCG(1, 1)), two); ok {
		t.Error("reorderPlant reordered a paragraph of two sentences")
	}
}

func sortedFields(s string) []string {
	f := strings.Fields(s)
	slices.Sort(f)
	return f
}

// TestProseParagraph refuses a paragraph with a comment, an environment, a section, a list, a
// display formula, an odd number of dollars or too few plain words.
func TestProseParagraph(t *testing.T) {
	t.Parallel()
	prose := strings.Repeat("plain words only here ", 15)
	for _, tc := range []struct {
		para string
		ok   bool
	}{
		{prose, true},
		{prose + " 50% off", false},
		{prose + ` \begin{x}`, false},
		{prose + ` \section{x}`, false},
		{prose + ` \item x`, false},
		{prose + ` $$x$$`, false},
		{prose + ` \[x\]`, false},
		{prose + ` $x`, false},
		{prose + ` $x$`, true},
		{strings.Repeat("a1 b2 c3 ", 30), false},
		{"too few words", false},
	} {
		doc := copycheck.Document{Format: copycheck.LaTeX, Text: []byte(tc.para)}
		if _, ok := proseParagraph(rand.New(rand.NewPCG(1, 1)), doc, 40); ok != tc.ok {
			t.Errorf("proseParagraph(%.50q…) ok = %v; want %v", tc.para, ok, tc.ok)
		}
	}
}

// TestIsLetter is true for the 52 ASCII letters alone.
func TestIsLetter(t *testing.T) {
	t.Parallel()
	for c := 0; c < 256; c++ {
		want := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		if isLetter(byte(c)) != want {
			t.Errorf("isLetter(%q) = %v", rune(c), !want)
		}
	}
}

// TestNewShortSource puts each statement in the split of its file, and the statements of one file
// on one side.
func TestNewShortSource(t *testing.T) {
	t.Parallel()
	var sts []statement
	for f := range 60 {
		for k := range 3 {
			sts = append(sts, statement{File: fmt.Sprintf("file-%d.tex", f), Text: fmt.Sprint(k)})
		}
	}
	src := newShortSource("s", sts)
	if len(src.split[SplitTune])+len(src.split[SplitHeldOut]) != len(sts) || len(src.split[SplitHeldOut]) == 0 || len(src.split[SplitTune]) == 0 {
		t.Fatalf("splits of %d and %d", len(src.split[SplitTune]), len(src.split[SplitHeldOut]))
	}
	for sp, pool := range src.split {
		for _, st := range pool {
			if heldOut(st.File) != (sp == SplitHeldOut) {
				t.Errorf("%s is in split %s", st.File, sp)
			}
		}
	}
}
