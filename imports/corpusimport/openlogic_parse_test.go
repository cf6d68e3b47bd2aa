package corpusimport

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/corpus"
)

// TestParseOpenLogicIssues leaves out, with its file and line, an environment never closed and a
// proof with nothing before it to prove; numbers an item whose key an earlier item took; and
// reports a proof that names a label no item has. A file without \olfileid holds no items.
func TestParseOpenLogicIssues(t *testing.T) {
	t.Parallel()
	a := `\olfileid{sfr}{set}{a}
\begin{proof}
Nothing before me.
\end{proof}
\begin{thm}\ollabel{thm:x}
One.
\end{thm}
\begin{thm}\ollabel{thm:x}
The same label again.
\end{thm}
\begin{proof}[Proof of \olref{thm:nowhere}]
Names nothing.
\end{proof}
\begin{proof}
Proves the second thm:x.
\end{proof}
\begin{proof}
A second proof of it.
\end{proof}
\begin{lem}\ollabel{lem:open}
Never closed.
`
	driver := `\begin{thm}A theorem in a driver file.\end{thm}`
	fsys := fstest.MapFS{"a.tex": {Data: []byte(a)}, "driver.tex": {Data: []byte(driver)}}
	items, issues, err := ParseOpenLogicWith(fsys, nil)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, it := range items {
		keys = append(keys, it.Key)
	}
	wantKeys := []string{"openlogic:sfr/set/a/thm:x", "openlogic:sfr/set/a/thm:x~3", "openlogic:sfr/set/a/proof#4", "openlogic:sfr/set/a/proof#5"}
	if diff := cmp.Diff(wantKeys, keys); diff != "" {
		t.Errorf("keys (-want +got):\n%s", diff)
	}
	var got []string
	for _, is := range issues {
		got = append(got, is.String())
	}
	want := []string{
		"a.tex:2: a proof with no statement before it to prove",
		"a.tex:8: the item's key openlogic:sfr/set/a/thm:x is taken by an earlier item; numbered instead",
		"a.tex:17: a proof with no statement before it to prove",
		`a.tex:20: \begin{lem} has no matching \end{lem}`,
		"content/a.tex:11: the proof names what it proves, and no item has that label",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("issues (-want +got):\n%s", diff)
	}
	if p := items[3]; p.Proves != "openlogic:sfr/set/a/thm:x~3" || p.Title != "Proof of Theorem (X)" {
		t.Errorf("the proof after the second theorem = %+v", p)
	}
	if p := items[2]; p.Proves != "" || p.Title != "Proof 2 of section sfr/set/a" {
		t.Errorf("the proof of an unknown label = proves %q, title %q", p.Proves, p.Title)
	}
	checkItems(t, items[:2])
}

// TestParseOpenLogicProofArgument binds a proof whose optional argument names what it proves to
// that item, even in another file and before the statement is read, and titles it after it.
func TestParseOpenLogicProofArgument(t *testing.T) {
	t.Parallel()
	a := `\olfileid{sfr}{set}{a}
\begin{proof}[Proof of \olref[b]{thm:later}]
Uses \olref{defn:here} twice: \olref{defn:here}.
\end{proof}
\begin{defn}\ollabel{defn:here}A \emph{here} is.\end{defn}
`
	b := `\olfileid{sfr}{set}{b}
\olsection{The B
  section}
\begin{thm}\ollabel{thm:later}Later, by \olref[a]{defn:here}.\end{thm}
\begin{ex}An example.\end{ex}
\begin{ex}Another, in \olref[sfr][][]{part}.\end{ex}
`
	items, issues, err := ParseOpenLogicWith(fstest.MapFS{"a.tex": {Data: []byte(a)}, "b.tex": {Data: []byte(b)}}, nil)
	if err != nil || len(issues) != 0 {
		t.Fatalf("ParseOpenLogicWith: %v, issues %v", err, issues)
	}
	type row struct{ Key, Title, Proves, Term string }
	var got []row
	refs := map[string][]string{}
	for _, it := range items {
		got = append(got, row{it.Key, it.Title, it.Proves, it.Term})
		refs[it.Key] = it.Refs
	}
	want := []row{
		{"openlogic:sfr/set/a/proof#1", "Proof of Theorem (Later)", "openlogic:sfr/set/b/thm:later", ""},
		{"openlogic:sfr/set/a/defn:here", "Definition of here", "", "here"},
		{"openlogic:sfr/set/b/thm:later", "Theorem (Later)", "", ""},
		{"openlogic:sfr/set/b/ex#2", "Example 1 of “The B section”", "", ""},
		{"openlogic:sfr/set/b/ex#3", "Example 2 of “The B section”", "", ""},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("items (-want +got):\n%s", diff)
	}
	wantRefs := map[string][]string{
		"openlogic:sfr/set/a/proof#1":   {"openlogic:sfr/set/a/defn:here"},
		"openlogic:sfr/set/a/defn:here": nil,
		"openlogic:sfr/set/b/thm:later": {"openlogic:sfr/set/a/defn:here"},
		"openlogic:sfr/set/b/ex#2":      nil,
		"openlogic:sfr/set/b/ex#3":      nil,
	}
	if diff := cmp.Diff(wantRefs, refs); diff != "" {
		t.Errorf("refs (-want +got):\n%s", diff)
	}
	if body := items[2].Body; body != "Later, by [Definition of here](/n/ol-sfr-set-a-defn-here)." {
		t.Errorf("the theorem's body = %q; want a link to the definition's node", body)
	}
	if body := items[4].Body; body != "Another, in part sfr of the Open Logic text." {
		t.Errorf("the example's body = %q", body)
	}
}

// TestOpenLogicSource credits the Open Logic text and the item's file.
func TestOpenLogicSource(t *testing.T) {
	t.Parallel()
	if OpenLogic.Licence != "CC-BY-4.0" || OpenLogic.Writer.Kind != corpus.WriterImporter || OpenLogic.Writer.Layer != "openlogic" {
		t.Errorf("OpenLogic = %+v", OpenLogic)
	}
	if a := OpenLogic.Attribution(Item{File: "content/a.tex"}); !strings.HasSuffix(a, "CC BY 4.0: content/a.tex") {
		t.Errorf("attribution = %q", a)
	}
}

// TestResolveOLRef fills the last places of part/chapter/section from \olref's optional
// arguments, an empty one keeping the current file's, and resolves no division and no reference
// with more than three.
func TestResolveOLRef(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ opts, label, want string }{
		{"", "thm:a", "sfr/set/ext/thm:a"},
		{"[sub]", "thm:a", "sfr/set/sub/thm:a"},
		{"[rel][sub]", "thm:a", "sfr/rel/sub/thm:a"},
		{"[fol][syn][frm]", "defn:x", "fol/syn/frm/defn:x"},
		{"[][][frm]", "defn:x", "sfr/set/frm/defn:x"},
		{"[fol][][]", "defn:x", "fol/set/ext/defn:x"},
		{"[a][b][c][d]", "defn:x", ""},
		{"[fol]", "sec", ""},
		{"", "part", ""},
		{"", "prob", ""},
	} {
		if got := resolveOLRef("sfr/set/ext", tc.opts, tc.label); got != tc.want {
			t.Errorf("resolveOLRef(%q, %q) = %q; want %q", tc.opts, tc.label, got, tc.want)
		}
	}
	for _, tc := range []struct{ opts, division, want string }{
		{"[sth][][]", "part", "sth"},
		{"[ext]", "sec", "sfr/set/ext"},
		{"[rel][]", "chap", "sfr/rel"},
		{"", "subsec", "sfr/set/ext"},
		{"[a][b][c][d]", "sec", "sfr/set/ext"},
	} {
		if got := olDivisionPath("sfr/set/ext", tc.opts, tc.division); got != tc.want {
			t.Errorf("olDivisionPath(%q, %q) = %q; want %q", tc.opts, tc.division, got, tc.want)
		}
	}
}

// TestOLTitle titles an item by its optional argument, the term it defines, the words of its
// label or its number in its section, in that order.
func TestOLTitle(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		env, opt, term, label, section string
		want                           string
	}{
		{"thm", " Cantor's\n theorem ", "", "thm:cantor", "S", "Theorem (Cantor's theorem)"},
		{"defn", "", "set", "defn:x", "S", "Definition of set"},
		{"cor", "", "", "cor:unique-empty_set.two", "S", "Corollary (Unique empty set two)"},
		{"lem", "", "", "lem:", "Sets", "Lemma 3 of “Sets”"},
		{"ex", "", "", "", "", "Example 3 of section sfr/set/ext"},
		{"proof", "Proof of it", "", "prf:x", "S", "Proof 3 of “S”"},
		{"prop", strings.Repeat("x", 201), "", "", "S", "Proposition 3 of “S”"},
	} {
		it := &Item{Term: tc.term}
		if got := olTitle(tc.env, tc.opt, it, tc.label, tc.section, "sfr/set/ext", 3); got != tc.want {
			t.Errorf("olTitle(%s, %q, %q) = %q; want %q", tc.env, tc.opt, tc.label, got, tc.want)
		}
	}
}
