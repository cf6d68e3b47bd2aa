package lanes_test

import (
	"reflect"
	"regexp"
	"slices"
	"testing"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/lanes/gold"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/tex"
)

// TestReword: the system's rewordings of prose — sentence forms, phrases and words, the longest
// at each place, once — and everything that is not prose left as written.
func TestReword(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want string }{
		// Sentence forms, with the capital kept.
		{"Prove that $n$ is even.", "Show that $n$ is even."},
		{"Is it true that every $G$ is finite?", "Does it hold that every $G$ is finite?"},
		{"Is there a prime $p > 3$ with $p \\mid 6$?", "Does there exist a prime $p > 3$ with $p \\mid 6$?"},
		{"Let $G$ be a finite group. Find its order.", "Take $G$ to be a finite group. Determine its order."},
		{"Determine whether the series converges.", "Decide whether the series converges."},
		// Phrases; a rule's output is not read again, so swaps are safe.
		{"there exists $x$ such that $x^2 = 2$", "there is $x$ with the property that $x^2 = 2$"},
		{"for every $n$, at least one and at most two", "for each $n$, no fewer than one and no more than two"},
		{"$A$ holds iff $B$ does; hence $C$.", "$A$ holds if and only if $B$ does; therefore $C$."},
		// An idiom a shorter rule would change is guarded.
		{"for each other vertex", "for each other vertex"},
		// An opening form applies only at the start of a sentence: evidence that shows is no proof.
		{"The computation shows that $n < 10^6$.", "The computation shows that $n < 10^6$."},
		{"The data; prove that it holds.", "The data; prove that it holds."},
		// Never touched: code, quotations, citations, links' targets, TeX commands, identifiers,
		// numbers, words joined to math or to other words.
		{"Use `prove that` here.", "Use `prove that` here."},
		{`He wrote "prove that it holds" in 1936.`, `He wrote "prove that it holds" in 1936.`},
		{"See [Guy, for every case] and \\cite{for every}.", "See [Guy, for every case] and \\cite{for every}."},
		{"See [for every case](https://example.org/for every).", "See [for each case](https://example.org/for every)."},
		{"The $n$-th term, e.g. TDB-12 or arXiv:2101.00001, for every case.", "The $n$-th term, e.g. TDB-12 or arXiv:2101.00001, for each case."},
		{"a well-defined map for all-pairs", "a well-defined map for all-pairs"},
		// A text whose TeX does not read is left as it is: its math cannot be told from its prose.
		{"Prove that $n is even.", "Prove that $n is even."},
		{"", ""},
	} {
		if got := lanes.Reword(tt.in); got != tt.want {
			t.Errorf("Reword(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

var digits = regexp.MustCompile(`[0-9]+`)

// formulas are a text's math spans as the TeX reader finds them.
func formulas(t *testing.T, s string) []string {
	t.Helper()
	doc, err := tex.Read(s)
	if err != nil {
		return []string{"unread: " + s}
	}
	var out []string
	for _, f := range doc.Formulas {
		out = append(out, f.Source)
	}
	return out
}

// prose are the fields of a packet Reworded rewrites.
func prose(p gates.Revision) []string {
	out := []string{p.Title, p.Statement, p.Acceptance.Criterion}
	for _, e := range p.Exposition {
		out = append(out, e.Body)
	}
	return out
}

// TestRewordedGold: on every gold packet, the reworded packet keeps each prose field's math
// spans and numbers exactly, keeps the references, claims, evidence and terms (in another
// order), reads as another packet, and is the same on every run; and the wording differs on
// most packets, so the second run is a real paraphrase.
func TestRewordedGold(t *testing.T) {
	t.Parallel()
	set, err := gold.Load()
	if err != nil {
		t.Fatal(err)
	}
	seen, differ := map[string]bool{}, 0
	for _, p := range set.For(lanes.MathCritique) {
		if seen[p.Input.Digest()] {
			continue
		}
		seen[p.Input.Digest()] = true
		in := p.Input
		before := slices.Clone(prose(in.Packet))
		got := in.Reworded()
		if !slices.Equal(prose(in.Packet), before) {
			t.Fatalf("%s: Reworded changed its input", p.ID)
		}
		if again := in.Reworded(); !reflect.DeepEqual(again, got) {
			t.Errorf("%s: two rewordings differ", p.ID)
		}
		was, now := prose(in.Packet), prose(got.Packet)
		changed := false
		for i := range was {
			if !slices.Equal(formulas(t, was[i]), formulas(t, now[i])) {
				t.Errorf("%s: the math of %q changed in %q", p.ID, was[i], now[i])
			}
			if !slices.Equal(digits.FindAllString(was[i], -1), digits.FindAllString(now[i], -1)) {
				t.Errorf("%s: the numbers of %q changed in %q", p.ID, was[i], now[i])
			}
			changed = changed || was[i] != now[i]
		}
		if changed {
			differ++
		}
		refs := slices.Clone(got.Packet.References)
		slices.Reverse(refs)
		if !reflect.DeepEqual(refs, in.Packet.References) {
			t.Errorf("%s: the references changed", p.ID)
		}
		for i, e := range got.Packet.Exposition {
			if e.Term != in.Packet.Exposition[i].Term || e.Kind != in.Packet.Exposition[i].Kind {
				t.Errorf("%s: exposition entry %d is now %+v", p.ID, i, e)
			}
		}
		if got.Packet.Acceptance.Kind != in.Packet.Acceptance.Kind || got.Packet.Provenance != in.Packet.Provenance ||
			len(got.Claims) != len(in.Claims) || len(got.Evidence) != len(in.Evidence) || len(got.Gates) != len(in.Gates) {
			t.Errorf("%s: a part other than the prose changed", p.ID)
		}
		if changed && got.Digest() == in.Digest() {
			t.Errorf("%s: the reworded packet has the same digest", p.ID)
		}
	}
	if len(seen) < 10 || differ*4 < len(seen)*3 {
		t.Errorf("the wording differs on %d of %d gold packets; want at least three in four", differ, len(seen))
	}
	t.Logf("the wording differs on %d of %d gold packets", differ, len(seen))
}

// TestRewordedSmall: the rewording reaches the title, the statement, each exposition entry and
// the acceptance criterion, and leaves the terms and the references as they are.
func TestRewordedSmall(t *testing.T) {
	t.Parallel()
	in := lanes.PanelInput{Packet: gates.Revision{Title: "Is there an odd perfect number?",
		Statement:  "Prove that no odd $n$ with $\\sigma(n) = 2n$ exists.",
		Exposition: []packet.ExpositionEntry{{Kind: packet.Definition, Term: "perfect", Body: "A number is called perfect if $\\sigma(n) = 2n$."}},
		Acceptance: packet.Acceptance{Kind: packet.Proof, Criterion: "A proof, for example by a bound on $n$."},
		References: []gates.Reference{{Citation: "A"}, {Citation: "B"}}},
		Evidence: []lanes.Evidence{{Label: "one"}, {Label: "two"}}}
	got := in.Reworded()
	want := []string{"Does there exist an odd perfect number?", "Show that no odd $n$ with $\\sigma(n) = 2n$ exists.",
		"A number is said to be perfect if $\\sigma(n) = 2n$.", "A proof, for instance by a bound on $n$."}
	if have := []string{got.Packet.Title, got.Packet.Statement, got.Packet.Exposition[0].Body, got.Packet.Acceptance.Criterion}; !slices.Equal(have, want) {
		t.Errorf("Reworded() prose = %q; want %q", have, want)
	}
	if got.Packet.Exposition[0].Term != "perfect" || got.Packet.References[0].Citation != "B" || got.Evidence[0].Label != "two" {
		t.Errorf("Reworded() = %+v", got)
	}
	if in.Packet.References[0].Citation != "A" || in.Evidence[0].Label != "one" || in.Packet.Statement[:5] != "Prove" {
		t.Error("Reworded changed its input")
	}
	if got.Digest() == in.Digest() {
		t.Error("the reworded packet has the same digest")
	}
}
