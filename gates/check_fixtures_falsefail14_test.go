package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// The classes of the clean packets a fifteenth blind split FAILed, read by their shape on
// problems of their own, each with neighbours that keep their FAIL: a capital letter written
// directly before a map the statement introduces ("$Dg$", "$Tg$"), its derivative where the
// statement differentiates and notation a person confirms elsewhere, while a letter multiplying
// the map's value ("$C g(x)$") or used on its own stays an undeclared variable; and a
// recurrence written once for a letter the packet says stands for several sequences ("for $Y =
// A$ and for $Y = B$"), whose first values are those of the sequences it names.

func TestReadingDerivativeOfDeclaredMap(t *testing.T) {
	t.Parallel()
	st := statementGate
	runReadingCases(t, []readingCase{
		{name: "derivative: a tangent map of a smooth map", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`Let $N$ be a compact smooth surface and let $g : N \to N$ be a smooth map whose derivative $Dg$ is invertible at every point of $N$. Must $g$ be a covering map?`)},
		{name: "derivative: the differential inside a norm", gate: st, check: stCheckDomain, want: Pass,
			change: setStatement(`Let $h \colon \mathbb{R}^2 \to \mathbb{R}^2$ be a differentiable map with $\|Th(x)\| \le 1$ for every $x \in \mathbb{R}^2$. Is $h$ a contraction of the plane?`)},
		{name: "derivative: an operator letter with nothing that differentiates", gate: st, check: stCheckDomain, want: NeedsHuman, quote: `Rg`,
			change: setStatement(`Let $X$ be a finite set and let $g : X \to X$ be any map. Prove that $Rg$ and $g$ have the same number of fixed points.`)},
		{name: "derivative: a constant multiplying a map's value", gate: st, check: stCheckDomain, want: Fail, quote: `C g(x)`,
			change: setStatement(`Let $g : \mathbb{R} \to \mathbb{R}$ be a differentiable map with $|g'(x)| \le C g(x)$ for every real $x$. Prove that $g$ is bounded on $[0, 1]$.`)},
		{name: "derivative: the letter also used on its own", gate: st, check: stCheckDomain, want: Fail, quote: `K`,
			change: setStatement(`Let $g : N \to N$ be a $C^1$ diffeomorphism of a compact manifold $N$ with $\|Kg\| \le K$. Must $g$ have a fixed point?`)},
	})
}

func TestReadingRecurrencePlaceholder(t *testing.T) {
	t.Parallel()
	st := statementGate
	entry := func(kind packet.ExpositionKind, body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: kind, Body: body})
		}
	}
	runReadingCases(t, []readingCase{
		{name: "placeholder: two sequences named by equations", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Convention, `Put $A_0 = 1$, $A_1 = 3$, $B_0 = 2$ and $B_1 = 5$; for $m \ge 1$ let $Y_{m+1} = 4 Y_m - Y_{m-1}$, for $Y = A$ and for $Y = B$.`)},
		{name: "placeholder: a letter ranging over a set of sequences", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Convention, `Let $A_0 = 0$, $A_1 = 1$, $B_0 = 1$, $B_1 = 1$, and $Y_{m+1} = 2 Y_m + Y_{m-1}$ for $m \ge 1$ and $Y \in \{A, B\}$.`)},
		{name: "placeholder: a letter said in words to be one of two", gate: st, check: stCheckRecurrence, want: Pass,
			change: entry(packet.Definition, `Let $A_0 = 0$, $A_1 = 1$, $B_0 = 2$, $B_1 = 1$. For $m \ge 1$, $Y_{m+1} = Y_m + 2Y_{m-1}$, where $Y$ is $A$ or $B$.`)},
		{name: "placeholder: one named sequence without first values", gate: st, check: stCheckRecurrence, want: NeedsHuman, quote: `Y_{m+1}`,
			change: entry(packet.Convention, `Put $A_0 = 1$ and $A_1 = 3$; for $m \ge 1$ let $Y_{m+1} = 4 Y_m - Y_{m-1}$, for $Y = A$ and for $Y = B$.`)},
		{name: "placeholder: no letter named at all", gate: st, check: stCheckRecurrence, want: Fail, quote: `Y_{m+1}`,
			change: entry(packet.Convention, `The sequences $A$ and $B$ both satisfy $Y_{m+1} = 4 Y_m - Y_{m-1}$ for $m \ge 1$.`)},
	})
}
