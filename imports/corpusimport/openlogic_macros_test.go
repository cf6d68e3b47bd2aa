package corpusimport

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/shareddata"
)

// olNotation finds a notation macro of OpenLogic's that takes no argument
// it could lack, so that none may stay.
var olNotation = regexp.MustCompile(`\\(lif|liff|lfalse|ltrue|lforall|lexists|Proves|Entails|equal|ident|lambd|ext|Nat|True|False)([^a-zA-Z]|$)`)

// olMetavariable finds a formula metavariable left in inline math.
var olMetavariable = regexp.MustCompile(`(^|[^a-zA-Z.,;:?!'")\]])![A-Z]([^a-zA-Z]|$)`)

// OpenLogic's macros become the Markdown and TeX a page shows, each by its
// own definition: terms with their article and capital, formula
// metavariables only in math, emphasis only outside it, cross-references as
// links or phrases. What is not one of them is left as it was.
func TestExpandOpenLogic(t *testing.T) {
	link := func(opts, label string) (string, string, bool) {
		if label == "thm:russell" {
			return "ol-sfr-set-rus-thm-russell", "Theorem (Russell's [Paradox])", true
		}
		return "", "", false
	}
	cases := []struct{ name, in, want string }{
		{"term", "each !!{formula} is", "each formula is"},
		{"article", "!!a{formula} and !!a{element}", "a formula and an element"},
		{"capital with article", "!!^a{derivation} of", "A derivation of"},
		{"capital", "!!^{sentence}s are", "Sentences are"},
		{"metavariables in math", `$!A \lif !B$`, `$\varphi \rightarrow \psi$`},
		{"metavariable before a letter", `$!Ax$`, `$\varphi x$`},
		{"metavariable outside the table", `$!M_1$`, `$M_1$`},
		{"metavariable in display math", `\[ !C \land !D \]`, `\[ \chi \land \theta \]`},
		{"metavariable in an environment", "\\begin{align*}!T\\end{align*}", "\\begin{align*}\\tau\\end{align*}"},
		{"not math: an exclamation", "Wow!A set!", "Wow!A set!"},
		{"escaped dollar is not math", `costs \$5!A`, `costs \$5!A`},
		{"emphasis", `a \emph{set} of \textbf{all} things`, `a *set* of **all** things`},
		{"emphasis holding math", `\emph{$!A$-free}`, `*$\varphi$-free*`},
		{"emphasis holding a term", `\emph{!!{sentence}}`, `*sentence*`},
		{"no emphasis in math", `$\emph{x}$`, `$\emph{x}$`},
		{"ref to an item", `by \olref[sfr][set][rus]{thm:russell}.`, `by [Theorem (Russell's \[Paradox\])](/n/ol-sfr-set-rus-thm-russell).`},
		{"ref to no item", `by \olref{thm:nowhere}.`, `by (Open Logic thm:nowhere).`},
		{"ref to a part", `In \olref[sth][][]{part}, we`, `In part sth of the Open Logic text, we`},
		{"ref to a section", `see \olref[ext]{sec}`, `see section sfr/set/ext of the Open Logic text`},
		{"display proof", "\\[\\AxiomC{$!A$}\\UnaryInfC{$!A$}\\DisplayProof\\]", "\\begin{prooftree}\\AxiomC{$\\varphi$}\\UnaryInfC{$\\varphi$}\\end{prooftree}"},
		{"display math stays", `\[ x^2 \]`, `\[ x^2 \]`},
		{"comment line", "\\begin{equation}\n x\n" + olCommentLine + "\n\\end{equation}", "\\begin{equation}\n x\n\\end{equation}"},
		{"unknown macros stay", `$\indfrm \cfind$`, `$\indfrm \cfind$`},
		{"connectives and derivability", `$\Gamma \Proves !A \lif !B$`, `$\Gamma \vdash \varphi \rightarrow \psi$`},
		{"quantifiers with their arguments", `$\lforall[x][\lexists[y][\eq[x][y]]]$`, `$\forall x\, \exists y\, x = y$`},
		{"a bare quantifier", `$\lforall x$`, `$\forall x$`},
		{"lambda terms", `$\lambd[x][N] \equal M$`, `$\lambda x.\, N = M$`},
		{"satisfaction, negated, with an assignment", `$\Sat/{M}{!A}[s]$`, `$\mathfrak{M} \nvDash \varphi\,[s]$`},
		{"derivability in a logic", `$\Proves[\Log{L}] !A$`, `$\vdash_{\mathbf{L}} \varphi$`},
		{"object symbols and numerals", `$\Atom{\Obj P}{\num{0}, \Obj v_1}$`, `$P(\overline{0}, v_1)$`},
		{"too few arguments stay", `$\Subst{A}$`, `$\Subst{A}$`},
		{"a control word before a letter", `$\lif x$`, `$\rightarrow x$`},
		{"metavariable in a macro's arguments", `\indcase{!A}{\lnot !B}{text}`, `\indcase{\varphi }{\lnot \psi }{text}`},
		{"text in math", `$\{x : \text{$!A$ holds}\}$`, `$\{x : \text{$\varphi$ holds}\}$`},
		{"not in a plain group", `{Wow !A} and`, `{Wow !A} and`},
		{"formula macro", `$\formula{A}(x) \lif \formula B$`, `$\varphi(x) \rightarrow \psi$`},
		{"a tag set", `\iftag{prvAnd}{$\land$}{no}`, `$\land$`},
		{"a tag unset", `\iftag{notprvAnd}{one}{two}`, `two`},
		{"one of the tags set", `\iftag{notprvBox,prvDiamond}{one}{two}`, `one`},
		{"too few tag arguments stay", `\iftag{prvAnd}{x}`, `\iftag{prvAnd}{x}`},
		{"enumerate", "We have:\n\\begin{enumerate}\n\\item $!A$ holds.\n\\item Two\n  lines.\n\\end{enumerate}\nSo.",
			"We have:\n\n1. $\\varphi$ holds.\n2. Two\n   lines.\n\nSo."},
		{"itemize with labels and tagged items", "\\begin{itemize}\n\\item[(a)] first\n\\tagitem{prvOr}{$\\lor$}{}\n\\tagitem{notprvOr}{gone}{}\n\\end{itemize}",
			"\n\n- (a) first\n- $\\lor$\n\n"},
		{"nested lists", "\\begin{enumerate}\n\\item outer\n\\begin{itemize}\\item inner\\end{itemize}\n\\item next\\end{enumerate}",
			"\n\n1. outer\n\n   - inner\n2. next\n\n"},
		{"an item in braces is not the list's", "\\begin{itemize}\\item a {\\item b}\\end{itemize}", "\n\n- a {\\item b}\n\n"},
	}
	for _, c := range cases {
		if got := expandOpenLogic(c.in, "sfr/set/rus", link); got != c.want {
			t.Errorf("%s: expandOpenLogic(%q) = %q; want %q", c.name, c.in, got, c.want)
		}
	}
}

// No item of the real Open Logic text keeps a macro of OpenLogic's own
// syntax, and its items hold what every import's do (checkItems); the test
// runs where the data is present.
func TestOpenLogicBodiesHaveNoOwnMacros(t *testing.T) {
	dir := shareddata.Require(t, "corpus/openlogic/content")
	items, _, err := ParseOpenLogic(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	if len(items) < 1000 {
		t.Fatalf("read %d items", len(items))
	}
	checkItems(t, items)
	for _, it := range items {
		for _, m := range []string{"!!{", "!!a{", `\olref`, olCommentLine, "\\DisplayProof\n\\]", "\\DisplayProof\\]",
			`\item`, `\iftag`, `\tagitem`, `\formula`, `\begin{enumerate}`, `\begin{itemize}`} {
			if strings.Contains(it.Body, m) || strings.Contains(it.Title, m) {
				t.Errorf("%s keeps %q", it.Key, m)
				break
			}
		}
		if m := olNotation.FindString(it.Body + " " + it.Title); m != "" {
			t.Errorf("%s keeps OpenLogic's notation %q", it.Key, m)
		}
		if olMetavariable.MatchString(it.Body) {
			t.Errorf("%s keeps a formula metavariable: %q", it.Key, olMetavariable.FindString(it.Body))
		}
	}
}
