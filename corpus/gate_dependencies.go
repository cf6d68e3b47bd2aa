package corpus

import (
	"context"
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/gates"
)

const dpCheckClosure = "dependencies.e2-or-better"

// dependenciesGate is merge gate 10: proof dependencies (K9.3 item 7).
// Each uses edge of a proof points to a node at E2 or better, or the proof
// gets sorry_in_closure. It is a flag, never a stop: an agent proof that
// uses an E1 node merges and shows the flag, and the finding asks a person
// to confirm what it rests on.
var dependenciesGate = &mergeGate{
	name: GateDependencies, position: 10, version: "1",
	checks: map[string]string{
		dpCheckClosure: "Each uses edge of a proof points to a node at E2 or better whose own closure is, or the proof gets sorry_in_closure.",
	},
	run: runDependencies,
}

func runDependencies(_ context.Context, st *state) error {
	proofs := 0
	for i, d := range st.req.Drafts {
		if d.Kind != Proof {
			continue
		}
		proofs++
		var below []string
		for _, t := range st.drafts[i].uses {
			switch {
			case t.node == nil:
				below = append(below, fmt.Sprintf("%q (a draft of this request, E0)", st.req.Drafts[t.draft].Label))
			case t.node.Level < E2:
				below = append(below, fmt.Sprintf("%s (%s)", t.node.ID, LevelName(t.node.Level)))
			case t.node.SorryInClosure:
				below = append(below, fmt.Sprintf("%s (its closure has a node below E2)", t.node.ID))
			}
		}
		sp := gates.Absent(draftField(i, "uses"))
		if len(below) == 0 {
			st.rep.pass(dpCheckClosure, sp, fmt.Sprintf("Every node proof draft %d uses is at E2 or better, with no node below E2 in its closure.", i+1))
			continue
		}
		st.rep.needsHuman(dpCheckClosure, sp,
			fmt.Sprintf("Proof draft %d rests on nodes below E2: %s; it merges with the flag sorry_in_closure.", i+1, strings.Join(below, ", ")),
			"A person's confirmation of each of these nodes (statement against its source, or proof step by step) lifts the flag.")
	}
	if proofs == 0 {
		st.rep.pass(dpCheckClosure, gates.Absent("nodes"), "The request has no proof.")
	}
	return nil
}
