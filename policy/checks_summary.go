package policy

import (
	"encoding/json"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/gates"
)

// ChecksSummary folds the gate runs one revision finished into one line of
// an account's inbox or a problem's feed: nine "a check finished" entries
// would bury what happened next.
type ChecksSummary struct {
	Revision string
	// Gates is the number of gate runs folded in; Failing, NeedsHuman and
	// Unknown add up their findings.
	Gates, Failing, NeedsHuman, Unknown int
	// Outcome is the worst outcome among them: FAIL, then UNKNOWN, then NEEDS_HUMAN, then PASS.
	Outcome string
}

// outcomeRank orders outcomes from best to worst.
var outcomeRank = map[string]int{string(gates.OutcomePass): 0, string(gates.OutcomeNeedsHuman): 1,
	string(gates.OutcomeUnknown): 2, string(gates.OutcomeFail): 3}

// add folds one gate.completed payload in.
func (c *ChecksSummary) add(p map[string]any) {
	num := func(k string) int {
		f, _ := p[k].(float64)
		return int(f)
	}
	c.Gates++
	c.Failing += num("failing")
	c.NeedsHuman += num("needsHuman")
	c.Unknown += num("unknown")
	if o, _ := p["outcome"].(string); c.Gates == 1 || outcomeRank[o] > outcomeRank[c.Outcome] {
		c.Outcome = o
	}
}

// foldChecks walks evs in the order given and calls emit for each event to
// show, with the summary of its revision's checks when it is a gate run:
// the first run of a revision met stands for every run of that revision in
// evs, which are folded into its summary.
func foldChecks(evs []*ent.Event, emit func(ev *ent.Event, payload map[string]any, checks *ChecksSummary)) {
	seen := map[string]*ChecksSummary{}
	type pending struct {
		ev      *ent.Event
		payload map[string]any
		checks  *ChecksSummary
	}
	var out []pending
	for _, ev := range evs {
		var payload map[string]any
		_ = json.Unmarshal([]byte(ev.Payload), &payload) // a payload that is not an object shows no details
		if ev.Kind != KindGateCompleted {
			out = append(out, pending{ev, payload, nil})
			continue
		}
		rev, _ := payload["revision"].(string)
		key := ev.Subject + "\x00" + rev
		if c, ok := seen[key]; ok {
			c.add(payload)
			continue
		}
		c := &ChecksSummary{Revision: rev}
		c.add(payload)
		seen[key] = c
		out = append(out, pending{ev, payload, c})
	}
	for _, p := range out {
		emit(p.ev, p.payload, p.checks)
	}
}
