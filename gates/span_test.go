package gates

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestFieldPaths(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ got, want string }{
		{ExpositionField(2, "body"), "exposition[2].body"},
		{ExpositionField(0, "term"), "exposition[0].term"},
		{ReferenceField(1, "locator"), "references[1].locator"},
		{ReferenceField(12, "identifier"), "references[12].identifier"},
	} {
		if tt.got != tt.want {
			t.Errorf("field path = %q, want %q", tt.got, tt.want)
		}
	}
}

func TestSpanOf(t *testing.T) {
	t.Parallel()
	const text = "Prove that $p+2$ is prime."
	for _, tt := range []struct {
		name       string
		start, end int
		want       Span
	}{
		{"inside", 11, 16, Span{"statement", 11, 16, "$p+2$"}},
		{"whole", 0, len(text), Span{"statement", 0, len(text), text}},
		{"empty", 5, 5, Span{"statement", 5, 5, ""}},
		{"start before the text", -3, 5, Span{"statement", 0, 5, "Prove"}},
		{"end past the text", 20, 99, Span{"statement", 20, len(text), "prime."}},
		{"end before start", 10, 4, Span{"statement", 10, 10, ""}},
		{"both past the text", 50, 60, Span{"statement", len(text), len(text), ""}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := SpanOf("statement", text, tt.start, tt.end); got != tt.want {
				t.Errorf("SpanOf(%d, %d) = %+v, want %+v", tt.start, tt.end, got, tt.want)
			}
		})
	}
}

// A long quote is cut at maxQuote bytes, never inside a character, and says it was cut; the
// span's offsets still cover the whole text.
func TestSpanOfLongQuote(t *testing.T) {
	t.Parallel()
	for _, unit := range []string{"a", "é", "≤", "𝔽"} {
		text := strings.Repeat(unit, maxQuote+1)
		s := Whole("statement", text)
		if s.Start != 0 || s.End != len(text) {
			t.Errorf("%q: span %d–%d, want 0–%d", unit, s.Start, s.End, len(text))
		}
		q, ok := strings.CutSuffix(s.Quote, "…")
		if !ok {
			t.Errorf("%q: quote %q… has no ellipsis", unit, s.Quote[:20])
		}
		if len(q) > maxQuote || len(q) <= maxQuote-utf8.UTFMax || !utf8.ValidString(q) || !strings.HasPrefix(text, q) {
			t.Errorf("%q: quote of %d bytes (valid %v), want a prefix of at most %d whole characters",
				unit, len(q), utf8.ValidString(q), maxQuote)
		}
	}
	if s := Whole("title", strings.Repeat("x", maxQuote)); s.Quote != strings.Repeat("x", maxQuote) {
		t.Errorf("a quote of exactly maxQuote bytes was cut: %q", s.Quote)
	}
}

func TestAbsent(t *testing.T) {
	t.Parallel()
	if got, want := Absent("hero.alt"), (Span{Field: "hero.alt"}); got != want {
		t.Errorf("Absent = %+v, want %+v", got, want)
	}
}
