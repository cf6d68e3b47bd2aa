package records

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

func TestStem(t *testing.T) {
	same := [][2]string{
		{"classes", "class"}, {"schemes", "scheme"}, {"glueing", "gluing"}, {"glued", "glue"},
		{"homotopy", "homotopic"}, {"homotopies", "homotopy"}, {"factorisation", "factorization"},
		{"factorization", "factorize"}, {"normalised", "normalized"}, {"compactness", "compact"},
		{"universally", "universal"}, {"categories", "categorical"}, {"topology", "topological"},
		{"equalities", "equality"}, {"lifts", "lifting"}, {"immersions", "immersion"},
		{"sheaves", "sheaves"}, {"paths", "path"}, {"closed", "close"}, {"embedding", "embedded"},
	}
	for _, p := range same {
		if a, b := stem(p[0]), stem(p[1]); a != b {
			t.Errorf("stem(%q) = %q, stem(%q) = %q; want one stem", p[0], a, p[1], b)
		}
	}
	for _, p := range [][2]string{{"set", "seat"}, {"proper", "property"}, {"flat", "flag"}, {"ring", "rung"}} {
		if a, b := stem(p[0]), stem(p[1]); a == b {
			t.Errorf("stem(%q) = stem(%q) = %q; want different stems", p[0], p[1], a)
		}
	}
	for _, w := range []string{"ring", "set", "map", "axis", "locus", "glass"} {
		if got := stem(w); got != w {
			t.Errorf("stem(%q) = %q; want a short word kept whole", w, got)
		}
	}
}

func TestClaimedKind(t *testing.T) {
	stein := Located{Text: "stacks-project", Locator: "0A1B", Label: "spaces-more-morphisms-theorem-stein-factorization-Noetherian"}
	opp := Located{Text: "hott-book", Locator: "lem:opp", Label: "lem:opp"}
	rus := Located{Text: "openlogic", Locator: "sfr:set:rus", Label: "sfr:set:rus"}
	for _, tt := range []struct {
		name string
		text string
		l    Located
		c    Citing
		want string
	}{
		{"kind in the locator", "stacks-project", stein, Citing{Locator: "Lemma 0A1B"}, kindLemma},
		{"kind in the citation", "stacks-project", stein, Citing{Locator: "Tag 0A1B", Citation: "The Stacks project, Theorem 0A1B."}, kindTheorem},
		{"kind before the tag word", "stacks-project", stein, Citing{Locator: "0A1B", Citation: "Stacks, Proposition Tag 0a1b"}, kindProposition},
		{"kind in a bracket after", "stacks-project", stein, Citing{Locator: "Tag 0A1B", Relevance: "Tag 0A1B (definition of the factorization) is used."}, kindDefinition},
		{"plural", "stacks-project", stein, Citing{Locator: "Tag 0A1B", Citation: "Stacks project, Lemmas 0A1B and 0A1C."}, kindLemma},
		{"abbreviation", "stacks-project", stein, Citing{Locator: "Tag 0A1B", Citation: "Stacks project, Cor. 0A1B."}, kindCorollary},
		{"no kind", "stacks-project", stein, Citing{Locator: "Tag 0A1B", Citation: "The Stacks project, Tag 0A1B."}, ""},
		{"a kind not next to the locator", "stacks-project", stein, Citing{Locator: "Tag 0A1B", Relevance: "The lemma we need is in Tag 0A1B."}, ""},
		{"a longer tag is not the locator", "stacks-project", stein, Citing{Locator: "Tag 0A1B", Citation: "Stacks, Lemma 0A1BX; Tag 0A1B."}, ""},
		{"LaTeX reference", "hott-book", opp, Citing{Locator: "lem:opp", Citation: `HoTT book, Lemma~\ref{lem:opp}`}, kindLemma},
		{"section sign", "hott-book", opp, Citing{Locator: "lem:opp", Citation: "HoTT book § lem:opp"}, kindSection},
		{"Open Logic section", "openlogic", rus, Citing{Locator: "Section sfr:set:rus"}, kindSection},
		{"ex in the HoTT book", "hott-book", opp, Citing{Locator: "lem:opp", Citation: "HoTT book, Ex. lem:opp"}, kindExercise},
		{"ex in Open Logic", "openlogic", rus, Citing{Locator: "sfr:set:rus", Citation: "Open Logic, Ex. sfr:set:rus"}, kindExample},
	} {
		if got := claimedKind(tt.text, tt.c, tt.l); got != tt.want {
			t.Errorf("%s: claimedKind(%+v) = %q; want %q", tt.name, tt.c, got, tt.want)
		}
	}
}

// The items below are copied from the shared corpus (../shared/data/corpus), as Locate returns
// them: a section, a lemma and a definition of the Stacks project, a lemma of the HoTT book and
// a section of Open Logic.
var (
	glueingSchemes = Located{Text: "stacks-project", Locator: "01JA", Label: "schemes-section-glueing-schemes", Kind: kindSection,
		Heading: `\section{Glueing schemes}`, Title: "Glueing schemes",
		Excerpt: "\\noindent\nLet $I$ be a set.\nFor each $i \\in I$ let $(X_i, \\mathcal{O}_i)$ be\na locally ringed space. (Actually the construction that\nfollows works equally well for ringed spaces.)",
		Body: `\noindent
Let $I$ be a set.
For each $i \in I$ let $(X_i, \mathcal{O}_i)$ be
a locally ringed space. (Actually the construction that
follows works equally well for ringed spaces.)
For each pair $i, j \in I$ let $U_{ij} \subset X_i$
be an open subspace.`}
	closedImmersionAffine = Located{Text: "stacks-project", Locator: "01IH", Label: "schemes-lemma-closed-immersion-affine-case", Kind: kindLemma,
		Heading: `\begin{lemma}`, Excerpt: "\\begin{slogan}\nFor affine schemes, closed immersions correspond to ideals.",
		Body: `\label{lemma-closed-immersion-affine-case}
Let $(X, \mathcal{O}_X) = (\Spec(R), \mathcal{O}_{\Spec(R)})$
be an affine scheme. Let $i : Z \to X$ be any closed immersion
of locally ringed spaces. Then there exists a unique ideal
$I \subset R$ such that the morphism $i : Z \to X$ can be identified
with the closed immersion $\Spec(R/I) \to \Spec(R)$
constructed in Example \ref{example-closed-immersion-affines} above.
\end{lemma}`}
	quasiCoherent = Located{Text: "stacks-project", Locator: "01BE", Label: "modules-definition-quasi-coherent", Kind: kindDefinition,
		Heading: `\begin{definition}`, Excerpt: "Let $(X, \\mathcal{O}_X)$ be a ringed space.",
		Body: `\label{definition-quasi-coherent}
Let $(X, \mathcal{O}_X)$ be a ringed space.
Let $\mathcal{F}$ be a sheaf of $\mathcal{O}_X$-modules.
We say that $\mathcal{F}$ is a {\it quasi-coherent
sheaf of $\mathcal{O}_X$-modules} if for every
point $x \in X$ there exists an open neighbourhood
$x\in U \subset X$ such that $\mathcal{F}|_U$
is isomorphic to the cokernel of a map`}
	classes = Located{Text: "stacks-project", Locator: "000A", Label: "sets-section-classes", Kind: kindSection,
		Heading: `\section{Classes}`, Title: "Classes", Excerpt: "\\noindent\nInformally we use the notion of a {\\it class}. Given a formula",
		Body: `\noindent
Informally we use the notion of a {\it class}. Given a formula
$\phi(x, p_1, \ldots, p_n)$, we call
a {\it class}. A class is easier to manipulate than the formula
that defines it, but it is not strictly speaking a mathematical
object. For example, if $R$ is a ring, then we may
consider the class of all $R$-modules (since after all we
may translate the sentence ` + "``$M$ is an $R$-module''" + `
into a formula in set theory, which then defines a class).
A {\it proper class} is a class which is not a set.`}
	inverse = Located{Text: "hott-book", Locator: "lem:opp", Label: "lem:opp", Kind: kindLemma, Heading: `\begin{lem}`,
		Excerpt: "For every type $A$ and every $x,y:A$ there is a function",
		Body: `\begin{lem}\label{lem:opp}
For every type $A$ and every $x,y:A$ there is a function
\begin{equation*}
(x= y)\to(y= x)
\end{equation*}
denoted $p\mapsto \opp{p}$, such that $\opp{\refl{x}}\jdeq\refl{x}$ for each $x:A$.
We call $\opp{p}$ the \define{inverse} of $p$.
\indexdef{path!inverse}
\end{lem}`}
	russell = Located{Text: "openlogic", Locator: "sfr:set:rus", Label: "sfr:set:rus", Kind: kindSection, Heading: `\olsection{Russell's Paradox}`,
		Title: "Russell's Paradox", Excerpt: "\\olsection{Russell's Paradox}",
		Body: `\olfileid{sfr}{set}{rus}
\olsection{Russell's Paradox}
Extensionality licenses the notation $\Setabs{x}{\phi(x)}$, for
\emph{the} set of $x$'s such that~$\phi(x)$. However, all that
extensionality \emph{really} licenses is the following thought.
\emph{If} there is a set whose members are all and only the $\phi$'s,
\emph{then} there is only one such set. Otherwise put: having fixed
some~$\phi$, the set $\Setabs{x}{\phi(x)}$ is unique, \emph{if it
exists}.
But this conditional is important!{} Crucially, not every property
lends itself to \emph{comprehension}. That is, some  properties do
\emph{not} define sets.`}
)

// TestCompareLocated: the item found at a locator is compared with what the reference cites it
// for — the kind it names, and its subject words against the item's title, label and text.
func TestCompareLocated(t *testing.T) {
	texts := map[string]*Text{}
	for _, t := range knownTexts() {
		texts[t.Name] = t
	}
	texts["stacks-project"].files = []string{"spaces-more-morphisms", "modules", "schemes", "sets"}
	for _, tt := range []struct {
		name       string
		l          Located
		c          Citing
		consistent bool
		reason     string // a part of the reason when not consistent
	}{
		{"a section cited for its construction", glueingSchemes,
			Citing{"Tag 01JA", "The Stacks project, Section 01JA.", "Glueing locally ringed spaces along open subspaces, the construction the statement's scheme is built by."}, true, ""},
		{"a section cited for something else", glueingSchemes,
			Citing{"Tag 01JA", "The Stacks project, Tag 01JA.", "Proves that proper morphisms are universally closed."}, false, "none of the terms the reference cites it for (“closed”, “morphisms”, “proper”, “universally”)"},
		{"a lemma cited for its statement", closedImmersionAffine,
			Citing{"Tag 01IH", "The Stacks project, Lemma 01IH.", "Closed immersions into an affine scheme correspond to ideals of its ring."}, true, ""},
		{"a lemma cited as a definition", closedImmersionAffine,
			Citing{"Tag 01IH", "The Stacks project, Definition 01IH.", "Closed immersions into an affine scheme correspond to ideals of its ring."}, false, "found a lemma (“For affine schemes, closed immersions correspond to ideals.”), but the reference cites it as a definition"},
		{"a definition cited as one", quasiCoherent,
			Citing{"Definition 01BE", "Stacks Project Authors, The Stacks project, Definition 01BE.", "Defines quasi-coherent sheaves of modules on a ringed space, the modules of the statement."}, true, ""},
		{"a definition cited as a theorem", quasiCoherent,
			Citing{"Tag 01BE", "The Stacks project, Theorem 01BE.", "Quasi-coherent sheaves on a ringed space."}, false, "cites it as a theorem"},
		{"a relevance with nothing to compare", quasiCoherent,
			Citing{"Tag 01BE", "The Stacks project, Tag 01BE.", "Used in the proof; see there."}, false, "name nothing to compare it with"},
		{"only the commonest terms", quasiCoherent,
			Citing{"Tag 01BE", "The Stacks project, Tag 01BE.", "About sets, maps and functions."}, false, "too common to tell one place from another"},
		{"one distinctive word by chance", classes,
			Citing{"Tag 000A", "The Stacks project, Tag 000A.", "Proper morphisms of schemes are universally closed."}, false, "only “proper” occurs there"},
		{"a one-word note the title bears out", classes,
			Citing{"Tag 000A", "The Stacks project, Tag 000A.", "Classes."}, true, ""},
		{"the text's own title is no evidence", classes,
			Citing{"Tag 000A", "The Stacks project (the Stacks project authors).", "From the Stacks project."}, false, "name nothing to compare it with"},
		{"a HoTT lemma", inverse,
			Citing{`Lemma \ref{lem:opp}`, "The Univalent Foundations Program, Homotopy Type Theory, Lemma 2.1.1.", "Every path has an inverse: paths can be reversed."}, true, ""},
		{"a HoTT lemma cited as a definition", inverse,
			Citing{"lem:opp", `HoTT book, Definition \ref{lem:opp}.`, "Every path has an inverse."}, false, "cites it as a definition"},
		{"an Open Logic section", russell,
			Citing{"sfr:set:rus", "The Open Logic Text, Russell's Paradox.", "Naïve comprehension leads to Russell's paradox."}, true, ""},
		{"an Open Logic section cited for another subject", russell,
			Citing{"sfr:set:rus", "The Open Logic Text.", "The compactness theorem for first-order logic."}, false, "none of the terms"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := texts[tt.l.Text].compare(tt.l, tt.c)
			if got.Consistent != tt.consistent || !strings.Contains(got.Reason, tt.reason) || got.Consistent != (got.Reason == "") {
				t.Errorf("compare = %v, %q (shared %v); want %v with a reason containing %q", got.Consistent, got.Reason, got.Shared, tt.consistent, tt.reason)
			}
			if got.Consistent && len(got.Shared) == 0 {
				t.Errorf("consistent with no shared term")
			}
		})
	}
}

// TestCheckLocator reads the small corpus of testdata: found and consistent, found and not, not
// there, and a source the plane cannot read.
func TestCheckLocator(t *testing.T) {
	ts, err := LoadTexts(filepath.Join("testdata", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	stacks := mustParse(t, "https://stacks.math.columbia.edu")
	got, err := ts.CheckLocator(stacks, Citing{Locator: "Tag 000A", Citation: "The Stacks project, Section 000A.", Relevance: "Classes given by a formula, easier to manipulate than the formula."})
	if err != nil || !got.Consistent || got.Located.Kind != kindSection || got.Located.Title != "Classes" || got.Located.Label != "sets-section-classes" {
		t.Errorf("CheckLocator(Tag 000A) = %+v, %v; want a consistent section “Classes”", got, err)
	}
	got, err = ts.CheckLocator(stacks, Citing{Locator: "Tag 000A", Citation: "The Stacks project, Lemma 000A.", Relevance: "The notion of a class."})
	if err != nil || got.Consistent || !strings.Contains(got.Reason, "Tag 000A of The Stacks project") || !strings.Contains(got.Reason, "cites it as a lemma") {
		t.Errorf("CheckLocator(Lemma 000A) = %+v, %v; want inconsistent: a section cited as a lemma", got, err)
	}
	hott := mustParse(t, "https://homotopytypetheory.org/book")
	got, err = ts.CheckLocator(hott, Citing{Locator: "lem:opp", Citation: "HoTT book, Lemma 2.1.1", Relevance: "The inverse of a path."})
	if err != nil || !got.Consistent || got.Located.Kind != kindLemma || !strings.Contains(got.Located.Body, `\end{lem}`) && !strings.Contains(got.Located.Body, "inverse") {
		t.Errorf("CheckLocator(lem:opp) = %+v, %v; want a consistent lemma", got, err)
	}
	ol := mustParse(t, "https://openlogicproject.org")
	got, err = ts.CheckLocator(ol, Citing{Locator: "sth:story:blv:lem:Fregeextensions", Citation: "Open Logic", Relevance: "Frege's extensions of concepts."})
	if err != nil || got.Located.Kind != kindLemma || got.Located.Title != `in \emph{Grundgesetze}` || !got.Consistent {
		t.Errorf("CheckLocator(Open Logic lemma) = %+v, %v; want a consistent lemma titled “in Grundgesetze”", got, err)
	}
	if got, err := ts.CheckLocator(stacks, Citing{Locator: "Tag 9Z9Z"}); !errors.Is(err, ErrNoLocator) || got.Consistent ||
		got.Reason != "the record plane read The Stacks project and found no place “Tag 9Z9Z” in it" {
		t.Errorf("CheckLocator(Tag 9Z9Z) = %+v, %v; want ErrNoLocator with the reason", got, err)
	}
	if _, err := ts.CheckLocator(mustParse(t, "10.1007/BF01444162"), Citing{Locator: "Theorem 1"}); !errors.Is(err, ErrNotLocal) {
		t.Errorf("CheckLocator(DOI) = %v; want ErrNotLocal", err)
	}
}

var sloganRe = regexp.MustCompile(`(?s)\\begin\{slogan\}(.*?)\\end\{slogan\}`)

// TestLocatorComparisonOnSlogans measures the comparison on the shared corpus, with no claim
// written for it: the Stacks project's slogans are one-line summaries its authors wrote of
// results, which is what a relevance note says. Cited at its own result (with the slogan taken
// out of the text compared), a slogan must be borne out at least 75% of the time; cited at
// another result drawn at random, at most 3%.
func TestLocatorComparisonOnSlogans(t *testing.T) {
	root := filepath.Join("..", "..", "shared", "data", "corpus")
	if _, err := os.Stat(filepath.Join(root, "stacks-project")); err != nil {
		t.Skipf("no shared corpus at %s", root)
	}
	ts, err := LoadTexts(root)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := ts.Text(mustParse(t, "https://stacks.math.columbia.edu"))
	byLabel := map[string]string{}
	for tag, label := range st.tags {
		byLabel[label] = tag
	}
	labelLine := regexp.MustCompile(`^\\label\{([^}]+)\}$`)
	type item struct {
		tag, slogan string
		l           Located
	}
	var items []item
	for _, base := range st.files {
		lines, err := readLines(filepath.Join(st.dir, base+".tex"))
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i+1 < len(lines); i++ {
			m := labelLine.FindStringSubmatch(strings.TrimSpace(lines[i]))
			if m == nil || strings.TrimSpace(lines[i+1]) != `\begin{slogan}` {
				continue
			}
			tag, ok := byLabel[base+"-"+m[1]]
			if !ok {
				continue
			}
			l, err := st.excerpt(tag, place{file: base + ".tex", line: i})
			if err != nil {
				t.Fatal(err)
			}
			l.Label, l.Kind = base+"-"+m[1], st.labelKind(base+"-"+m[1])
			s := sloganRe.FindStringSubmatch(l.Body)
			if s == nil || kindGroup(l.Kind) != "result" {
				continue
			}
			l.Body = sloganRe.ReplaceAllString(l.Body, "")
			items = append(items, item{tag, strings.Join(strings.Fields(s[1]), " "), l})
		}
	}
	sort.Slice(items, func(i, j int) bool { return items[i].tag < items[j].tag })
	if len(items) < 200 {
		t.Fatalf("found %d results with slogans; want the corpus's 200 or more", len(items))
	}
	rng := rand.New(rand.NewPCG(1, 1))
	own, other, pairs := 0, 0, 0
	cite := func(it item) Citing {
		return Citing{Locator: "Tag " + it.tag, Citation: "The Stacks project, Tag " + it.tag + "."}
	}
	for _, it := range items {
		c := cite(it)
		c.Relevance = it.slogan
		if st.compare(it.l, c).Consistent {
			own++
		}
		o := items[rng.IntN(len(items))]
		if o.tag == it.tag {
			continue
		}
		pairs++
		c = cite(o)
		c.Relevance = it.slogan
		if st.compare(o.l, c).Consistent {
			other++
		}
	}
	t.Logf("%d slogans: borne out at their own result %d (%.1f%%), at another result %d of %d (%.1f%%)",
		len(items), own, 100*float64(own)/float64(len(items)), other, pairs, 100*float64(other)/float64(pairs))
	if float64(own) < 0.75*float64(len(items)) {
		t.Errorf("slogans borne out at their own result: %d of %d; want at least 75%%", own, len(items))
	}
	if float64(other) > 0.03*float64(pairs) {
		t.Errorf("slogans borne out at another result: %d of %d; want at most 3%%", other, pairs)
	}
}
