package ui

import "github.com/theoremdb/theoremdb/corpus"

// ChecksView is /corpus/checks: a reviewer's people's checks and, beside
// them, the jobs machine checks left for people.
type ChecksView struct {
	Checks []*corpus.Check
	Tasks  []corpus.Task
	Next   string            // the next page's URL, or ""
	Errors map[string]string // by task ID: why closing it was refused
}

// CheckView is one packet's page. Started is when the page was rendered
// (Unix seconds), sent back with the confirmation so the time taken is
// measured without JavaScript.
type CheckView struct {
	Check   *corpus.Check
	Started int64
	Error   string
	// Level is the node's evidence level as it stands.
	Level int
}

// checkKindName names what a packet checks.
func checkKindName(kind string) string {
	switch kind {
	case corpus.ConfirmStatement:
		return "Statement against its source"
	case corpus.ConfirmProof:
		return "Proof, step by step"
	}
	return "Formal binding"
}

// confirmedCount is how many of a packet's sections the reader confirmed.
func confirmedCount(c *corpus.Check) int {
	n := 0
	for _, s := range c.Sections {
		if s.Confirmed {
			n++
		}
	}
	return n
}

// taskKindName names a job of the queue for people.
func taskKindName(kind string) string {
	switch kind {
	case corpus.TaskCounterexample:
		return "A small-case counterexample"
	case corpus.TaskDisagreement:
		return "Proof checkers that disagree"
	}
	return kindName(kind)
}
