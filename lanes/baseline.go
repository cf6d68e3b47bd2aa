package lanes

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/gates"
)

// baselineLane is the deterministic local lane (gates only). It answers every role from the
// outcomes of the deterministic gates in the request and nothing else: a check is confirmed only
// when every gate bearing on it passed, a check no gate bears on is an unknown, and the
// recommendation is qualify only when every check is confirmed. It calls no provider and can
// never publish: its Results are marked Baseline, which the review gate refuses.
type baselineLane struct {
	cfg Config
	now func() time.Time
}

func (b *baselineLane) Config() Config   { return b.cfg }
func (b *baselineLane) CanPublish() bool { return false }

func (b *baselineLane) Review(ctx context.Context, req *Request) (*Result, error) {
	started := b.now()
	if err := matches(b.cfg, req); err != nil {
		return record(&Result{Identity: b.cfg.Identity, Role: b.cfg.Role, Provider: Baseline, Baseline: true,
			PromptVersion: b.cfg.PromptVersion, StartedAt: started}, err)
	}
	res := newResult(b.cfg, req, started)
	res.Attempts = 1
	defer func() { res.Latency = b.now().Sub(started) }()
	if err := ctx.Err(); err != nil {
		return record(res, ctxFailure(ctx, err))
	}
	res.Answer = baselineAnswer(req)
	return res, nil
}

// baselineAnswer derives an answer from the gate outcomes of req.
func baselineAnswer(req *Request) *Answer {
	outcomes := map[gates.Name]GateOutcome{}
	for _, g := range req.gates {
		outcomes[g.Gate] = g
	}
	a := &Answer{Recommendation: Qualify, Blockers: []string{}, Concerns: []string{}, Unknowns: []string{}}
	add := func(list *[]string, s string) {
		if !slices.Contains(*list, s) {
			*list = append(*list, s)
		}
	}
	for _, id := range req.prompt.Checks {
		rc, _ := roleCheck(req.role, id)
		names := rc.Gates
		switch id {
		case "remaining_uncertainty":
			names = nil
			for _, g := range req.gates {
				names = append(names, g.Gate)
			}
		case AuditCheckPanelConsistency:
			ok, reason := panelAgrees(req.panel)
			a.Checks = append(a.Checks, CheckAnswer{ID: id, Confirmed: ok, Reason: reason})
			if !ok {
				add(&a.Unknowns, id+": "+reason)
			}
			continue
		}
		if len(names) == 0 {
			reason := "No deterministic gate bears on this check; the gates-only baseline cannot judge it."
			a.Checks = append(a.Checks, CheckAnswer{ID: id, Reason: reason})
			add(&a.Unknowns, id+": not judged by the gates-only baseline.")
			continue
		}
		confirmed := true
		var said []string
		for _, name := range names {
			g, ran := outcomes[name]
			switch {
			case !ran && name == gates.Computational && !req.packet.Computational():
				said = append(said, "not a bounded computational problem")
			case !ran:
				confirmed = false
				said = append(said, string(name)+" has not run")
				add(&a.Unknowns, string(name)+" gate has not run on this revision.")
			case g.Outcome == gates.OutcomePass:
				said = append(said, string(name)+" passed")
			case g.Outcome == gates.OutcomeFail:
				confirmed = false
				said = append(said, string(name)+" failed")
				add(&a.Blockers, gateSentence(g))
			default:
				confirmed = false
				said = append(said, string(name)+" is "+strings.ToLower(string(g.Outcome)))
				add(&a.Unknowns, gateSentence(g))
			}
		}
		a.Checks = append(a.Checks, CheckAnswer{ID: id, Confirmed: confirmed,
			Reason: clip("Gates only: "+strings.Join(said, ", ")+".", MaxReasonRunes)})
	}
	for _, c := range a.Checks {
		if !c.Confirmed {
			a.Recommendation = KeepProspecting
		}
	}
	if len(a.Blockers) > 0 || len(a.Unknowns) > 0 {
		a.Recommendation = KeepProspecting
	}
	return a
}

// gateSentence says what a gate found, with its first finding that did not pass.
func gateSentence(g GateOutcome) string {
	s := string(g.Gate) + " gate is " + strings.ToLower(string(g.Outcome))
	if len(g.Findings) > 0 {
		f := g.Findings[0]
		s += ": " + f.Check
		if f.Field != "" {
			s += " at " + f.Field
		}
		if f.Behaviour != "" {
			s += ": " + f.Behaviour
		}
	}
	return clip(s, MaxItemRunes)
}

// panelAgrees is the baseline's reading of panel consistency: every panel role answered, and
// all recommend the same action.
func panelAgrees(panel []PanelAnswer) (bool, string) {
	if len(panel) != len(PanelRoles) {
		return false, "The panel's answers are not all present."
	}
	for _, p := range panel[1:] {
		if p.Answer.Recommendation != panel[0].Answer.Recommendation {
			return false, "The panel's recommendations differ."
		}
	}
	return true, "The three panel recommendations agree (" + string(panel[0].Answer.Recommendation) + ")."
}
