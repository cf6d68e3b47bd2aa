package kernel

import (
	"bytes"
	"fmt"
)

// SyntaxError is a database that does not follow the language: a malformed statement, an
// undeclared symbol, a scoping rule broken. It names the line and column of the offending token.
type SyntaxError struct {
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d column %d: %s", e.Line, e.Col, e.Msg)
}

// syntaxErr makes a SyntaxError at byte offset off of src; the line is counted only here, on the
// error path.
func syntaxErr(src []byte, off int, format string, args ...any) *SyntaxError {
	if off > len(src) {
		off = len(src)
	}
	line := 1 + bytes.Count(src[:off], []byte{'\n'})
	col := off - bytes.LastIndexByte(src[:off], '\n')
	return &SyntaxError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// lineOf is the 1-based line of byte offset off.
func lineOf(src []byte, off int) int {
	return 1 + bytes.Count(src[:off], []byte{'\n'})
}
