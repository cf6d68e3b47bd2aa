package gates

import "regexp"

// The derivative of a map written as a capital letter before the map's letter ("$Df$",
// "$Tf$", "$Df^n v$"): the capital letter is an operator, not a variable, when the statement
// declares the map and differentiates; elsewhere it may still be notation a person confirms.

// stDifferentiatesRe finds the words and symbols of a statement that differentiates: a class
// C^k, a diffeomorphism, a derivative, a differential, a tangent bundle or map, ∂, ∇.
var stDifferentiatesRe = regexp.MustCompile(`(?i)C\^\{?(?:\d+|k|r|\\infty|\\omega)\}?|diffeomorphi|\bderivative|\bdifferential|\bdifferentiable|\btangent\b|\\partial|\\nabla|∂|∇`)

// stDifferentiates reports whether a statement differentiates, so that a capital letter before
// a declared map may be its derivative.
func stDifferentiates(statement string, n stNotation) bool {
	return n.differential || stDifferentiatesRe.MatchString(statement)
}

// stMapWords are the nouns that introduce a map by the formula after them.
var stMapWords = stWordSet(`map maps mapping function functions diffeomorphism diffeomorphisms homeomorphism homeomorphisms endomorphism automorphism morphism flow`)

// stMapLetters returns the letters the statement introduces as maps: "$f : M \to M$",
// "$g\colon X \to Y$", a letter applied to an argument, or a letter named by "the map $f$",
// "a diffeomorphism $f$".
func stMapLetters(a *stAnalysis) map[string]bool {
	t := a.stmt
	maps := map[string]bool{}
	if !t.ok() {
		return maps
	}
	for fi := range t.tex.Formulas {
		f := &t.tex.Formulas[fi]
		keys := stKeys(f)
		arrow := false
		for _, at := range f.Atoms {
			arrow = arrow || at.Text == `\to` || at.Text == `\rightarrow` || at.Text == `\longrightarrow`
		}
		for k, key := range keys {
			if key == "" || f.Atoms[k].Script != 0 || !a.decl.has(key, false) {
				continue
			}
			colon := k+1 < len(f.Atoms) && (f.Atoms[k+1].Text == ":" || f.Atoms[k+1].Text == `\colon`)
			if colon && arrow || stApplied(f, k) {
				maps[key] = true
			}
		}
	}
	for i, tk := range t.toks {
		if tk.kind != 'f' || i == 0 || t.toks[i-1].kind != 'w' || !stMapWords[t.toks[i-1].text] {
			continue
		}
		f := &t.tex.Formulas[tk.formula]
		if keys := stKeys(f); len(keys) > 0 && keys[0] != "" && a.decl.has(keys[0], false) {
			maps[keys[0]] = true
		}
	}
	return maps
}

// stOperatorLetters returns the capital letters the statement writes only directly before a
// map it introduces, never on their own: "$Df$" and "$\|Df^n v\|$" beside "$f : M \to M$".
// A letter before the map's value at an argument ("$C g(x)$") multiplies it and is not one.
// The value says whether every use is written with no space before the map's letter, as an
// operator is.
func stOperatorLetters(a *stAnalysis) map[string]bool {
	t := a.stmt
	ops := map[string]bool{}
	if !t.ok() {
		return ops
	}
	maps := stMapLetters(a)
	if len(maps) == 0 {
		return ops
	}
	bad := map[string]bool{}
	for fi := range t.tex.Formulas {
		f := &t.tex.Formulas[fi]
		keys := stKeys(f)
		for k, key := range keys {
			if !stCapitalLetter(key) || a.decl.has(key, false) {
				continue
			}
			j := k + 1
			for j < len(f.Atoms) && f.Atoms[j].Base == k && f.Atoms[j].Script != 0 {
				j++
			}
			if f.Atoms[k].Script != 0 || j >= len(f.Atoms) || !maps[keys[j]] || f.Atoms[j].Script != 0 || stApplied(f, j) {
				bad[key] = true
				continue
			}
			tight := f.Atoms[j].Start == f.Atoms[j-1].End
			if prev, ok := ops[key]; ok {
				tight = tight && prev
			}
			ops[key] = tight
		}
	}
	for k := range bad {
		delete(ops, k)
	}
	return ops
}

// stOperatorWord reports whether key is a run of two letters read as one name, a capital
// operator letter before a map's letter applied to an argument ("$Df(x)$"), and returns the
// capital letter.
func stOperatorWord(key string, maps map[string]bool) string {
	if len(key) == 2 && stCapitalLetter(key[:1]) && maps[key[1:]] {
		return key[:1]
	}
	return ""
}

// stCapitalLetter reports whether key is one capital Latin letter.
func stCapitalLetter(key string) bool {
	return len(key) == 1 && key[0] >= 'A' && key[0] <= 'Z'
}
