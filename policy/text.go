package policy

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Every string policy/ stores is checked as one of two kinds of text field,
// by validator.line or validator.text, before anything is written. The
// check exists because the two databases disagree about bad text:
// PostgreSQL's text type cannot hold a NUL byte or invalid UTF-8 and fails
// the whole statement (an internal error to the caller), while SQLite
// stores either without complaint. Refusing both up front, as a field
// error, makes the outcome the same on either database and one the caller
// can act on. The other characters refused are those that change how text
// around them is displayed without being visible themselves.
//
// Every field: valid UTF-8 and no NUL (U+0000).
//
// Single-line fields (titles, terms, tags, handles, names, labels,
// locators, identifiers, keys and the items of lists a form takes one per
// line) also refuse every other control character (C0 including tab, line
// feed and carriage return, DEL, C1), the bidi embeddings, overrides and
// isolates U+202A–U+202E and U+2066–U+2069, and the line and paragraph
// separators U+2028 and U+2029. Such a field is shown inline in lists,
// headings and other people's sentences, where a line break has no place
// and a stray direction mark would reorder the text after it too.
//
// Multi-line fields (statements, bodies, notes, explanations, summaries)
// allow tab, line feed and carriage return and refuse the other control
// characters. Of the bidi controls they refuse only the overrides U+202D
// and U+202E: an override forces the characters after it into one
// direction whatever their own, so that what a reader sees is not what is
// stored, reversed in part (the "Trojan Source" trick), and ordinary
// right-to-left prose never needs one. Embeddings, isolates and the line
// and paragraph separators stay allowed there: mixing a right-to-left
// language with formulas can need them, and they set the direction of a
// span without reversing the characters in it.

// textKind says which of the two kinds a field is.
type textKind uint8

const (
	singleLine textKind = iota + 1
	multiLine
)

// refusedRunes names every character some field refuses, by its Unicode
// name or, for control characters, its name alias, so that a refusal can
// say which character it found.
var refusedRunes = map[rune]string{
	0x00: "NULL", 0x01: "START OF HEADING", 0x02: "START OF TEXT", 0x03: "END OF TEXT",
	0x04: "END OF TRANSMISSION", 0x05: "ENQUIRY", 0x06: "ACKNOWLEDGE", 0x07: "BELL",
	0x08: "BACKSPACE", 0x09: "CHARACTER TABULATION", 0x0A: "LINE FEED", 0x0B: "LINE TABULATION",
	0x0C: "FORM FEED", 0x0D: "CARRIAGE RETURN", 0x0E: "SHIFT OUT", 0x0F: "SHIFT IN",
	0x10: "DATA LINK ESCAPE", 0x11: "DEVICE CONTROL ONE", 0x12: "DEVICE CONTROL TWO",
	0x13: "DEVICE CONTROL THREE", 0x14: "DEVICE CONTROL FOUR", 0x15: "NEGATIVE ACKNOWLEDGE",
	0x16: "SYNCHRONOUS IDLE", 0x17: "END OF TRANSMISSION BLOCK", 0x18: "CANCEL", 0x19: "END OF MEDIUM",
	0x1A: "SUBSTITUTE", 0x1B: "ESCAPE", 0x1C: "INFORMATION SEPARATOR FOUR",
	0x1D: "INFORMATION SEPARATOR THREE", 0x1E: "INFORMATION SEPARATOR TWO", 0x1F: "INFORMATION SEPARATOR ONE",
	0x7F: "DELETE",
	0x80: "PADDING CHARACTER", 0x81: "HIGH OCTET PRESET", 0x82: "BREAK PERMITTED HERE", 0x83: "NO BREAK HERE",
	0x84: "INDEX", 0x85: "NEXT LINE", 0x86: "START OF SELECTED AREA", 0x87: "END OF SELECTED AREA",
	0x88: "CHARACTER TABULATION SET", 0x89: "CHARACTER TABULATION WITH JUSTIFICATION",
	0x8A: "LINE TABULATION SET", 0x8B: "PARTIAL LINE FORWARD", 0x8C: "PARTIAL LINE BACKWARD",
	0x8D: "REVERSE LINE FEED", 0x8E: "SINGLE SHIFT TWO", 0x8F: "SINGLE SHIFT THREE",
	0x90: "DEVICE CONTROL STRING", 0x91: "PRIVATE USE ONE", 0x92: "PRIVATE USE TWO",
	0x93: "SET TRANSMIT STATE", 0x94: "CANCEL CHARACTER", 0x95: "MESSAGE WAITING",
	0x96: "START OF GUARDED AREA", 0x97: "END OF GUARDED AREA", 0x98: "START OF STRING",
	0x99: "SINGLE GRAPHIC CHARACTER INTRODUCER", 0x9A: "SINGLE CHARACTER INTRODUCER",
	0x9B: "CONTROL SEQUENCE INTRODUCER", 0x9C: "STRING TERMINATOR", 0x9D: "OPERATING SYSTEM COMMAND",
	0x9E: "PRIVACY MESSAGE", 0x9F: "APPLICATION PROGRAM COMMAND",
	0x2028: "LINE SEPARATOR", 0x2029: "PARAGRAPH SEPARATOR",
	0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING", 0x202C: "POP DIRECTIONAL FORMATTING",
	0x202D: "LEFT-TO-RIGHT OVERRIDE", 0x202E: "RIGHT-TO-LEFT OVERRIDE",
	0x2066: "LEFT-TO-RIGHT ISOLATE", 0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE",
	0x2069: "POP DIRECTIONAL ISOLATE",
}

// refused reports whether a field of kind k may not hold r.
func (k textKind) refused(r rune) bool {
	if k == multiLine {
		switch r {
		case '\t', '\n', '\r':
			return false
		case 0x202D, 0x202E:
			return true
		}
		return r < 0x20 || (r >= 0x7F && r <= 0x9F)
	}
	_, ok := refusedRunes[r]
	return ok
}

// textFault returns what is wrong with s as a field of kind k, in words
// that say which character is wrong, where, and what to do, or "" when s
// may be stored. Positions count characters from 1, as the length limits
// do; in a multi-line field they give the line and the character in it.
func textFault(s string, k textKind) string {
	var (
		first     string
		n         int // refused characters and bytes
		line, col = 1, 0
	)
	for i, w := 0, 0; i < len(s); i += w {
		var r rune
		r, w = utf8.DecodeRuneInString(s[i:])
		col++
		if r == utf8.RuneError && w == 1 {
			if n++; first == "" {
				first = fmt.Sprintf("is not valid UTF-8: the byte 0x%02X %s is not part of any character; send the text encoded as UTF-8",
					s[i], at(k, line, col))
			}
			continue
		}
		if k.refused(r) {
			if n++; first == "" {
				first = fmt.Sprintf("contains U+%04X (%s) %s; %s", r, refusedRunes[r], at(k, line, col), remedy(k, r))
			}
		}
		if r == '\n' && k == multiLine {
			line, col = line+1, 0
		}
	}
	switch {
	case n == 0:
		return ""
	case n > 1:
		first += fmt.Sprintf(" (%d characters in all that this field may not hold)", n)
	}
	return first
}

// at says where a character is, in the terms of the field's kind.
func at(k textKind, line, col int) string {
	if k == multiLine {
		return fmt.Sprintf("at line %d, character %d", line, col)
	}
	return fmt.Sprintf("at character %d", col)
}

// remedy says what to do about a refused character r.
func remedy(k textKind, r rune) string {
	switch {
	case k == singleLine && (r == '\n' || r == '\r' || r == 0x85 || r == 0x2028 || r == 0x2029):
		return "this field is one line: replace the line break with a space"
	case k == singleLine && r == '\t':
		return "this field is one line: replace the tab with a space"
	case r >= 0x202A && r <= 0x2069:
		return "remove it; it changes the direction in which the text around it is displayed"
	}
	return "remove it"
}

// storable reports whether s could be a stored value at all: valid UTF-8
// without NUL. A lookup by a string that is not storable finds nothing
// without asking the database, which PostgreSQL would answer with an
// error where SQLite answers "not found".
func storable(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsRune(s, 0)
}

// Clip cuts s to at most n characters.
func Clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// OneLine is s on one line, its white space collapsed, cut to at most n characters with the cut
// marked: a quotation of free text in a note or a label.
func OneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
