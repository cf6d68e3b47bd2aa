package corpus

import (
	"context"
	"fmt"
	"slices"

	"github.com/theoremdb/theoremdb/ent/corpusbinding"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/policy"
)

// The formal round trip (gate 7's second half, K09 9.3.2) and the
// hypothesis check (gate 9, K09 9.3.4): lane-backed checks that never
// block a merge. A difference between a formal statement's translation and
// the node's prose, or a hypothesis no known counterexample needs, goes to
// a person as a NEEDS_HUMAN finding; a round trip with no difference gives
// the binding its round trip (fidelity F1). A lane's failure is never a
// pass.

// GateHypotheses is merge gate 9; the round trip's checks are gate 7's,
// beside the kernel's.
const GateHypotheses = "HYPOTHESIS_CHECK"

// Checks of the two gates.
const (
	rtCheckApplies = "roundtrip.applies"
	// CheckRoundTrip compares a formal statement's translation with the node's prose.
	CheckRoundTrip = "roundtrip.differences"
	hyCheckApplies = "hypotheses.applies"
	// CheckHypotheses asks of each hypothesis whether a counterexample needs it.
	CheckHypotheses = "hypotheses.needed"
)

// WithRoundTrip sets the lane that translates formal statements back into prose.
func WithRoundTrip(l *lanes.RoundTrip) Option { return func(s *Service) { s.roundTrip = l } }

// WithHypotheses sets the lane of the hypothesis check.
func WithHypotheses(l *lanes.Hypotheses) Option { return func(s *Service) { s.hypotheses = l } }

var hypothesesGate = &mergeGate{
	name: GateHypotheses, position: 9, version: "1",
	checks: map[string]string{
		hyCheckApplies:  "The hypothesis check asks of each hypothesis of each theorem, lemma and proposition whether it is needed.",
		CheckHypotheses: "A known counterexample shows each hypothesis of the statement is needed; otherwise the statement is weaker than it can be, or its source states it so for a reason the node must give.",
	},
	run: runHypotheses,
}

// roundTripRun and hypothesesRun are a lane's answer on one draft, made
// before the merge's transaction opens.
type roundTripRun struct {
	ans  *lanes.RoundTripAnswer
	skip string // why the round trip could not be asked
}

type hypothesesRun struct{ ans *lanes.HypothesesAnswer }

// roundTrips says whether the round trip reads draft d: a formal binding
// by a writer that is not the formal library's importer.
func (st *state) roundTrips(ctx context.Context, d Draft) bool {
	return st.models(ctx).roundTrip != nil && d.Formal != nil && st.req.Writer.Kind != WriterImporter
}

func (st *state) checksHypotheses(ctx context.Context, d Draft) bool {
	return st.models(ctx).hypotheses != nil && slices.Contains(statementKinds, d.Kind) && d.Kind != Definition
}

func (st *state) roundTripRun(ctx context.Context, i int) roundTripRun {
	if r, ok := st.pre.roundTrip[i]; ok {
		return r
	}
	d := st.req.Drafts[i]
	db, err := st.s.formal.open(d.Formal.Database)
	if err != nil || db.perr != nil {
		return roundTripRun{skip: fmt.Sprintf("the database %s cannot be read", d.Formal.Database)}
	}
	a, ok := db.parsed.Assertion(d.Formal.Label)
	if !ok {
		return roundTripRun{skip: fmt.Sprintf("%s has no statement %s", d.Formal.Database, d.Formal.Label)}
	}
	hyps := a.Hypotheses
	if hyps == nil {
		hyps = []string{}
	}
	ans, _ := st.models(ctx).roundTrip.Translate(ctx, lanes.RoundTripInput{Node: d.Label, Informal: d.Body, System: d.Formal.System,
		Database: d.Formal.Database, Label: d.Formal.Label, Formal: a.Statement, Hypotheses: hyps})
	return roundTripRun{ans: ans}
}

func (st *state) hypothesesRun(ctx context.Context, i int) hypothesesRun {
	if r, ok := st.pre.hypotheses[i]; ok {
		return r
	}
	d := st.req.Drafts[i]
	in := lanes.HypothesesInput{Node: d.Label, Title: d.Title, Statement: d.Body, Linked: []lanes.JudgeLinked{}}
	if ji, err := st.judgeInput(ctx, i); err == nil {
		in.Linked = ji.Linked
	}
	ans, _ := st.models(ctx).hypotheses.Check(ctx, in)
	return hypothesesRun{ans: ans}
}

func laneWho(r *lanes.Result) string {
	return fmt.Sprintf("%s (%s, model version %s, prompt %s)", r.Identity, r.Provider, r.ModelVersion, r.PromptVersion)
}

func runRoundTrip(ctx context.Context, st *state) error {
	ran := false
	for i, d := range st.req.Drafts {
		if !st.roundTrips(ctx, d) {
			continue
		}
		ran = true
		r := st.roundTripRun(ctx, i)
		span := gates.Whole(draftField(i, "body"), d.Body)
		switch {
		case r.skip != "":
			st.rep.needsHuman(CheckRoundTrip, span, fmt.Sprintf("Draft %d's formal statement was not translated: %s.", i+1, r.skip),
				"A person compares the formal statement with the prose.")
		case r.ans.Result.Failure != "":
			st.rep.needsHuman(CheckRoundTrip, span, fmt.Sprintf("The round-trip lane %s gave no translation of draft %d: %s (%s).",
				laneWho(r.ans.Result), i+1, r.ans.Result.Failure, r.ans.Result.Detail), "A person compares the formal statement with the prose.")
		case len(r.ans.Differences) == 0:
			st.roundTripped = append(st.roundTripped, i)
			st.rep.pass(CheckRoundTrip, span, fmt.Sprintf("The round-trip lane %s translated %s of %s as %q, which states what draft %d states.",
				laneWho(r.ans.Result), d.Formal.Label, d.Formal.Database, r.ans.Prose, i+1))
		default:
			for _, diff := range r.ans.Differences {
				st.rep.needsHuman(CheckRoundTrip, span, fmt.Sprintf("The round-trip lane %s translated %s as %q; it differs from draft %d: %s",
					laneWho(r.ans.Result), d.Formal.Label, r.ans.Prose, i+1, diff),
					"Make the prose state what the formal statement states, or bind the draft to the statement it means.")
			}
		}
	}
	if !ran {
		st.rep.pass(rtCheckApplies, gates.Absent("nodes"), "No draft is bound to a formal statement by a person or an agent.")
	}
	return nil
}

func runHypotheses(ctx context.Context, st *state) error {
	ran := false
	for i, d := range st.req.Drafts {
		if !st.checksHypotheses(ctx, d) {
			continue
		}
		ran = true
		a := st.hypothesesRun(ctx, i).ans
		span := gates.Whole(draftField(i, "body"), d.Body)
		if a.Result.Failure != "" {
			st.rep.needsHuman(CheckHypotheses, span, fmt.Sprintf("The hypothesis lane %s gave no answer on draft %d: %s (%s).",
				laneWho(a.Result), i+1, a.Result.Failure, a.Result.Detail), "A person reads the statement's hypotheses.")
			continue
		}
		if len(a.Hypotheses) == 0 {
			st.rep.pass(CheckHypotheses, span, fmt.Sprintf("The hypothesis lane %s found no hypothesis in draft %d.", laneWho(a.Result), i+1))
		}
		for _, h := range a.Hypotheses {
			if h.Needed {
				st.rep.pass(CheckHypotheses, span, fmt.Sprintf("The hypothesis lane %s: %q is needed: %s", laneWho(a.Result), h.Hypothesis, h.Evidence))
				continue
			}
			st.rep.needsHuman(CheckHypotheses, span, fmt.Sprintf("Remark: the hypothesis lane %s knows no counterexample that needs %q in draft %d: %s",
				laneWho(a.Result), h.Hypothesis, i+1, h.Evidence),
				"Drop the hypothesis if the statement holds without it, or say why its source states it so.")
		}
	}
	if !ran {
		st.rep.pass(hyCheckApplies, gates.Absent("nodes"), "No draft is a theorem, a lemma or a proposition, or no hypothesis lane is configured.")
	}
	return nil
}

// markRoundTrips gives each binding whose round trip found no difference
// its round trip, in the merge's transaction, after bindFormal.
func (st *state) markRoundTrips(ctx context.Context, w *policy.WriteTx, ids []string) error {
	for _, i := range st.roundTripped {
		f := st.req.Drafts[i].Formal
		if err := w.Client().CorpusBinding.Update().Where(corpusbinding.NodeID(ids[i]), corpusbinding.System(f.System),
			corpusbinding.Database(f.Database), corpusbinding.LabelEQ(f.Label)).SetRoundTripPassed(true).Exec(ctx); err != nil {
			return fmt.Errorf("round trip of %s: %w", ids[i], err)
		}
	}
	return nil
}
