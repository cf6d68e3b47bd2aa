package ui

import (
	"regexp"
	"strings"

	"github.com/theoremdb/theoremdb/policy"
)

// HoldWords is why a problem is held, as its status line says it: Lead, then the candidate the
// hold names (a problem linked once, or a solved record), then Tail.
type HoldWords struct {
	Lead string
	// Candidate is the problem ID (CandidateLink true) or the solved record the hold names, or "".
	Candidate     string
	CandidateLink bool
	Tail          string
}

var (
	// checkPrefix is the check ID a gate's hold note starts with ("duplicate.near-duplicate: ").
	checkPrefix = regexp.MustCompile(`^[a-z]+(?:[.-][a-z]+)+: `)
	problemID   = regexp.MustCompile(`\bTDB-[0-9]+\b`)
	// solvedRef is the record a known-answer finding names: "matches ID (title…" or "matches ID at …".
	solvedRef = regexp.MustCompile(`matches ([^ ,;(]+)`)
)

// holdWords says why h holds the problem in words a reader acts on: never a check's ID, and the
// candidate a duplicate or known-answer check found named once.
func holdWords(h policy.HoldView) HoldWords {
	note := strings.TrimSpace(checkPrefix.ReplaceAllString(h.Note, ""))
	if h.Authority == policy.AuthorityGate {
		switch h.Reason {
		case "DUPLICATE":
			if id := problemID.FindString(note); id != "" {
				return HoldWords{Lead: "the duplicate check finds its statement a near copy of the live problem ", Candidate: id,
					CandidateLink: true, Tail: ". A reviewer may merge it there; anything else is for staff."}
			}
		case "KNOWN_ANSWER":
			if m := solvedRef.FindStringSubmatch(note); m != nil {
				return HoldWords{Lead: "the known-answer check matches it to ", Candidate: m[1],
					Tail: ", a record its source says is solved. A reviewer may archive it as a known answer; anything else is for staff."}
			}
		}
	}
	if note == "" {
		note = heldWhy(h)
	}
	return HoldWords{Lead: policy.OneLine(note, 300)}
}

// otherHolds names the reasons of the holds after the first, in words.
func otherHolds(hs []policy.HoldView) string {
	out := make([]string, 0, len(hs))
	for _, h := range hs {
		out = append(out, strings.ToLower(policy.HoldReasons.Label(h.Reason)))
	}
	return strings.Join(out, "; ")
}
