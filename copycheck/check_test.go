package copycheck

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Hand-written reference paragraphs for the unit tests.
const (
	refCompact = `A topological space $X$ is called compact when every open cover of $X$ has a finite
subcover. Closed subsets of compact spaces are compact, and the continuous image of a compact
space is compact again, which is the property used most often in what follows.`
	refSylow = `Let $G$ be a group. Suppose that the order of $G$ is divisible by a prime power $p^k$;
then the number of subgroups of order $p^k$ is congruent to one modulo $p$, and any two Sylow
subgroups are conjugate in $G$ by an inner automorphism of the whole group.`
	fresh = `We now turn to a question about lattices in the plane that has nothing to do with the
material above. Take two vectors that span the plane and look at all integer combinations of
them; the points so obtained form a discrete subgroup whose fundamental domain has an area that
does not depend on the chosen basis. Counting the lattice points inside a large disc gives a number
close to the area of the disc divided by that of the fundamental domain, with an error that grows
more slowly than the radius squared. This is the first step of an argument we complete later on.`
)

func testChecker(t *testing.T, phrases *Phrases, docs ...Document) *Checker {
	t.Helper()
	x, err := BuildIndex(docs, 0)
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewChecker(x, DefaultConfig(), phrases)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func refDoc(id string, l Licence, text string) Document {
	return Document{Meta: DocMeta{ID: id, URI: "https://example.org/" + id, Licence: l}, Format: LaTeX, Text: []byte(text)}
}

func TestCheckVerdicts(t *testing.T) {
	t.Parallel()
	c := testChecker(t, nil, refDoc("open", LicenceOpen, refCompact), refDoc("gfdl", LicenceGFDL, refSylow))
	tests := []struct {
		name    string
		body    string
		verdict Verdict
		sources []string
	}{
		{"original text", fresh, VerdictClear, nil},
		{"copy of an open source", fresh + "\n\n" + refCompact, VerdictAttribute, []string{"open", "open"}},
		{"copy of a gfdl source", refSylow + "\n\n" + fresh, VerdictBlock, []string{"gfdl", "gfdl"}},
		{"both", refCompact + "\n\n" + refSylow, VerdictBlock, []string{"open", "open", "gfdl", "gfdl"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := c.Check(context.Background(), []byte(tt.body), LaTeX)
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != tt.verdict {
				t.Errorf("Check().Verdict = %q; want %q (matches %+v)", res.Verdict, tt.verdict, res.Matches)
			}
			var got []string
			for _, m := range res.Matches {
				got = append(got, m.Source)
			}
			if diff := cmp.Diff(tt.sources, got); diff != "" {
				t.Errorf("matched sources (-want +got):\n%s", diff)
			}
			for _, m := range res.Matches {
				if m.Stage == StageExact {
					orig := tt.body[m.BodyStart:m.BodyEnd]
					if !strings.Contains(refCompact+refSylow, orig) {
						t.Errorf("exact match body[%d:%d] = %q is not text of a source", m.BodyStart, m.BodyEnd, orig)
					}
				}
			}
		})
	}
}

func TestCheckOffsetsIntoSource(t *testing.T) {
	t.Parallel()
	c := testChecker(t, nil, refDoc("gfdl", LicenceGFDL, "\\section{Intro}\n"+refSylow))
	body := "Some words first. " + refSylow[60:250]
	res, err := c.Check(context.Background(), []byte(body), LaTeX)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(res.Matches, func(m Match) bool { return m.Stage == StageExact })
	if i < 0 {
		t.Fatalf("Check() matches = %+v; want an exact match", res.Matches)
	}
	m := res.Matches[i]
	src := "\\section{Intro}\n" + refSylow
	if m.Section != "Intro" {
		t.Errorf("match source section = %q; want Intro", m.Section)
	}
	if got, want := src[m.SourceStart:m.SourceEnd], body[m.BodyStart:m.BodyEnd]; got != want {
		t.Errorf("source[%d:%d] = %q; body[%d:%d] = %q; want the same text", m.SourceStart, m.SourceEnd, got, m.BodyStart, m.BodyEnd, want)
	}
}

func TestCheckStandardPhrasesDoNotCount(t *testing.T) {
	t.Parallel()
	phrases, err := ParsePhrases(strings.NewReader("# test list\nlet $G$ be a group\nsuppose that the order of $G$ is divisible by\n"))
	if err != nil {
		t.Fatal(err)
	}
	// The copied run is 117 normalised characters, 59 of them standard phrases.
	copied := `Let $G$ be a group. Suppose that the order of $G$ is divisible by a prime power $p^k$;
then the number of subgroups of order $p^k$ is`
	body := fresh + " " + copied + " we stop. " + fresh
	for _, tt := range []struct {
		name    string
		phrases *Phrases
		verdict Verdict
	}{
		{"without the list", nil, VerdictBlock},
		{"with the list", phrases, VerdictClear},
	} {
		c := testChecker(t, tt.phrases, refDoc("gfdl", LicenceGFDL, refSylow))
		res, err := c.Check(context.Background(), []byte(body), LaTeX)
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != tt.verdict {
			t.Errorf("%s: Check().Verdict = %q; want %q (matches %+v, flags %+v)", tt.name, res.Verdict, tt.verdict, res.Matches, res.Flags)
		}
	}
}

func TestCheckSectionCoverage(t *testing.T) {
	t.Parallel()
	c := testChecker(t, nil, refDoc("gfdl", LicenceGFDL, refSylow))
	// Two flagged runs of about 70 characters, neither a match alone.
	a, b := refSylow[0:72], refSylow[120:190]
	tests := []struct {
		name    string
		body    string
		verdict Verdict
	}{
		{"flags in a short section", "\\section{One}\n" + a + " and " + b, VerdictBlock},
		{"flags spread thin", "\\section{One}\n" + a + " " + fresh + " " + fresh + "\n\\section{Two}\n" + fresh + " " + b + " " + fresh, VerdictClear},
	}
	for _, tt := range tests {
		res, err := c.Check(context.Background(), []byte(tt.body), LaTeX)
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != tt.verdict {
			t.Errorf("%s: Check().Verdict = %q; want %q (matches %+v, flags %+v)", tt.name, res.Verdict, tt.verdict, res.Matches, res.Flags)
		}
		if len(res.Flags)+len(res.Matches) < 2 {
			t.Errorf("%s: %d flags and %d matches; want the two runs", tt.name, len(res.Flags), len(res.Matches))
		}
	}
}

func TestCheckNearCopy(t *testing.T) {
	t.Parallel()
	long := refCompact + " " + strings.ReplaceAll(refSylow, "\n", " ")
	c := testChecker(t, nil, refDoc("gfdl", LicenceGFDL, long))
	// Change one word in eighteen: the word 5-grams keep an estimated Jaccard above 0.5.
	words := strings.Fields(long)
	for i := 4; i < len(words); i += 18 {
		words[i] = "zzz"
	}
	body := strings.Join(words, " ")
	res, err := c.Check(context.Background(), []byte(body), LaTeX)
	if err != nil {
		t.Fatal(err)
	}
	var near *Match
	for i := range res.Matches {
		if res.Matches[i].Stage == StageNear {
			near = &res.Matches[i]
		}
	}
	if near == nil {
		t.Fatalf("Check() = %+v; want a near match", res)
	}
	if near.Similarity < 0.5 || near.RougeL < 0.8 {
		t.Errorf("near match similarity %.2f, ROUGE-L %.2f; want at least 0.5 and 0.8", near.Similarity, near.RougeL)
	}
}

// TestCheckNearCopyByRougeLAlone: a long copy with one word in eleven changed keeps its word
// order (ROUGE-L above 0.8) while its 5-gram Jaccard falls under 0.5 and no block reaches 20
// words; K9.4's ROUGE-L makes it a near copy on its own.
func TestCheckNearCopyByRougeLAlone(t *testing.T) {
	t.Parallel()
	long := refCompact + " " + strings.ReplaceAll(refSylow, "\n", " ")
	c := testChecker(t, nil, refDoc("gfdl", LicenceGFDL, long))
	words := strings.Fields(long)
	for i := 5; i < len(words); i += 11 {
		words[i] = "zzz"
	}
	res, err := c.Check(context.Background(), []byte(strings.Join(words, " ")), LaTeX)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(res.Matches, func(m Match) bool { return m.Stage == StageNear })
	if i < 0 {
		t.Fatalf("Check() = %+v; want a near match", res)
	}
	if m := res.Matches[i]; m.Similarity >= 0.5 || m.Length >= 20 || m.RougeL < 0.8 || m.Verdict != VerdictBlock {
		t.Errorf("near match: similarity %.2f, block %d, ROUGE-L %.2f, %s; want under 0.5, under 20, at least 0.8, a block",
			m.Similarity, m.Length, m.RougeL, m.Verdict)
	}
}

func TestResultJSON(t *testing.T) {
	t.Parallel()
	res := Result{Verdict: VerdictBlock, ThresholdsVersion: "v", Matches: []Match{{Stage: StageExact, Source: "s",
		URI: "u", Licence: LicenceGFDL, BodyStart: 1, BodyEnd: 2, SourceStart: 3, SourceEnd: 4, Length: 5, Similarity: 1, Verdict: VerdictBlock}}}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"verdict":"block","thresholdsVersion":"v","matches":[{"stage":"exact","source":"s","uri":"u","licence":"gfdl","bodyStart":1,"bodyEnd":2,"sourceStart":3,"sourceEnd":4,"length":5,"similarity":1,"verdict":"block"}]}`
	if string(b) != want {
		t.Errorf("json.Marshal(Result) = %s; want %s", b, want)
	}
}

func TestConfigValidate(t *testing.T) {
	t.Parallel()
	bad := []func(*Config){
		func(c *Config) { c.Version = "" },
		func(c *Config) { c.MatchRun = c.FlagRun - 1 },
		func(c *Config) { c.SectionCover = 0 },
		func(c *Config) { c.NearJaccard = 1.5 },
		func(c *Config) { c.NearMinWords = 2 },
		func(c *Config) { c.NearShortMinWords = 2 },
		func(c *Config) { c.NearShortMinWords = c.NearMinWords + 1 },
	}
	if err := DefaultConfig().Validate(); err != nil {
		t.Fatalf("DefaultConfig().Validate() = %v; want nil", err)
	}
	for i, f := range bad {
		c := DefaultConfig()
		f(&c)
		if err := c.Validate(); err == nil {
			t.Errorf("case %d: Validate(%+v) = nil; want an error", i, c)
		}
	}
}

// FuzzCheck checks any body without failing, and reports offsets inside the body and the source.
func FuzzCheck(f *testing.F) {
	sources := map[string]string{"open": refCompact, "gfdl": refSylow}
	x, err := BuildIndex([]Document{refDoc("open", LicenceOpen, refCompact), refDoc("gfdl", LicenceGFDL, refSylow)}, 0)
	if err != nil {
		f.Fatal(err)
	}
	c, err := NewChecker(x, DefaultConfig(), DefaultPhrases())
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(refSylow), false)
	f.Add([]byte(fresh+refCompact), true)
	f.Add([]byte("$$ \\begin{align} % "+refSylow[:120]), false)
	f.Fuzz(func(t *testing.T, body []byte, md bool) {
		format := LaTeX
		if md {
			format = Markdown
		}
		res, err := c.Check(context.Background(), body, format)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range append(res.Matches, res.Flags...) {
			if m.BodyStart < 0 || m.BodyStart >= m.BodyEnd || m.BodyEnd > len(body) {
				t.Fatalf("match body offsets [%d, %d) outside the body of %d bytes", m.BodyStart, m.BodyEnd, len(body))
			}
			if src := sources[m.Source]; m.SourceStart < 0 || m.SourceStart >= m.SourceEnd || m.SourceEnd > len(src) {
				t.Fatalf("match source offsets [%d, %d) outside %s", m.SourceStart, m.SourceEnd, m.Source)
			}
		}
	})
}

// refLemma is a short statement dense with formulas, as the Stacks project writes them.
const refLemma = `\begin{lemma}
\label{lemma-flat-base-change}
Let $R \to S$ be a ring map and let $M$ be a flat $R$-module. For every
$S$-module $N$ the module $M \otimes_R N$ is flat over $S$, and its formation
commutes with localisation at every prime of $S$.
\end{lemma}
\begin{proof}
Then $f$ is an equivalence.
\end{proof}`

// TestCheckShortStatement checks the short-body mode of stage 2: a near copy of a statement of
// under 40 words is found by its word 3-grams, with standard phrases left out on both sides,
// while short sentences that happen to agree are not.
func TestCheckShortStatement(t *testing.T) {
	t.Parallel()
	c := testChecker(t, DefaultPhrases(), refDoc("gfdl", LicenceGFDL, refLemma))
	tests := []struct {
		name string
		body string
		near bool
	}{
		{"words changed, variables renamed", `Let $A \to B$ be a ring map and let $P$ be a flat $A$-module. For every
$B$-module $Q$ the product $P \otimes_A Q$ is flat over $B$, and its construction
commutes with localisation at every prime of $B$.`, true},
		{"copied in Markdown", "Let $A \\to B$ be a ring map and let $P$ be a flat $A$-module. For every $B$-module $Q$ the module $P \\otimes_A Q$ is flat over $B$.", true},
		{"a short sentence", "Then $F$ is an equivalence of categories.", false},
		{"another statement", "Let $k$ be a field and let $V$ be a vector space over $k$. Every subspace of $V$ has a complement, and its dimension is at most that of $V$.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := c.Check(context.Background(), []byte(fresh+"\n\n"+tt.body+"\n\n"+fresh), LaTeX)
			if err != nil {
				t.Fatal(err)
			}
			near := slices.ContainsFunc(res.Matches, func(m Match) bool { return m.Stage == StageNear })
			if near != tt.near {
				t.Errorf("Check() near match = %v; want %v (matches %+v)", near, tt.near, res.Matches)
			}
		})
	}
}

// TestCheckNearMinimumOnBothSides checks that a short reference chunk inside a longer body
// paragraph does not confirm a near match on its own: both pieces need the minimum of words.
func TestCheckNearMinimumOnBothSides(t *testing.T) {
	t.Parallel()
	c := testChecker(t, nil, refDoc("gfdl", LicenceGFDL, "Some words here.\n\nThe proof is similar to that of the lemma.\n\nMore words there."))
	body := fresh + "\n\nApply the lemma again. The proof is similar to that of the lemma.\n\n" + fresh
	res, err := c.Check(context.Background(), []byte(body), LaTeX)
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(res.Matches, func(m Match) bool { return m.Stage == StageNear }) {
		t.Errorf("Check() = %+v; want no near match with a chunk of 9 words", res.Matches)
	}
}
