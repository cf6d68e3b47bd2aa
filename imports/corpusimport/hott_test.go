package corpusimport

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/ent/schema"
	"github.com/theoremdb/theoremdb/shareddata"
)

// hottBook is a HoTT book of the given chapters, every other chapter empty.
func hottBook(chapters map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for _, name := range hottFiles {
		fsys[name+".tex"] = &fstest.MapFile{Data: []byte(chapters[name])}
	}
	return fsys
}

const hottBasics = `\section{Functions}
\begin{defn}[Function types]\label{defn:fun}
A \define{function type} is a type\index{function type}% a comment
% a line that is only a comment
of functions.
\end{defn}

\begin{thm}\label{thm:one}\label{thm:alias}
A statement, by \cref{defn:fun,thm:one} and \ref{nowhere}, and \autoref{defn:fun} again.
\end{thm}

\begin{proof}
A proof, see \Cref{thm:alias}.
\end{proof}

\begin{proof}
A second proof of nothing.
\end{proof}

% \begin{thm} commented out \end{thm}
\begin{eg}
An example.
\end{eg}

\begin{lem}
An unlabelled lemma.
\end{lem}

\begin{rmk}
Never closed.
`

const hottLogic = `\begin{proof}
A proof before any statement of its chapter.
\end{proof}
\begin{cor}[Of the first theorem]\label{cor:first}
By \cref{thm:one}.
\end{cor}
\begin{defn}\label{defn:between}
A definition between a statement and its proof.
\end{defn}
\begin{proof}
Proves the corollary.
\end{proof}
`

// TestParseHoTT reads each environment of the book's chapters as an item: its key from the label
// it opens with (else its chapter, environment and number), its kind, title, term and body
// without labels, index entries or comments, a proof bound to the statement before it, and the
// cross-references that name items, across chapters, each once and never itself.
func TestParseHoTT(t *testing.T) {
	t.Parallel()
	items, issues, err := ParseHoTT(hottBook(map[string]string{"basics": hottBasics, "logic": hottLogic}))
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		Key, Label, Kind, Title, Term, Proves string
		Refs                                  []string
		Line                                  int
	}
	var got []row
	for _, it := range items {
		got = append(got, row{it.Key, it.Label, it.Kind, it.Title, it.Term, it.Proves, it.Refs, it.Line})
		if it.File != "basics.tex" && it.File != "logic.tex" {
			t.Errorf("%s: file %q", it.Key, it.File)
		}
	}
	want := []row{
		{"hott:defn:fun", "hott-defn-fun", "DEFINITION", "Definition (Function types)", "function type", "", nil, 2},
		{"hott:thm:one", "hott-thm-one", "THEOREM", "Theorem thm:one (HoTT book, basics)", "", "", []string{"hott:defn:fun"}, 8},
		{"hott:basics/proof#3", "hott-basics-proof-3", "PROOF", "Proof basics/proof#3 (HoTT book, basics)", "", "hott:thm:one", []string{"hott:thm:one"}, 12},
		{"hott:basics/eg#5", "hott-basics-eg-5", "EXAMPLE", "Example basics/eg#5 (HoTT book, basics)", "", "", nil, 21},
		{"hott:basics/lem#6", "hott-basics-lem-6", "LEMMA", "Lemma basics/lem#6 (HoTT book, basics)", "", "", nil, 25},
		{"hott:cor:first", "hott-cor-first", "PROPOSITION", "Corollary (Of the first theorem)", "", "", []string{"hott:thm:one"}, 4},
		{"hott:defn:between", "hott-defn-between", "DEFINITION", "Definition defn:between (HoTT book, logic)", "", "", nil, 7},
		{"hott:logic/proof#4", "hott-logic-proof-4", "PROOF", "Proof logic/proof#4 (HoTT book, logic)", "", "hott:cor:first", nil, 10},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("items (-want +got):\n%s", diff)
	}
	if body := items[0].Body; body != "A \\define{function type} is a type\nof functions." {
		t.Errorf("definition's body = %q; want it without label, index entry or comments", body)
	}
	wantIssues := []string{
		"basics.tex:16: a proof with no statement before it to prove",
		`basics.tex:29: \begin{rmk} has no matching \end{rmk}`,
		"logic.tex:1: a proof with no statement before it to prove",
	}
	var gotIssues []string
	for _, is := range issues {
		gotIssues = append(gotIssues, is.String())
	}
	if diff := cmp.Diff(wantIssues, gotIssues); diff != "" {
		t.Errorf("issues (-want +got):\n%s", diff)
	}
}

// TestParseHoTTTitles titles an item by its optional argument (on one line, if not too long and
// not a proof's), else by the term a definition defines, else by its key and chapter.
func TestParseHoTTTitles(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("word ", 41)
	src := `\begin{thm}[A  title
  on two lines]\label{thm:a}x\end{thm}
\begin{proof}[Proof of the theorem]y\end{proof}
\begin{defn}\label{defn:d}A \define{thing} is.\end{defn}
\begin{defn}[` + long + `]\label{defn:long}A \define{long thing}.\end{defn}
\begin{eg}[` + long + `]\label{eg:long}z\end{eg}
\begin{thm}\label{thm:t}A \define{not a term} in a theorem.\end{thm}
`
	items, _, err := ParseHoTT(hottBook(map[string]string{"hits": src}))
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, it := range items {
		titles = append(titles, it.Title)
	}
	want := []string{
		"Theorem (A title on two lines)",
		"Proof hits/proof#2 (HoTT book, hits)",
		"Definition of thing",
		"Definition of long thing",
		"Example eg:long (HoTT book, hits)",
		"Theorem thm:t (HoTT book, hits)",
	}
	if diff := cmp.Diff(want, titles); diff != "" {
		t.Errorf("titles (-want +got):\n%s", diff)
	}
	if items[5].Term != "" {
		t.Errorf("a theorem's term = %q; only a definition defines one", items[5].Term)
	}
}

// TestParseHoTTLabels hands out each node label once, even to keys that differ only in
// punctuation, and keys a label taken twice to the first item that has it.
func TestParseHoTTLabels(t *testing.T) {
	t.Parallel()
	src := `\begin{cor}\label{cor:trunc-prod}a\end{cor}
\begin{cor}\label{cor:trunc_prod}b\end{cor}
\begin{lem}\label{lem:x}c\end{lem}
\begin{lem}d \label{lem:x}\end{lem}
\begin{eg}By \cref{lem:x}.\end{eg}
`
	items, _, err := ParseHoTT(hottBook(map[string]string{"hlevels": src}))
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, it := range items {
		labels = append(labels, it.Label)
	}
	want := []string{"hott-cor-trunc-prod", "hott-cor-trunc-prod-2", "hott-lem-x", "hott-hlevels-lem-4", "hott-hlevels-eg-5"}
	if diff := cmp.Diff(want, labels); diff != "" {
		t.Errorf("labels (-want +got):\n%s", diff)
	}
	if refs := items[4].Refs; !cmp.Equal(refs, []string{"hott:lem:x"}) {
		t.Errorf("refs = %v; want the first item labelled lem:x", refs)
	}
}

// TestParseHoTTMissingChapter is an error naming the chapter the book lacks.
func TestParseHoTTMissingChapter(t *testing.T) {
	t.Parallel()
	fsys := hottBook(nil)
	delete(fsys, "reals.tex")
	if _, _, err := ParseHoTT(fsys); err == nil || !strings.Contains(err.Error(), "reals.tex") {
		t.Errorf("ParseHoTT without reals.tex = %v; want an error naming it", err)
	}
}

// TestHoTTBook reads the real HoTT book: every item has a key and a node label of its own that
// the corpus accepts, text without the comment marks, a proof proves a statement of the book, and
// every cross-reference names another item.
func TestHoTTBook(t *testing.T) {
	t.Parallel()
	dir := shareddata.Require(t, "corpus/hott-book")
	items, issues, err := ParseHoTT(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	if len(items) < 800 || len(issues) > 50 {
		t.Fatalf("%d items, %d issues", len(items), len(issues))
	}
	checkItems(t, items)
}

// checkItems holds the invariants of any parser's items.
func checkItems(t *testing.T, items []Item) {
	t.Helper()
	kinds := map[string]string{}
	labels := map[string]string{}
	for _, it := range items {
		if _, dup := kinds[it.Key]; dup {
			t.Errorf("key %s is given twice", it.Key)
		}
		kinds[it.Key] = it.Kind
		if other, dup := labels[it.Label]; dup {
			t.Errorf("label %s is given to %s and %s", it.Label, other, it.Key)
		}
		labels[it.Label] = it.Key
		if len(it.Label) > corpus.MaxLabel || !schema.CorpusLabelPattern.MatchString(it.Label) {
			t.Errorf("%s: label %q is not a corpus label", it.Key, it.Label)
		}
		if strings.Contains(it.Body+it.Title+it.Term, olCommentLine) {
			t.Errorf("%s keeps a comment mark", it.Key)
		}
		if it.Title == "" || it.Kind == "" {
			t.Errorf("%s: title %q, kind %q", it.Key, it.Title, it.Kind)
		}
	}
	for _, it := range items {
		if it.Kind == "PROOF" {
			if k := kinds[it.Proves]; k != "THEOREM" && k != "LEMMA" && k != "PROPOSITION" {
				t.Errorf("%s proves %q, a %q", it.Key, it.Proves, k)
			}
		} else if it.Proves != "" {
			t.Errorf("%s is a %s and proves %s", it.Key, it.Kind, it.Proves)
		}
		seen := map[string]bool{}
		for _, r := range it.Refs {
			if _, ok := kinds[r]; !ok || r == it.Key || seen[r] {
				t.Errorf("%s: reference %s is not another item, or is repeated", it.Key, r)
			}
			seen[r] = true
		}
	}
}

// TestHoTTSource credits the book and the item's file under its licence.
func TestHoTTSource(t *testing.T) {
	t.Parallel()
	if HoTT.Writer.Kind != corpus.WriterImporter || HoTT.Licence != "CC-BY-SA-3.0" {
		t.Errorf("HoTT = %+v", HoTT)
	}
	a := HoTT.Attribution(Item{File: "logic.tex"})
	if !strings.HasPrefix(a, "The Univalent Foundations Program") || !strings.HasSuffix(a, "CC BY-SA 3.0: logic.tex") {
		t.Errorf("attribution = %q", a)
	}
}

func readShared(t *testing.T, dir, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(dir + "/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
