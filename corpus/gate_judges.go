package corpus

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/corpustask"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/policy"
)

// GateJudges is merge gate 8 of POLICY.md section 5: independent model
// judges.
const GateJudges = "MODEL_JUDGES"

// TaskJudges is the job a judges' disagreement leaves for a person.
const TaskJudges = "JUDGE_DISAGREEMENT"

const (
	judgeCheckApplies = "judges.applies"
	// CheckJudges is each qualified judge's reading of a draft.
	CheckJudges = "judges.steps"
	// CheckJudgesAgree is the judges' agreement on a draft.
	CheckJudgesAgree = "judges.agreement"
)

// judgedKinds are the kinds a judge reads: the statements and the proofs.
var judgedKinds = []string{Theorem, Lemma, Proposition, Proof}

// judgesGate is merge gate 8: each qualified judge reads each statement
// and proof of the request one step at a time. The gate passes a draft
// only when every qualified judge follows every step of it; when every
// judge rejects it, it fails with the steps named; when they disagree, or
// one could not answer, the draft goes to a person (NEEDS_HUMAN and a
// task) and no further model call breaks the tie. A judge never raises a
// level and never counts as a review.
var judgesGate = &mergeGate{
	name: GateJudges, position: 8, version: "1",
	checks: map[string]string{
		judgeCheckApplies: "Merge gate 8 runs each judge lane whose measured rate of rejecting wrong steps on the labelled set is at least 75% on each statement and proof.",
		CheckJudges:       "The judge, given the node, its linked nodes and its sources and never the run that wrote it, follows every step.",
		CheckJudgesAgree:  "The qualified judges agree on the draft.",
	},
	run: runJudges,
}

// judgeRun is every qualified judge's verdict on one draft, made before the
// merge's transaction opens.
type judgeRun struct {
	verdicts []*lanes.JudgeVerdict
	err      error // the judges could not be listed
}

// judgeRecord is a verdict the gate read, recorded as an event with the request.
type judgeRecord struct {
	draft int
	v     *lanes.JudgeVerdict
}

// judgeable says whether the gate reads draft d.
func judgeable(d Draft) bool {
	return slices.Contains(judgedKinds, d.Kind) && strings.TrimSpace(d.Body) != ""
}

// judgeRun calls every qualified judge on draft i, or returns the run made
// before the transaction.
func (st *state) judgeRun(ctx context.Context, i int) judgeRun {
	if r, ok := st.pre.judges[i]; ok {
		return r
	}
	m := st.models(ctx)
	if m.err != nil {
		return judgeRun{err: m.err}
	}
	js, err := qualifiedJudges(ctx, st.read, m.judges)
	if err != nil {
		return judgeRun{err: err}
	}
	if len(js) == 0 {
		return judgeRun{}
	}
	in, err := st.judgeInput(ctx, i)
	if err != nil {
		return judgeRun{err: err}
	}
	out := judgeRun{verdicts: make([]*lanes.JudgeVerdict, len(js))}
	done := make(chan struct{})
	for k, j := range js {
		go func() {
			out.verdicts[k], _ = j.Judge(ctx, in)
			done <- struct{}{}
		}()
	}
	for range js {
		<-done
	}
	return out
}

// judgeInput is what a judge reads of draft i: the draft, the statement a
// proof proves, the nodes it uses and its sources. The request's writer,
// its model and its note are not part of it.
func (st *state) judgeInput(ctx context.Context, i int) (lanes.JudgeInput, error) {
	d := st.req.Drafts[i]
	in := lanes.JudgeInput{Node: d.Label, Kind: d.Kind, Title: d.Title, Statement: d.Body, Steps: lanes.SplitSteps(d.Body),
		Linked: []lanes.JudgeLinked{}, Sources: []string{}}
	if d.Revises != "" {
		in.Node = d.Revises
	}
	if in.Node == "" {
		in.Node = fmt.Sprintf("draft %d", i+1)
	}
	link := func(ref string) (lanes.JudgeLinked, error) {
		if k := st.draftLabelled(ref); k >= 0 {
			o := st.req.Drafts[k]
			return lanes.JudgeLinked{Node: o.Label, Kind: o.Kind, Title: o.Title, Statement: o.Body}, nil
		}
		n, err := st.lookup(ctx, ref)
		if err != nil || n == nil {
			return lanes.JudgeLinked{Node: ref}, err
		}
		l := lanes.JudgeLinked{Node: n.ID, Kind: string(n.Kind), Title: n.Title}
		if n.CurrentRevisionID != nil {
			rev, err := st.read.CorpusRevision.Get(ctx, *n.CurrentRevisionID)
			if err != nil && !ent.IsNotFound(err) {
				return l, fmt.Errorf("revision of %s: %w", n.ID, err)
			}
			if rev != nil {
				l.Statement = rev.Body
			}
		}
		return l, nil
	}
	if d.Kind == Proof {
		in.Statement = ""
		if d.Proves != "" {
			l, err := link(d.Proves)
			if err != nil {
				return in, err
			}
			in.Statement = l.Statement
			in.Linked = append(in.Linked, l)
		}
	}
	for _, u := range d.Uses {
		l, err := link(u)
		if err != nil {
			return in, err
		}
		in.Linked = append(in.Linked, l)
	}
	for _, r := range d.References {
		in.Sources = append(in.Sources, strings.TrimSpace(r.Identifier+" "+r.Citation+" "+r.Locator))
	}
	return in, nil
}

func runJudges(ctx context.Context, st *state) error {
	ran := false
	for i, d := range st.req.Drafts {
		if !judgeable(d) {
			continue
		}
		r := st.judgeRun(ctx, i)
		if r.err != nil {
			return r.err
		}
		if len(r.verdicts) == 0 {
			continue
		}
		ran = true
		span := gates.Whole(draftField(i, "body"), d.Body)
		var passed, rejected, failed []string
		for _, v := range r.verdicts {
			st.judgeVerdicts = append(st.judgeVerdicts, judgeRecord{draft: i, v: v})
			res := v.Result
			who := fmt.Sprintf("Judge %s (%s, model version %s, prompt %s)", res.Identity, res.Provider, res.ModelVersion, res.PromptVersion)
			switch {
			case v.Passed():
				passed = append(passed, res.Identity)
				st.rep.pass(CheckJudges, span, fmt.Sprintf("%s followed all %d steps of draft %d.", who, len(v.Steps), i+1))
			case res.Failure != "":
				failed = append(failed, res.Identity)
				st.rep.needsHuman(CheckJudges, span, fmt.Sprintf("%s gave no verdict on draft %d: %s (%s).", who, i+1, res.Failure,
					res.Detail), "A person reads the draft; the judge's failure is never a pass.")
			default:
				rejected = append(rejected, res.Identity)
				var steps []string
				for _, s := range v.Rejected() {
					steps = append(steps, fmt.Sprintf("step %d: %s", s.Step, s.Reason))
				}
				st.rep.add(CheckJudges, span, gates.NeedsHuman, gates.Contradicts, "", fmt.Sprintf("%s could not follow draft %d at %s.",
					who, i+1, strings.Join(steps, "; ")), "Justify or correct the steps named.")
			}
		}
		switch {
		case len(rejected) == len(r.verdicts):
			st.rep.fail(CheckJudgesAgree, span, CodeInvalid, fmt.Sprintf("Every qualified judge (%d) rejected draft %d.", len(rejected), i+1),
				"Justify or correct the steps the judges name, then revise the request.")
		case len(passed) == len(r.verdicts):
			st.rep.pass(CheckJudgesAgree, span, fmt.Sprintf("Every qualified judge (%d) followed draft %d.", len(passed), i+1))
		default:
			st.rep.needsHuman(CheckJudgesAgree, span, fmt.Sprintf("The judges disagree on draft %d: followed by %s; rejected by %s; no verdict from %s. A person decides; no further model is asked.",
				i+1, orNone(passed), orNone(rejected), orNone(failed)), "A person reads the draft and the judges' reasons.")
			st.judgeDisputes = append(st.judgeDisputes, i)
		}
	}
	if !ran {
		st.rep.pass(judgeCheckApplies, gates.Absent("nodes"), "No qualified judge read a draft: none is qualified, or no draft is a statement or a proof.")
	}
	return nil
}

func orNone(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}

// recordJudges writes, in the transaction that records the gates, an event
// per verdict with the judge's model version, and a job for a person per
// draft the judges disagree on.
func (st *state) recordJudges(ctx context.Context, w *policy.WriteTx, crID string) error {
	for _, r := range st.judgeVerdicts {
		res := r.v.Result
		var rejected []int
		for _, s := range r.v.Rejected() {
			rejected = append(rejected, s.Step)
		}
		verdict := "FOLLOWED"
		switch {
		case res.Failure != "":
			verdict = "NO_VERDICT"
		case !r.v.Passed():
			verdict = "REJECTED"
		}
		if _, err := w.Append(ctx, policy.SystemActor, AuthorityGates, KindJudgeVerdict, crID, map[string]any{
			"draft": r.draft + 1, "judge": res.Identity, "provider": string(res.Provider), "model": res.Model,
			"modelVersion": res.ModelVersion, "servedModel": res.ServedModel, "promptVersion": res.PromptVersion,
			"promptDigest": res.PromptDigest, "input": res.InputDigest, "verdict": verdict, "steps": len(r.v.Steps),
			"rejected": rejected, "failure": string(res.Failure)}); err != nil {
			return err
		}
	}
	c := w.Client()
	for _, i := range st.judgeDisputes {
		d := st.req.Drafts[i]
		summary := fmt.Sprintf("Draft %d (%q) of %s: the model judges disagree or could not answer. Read the draft and the judges' reasons on the request.",
			i+1, d.Label, crID)
		exists, err := c.CorpusTask.Query().Where(corpustask.Subject(crID), corpustask.KindEQ(corpustask.KindJUDGE_DISAGREEMENT),
			corpustask.Summary(summary), corpustask.StateEQ(corpustask.StateOPEN)).Exist(ctx)
		if err != nil || exists {
			return err
		}
		t, err := c.CorpusTask.Create().SetKind(corpustask.KindJUDGE_DISAGREEMENT).SetSubject(crID).SetSummary(summary).
			SetCreatedAt(st.s.now()).Save(ctx)
		if err != nil {
			return fmt.Errorf("judges' task for %s: %w", crID, err)
		}
		if _, err := w.Append(ctx, policy.SystemActor, AuthorityGates, KindTaskOpened, t.ID, map[string]any{
			"kind": TaskJudges, "subject": crID}); err != nil {
			return err
		}
	}
	return nil
}
