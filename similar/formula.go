package similar

import (
	"bytes"
	"math/bits"
	"strings"
	"unicode/utf8"
)

// simVars numbers the variable letters of a sentence in order of first appearance, across all
// its formulas: renaming the variables of a statement consistently, or reordering its
// sentences, changes nothing, while "let $g$ be such that $g = O(f)$" and "let $g$ be such that
// $f = O(g)$" stay apart, as they would not if each formula were numbered on its own
// (copycheck's Shape does that, which suits its purpose, a copied formula, but not this one, a
// copied question).
type simVars struct {
	idx  [128]int8
	next int8
}

func newSimVars() *simVars {
	v := &simVars{}
	v.reset()
	return v
}

func (v *simVars) reset() {
	for k := range v.idx {
		v.idx[k] = -1
	}
	v.next = 0
}

func (v *simVars) of(c byte) uint64 {
	if v.idx[c] < 0 && v.next < 120 {
		v.idx[c] = v.next
		v.next++
	}
	return uint64(uint8(v.idx[c]))
}

// simFormula reads the tokens of a formula (its delimiters stripped): macro names made
// canonical, numbers, operators, the Landau symbols O and o, and letters numbered by vars. It
// calls emit with a hash of every three neighbouring tokens and returns a hash of them all.
func simFormula(f []byte, vars *simVars, emit func(uint32)) uint32 {
	f = simStripMath(f)
	var (
		toks  [3]uint64
		count int
		whole = uint64(0x6a09e667f3bcc909)
	)
	push := func(t uint64) {
		whole = simMix(whole ^ t)
		toks[0], toks[1], toks[2] = toks[1], toks[2], t
		count++
		if count >= 3 {
			emit(uint32(simMix(toks[0]*0x9e3779b97f4a7c15 ^ bits.RotateLeft64(toks[1], 21) ^ bits.RotateLeft64(toks[2], 42))))
		}
	}
	for i := 0; i < len(f); {
		c := f[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '{' || c == '}':
			i++
		case c == '\\' && i+1 < len(f) && simLetter(f[i+1]):
			j := i + 1
			for j < len(f) && simLetter(f[j]) {
				j++
			}
			name := string(f[i+1 : j])
			i = j
			if a, ok := simMacroAliases[name]; ok {
				name = a
			}
			if name == "" || simSpacing[name] {
				continue
			}
			if simTextMacros[name] || simConstantMacros[name] {
				// The argument is a name, not variables: \text{lcm}, \mathbb{Z}.
				arg, k := simArgument(f, i)
				push(uint64(simHash(name+":"+arg)) | 2<<32)
				i = k
				continue
			}
			push(uint64(simHash(name)) | 1<<32)
		case c == '\\':
			if i+1 < len(f) && !strings.ContainsRune(",;:! ", rune(f[i+1])) {
				push(uint64(f[i+1]) | 3<<32)
			}
			i += 2
		case (c == 'O' || c == 'o') && simLandau(f[i+1:]):
			push(uint64(c) | 8<<32)
			i++
		case simLetter(c):
			push(vars.of(c) | 4<<32)
			i++
		case '0' <= c && c <= '9':
			j := i
			for j < len(f) && '0' <= f[j] && f[j] <= '9' {
				j++
			}
			push(uint64(simHash(string(f[i:j]))) | 5<<32)
			i = j
		case c < 0x80:
			push(uint64(c) | 6<<32)
			i++
		default:
			r, size := utf8.DecodeRune(f[i:])
			push(uint64(r) | 7<<32)
			i += size
		}
	}
	return uint32(whole)
}

// simLandau reports whether the text after an O or o makes it a Landau symbol: an opening
// parenthesis, perhaps after \left or \big.
func simLandau(rest []byte) bool {
	for len(rest) > 0 {
		switch c := rest[0]; {
		case c == ' ' || c == '{' || c == '}':
			rest = rest[1:]
		case c == '(':
			return true
		case c == '\\':
			n := simSizing(rest)
			if n == 0 {
				return false
			}
			rest = rest[n:]
		default:
			return false
		}
	}
	return false
}

// simSizing returns the length of the sizing macro (\left, \big, …) f starts with, or 0.
func simSizing(f []byte) int {
	for _, m := range []string{`\left`, `\bigl`, `\Bigl`, `\biggl`, `\big`, `\Big`, `\bigg`} {
		if bytes.HasPrefix(f, []byte(m)) && (len(f) == len(m) || !simLetter(f[len(m)])) {
			return len(m)
		}
	}
	return 0
}

// simArgument returns the argument of a macro at f[i:], a {group} or one character, and where
// it ends.
func simArgument(f []byte, i int) (string, int) {
	for i < len(f) && f[i] == ' ' {
		i++
	}
	if i >= len(f) {
		return "", i
	}
	if f[i] != '{' {
		return string(f[i : i+1]), i + 1
	}
	k := i + 1
	for k < len(f) && f[k] != '}' && k-i < 64 {
		k++
	}
	return string(f[i+1 : k]), min(k+1, len(f))
}

func simLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// simStripMath takes the math delimiters off a formula's source.
func simStripMath(f []byte) []byte {
	for _, d := range [][2]string{{"$$", "$$"}, {"$", "$"}, {`\(`, `\)`}, {`\[`, `\]`}} {
		if len(f) >= len(d[0])+len(d[1]) && string(f[:len(d[0])]) == d[0] && string(f[len(f)-len(d[1]):]) == d[1] {
			return f[len(d[0]) : len(f)-len(d[1])]
		}
	}
	return f
}

var simMacroAliases = map[string]string{
	"le": "leq", "leqslant": "leq", "ge": "geq", "geqslant": "geq", "ne": "neq", "to": "rightarrow",
	"varepsilon": "epsilon", "varphi": "phi", "dots": "ldots", "dotsc": "ldots", "cdots": "ldots",
	"lvert": "vert", "rvert": "vert", "mid": "vert", "lbrace": "{", "rbrace": "}", "dfrac": "frac",
	"tfrac": "frac", "subset": "subseteq", "supset": "supseteq", "bm": "mathbf", "boldsymbol": "mathbf", "implies": "Rightarrow", "iff": "Leftrightarrow",
}

var simSpacing = map[string]bool{
	"quad": true, "qquad": true, "left": true, "right": true, "big": true, "Big": true, "bigg": true,
	"Bigg": true, "bigl": true, "bigr": true, "Bigl": true, "Bigr": true, "displaystyle": true,
	"textstyle": true, "limits": true, "nolimits": true, "middle": true,
}

// simConstantMacros name fixed objects by their argument: \mathbb{Z} and \mathbb{Q} are not
// one another renamed.
var simConstantMacros = map[string]bool{"mathbb": true}

var simTextMacros = map[string]bool{
	"text": true, "mathrm": true, "operatorname": true, "textrm": true, "mathit": true, "textit": true,
	"mbox": true, "textup": true, "textnormal": true,
}
