package tex

import (
	"regexp"
	"strconv"
	"unicode/utf8"
)

// Position returns the line and the character within that line, both counted from 1, of the
// byte offset pos of src: where a person finds the place in an editor.
func Position(src string, pos int) (line, char int) {
	pos = min(max(pos, 0), len(src))
	line, char = 1, 1
	for _, r := range src[:pos] {
		if r == '\n' {
			line, char = line+1, 1
			continue
		}
		char++
	}
	return line, char
}

var bytePosRe = regexp.MustCompile(`at byte ([0-9]+)`)

// Describe returns the error's message with every byte offset in it written as a line and a
// character of src ("at line 2, character 7"), for a person rather than a program.
func (e *Error) Describe(src string) string {
	return bytePosRe.ReplaceAllStringFunc(e.Msg, func(m string) string {
		n, err := strconv.Atoi(bytePosRe.FindStringSubmatch(m)[1])
		if err != nil {
			return m
		}
		line, char := Position(src, n)
		return "at line " + strconv.Itoa(line) + ", character " + strconv.Itoa(char)
	})
}

var dollarAmountRe = regexp.MustCompile(`^\$[0-9][0-9,.]*(\s|[.,;)]|$)`)

// DollarAmount reports whether e is a formula never closed that opens with a $ before an amount
// ("$500 for a proof") and has no other $ after it: most likely a dollar sign, which TeX reads
// as a formula, rather than a formula left open.
func (e *Error) DollarAmount(src string) bool {
	if e.Code != UnclosedFormula || e.Pos < 0 || e.Pos >= len(src) || !dollarAmountRe.MatchString(src[e.Pos:]) {
		return false
	}
	for i := e.Pos + 1; i < len(src); {
		r, w := utf8.DecodeRuneInString(src[i:])
		if r == '$' {
			return false
		}
		i += w
	}
	return true
}
