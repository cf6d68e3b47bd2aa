package corpus

import (
	"strings"

	"github.com/theoremdb/theoremdb/textdiff"
)

// maxDiffCells bounds the work of a line diff: past it the diff says the
// body was replaced whole (after the lines both begin with).
const maxDiffCells = 4_000_000

// linePrefix is what a line of the diff begins with, by operation.
var linePrefix = [...]string{textdiff.Same: " ", textdiff.Removed: "-", textdiff.Added: "+"}

// lineDiff is the line diff from a to b in unified form without headers:
// "-" before a removed line, "+" before an added one, " " before one kept.
func lineDiff(a, b string) string {
	if a == b {
		return ""
	}
	var sb strings.Builder
	for _, e := range textdiff.Diff(splitLines(a), splitLines(b), textdiff.Options{MaxCells: maxDiffCells, AddedFirst: true}) {
		sb.WriteString(linePrefix[e.Op] + e.Text + "\n")
	}
	return sb.String()
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}
