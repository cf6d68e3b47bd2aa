package kernel

// isSpace marks the five white-space characters of the language: space, tab, line feed, form
// feed and carriage return.
var isSpace = [256]bool{' ': true, '\t': true, '\n': true, '\f': true, '\r': true}

// lexer splits a source into tokens separated by white space and skips comments. It works on
// byte offsets so that a token costs no allocation.
type lexer struct {
	src []byte
	pos int
	end int
	err *SyntaxError
}

// next returns the offsets of the next token that is not inside a comment, or start < 0 at the
// end of the input or on an error (then l.err is set).
func (l *lexer) next() (start, end int) {
	for {
		s, e := l.raw()
		if s < 0 {
			return -1, -1
		}
		if e-s == 2 && l.src[s] == '$' && l.src[s+1] == '(' {
			if !l.skipComment(s) {
				return -1, -1
			}
			continue
		}
		return s, e
	}
}

// raw returns the next white-space separated token, comments included, and rejects characters
// outside printable ASCII.
func (l *lexer) raw() (start, end int) {
	src, i := l.src, l.pos
	for i < l.end && isSpace[src[i]] {
		i++
	}
	if i >= l.end {
		l.pos = i
		return -1, -1
	}
	s := i
	for i < l.end {
		c := src[i]
		if isSpace[c] {
			break
		}
		if c < 0x21 || c > 0x7e {
			l.pos = i
			l.err = syntaxErr(src, i, "character 0x%02x is not allowed: a database holds only printable ASCII and white space", c)
			return -1, -1
		}
		i++
	}
	l.pos = i
	return s, i
}

// skipComment moves past the comment opened at open. A comment ends at the token `$)` and may
// not contain the sequences `$(` or `$)` anywhere else.
func (l *lexer) skipComment(open int) bool {
	for {
		s, e := l.raw()
		if s < 0 {
			if l.err == nil {
				l.err = syntaxErr(l.src, open, "comment opened here is never closed with $)")
			}
			return false
		}
		tok := l.src[s:e]
		if len(tok) == 2 && tok[0] == '$' && tok[1] == ')' {
			return true
		}
		for k := 0; k+1 < len(tok); k++ {
			if tok[k] == '$' && (tok[k+1] == '(' || tok[k+1] == ')') {
				l.err = syntaxErr(l.src, s+k, "comment contains %q: comments do not nest, and $) must stand alone to close one", string(tok[k:k+2]))
				return false
			}
		}
	}
}
