package gates

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A constant written beside its decimal value ("$\log_2 7 \approx 2.807$", "$\sqrt{45} +
// 45^{1/4} + 1 \approx 10.3$", "$1 - h(0.3) \approx 0.1187$" with h the binary entropy) can be
// recomputed: the reader evaluates the expression before "≈" when it is made only of numbers,
// arithmetic, roots, powers, logarithms with a stated base and, when the packet names the
// binary entropy function, h of a number, and asks a person when the decimal written after it
// is not the value to the digits it gives. A slip there ("log₂ 7 ≈ 2.307") moves a bound past
// another one the packet states. Anything else in the expression (a variable, an unknown
// command, a logarithm with no base) leaves it unread.

// cstApproxRe finds the sign of an approximate value.
var cstApproxRe = regexp.MustCompile(`\\approx|≈|\\simeq`)

// cstDecimalRe reads the decimal written after the sign, with an optional power of ten.
var cstDecimalRe = regexp.MustCompile(`^\s*(-|−)?(\d+)\.(\d+)(?:\s*(?:\\cdot|\\times|×|·)\s*10\^\{?(-?\d+)\}?)?`)

// cstAfterCompoundRe marks a decimal that is only the start of a longer expression.
var cstAfterCompoundRe = regexp.MustCompile(`^(\s*(\+|-|−|\\cdot|\\times|×|·|\*|/|\^|_|\\frac|\\%|%|!)|[0-9A-Za-z\\(])`)

// cstEntropyRe says the packet names the binary entropy function, so that h(x) is read as it.
var cstEntropyRe = regexp.MustCompile(`(?i)binary entropy`)

// cstNatsRe says the packet speaks of natural units, which leaves the entropy's base unread.
var cstNatsRe = regexp.MustCompile(`(?i)\bnats?\b|natural log`)

// cstMaxLeft bounds how far before the sign the expression is looked for.
const cstMaxLeft = 120

func consistencyConstants(r *Revision, out *Report, budget int) int {
	if budget <= 0 {
		return 0
	}
	entropy := false
	for _, t := range r.Texts() {
		if cstEntropyRe.MatchString(compared(t.Body)) {
			entropy = true
		}
	}
	for _, t := range r.Texts() {
		if cstNatsRe.MatchString(compared(t.Body)) {
			entropy = false
		}
	}
	found := 0
	for _, t := range r.Texts() {
		body := compared(t.Body)
		for _, m := range cstApproxRe.FindAllStringIndex(body, 20) {
			lo := max(0, m[0]-cstMaxLeft)
			for lo < m[0] && !utf8.RuneStart(body[lo]) {
				lo++
			}
			start := lo + cstExprStart(body[lo:m[0]], entropy)
			expr := strings.TrimSpace(body[start:m[0]])
			if expr == "" || !strings.ContainsAny(expr, "0123456789") {
				continue
			}
			d := cstDecimalRe.FindStringSubmatchIndex(body[m[1]:])
			if d == nil || cstAfterCompoundRe.MatchString(body[m[1]+d[1]:]) {
				continue
			}
			sub := func(i int) string {
				if d[2*i] < 0 {
					return ""
				}
				return body[m[1]+d[2*i] : m[1]+d[2*i+1]]
			}
			written, err := strconv.ParseFloat(sub(2)+"."+sub(3), 64)
			if err != nil {
				continue
			}
			if sub(1) != "" {
				written = -written
			}
			scale := 1.0
			if e := sub(4); e != "" {
				p, err := strconv.Atoi(e)
				if err != nil {
					continue
				}
				scale = math.Pow(10, float64(p))
			}
			v, ok := cstEval(expr, entropy)
			if !ok || math.IsNaN(v) || math.IsInf(v, 0) {
				continue
			}
			written *= scale
			// A decimal of three or more significant digits ("≈ 0.6641") claims them: it may be
			// rounded or cut at its last digit, not off by half a percent.
			rel := 0.005
			if cstSignificant(sub(2)+sub(3)) >= 3 {
				rel = 0.001
			}
			tol := math.Max(math.Pow(10, -float64(len(sub(3))))*scale, rel*math.Abs(v))
			if math.Abs(v-written) <= tol {
				continue
			}
			if found >= budget {
				return found
			}
			found++
			end := m[1] + d[1]
			out.NeedsHuman(checkConsistencyBounds, SpanOf(t.Field, body, start+strings.Index(body[start:], expr), end),
				fmt.Sprintf("%s writes %s ≈ %s, but %s is %s; a bound or example that rests on the written value may not hold.", t.Field, expr, strings.TrimSpace(body[m[1]:end]), expr, strconv.FormatFloat(v, 'g', 6, 64)),
				"Recompute the value written after “≈” and correct it, with every bound or comparison drawn from it.")
		}
	}
	return found
}

// cstSignificant counts the significant digits of a decimal's digits ("06641" has 4).
func cstSignificant(digits string) int {
	return len(strings.TrimLeft(digits, "0"))
}

// cstStop are the commands that end an expression when read backwards from the sign: a
// relation or a word of text.
var cstStop = map[string]bool{`\le`: true, `\leq`: true, `\leqslant`: true, `\ge`: true, `\geq`: true, `\geqslant`: true,
	`\lt`: true, `\gt`: true, `\approx`: true, `\sim`: true, `\simeq`: true, `\ne`: true, `\neq`: true, `\in`: true,
	`\quad`: true, `\qquad`: true, `\text`: true, `\mathrm`: true, `\to`: true, `\equiv`: true, `\cong`: true}

// cstExprStart returns where the expression that ends s begins: after the last relation,
// punctuation, dollar sign or word of text outside brackets.
func cstExprStart(s string, entropy bool) int {
	start, depth := 0, 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\\':
			j := i + 1
			for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
				j++
			}
			if j == i+1 && j < len(s) {
				j++
			}
			if depth == 0 && cstStop[s[i:j]] {
				start = j
			}
			i = j
			continue
		case r == '(' || r == '{' || r == '[':
			depth++
		case r == ')' || r == '}' || r == ']':
			depth--
			if depth < 0 {
				depth, start = 0, i+n
			}
		case depth == 0 && strings.ContainsRune("$,;:=<>≤≥≈\n", r):
			start = i + n
		case unicode.IsLetter(r) && r < utf8.RuneSelf:
			j := i
			for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
				j++
			}
			w := s[i:j]
			if !(w == "log" || w == "ln" || w == "sqrt" || entropy && w == "h") {
				start = j
			}
			i = j
			continue
		}
		i += n
	}
	return start
}

// cstEval evaluates a constant expression; ok is false when it holds anything the reader does
// not know.
func cstEval(s string, entropy bool) (float64, bool) {
	p := &cstParser{toks: cstTokens(s), entropy: entropy}
	if p.toks == nil {
		return 0, false
	}
	v, ok := p.expr()
	if !ok || p.i != len(p.toks) {
		return 0, false
	}
	return v, true
}

// cstTokens splits an expression into numbers, commands, subscript digits and single signs,
// dropping spacing and sizing commands; nil when it holds a character the reader does not know.
func cstTokens(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == ' ' || r == '~' || r == '\t':
		case r == '\\':
			j := i + 1
			for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
				j++
			}
			if j == i+1 {
				if j < len(s) && strings.ContainsRune(",;:! ", rune(s[j])) {
					i = j + 1
					continue
				}
				return nil
			}
			switch c := s[i:j]; c {
			case `\left`, `\right`, `\bigl`, `\bigr`, `\Bigl`, `\Bigr`, `\big`, `\Big`:
			default:
				out = append(out, c)
			}
			n = j - i
		case r >= '0' && r <= '9' || r == '.':
			j := i
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.') {
				j++
			}
			out = append(out, s[i:j])
			n = j - i
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			j := i
			for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
				j++
			}
			out = append(out, s[i:j])
			n = j - i
		case r >= '₀' && r <= '₉':
			var digits []rune
			j := i
			for j < len(s) {
				d, m := utf8.DecodeRuneInString(s[j:])
				if d < '₀' || d > '₉' {
					break
				}
				digits = append(digits, '0'+d-'₀')
				j += m
			}
			out = append(out, "_", string(digits))
			n = j - i
		case strings.ContainsRune("+-−*/·×()[]{}^_√π", r):
			out = append(out, string(r))
		default:
			return nil
		}
		i += n
	}
	if out == nil {
		return []string{}
	}
	return out
}

type cstParser struct {
	toks    []string
	i       int
	entropy bool
}

func (p *cstParser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

func (p *cstParser) eat(t string) bool {
	if p.peek() == t {
		p.i++
		return true
	}
	return false
}

func (p *cstParser) expr() (float64, bool) {
	v, ok := p.term()
	for ok {
		switch p.peek() {
		case "+":
			p.i++
			w, k := p.term()
			v, ok = v+w, k
		case "-", "−":
			p.i++
			w, k := p.term()
			v, ok = v-w, k
		default:
			return v, true
		}
	}
	return 0, false
}

func (p *cstParser) term() (float64, bool) {
	v, ok := p.unary()
	for ok {
		switch t := p.peek(); {
		case t == "*" || t == "·" || t == "×" || t == `\cdot` || t == `\times`:
			p.i++
			w, k := p.unary()
			v, ok = v*w, k
		case t == "/":
			p.i++
			w, k := p.unary()
			v, ok = v/w, k
		case p.startsPrimary(t):
			w, k := p.factor()
			v, ok = v*w, k
		default:
			return v, true
		}
	}
	return 0, false
}

func (p *cstParser) startsPrimary(t string) bool {
	switch t {
	case "(", "{", `\frac`, `\dfrac`, `\tfrac`, `\sqrt`, "√", `\log`, "log", `\ln`, "ln", `\pi`, "π":
		return true
	case "h":
		return p.entropy
	}
	return t != "" && (t[0] >= '0' && t[0] <= '9' || t[0] == '.')
}

func (p *cstParser) unary() (float64, bool) {
	if p.eat("-") || p.eat("−") {
		v, ok := p.unary()
		return -v, ok
	}
	return p.factor()
}

func (p *cstParser) factor() (float64, bool) {
	v, ok := p.primary()
	if ok && p.eat("^") {
		e, k := p.primary()
		v, ok = math.Pow(v, e), k
	}
	return v, ok
}

// group reads "{…}" or "(…)".
func (p *cstParser) group() (float64, bool) {
	for _, pair := range [][2]string{{"{", "}"}, {"(", ")"}, {"[", "]"}} {
		if p.eat(pair[0]) {
			v, ok := p.expr()
			return v, ok && p.eat(pair[1])
		}
	}
	return 0, false
}

func (p *cstParser) primary() (float64, bool) {
	t := p.peek()
	switch {
	case t == "":
		return 0, false
	case t[0] >= '0' && t[0] <= '9' || t[0] == '.':
		p.i++
		v, err := strconv.ParseFloat(t, 64)
		return v, err == nil
	case t == "(" || t == "{" || t == "[":
		return p.group()
	case t == `\pi` || t == "π":
		p.i++
		return math.Pi, true
	case t == `\frac` || t == `\dfrac` || t == `\tfrac`:
		p.i++
		a, ok := p.group()
		if !ok {
			return 0, false
		}
		b, ok := p.group()
		return a / b, ok
	case t == `\sqrt` || t == "√":
		p.i++
		deg := 2.0
		if t == `\sqrt` && p.peek() == "[" {
			d, ok := p.group()
			if !ok {
				return 0, false
			}
			deg = d
		}
		v, ok := p.primary()
		return math.Pow(v, 1/deg), ok
	case t == `\log` || t == "log":
		p.i++
		if !p.eat("_") {
			return 0, false // no base: the reader does not guess one
		}
		b, ok := p.primary()
		if !ok {
			return 0, false
		}
		v, ok := p.primary()
		return math.Log(v) / math.Log(b), ok
	case t == `\ln` || t == "ln":
		p.i++
		v, ok := p.primary()
		return math.Log(v), ok
	case t == "h" && p.entropy:
		p.i++
		if p.peek() != "(" {
			return 0, false
		}
		x, ok := p.group()
		if !ok || x <= 0 || x >= 1 {
			return 0, false
		}
		return -x*math.Log2(x) - (1-x)*math.Log2(1-x), true
	}
	return 0, false
}
