package gates

import "testing"

// The stemmer need not be correct English, only give every form of a word one stem: each row
// lists forms that must agree, and the row after it a near form that must not.
func TestStemFormsAgree(t *testing.T) {
	t.Parallel()
	for _, forms := range [][]string{
		{"prime", "primes", "Primes", "prime's"},
		{"vertex", "vertices"},
		{"matrix", "matrices"},
		{"colouring", "coloring", "colourings", "colored", "coloured"},
		{"neighbour", "neighbors", "neighbour’s"},
		{"normalise", "normalize", "normalised", "normalizes"},
		{"family", "families"},
		{"class", "classes"},
		{"box", "boxes"},
		{"graph", "graphs"},
		{"hypothesis", "hypotheses"},
		{"torus", "tori"},
		{"centre", "center", "centres"},
	} {
		want := stStem(forms[0])
		for _, f := range forms[1:] {
			if got := stStem(f); got != want {
				t.Errorf("stStem(%q) = %q, want %q as for %q", f, got, want, forms[0])
			}
		}
	}
	for _, pair := range [][2]string{
		{"prime", "primal"},
		{"class", "clas"},
		{"basis", "bias"},
		{"graph", "graphic"},
	} {
		if stStem(pair[0]) == stStem(pair[1]) {
			t.Errorf("stStem(%q) = stStem(%q) = %q, want them apart", pair[0], pair[1], stStem(pair[0]))
		}
	}
}

// Short words keep their endings: "is", "gas" and "bus" are not plurals.
func TestStemShortWords(t *testing.T) {
	t.Parallel()
	for _, w := range []string{"is", "gas", "bus", "as"} {
		if got := stStem(w); got != w {
			t.Errorf("stStem(%q) = %q, want it unchanged", w, got)
		}
	}
}

// A hyphenated phrase, a spaced one and one with a dash or a slash have one key.
func TestKeyOfPhrases(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ a, b string }{
		{"square-free", "square free"},
		{"Square–free integers", "square free integer"},
		{"and/or", "and or"},
		{"Sidon sets", "sidon set"},
	} {
		if ka, kb := stKey(stSplitWords(tt.a)), stKey(stSplitWords(tt.b)); ka != kb {
			t.Errorf("stKey(%q) = %q, stKey(%q) = %q, want one key", tt.a, ka, tt.b, kb)
		}
	}
	if stKey(stSplitWords("square free")) == stKey(stSplitWords("free square")) {
		t.Error("stKey ignores word order, want it kept")
	}
}

func TestWordPredicates(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		w                  string
		alpha, capitalised bool
	}{
		{"Sidon", true, true},
		{"sidon", true, false},
		{"Erdős", true, true},
		{"Ψ", true, true},
		{"k2", false, false},
		{"p+2", false, false},
		{"", false, false},
		{"3-term", false, false},
	} {
		if got := stAlpha(tt.w); got != tt.alpha {
			t.Errorf("stAlpha(%q) = %v, want %v", tt.w, got, tt.alpha)
		}
		if got := stCapitalised(tt.w); got != tt.capitalised {
			t.Errorf("stCapitalised(%q) = %v, want %v", tt.w, got, tt.capitalised)
		}
	}
	set := stWordSet("a  b\tc a")
	if len(set) != 3 || !set["a"] || !set["b"] || !set["c"] {
		t.Errorf("stWordSet = %v, want a, b and c", set)
	}
}
