package ui

import (
	"strings"

	"github.com/theoremdb/theoremdb/corpus"
)

// kindName is a node kind as prose says it: "Theorem".
func kindName(kind string) string {
	if kind == "" {
		return ""
	}
	return kind[:1] + strings.ToLower(kind[1:])
}

// diffLines splits a revision's diff into its lines, each with its op.
func diffLines(diff string) []string {
	if diff == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(diff, "\n"), "\n")
}

// lineOp is the op of a diff line: '+', '-' or ' '.
func lineOp(l string) byte {
	if l == "" {
		return ' '
	}
	return l[0]
}

// nodeURL is a node's page.
func nodeURL(id string) string { return "/n/" + id }

// closureNote says what a closure summary means in one sentence.
func closureNote(c *corpus.Closure) string {
	var s string
	switch {
	case c.Pending:
		s = "How many nodes it rests on is being counted since its last change; the lowest is at " + corpus.LevelName(c.LowestLevel) + "."
	case c.Size == 0:
		return "It rests on no other node."
	default:
		s = "It rests on " + Plural(c.Size, "node") + ", the lowest at " + corpus.LevelName(c.LowestLevel) + "."
	}
	if c.SorryInClosure {
		s += " At least one of them is below E2: no person has confirmed it yet."
	}
	return s
}
