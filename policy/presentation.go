package policy

import (
	"context"
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/claim"
)

// KindPresentationSet is the event of a reviewer choosing which claims a packet presents.
const KindPresentationSet = "presentation.set"

// Presentation is which attached claims a problem's packet presents (review policy v5, "Open
// status" and "Duplicate and known-answer check"). An open packet — no claim is a machine-readable
// answer — shows a status record: a current claim a review has established, which cannot declare
// a resolution; with none, it shows none and says so. A resolved packet shows its resolution record: an answer claim.
// Headline is the compatibility alias of whichever of the two applies and has no effect of its own.
// A reviewer's selection is kept while it still holds; otherwise, or when there is none, the
// newest claim that qualifies is shown.
type Presentation struct {
	Resolved   bool
	Status     *ent.Claim // nil for a resolved packet, or when no claim qualifies
	Resolution *ent.Claim // nil for an open packet
	Headline   *ent.Claim
	// Selected says the record shown is the one a reviewer chose, not the default.
	Selected bool
}

// PresentationOf works out the presentation of p from its claims, each with its bindings.
func PresentationOf(p *ent.Problem, claims []*ent.Claim) Presentation {
	sel := selectors{claims: claims}
	var out Presentation
	if answers := sel.answers(); len(answers) > 0 {
		out.Resolved = true
		out.Resolution, out.Selected = sel.pick(p.ResolutionRecordID, answers, sel.isAnswer)
		out.Headline = out.Resolution
		return out
	}
	out.Status, out.Selected = sel.pick(p.StatusRecordID, sel.statusCandidates(), eligible)
	out.Headline = out.Status
	return out
}

// selectors holds a problem's claims and answers the questions the presentation asks of them.
type selectors struct{ claims []*ent.Claim }

func (s selectors) byID(id string) *ent.Claim {
	for _, c := range s.claims {
		if c.ID == id {
			return c
		}
	}
	return nil
}

func (s selectors) isAnswer(c *ent.Claim) bool { return MachineReadableAnswer(c, c.Edges.Bindings) }

func (s selectors) answers() []*ent.Claim {
	var out []*ent.Claim
	for _, c := range s.claims {
		if s.isAnswer(c) {
			out = append(out, c)
		}
	}
	return out
}

// eligible reports whether c may be an open packet's status record: a claim a review has
// established, current (not superseded), and not declaring a resolution. A claim nobody has
// reviewed is a proposal, not a recorded status: shown as the problem's status it would let any
// account, an agent's first guess included, speak for the problem.
func eligible(c *ent.Claim) bool {
	if c.SupersededByID != nil || c.Status != claim.StatusESTABLISHED {
		return false
	}
	cur := currentBinding(c, c.Edges.Bindings)
	return cur == nil || cur.Relation != binding.RelationRESOLVES
}

func (s selectors) statusCandidates() []*ent.Claim {
	var out []*ent.Claim
	for _, c := range s.claims {
		if eligible(c) {
			out = append(out, c)
		}
	}
	return out
}

// pick returns the selected claim while it still qualifies, else the newest candidate.
func (s selectors) pick(selected *string, candidates []*ent.Claim, ok func(*ent.Claim) bool) (*ent.Claim, bool) {
	if selected != nil {
		if c := s.byID(*selected); c != nil && ok(c) {
			return c, true
		}
	}
	var newest *ent.Claim
	for _, c := range candidates {
		if newest == nil || !c.CreatedAt.Before(newest.CreatedAt) {
			newest = c
		}
	}
	return newest, false
}

// PresentationInput chooses the records a packet presents. An empty field returns that selector
// to the default. HeadlineRecord, when given, must name the same claim as the selector that
// applies to the packet's state.
type PresentationInput struct {
	ProblemID                                      string
	StatusRecord, ResolutionRecord, HeadlineRecord string
}

// SetPresentation records a reviewer's or staff's choice of the claims a packet presents, each
// validated against the policy: a status record only on an open packet, never one that declares a
// resolution, and only among the claims a review has established; a resolution record
// only an answer claim; a headline record only the same claim as the one that applies.
func (s *Service) SetPresentation(ctx context.Context, actor *ent.Account, in PresentationInput) (*ent.Problem, error) {
	if actor == nil {
		return nil, ErrUnauthenticated
	}
	if !CanReview(actor) {
		return nil, fmt.Errorf("choosing a packet's presentation needs the reviewer or operator role: %w", ErrForbidden)
	}
	id, err := ResolveProblemID(ctx, s.client, in.ProblemID)
	if err != nil {
		return nil, refuse(CodeNotFound, fmt.Sprintf("no problem %q", in.ProblemID), "problemId")
	}
	err = s.inTx(ctx, func(ctx context.Context, t *tx) error {
		p, err := t.lockProblem(ctx, id)
		if err != nil {
			return err
		}
		if err := claimRefusal(p); err != nil {
			return err
		}
		if p.ProposerID == actor.ID {
			return refuse(CodeSelfReview, "you submitted this problem; another reviewer chooses what its packet presents", "problemId")
		}
		claims, err := t.Claim.Query().Where(claim.ProblemID(p.ID)).WithBindings().All(ctx)
		if err != nil {
			return fmt.Errorf("presentation: claims: %w", err)
		}
		if err := validatePresentation(selectors{claims: claims}, in); err != nil {
			return err
		}
		u := p.Update().SetUpdatedAt(s.Now())
		for _, f := range []struct {
			value string
			set   func(string) *ent.ProblemUpdateOne
			clear func() *ent.ProblemUpdateOne
		}{{in.StatusRecord, u.SetStatusRecordID, u.ClearStatusRecordID},
			{in.ResolutionRecord, u.SetResolutionRecordID, u.ClearResolutionRecordID},
			{in.HeadlineRecord, u.SetHeadlineRecordID, u.ClearHeadlineRecordID}} {
			if v := nonEmpty(f.value); v != nil {
				f.set(*v)
			} else {
				f.clear()
			}
		}
		if _, err := u.Save(ctx); err != nil {
			return fmt.Errorf("presentation: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityOf(actor), kind: KindPresentationSet,
			subject: p.ID, payload: map[string]any{"statusRecord": in.StatusRecord, "resolutionRecord": in.ResolutionRecord,
				"headlineRecord": in.HeadlineRecord, "policyVersion": Version}})
		return err
	})
	if err != nil {
		return nil, err
	}
	p, _, err := s.reread(ctx, &ent.Problem{ID: id}, nil)
	return p, err
}

func validatePresentation(s selectors, in PresentationInput) error {
	var v validator
	resolved := len(s.answers()) > 0
	lookup := func(ref, field string) *ent.Claim {
		ref = strings.TrimSpace(ref)
		if ref == "" {
			return nil
		}
		c := s.byID(ref)
		if c == nil {
			v.add(CodeInvalid, fmt.Sprintf("%s is not a claim attached to this problem", ref), field)
		}
		return c
	}
	status, resolution := lookup(in.StatusRecord, "statusRecord"), lookup(in.ResolutionRecord, "resolutionRecord")
	headline := lookup(in.HeadlineRecord, "headlineRecord")
	switch {
	case status == nil:
	case resolved:
		v.add(CodeInvalid, "the packet is resolved: it presents a resolution record, not a status record", "statusRecord")
	case !eligible(status) && status.SupersededByID != nil:
		v.add(CodeInvalid, fmt.Sprintf("%s is superseded by %s; choose the current claim", status.ID, *status.SupersededByID), "statusRecord")
	case status.Status != claim.StatusESTABLISHED:
		v.add(CodeInvalid, fmt.Sprintf("%s is %s; a status record shows a claim a review has established (review it first)", status.ID,
			strings.ToLower(string(status.Status))), "statusRecord")
	case !eligible(status):
		v.add(CodeInvalid, "an open packet's status record cannot declare a resolution: this claim's binding is RESOLVES", "statusRecord")
	}
	if resolution != nil && !s.isAnswer(resolution) {
		v.add(CodeInvalid, "a resolution record is an answer: a claim of type claim, established, whose current binding is RESOLVES, not superseded",
			"resolutionRecord")
	}
	if headline != nil {
		chosen := &ent.Problem{StatusRecordID: nonEmpty(in.StatusRecord), ResolutionRecordID: nonEmpty(in.ResolutionRecord)}
		name := "statusRecord"
		if resolved {
			name = "resolutionRecord"
		}
		if h := PresentationOf(chosen, s.claims).Headline; h == nil || h.ID != headline.ID {
			v.add(CodeInvalid, fmt.Sprintf("headlineRecord is an alias and must name the same claim as %s", name), "headlineRecord")
		}
	}
	return v.err()
}

// nonEmpty is nil for a blank string, else the trimmed string.
func nonEmpty(s string) *string {
	if s = strings.TrimSpace(s); s == "" {
		return nil
	}
	return &s
}
