package gates

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A comparison is "subject op number" as a packet states it, in prose or in a formula:
// "R(5,5) ≤ 46", "$43 \le R(5,5)$", "α ≥ 0.832". The consistency, hero and acceptance checks
// read them to compare what one field claims with what another requests; a subject is compared
// as written, after spaces, dollar signs and braces are removed and Greek letters are written as
// characters ("\phi" as "φ"), so two different spellings of one object are not matched and a
// machine never claims more than the text shows.

// cmpOp is a comparison's relation.
type cmpOp byte

const (
	cmpLE cmpOp = 'l' // ≤
	cmpLT cmpOp = '<'
	cmpGE cmpOp = 'g' // ≥
	cmpGT cmpOp = '>'
	cmpEQ cmpOp = '='
)

func (o cmpOp) String() string {
	switch o {
	case cmpLE:
		return "≤"
	case cmpGE:
		return "≥"
	}
	return string(o)
}

// flip is the relation read from the other side: 43 ≤ x is x ≥ 43.
func (o cmpOp) flip() cmpOp {
	switch o {
	case cmpLE:
		return cmpGE
	case cmpLT:
		return cmpGT
	case cmpGE:
		return cmpLE
	case cmpGT:
		return cmpLT
	}
	return o
}

// comparison is one "subject op value" read from a field.
type comparison struct {
	Subject string // normalised: no spaces, dollars or braces
	Op      cmpOp
	Value   float64
	// Field, Start and End locate the comparison in the field's text.
	Field      string
	Start, End int
	Quote      string
}

// cmpTeX are the TeX and ASCII spellings of the relations, a longer spelling before any it
// starts with.
var cmpTeX = [][2]string{{`\leqslant`, "≤"}, {`\geqslant`, "≥"}, {`\leq`, "≤"}, {`\geq`, "≥"}, {`\le`, "≤"}, {`\ge`, "≥"},
	{`\lt`, "<"}, {`\gt`, ">"}, {"<=", "≤"}, {">=", "≥"}, {"⩽", "≤"}, {"⩾", "≥"}}

// cmpRespell writes the relations of s in one spelling (cmpTeX). from maps each byte of s, and
// the end of s, to a byte of the field; the result's map does the same for the respelled text,
// so that a comparison read from it keeps its place in the field.
func cmpRespell(s string, from []int) (string, []int) {
	var b strings.Builder
	m := make([]int, 0, len(from))
	for i := 0; i < len(s); {
		respelt := false
		for _, sp := range cmpTeX {
			if s[i] != sp[0][0] {
				continue
			}
			if strings.HasPrefix(s[i:], sp[0]) {
				b.WriteString(sp[1])
				for range len(sp[1]) {
					m = append(m, from[i])
				}
				respelt, i = true, i+len(sp[0])
				break
			}
		}
		if !respelt {
			b.WriteByte(s[i])
			m = append(m, from[i])
			i++
		}
	}
	return b.String(), append(m, from[len(s)])
}

// cmpRe reads a chain of terms and relations. A term is a number or a short expression without
// spaces once a formula's spaces are removed.
var cmpRe = regexp.MustCompile(cmpTerm + `(?:\s*(?:≤|≥|<|>|=)\s*` + cmpTerm + `)+`)

// The bounds of reading comparisons: the bytes of a field (intake's limit on a statement is
// 20,000 characters) and the links of one chain.
const (
	maxComparedText = 64 << 10
	maxChainLinks   = 32
)

// compared is as much of a field as the consistency checks read: a field longer than intake
// allows is read as far as a field may be long, so that what a reader states as a bound is
// read and the rest cannot make the gate's reading unbounded.
func compared(text string) string {
	if len(text) <= maxComparedText {
		return text
	}
	cut := maxComparedText
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return text[:cut]
}

// cmpTerm is one term of a chain: characters that are no space, relation or separator, and
// groups in parentheses, which may hold commas ("R(5, 5)").
const cmpTerm = `(?:\([^()]{0,20}\)|[^\s≤≥<>=,;:()])+`

var (
	cmpSplitRe = regexp.MustCompile(`\s*(≤|≥|<|>|=)\s*`)
	cmpOpRe    = regexp.MustCompile(`≤|≥|<|>|=`)
)

var cmpNumRe = regexp.MustCompile(`^[−-]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:(?:·|\\cdot|×|\\times)?10\^\{?([−-]?[0-9]+)\}?)?$`)

// cmpNumber reads a number: "46", "0.8440936", "10^{-3}", "4·10^{18}".
func cmpNumber(s string) (float64, bool) {
	s = strings.TrimRight(s, ".)")
	s = strings.TrimLeft(s, "(")
	if strings.HasPrefix(s, "10^") {
		s = "1·" + s
	}
	m := cmpNumRe.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	base := s
	if i := strings.Index(s, "10^"); i >= 0 {
		base = strings.TrimRight(strings.TrimRight(strings.TrimRight(strings.TrimRight(s[:i], "·"), `\cdot`), "×"), `\times`)
	}
	base = strings.Replace(base, "−", "-", 1)
	v, err := strconv.ParseFloat(base, 64)
	if err != nil {
		return 0, false
	}
	if m[1] != "" {
		e, err := strconv.Atoi(strings.Replace(m[1], "−", "-", 1))
		if err != nil {
			return 0, false
		}
		v *= math.Pow(10, float64(e))
	}
	return v, true
}

// cmpSubject normalises a term that names something: it must hold a letter, and not be a word
// of prose ("than", "bound").
func cmpSubject(s string) (string, bool) {
	s = strings.Join(strings.Fields(strings.TrimRight(strings.TrimLeft(s, "["), ".]")), "")
	for strings.HasSuffix(s, ")") && strings.Count(s, "(") < strings.Count(s, ")") {
		s = s[:len(s)-1]
	}
	for strings.HasPrefix(s, "(") && strings.Count(s, "(") > strings.Count(s, ")") {
		s = s[1:]
	}
	if s == "" || len(s) > 40 {
		return "", false
	}
	s = cmpSubscripts(cmpGreekLetters(cmpFontCommands.Replace(cmpMathLetters(s))))
	letter := false
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x370 && r < 0x3ff || r == '\\' {
			letter = true
		}
	}
	if !letter {
		return "", false
	}
	if len(s) > 3 && isProseWord(s) {
		return "", false
	}
	return s, true
}

// cmpGreek are the letters TeX spells as commands, written as the characters a reader types in
// prose: "$\phi \ge 0.85$" in a statement and "0.856 ≤ φ" in an open status name one quantity.
// The two forms of a letter (\phi and \varphi, \epsilon and \varepsilon) are one letter to a
// reader who types it.
var cmpGreek = map[string]string{"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε",
	"zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "θ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν",
	"xi": "ξ", "pi": "π", "varpi": "π", "rho": "ρ", "varrho": "ρ", "sigma": "σ", "varsigma": "σ", "tau": "τ", "upsilon": "υ",
	"phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ",
	"Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω"}

// cmpFontCommands only set a name's font: "$\operatorname{cr}(K_{13})$" and "cr(K₁₃)" name one
// quantity.
var cmpFontCommands = strings.NewReplacer(`\operatorname`, "", `\mathrm`, "", `\textrm`, "", `\text`, "", `\mathit`, "", `\rm`, "")

// cmpSubscripts writes Unicode subscript digits as TeX writes them: "τ₅" and "$\tau_5$" (or
// "$\tau_{5}$", whose braces are gone by now) name one quantity, and so do "R₁₂" and "R_12".
func cmpSubscripts(s string) string {
	if !strings.ContainsAny(s, "₀₁₂₃₄₅₆₇₈₉") {
		return s
	}
	var b strings.Builder
	in := false
	for _, r := range s {
		if r >= '₀' && r <= '₉' {
			if !in {
				b.WriteByte('_')
			}
			in = true
			b.WriteRune('0' + r - '₀')
			continue
		}
		in = false
		b.WriteRune(r)
	}
	return b.String()
}

// cmpGreekLetters writes the Greek letters of a subject spelt as TeX commands as characters,
// and the variant forms of a letter (ϕ, ϵ, ϑ) as its usual one.
func cmpGreekLetters(s string) string {
	if !strings.Contains(s, `\`) && !strings.ContainsAny(s, "ϕϵϑϖϱς") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '\\' {
			j := i + 1
			for j < len(s) && ('a' <= s[j] && s[j] <= 'z' || 'A' <= s[j] && s[j] <= 'Z') {
				j++
			}
			if g, ok := cmpGreek[s[i+1:j]]; ok {
				b.WriteString(g)
				i = j
				continue
			}
			b.WriteString(s[i:j])
			i = max(j, i+1)
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch r {
		case 'ϕ':
			r = 'φ'
		case 'ϵ':
			r = 'ε'
		case 'ϑ':
			r = 'θ'
		case 'ϖ':
			r = 'π'
		case 'ϱ':
			r = 'ρ'
		case 'ς':
			r = 'σ'
		}
		b.WriteRune(r)
		i += n
	}
	return b.String()
}

func isProseWord(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z') {
			return false
		}
	}
	return true
}

// comparisons reads the comparisons of one field. Formulas are read without their spaces, so
// "$R(5, 5) \le 46$" and "R(5,5) ≤ 46" give the same subject.
func comparisons(field, text string) []comparison {
	text = compared(text)
	// Remove the spaces, braces and dollars inside formulas, keeping offsets by padding.
	b := []byte(text)
	in := false
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '$':
			in = !in
			b[i] = ' '
		case in && (b[i] == '{' || b[i] == '}'):
			b[i] = '\x00'
		case in && (b[i] == ' ' || b[i] == '\t'):
			b[i] = '\x00'
		case in && b[i] == '\\' && i+1 < len(b) && (b[i+1] == ',' || b[i+1] == ';' || b[i+1] == ' '):
			b[i], b[i+1] = '\x00', '\x00'
			i++
		}
	}
	// Drop the padding, remembering where each byte came from.
	var norm strings.Builder
	var from []int
	for i, c := range b {
		if c != '\x00' {
			norm.WriteByte(c)
			from = append(from, i)
		}
	}
	from = append(from, len(b))
	s, at := cmpRespell(norm.String(), from)
	return comparisonsAt(field, text, s, func(i int) int { return at[min(i, len(at)-1)] })
}

func comparisonsAt(field, text, s string, orig func(int) int) []comparison {
	if !strings.ContainsAny(s, "≤≥<>=") {
		return nil // no comparison without its sign
	}
	var out []comparison
	for _, loc := range cmpRe.FindAllStringIndex(s, 50) {
		chain := s[loc[0]:loc[1]]
		ops := cmpOpRe.FindAllString(chain, maxChainLinks+1)
		if len(ops) > maxChainLinks {
			continue // no reader states a bound as a chain this long
		}
		parts := cmpSplitRe.Split(chain, -1)
		if len(ops) != len(parts)-1 {
			continue
		}
		start, end := orig(loc[0]), orig(loc[1])
		quote := ""
		if start >= 0 && end >= start && end <= len(text) {
			quote = text[start:end]
		}
		for i, op := range ops {
			o := map[string]cmpOp{"≤": cmpLE, "≥": cmpGE, "<": cmpLT, ">": cmpGT, "=": cmpEQ}[op]
			left, right := parts[i], parts[i+1]
			if v, ok := cmpNumber(right); ok {
				if subj, ok := cmpSubject(left); ok {
					out = append(out, comparison{Subject: subj, Op: o, Value: v, Field: field, Start: start, End: end, Quote: quote})
				}
			}
			if v, ok := cmpNumber(left); ok {
				if subj, ok := cmpSubject(right); ok {
					out = append(out, comparison{Subject: subj, Op: o.flip(), Value: v, Field: field, Start: start, End: end, Quote: quote})
				}
			}
		}
	}
	return out
}

// meets reports whether a known comparison k already gives what a requested one asks for: the
// same subject, on the same side, at least as strong.
func (k comparison) meets(req comparison) bool {
	if k.Subject != req.Subject {
		return false
	}
	switch req.Op {
	case cmpLE:
		return (k.Op == cmpLE || k.Op == cmpLT || k.Op == cmpEQ) && k.Value <= req.Value
	case cmpLT:
		return (k.Op == cmpLT || k.Op == cmpEQ) && k.Value <= req.Value || k.Op == cmpLE && k.Value < req.Value
	case cmpGE:
		return (k.Op == cmpGE || k.Op == cmpGT || k.Op == cmpEQ) && k.Value >= req.Value
	case cmpGT:
		return (k.Op == cmpGT || k.Op == cmpEQ) && k.Value >= req.Value || k.Op == cmpGE && k.Value > req.Value
	case cmpEQ:
		return k.Op == cmpEQ && k.Value == req.Value
	}
	return false
}

// violates reports whether a value the example gives (v: subject = value) lies outside the
// bound b on the same subject.
func (b comparison) violates(v comparison) bool {
	if b.Subject != v.Subject || v.Op != cmpEQ || b.Op == cmpEQ {
		return false
	}
	switch b.Op {
	case cmpLE:
		return v.Value > b.Value
	case cmpLT:
		return v.Value >= b.Value
	case cmpGE:
		return v.Value < b.Value
	case cmpGT:
		return v.Value <= b.Value
	}
	return false
}

func (c comparison) String() string {
	return c.Subject + " " + c.Op.String() + " " + strconv.FormatFloat(c.Value, 'g', -1, 64)
}
