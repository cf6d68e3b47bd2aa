package policy

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/tex"
)

// texFault says what is malformed in the TeX of a field the page renders as TeX, and where; ""
// when the TeX reads. TeX that cannot be read would be published garbled under a permanent ID,
// so intake refuses it as a field error, as it refuses a character the field may not hold. A $
// before an amount with no $ after it ("$500 for a proof") is most likely a dollar sign and is
// left to the statement gate, which asks a person; input past the reader's limits is left to
// the gates too, which record it as not read.
func texFault(s string) string {
	_, err := tex.Read(s)
	var te *tex.Error
	if !errors.As(err, &te) || te.DollarAmount(s) {
		return ""
	}
	line, char := tex.Position(s, te.Pos)
	return fmt.Sprintf("has TeX that cannot be read at line %d, character %d, near “%s”: %s; close every formula with the delimiter that opened it ($, $$, \\) or \\]), every { with its }, every \\left with its \\right and every \\begin{…} with its \\end{…}, and write \\$ for a dollar sign",
		line, char, texExcerpt(s, te.Pos), te.Describe(s))
}

// texExcerpt is up to 24 characters of s from pos, on one line.
func texExcerpt(s string, pos int) string {
	pos = min(max(pos, 0), len(s))
	for pos > 0 && !utf8.RuneStart(s[pos]) {
		pos--
	}
	rest := s[pos:]
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	if utf8.RuneCountInString(rest) > 24 {
		rest = string([]rune(rest)[:24]) + "…"
	}
	return rest
}
