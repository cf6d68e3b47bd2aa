package gates

import "strings"

// stFormalIdentity reports whether formula i is an identity that its sentence offers as the
// definition of something else: "Define integers $\tau(n)$ by $q \prod (1 - q^m)^{24} = \sum
// \tau(n) q^n$", "the coefficients of the power series …", "… is given by the generating function
// …". The letters free in such an identity are the formal variables of a series or a product,
// which say what is defined and range over nothing the statement asks about; whether the
// identity is read as intended is for a person, never a FAIL.
func stFormalIdentity(t *stText, i int) bool {
	if i < 0 || i >= len(t.ftok) || i >= len(t.tex.Formulas) {
		return false
	}
	f := t.tex.Formulas[i]
	if !strings.Contains(t.src[f.Start:f.End], "=") {
		return false
	}
	var words []string
	for k := t.ftok[i] - 1; k >= 0; k-- {
		tok := t.toks[k]
		if tok.kind == 'p' && (tok.text == "." || tok.text == "¶" || tok.text == ";" || tok.text == "?") {
			break
		}
		if tok.kind == 'w' {
			words = append(words, tok.text)
		}
	}
	defines, by := false, false
	for j := len(words) - 1; j >= 0; j-- { // in reading order
		w := words[j]
		switch {
		case strings.HasPrefix(w, "defin"), w == "given", w == "determined":
			defines = true
		case w == "by" || w == "through" || w == "via":
			by = by || defines
		case w == "generating", w == "series", w == "formal", w == "coefficients", w == "expansion":
			return true
		}
	}
	return by
}
