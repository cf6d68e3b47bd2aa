package records

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestWordBefore reads the word that names a locator's kind past what people put between them:
// "Lemma Tag 0A1B", "Lemma~\ref{", "Theorem (", "Proposition no. 3", "§".
func TestWordBefore(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"lemma ":                   "lemma",
		"see lemma tag ":           "lemma",
		`the proof of lemma~\ref{`: "lemma",
		`lemma \cref{`:             "lemma",
		"theorem (":                "theorem",
		"proposition no. ":         "proposition",
		"cor. ":                    "cor.",
		"stacks, §":                "§",
		"in section ":              "section",
		"":                         "",
		"the 3 ":                   "",
		"attag ":                   "attag",
	} {
		if got := wordBefore(in); got != want {
			t.Errorf("wordBefore(%q) = %q; want %q", in, got, want)
		}
	}
}

// TestWordInBracketAfter reads the kind a reference names in a bracket just after a locator.
func TestWordInBracketAfter(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		" (section on glueing)": "section",
		"} (the lemma we need)": "lemma",
		" [a definition]":       "definition",
		" (§ 3)":                "§",
		" is a lemma":           "",
		"":                      "",
		" (2.1)":                "",
	} {
		if got := wordInBracketAfter(in); got != want {
			t.Errorf("wordInBracketAfter(%q) = %q; want %q", in, got, want)
		}
	}
}

// TestClaimedKindInABracketWithAnArticle: "Tag 01JA (a section on glueing)" names a section, as
// "(section on glueing)" does.
func TestClaimedKindInABracketWithAnArticle(t *testing.T) {
	t.Parallel()
	l := Located{Text: "stacks-project", Locator: "01JA", Label: "schemes-section-glueing-schemes"}
	for _, rel := range []string{"Tag 01JA (a section on glueing) builds the scheme.", "Tag 01JA (the definition we use) is cited.",
		"Tag 01JA (an example of glueing) is cited."} {
		want := map[string]string{"a ": kindSection, "th": kindDefinition, "an": kindExample}[rel[10:12]]
		if got := claimedKind("stacks-project", Citing{Locator: "Tag 01JA", Relevance: rel}, l); got != want {
			t.Errorf("claimedKind(%q) = %q; want %q", rel, got, want)
		}
	}
}

// TestLastField strips a locator to the label itself.
func TestLastField(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Tag 0A1B":            "0A1B",
		`Lemma \ref{lem:opp}`: "lem:opp",
		"(sfr:set:rus).":      "sfr:set:rus",
		"Theorem 1.1,":        "1.1",
		"":                    "",
		"   ":                 "",
	} {
		if got := lastField(in); got != want {
			t.Errorf("lastField(%q) = %q; want %q", in, got, want)
		}
	}
}

// TestMentionBounded: a locator found inside a longer label or tag is not a mention of it, but
// one followed by a label's separator or by punctuation is.
func TestMentionBounded(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		s, m string
		want bool
	}{
		{"lemma 0a1b.", "0a1b", true},
		{"lemma 0a1bx", "0a1b", false},
		{"lemma x0a1b", "0a1b", false},
		{"see lem:opp-inverse", "lem:opp", true}, // a separator after is the end of a mention
		{"see lem:opposite", "lem:opp", false},
		{"(sfr:set:rus)", "sfr:set:rus", true},
		{"sth:sfr:set:rus", "sfr:set:rus", false},
	} {
		i := strings.Index(tt.s, tt.m)
		if got := mentionBounded(tt.s, i, i+len(tt.m)); got != tt.want {
			t.Errorf("mentionBounded(%q, %q) = %v; want %v", tt.s, tt.m, got, tt.want)
		}
	}
}

// TestLabels reads the kind and the name of an item from each text's labels.
func TestLabels(t *testing.T) {
	t.Parallel()
	texts := map[string]*Text{}
	for _, t := range knownTexts() {
		texts[t.Name] = t
	}
	texts["stacks-project"].files = []string{"sets", "schemes", "spaces-more-morphisms"}
	for _, tt := range []struct {
		text, label, kind, name string
	}{
		{"stacks-project", "schemes-lemma-closed-immersion-affine", kindLemma, "closed-immersion-affine"},
		{"stacks-project", "spaces-more-morphisms-theorem-stein-factorization-Noetherian", kindTheorem, "stein-factorization-Noetherian"},
		{"stacks-project", "sets-section-classes", kindSection, "classes"},
		{"stacks-project", "algebra-lemma-nakayama", "", ""}, // a chapter this text does not hold
		{"hott-book", "lem:opp", kindLemma, "opp"},
		{"hott-book", "thm:univalence", kindTheorem, "univalence"},
		{"hott-book", "ex:equiv-concat", kindExercise, "equiv-concat"},
		{"hott-book", "nolabelkind", "", ""},
		{"openlogic", "sfr:set:rus", kindSection, ""},
		{"openlogic", "sth:story:blv:lem:Fregeextensions", kindLemma, "Fregeextensions"},
		{"openlogic", "sth:story:blv:ex:naive", kindExample, "naive"},
		{"openlogic", "sth:story", "", ""},
	} {
		tx := texts[tt.text]
		if got := tx.labelKind(tt.label); got != tt.kind {
			t.Errorf("%s: labelKind(%q) = %q; want %q", tt.text, tt.label, got, tt.kind)
		}
		if got := tx.labelName(tt.label); got != tt.name {
			t.Errorf("%s: labelName(%q) = %q; want %q", tt.text, tt.label, got, tt.name)
		}
	}
}

// TestCanonicalLocator strips what people put around a locator, per text.
func TestCanonicalLocator(t *testing.T) {
	t.Parallel()
	texts := map[string]*Text{}
	for _, t := range knownTexts() {
		texts[t.Name] = t
	}
	for _, tt := range []struct{ text, in, want string }{
		{"stacks-project", "Tag 0a1b", "0A1B"},
		{"stacks-project", "tag:0a1b", "0A1B"},
		{"stacks-project", "Lemma 01ih", "01IH"},
		{"stacks-project", "0A1B", "0A1B"},
		{"stacks-project", "Section 0A1BC", "0A1BC"}, // five characters: not a tag, left for the lookup to refuse
		{"hott-book", `\ref{lem:opp}`, "lem:opp"},
		{"hott-book", `Lemma \cref{lem:opp}`, "lem:opp"},
		{"hott-book", "Section sec:equality", "sec:equality"},
		{"openlogic", "sth/story/extensionality/", "sth:story:extensionality"},
		{"openlogic", `\olref{sth:story:blv}`, "sth:story:blv"},
	} {
		if got := texts[tt.text].canonical(tt.in); got != tt.want {
			t.Errorf("%s: canonical(%q) = %q; want %q", tt.text, tt.in, got, tt.want)
		}
	}
}

// TestTerms reads the subject words of a relevance note: no stop words, no words every
// citation uses, no kind words, no words of the skip list, each stem once as first written.
func TestTerms(t *testing.T) {
	t.Parallel()
	got := terms(`This lemma is cited because it proves that Closed immersions into affine schemes correspond to ideals; see \emph{ideals} at https://stacks.math.columbia.edu/tag/01IH and the 2nd theorem.`,
		map[string]bool{"affine": true})
	want := map[string]string{stem("closed"): "closed", stem("immersions"): "immersions", stem("schemes"): "schemes",
		stem("correspond"): "correspond", stem("ideals"): "ideals"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("terms (-want +got):\n%s", diff)
	}
}

// TestReasonsForPeople: the words a comparison's reason is built of.
func TestReasonsForPeople(t *testing.T) {
	t.Parallel()
	if got := clip("  a   long\n title that goes on ", 12); got != "a long title…" {
		t.Errorf("clip = %q", got)
	}
	if got := clip("Classes", 80); got != "Classes" {
		t.Errorf("clip short = %q", got)
	}
	if got := clipList([]string{"a", "b", "c"}, 2); got != "“a”, “b”, and 1 more" {
		t.Errorf("clipList = %q", got)
	}
	if got := article("example") + "; " + article("lemma"); got != "an example; a lemma" {
		t.Errorf("article = %q", got)
	}
	l := Located{Kind: kindLemma, Excerpt: "\\begin{lemma}\n\\label{x}\nFor affine schemes, closed immersions correspond to ideals."}
	if got := describe(l); got != "a lemma (“\\label{x}”)" && got != "a lemma (“For affine schemes, closed immersions correspond to ideals.”)" {
		t.Errorf("describe = %q", got)
	}
	if got := describe(Located{Title: "Glueing schemes", Kind: kindSection}); got != "a section (“Glueing schemes”)" {
		t.Errorf("describe titled = %q", got)
	}
	if got := describe(Located{}); got != "an item" {
		t.Errorf("describe empty = %q", got)
	}
	r := caseInsensitiveReplacer{"Tag 01IH", " ", "stacks project", " "}
	if got := r.Replace("The STACKS Project, tag 01ih: closed immersions."); got != "The  ,  : closed immersions." {
		t.Errorf("caseInsensitiveReplacer = %q", got)
	}
}
