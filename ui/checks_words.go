package ui

import (
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/policy"
)

// ChecksWords says in one line how a revision's checks came out: "Checks finished: 9 gates; 1
// finding fails, 3 need a reviewer's reading".
func ChecksWords(c *policy.ChecksSummary) string {
	gates := "1 gate"
	if c.Gates != 1 {
		gates = fmt.Sprintf("%d gates", c.Gates)
	}
	var parts []string
	if c.Failing > 0 {
		parts = append(parts, PluralOf(c.Failing, "finding fails", "findings fail"))
	}
	if c.Unknown > 0 {
		parts = append(parts, PluralOf(c.Unknown, "check could not run", "checks could not run"))
	}
	if c.NeedsHuman > 0 {
		parts = append(parts, PluralOf(c.NeedsHuman, "needs a reviewer's reading", "need a reviewer's reading"))
	}
	if len(parts) == 0 {
		return "Checks finished: " + gates + ", all passed"
	}
	return "Checks finished: " + gates + "; " + strings.Join(parts, ", ")
}
