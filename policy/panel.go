package policy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/claim"
	"github.com/theoremdb/theoremdb/ent/gaterun"
	"github.com/theoremdb/theoremdb/ent/hold"
	"github.com/theoremdb/theoremdb/ent/lanereview"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/publicationgate"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
)

// Events of agent-assisted review.
const (
	KindLaneReviewed            = "lane.reviewed"
	KindPublicationGateRecorded = "publication_gate.recorded"
	// AuthorityPublicationGate is the authority of the panel's records and its holds.
	AuthorityPublicationGate = "publication_gate"
)

// Recommendations of a publication_gate record beside the gate's two routes: NONE when the gate
// is closed (a switch is off), and the problem takes the ordinary human path.
const RecommendationNone = "NONE"

// ErrGatesPending: a revision's deterministic gates have not all run, so the panel waits.
var ErrGatesPending = errors.New("the revision's gates have not all run")

// PanelConfig is what the panel needs beyond the database.
type PanelConfig struct {
	// Build makes the lane a registered configuration describes (lanes.New when nil).
	Build func(lanes.Config) (lanes.Lane, error)
	// FreshnessWindow is how old the dated search may be (gates.DefaultFreshnessWindow when zero).
	FreshnessWindow time.Duration
	// AuditSeed draws the audit sample (THEOREMDB_AUDIT_SEED); keep it secret.
	AuditSeed []byte
	// DefectLimit is how many failed reviews of one lane and prompt version in a UTC week close
	// the agent-review switch (3 when zero).
	DefectLimit int
	// Paraphrase runs the panel a second time on the packet reworded by the system
	// (lanes.PanelInput.Reworded); a role whose recommendation flips tags the item contested.
	// The second answers are compared, not stored, and decide nothing.
	Paraphrase bool
}

// PublicationGateLane is a lane as the public record names it.
type PublicationGateLane struct {
	Role          string `json:"role"`
	Provider      string `json:"provider"`
	ModelVersion  string `json:"modelVersion"`
	PromptVersion string `json:"promptVersion"`
	Identity      string `json:"identity"`
	Audit         bool   `json:"audit,omitempty"`
}

// PublicationGateView is the public publication_gate record.
type PublicationGateView struct {
	Version        int
	GateVersion    string
	RevisionID     string
	Recommendation string
	Lanes          []PublicationGateLane
	Switches       Switches
	SearchWindow   int // days
	AuditState     string
	ReasonCodes    []string
	RecordedAt     time.Time
}

// ViewOfPublicationGate decodes a stored record.
func ViewOfPublicationGate(g *ent.PublicationGate) *PublicationGateView {
	v := &PublicationGateView{Version: g.Version, GateVersion: g.GateVersion, RevisionID: g.RevisionID,
		Recommendation: g.Recommendation, SearchWindow: g.SearchWindowDays, AuditState: g.AuditState, RecordedAt: g.CreatedAt}
	_ = json.Unmarshal([]byte(g.Lanes), &v.Lanes)
	_ = json.Unmarshal([]byte(g.Switches), &v.Switches)
	_ = json.Unmarshal([]byte(g.ReasonCodes), &v.ReasonCodes)
	if v.Lanes == nil {
		v.Lanes = []PublicationGateLane{}
	}
	if v.ReasonCodes == nil {
		v.ReasonCodes = []string{}
	}
	return v
}

// PublicationGateOf is the newest publication_gate record of a problem, or nil.
func (s *Service) PublicationGateOf(ctx context.Context, ref string) (*PublicationGateView, error) {
	pk, err := s.ProblemPacket(ctx, ref)
	if err != nil {
		return nil, err
	}
	return pk.PublicationGate, nil
}

// RunPanel runs agent-assisted review on a revision once its gates have run: the three roles
// in isolation, the review gate, the audit selector and the audit lane, and records the
// publication_gate record. A recommendation never accepts early (policy v5): it stays on the
// record until the deadline. Anything the gate does not pass holds the problem for staff
// (administrator_review). It returns nil when there is nothing to review (the revision is not
// current, the problem not prospecting, or a record exists), and ErrGatesPending while gates
// are still to run.
func (s *Service) RunPanel(ctx context.Context, revisionID string, cfg PanelConfig) (*PublicationGateView, error) {
	if cfg.Build == nil {
		cfg.Build = func(c lanes.Config) (lanes.Lane, error) { return lanes.New(c) }
	}
	rev, err := s.client.Revision.Get(ctx, revisionID)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("panel: %w", err)
	}
	pk, err := s.ProblemPacket(ctx, rev.ProblemID)
	if err != nil {
		return nil, err
	}
	p := pk.Problem
	if p.State != problem.StatePROSPECTING || deref(p.CurrentRevisionID) != revisionID {
		return nil, nil
	}
	if done, err := s.client.PublicationGate.Query().Where(publicationgate.RevisionID(revisionID)).Exist(ctx); err != nil || done {
		return nil, err
	}
	cur := p.Edges.CurrentRevision
	runs := pk.Checks
	for _, r := range runs {
		if r.Outcome == gaterun.OutcomePENDING {
			return nil, ErrGatesPending
		}
	}
	sw, err := s.Switches(ctx)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	in := ReviewGateInput{Now: now, FreshnessWindow: cfg.FreshnessWindow,
		Switches: ReviewSwitches{Master: sw.Master, AgentReview: sw.AgentReview, AuditLane: sw.AuditLane}}
	if in.FreshnessWindow <= 0 {
		in.FreshnessWindow = gates.DefaultFreshnessWindow
	}
	if !sw.GateOpen() {
		// A closed gate reviews nothing: its record says which switch closed it, and only that.
		res := ReviewGate(in)
		res.Reasons = slices.DeleteFunc(res.Reasons, func(r ReviewReason) bool {
			return r.Code != ReasonMasterSwitchOff && r.Code != ReasonAgentReviewOff
		})
		return s.recordPublicationGate(ctx, p, revisionID, RecommendationNone, res, nil, sw, false)
	}

	panelIn := panelInput(cur, runs, p.Edges.Claims)
	in.PacketDigest = panelIn.Digest()
	s.recordInput(ctx, &in, p, cur, runs)
	reviews, err := s.reviewPanel(ctx, &in, p.ID, revisionID, panelIn, cfg, sw, true)
	if err != nil {
		return nil, err
	}
	res := ReviewGate(in)
	rec := string(res.Route)
	view, err := s.recordPublicationGate(ctx, p, revisionID, rec, res, reviews, sw, res.Route == RouteAdministratorReview)
	if err != nil {
		return nil, err
	}
	return view, s.closeOnRepeatedDefects(ctx, reviews, cfg.DefectLimit)
}

// reviewPanel calls the panel's lanes on panelIn, and the audit lane when the selector picks an
// otherwise qualifying recommendation, filling in's panel and audit. With store, each review is
// recorded (RunPanel); without, nothing is written (DryRunPanel).
func (s *Service) reviewPanel(ctx context.Context, in *ReviewGateInput, problemID, revisionID string, panelIn lanes.PanelInput,
	cfg PanelConfig, sw Switches, store bool) ([]*ent.LaneReview, error) {
	byRole, _, err := s.panelLanes(ctx)
	if err != nil {
		return nil, err
	}
	status, err := registerStatuses(ctx, s.client)
	if err != nil {
		return nil, err
	}
	var panel lanes.Panel
	slots := []*lanes.Lane{&panel.PriorArt, &panel.MathCritique, &panel.FormalReadiness}
	for i, role := range lanes.PanelRoles {
		if l := byRole[role]; l != nil {
			if built, err := cfg.Build(LaneConfig(l)); err == nil {
				*slots[i] = built
			}
		}
	}
	var reviews []*ent.LaneReview
	keep := func(l *ent.Lane, r *lanes.Result, audit bool) error {
		if !store {
			return nil
		}
		lr, err := s.storeLaneReview(ctx, l, problemID, revisionID, r, audit)
		if err == nil {
			reviews = append(reviews, lr)
		}
		return err
	}
	results, err := panel.Run(ctx, panelIn)
	if err != nil {
		return reviews, nil // no lane could be called: the gate finds the panel incomplete
	}
	for i, r := range results {
		if err := keep(byRole[lanes.PanelRoles[i]], r, false); err != nil {
			return nil, err
		}
		in.Panel = append(in.Panel, registerGateReview(byRole[lanes.PanelRoles[i]], r, status))
	}
	if store {
		var again []*lanes.Result
		if cfg.Paraphrase {
			again, _ = panel.Run(ctx, panelIn.Reworded())
		}
		if err := s.tagContested(ctx, problemID, revisionID, results, again); err != nil {
			return nil, err
		}
	}
	if !OtherwiseQualifies(*in) {
		return reviews, nil
	}
	sel, err := s.selectAudit(ctx, problemID, in.Now, cfg.AuditSeed)
	if err != nil {
		return nil, err
	}
	in.AuditSelected = sel
	al := byRole[lanes.Audit]
	if !sel || !sw.AuditLane || al == nil {
		return reviews, nil
	}
	audit, err := cfg.Build(LaneConfig(al))
	if err != nil {
		return reviews, nil
	}
	if r, _ := lanes.RunAudit(ctx, audit, panelIn, results); r != nil {
		if err := keep(al, r, true); err != nil {
			return nil, err
		}
		g := registerGateReview(al, r, status)
		in.Audit = &g
	}
	return reviews, nil
}

// recordInput fills the record's part of the gate's input from the revision and its checks.
func (s *Service) recordInput(ctx context.Context, in *ReviewGateInput, p *ent.Problem, rev *ent.Revision, runs []*ent.GateRun) {
	refs := rev.Edges.References
	in.IntakeValid = rev.Title != "" && rev.Statement != "" && rev.Acceptance.Kind != "" && rev.Provenance.Kind != ""
	in.StructuredReferences = len(refs)
	in.PrimarySource = slices.ContainsFunc(refs, func(r *ent.Reference) bool { return r.Role == reference.RolePRIMARY && !r.Rejected })
	if rs := rev.ReferenceSearch; !rs.CheckedOn.IsZero() {
		in.DatedSearch, in.SearchCheckedOn = true, rs.CheckedOn
	}
	in.RightsBasis = strings.TrimSpace(rev.Provenance.RightsBasis)
	for _, r := range runs {
		gr := GateRunInput{Gate: gates.Name(r.Gate), Outcome: gates.Outcome(r.Outcome), Reason: r.Reason}
		for _, f := range r.Edges.Findings {
			gr.Findings = append(gr.Findings, GateCheckFinding{Check: f.Check, Verdict: gates.Verdict(f.Verdict)})
			if r.Gate != gaterun.GateDUPLICATE || gates.Verdict(f.Verdict) == gates.Pass {
				continue
			}
			if _, byRole := ConfirmingRole(f.Check); byRole && gates.Verdict(f.Verdict) == gates.NeedsHuman {
				continue // a judgement the prior-art role makes, not a candidate for staff
			}
			in.UnresolvedPriorArt++
			if f.Check == "duplicate.near-duplicate" && gates.Verdict(f.Verdict) == gates.Fail {
				in.DirectDuplicate = true
			}
		}
		in.Gates = append(in.Gates, gr)
	}
	for _, c := range p.Edges.Claims {
		if EstablishedResolves(c, c.Edges.Bindings) {
			in.ResolvingClaim = true
		}
	}
	// The page shows the neutral generated figure: the proposer's bespoke flag is a request, and
	// bespoke art reaches a public page only after a registered asset pair passes a reviewer's
	// check for the problem with its rights basis, which no revision field can claim.
	in.NeutralVisualAssigned, in.BespokeArtReviewed = true, false
	if stops, err := s.OpenStops(ctx); err == nil {
		_, in.BatchStopped = stops[BatchSource(p, rev)]
	}
	// A community flag is no dispute: it opens a moderation case and never holds the problem or
	// pauses its clock (POLICY.md section 4), so an open flag does not set Disputed. An open
	// appeal is: that is human work.
	if open, err := s.openAppeal(ctx, p.ID); err != nil || open {
		in.Disputed = true // an appeal that cannot be read is not assumed closed
	}
}

// panelInput is what each role sees: the revision, its gates' outcomes, the claims and the
// submitter's evidence (the cited sources as cited, the dated search).
func panelInput(rev *ent.Revision, runs []*ent.GateRun, claims []*ent.Claim) lanes.PanelInput {
	in := lanes.PanelInput{Packet: *GateRevision(rev), Gates: []lanes.GateOutcome{}, Claims: []lanes.Claim{}, Evidence: []lanes.Evidence{}}
	for _, r := range runs {
		g := lanes.GateOutcome{Gate: gates.Name(r.Gate), Version: r.Version, Outcome: gates.Outcome(r.Outcome), Findings: []lanes.GateFinding{}}
		for _, f := range r.Edges.Findings {
			if gates.Verdict(f.Verdict) == gates.Pass {
				continue
			}
			g.Findings = append(g.Findings, lanes.GateFinding{Check: f.Check, Verdict: gates.Verdict(f.Verdict), Field: f.SpanField,
				Quote: f.SpanQuote, Behaviour: f.Behaviour, Fix: f.Fix})
		}
		if r.Reason != "" {
			g.Findings = append(g.Findings, lanes.GateFinding{Check: string(r.Gate), Verdict: gates.Unknown, Behaviour: r.Reason})
		}
		in.Gates = append(in.Gates, g)
	}
	for _, c := range claims {
		if c.Status == claim.StatusWITHDRAWN {
			continue
		}
		rel := ""
		if b := currentBinding(c, c.Edges.Bindings); b != nil {
			rel = string(b.Relation)
		}
		in.Claims = append(in.Claims, lanes.Claim{ID: c.ID, Type: string(c.ObjectType), Status: string(c.Status), Relation: rel,
			Summary: c.Summary, Superseded: c.SupersededByID != nil})
	}
	for _, r := range rev.Edges.References {
		if r.Rejected {
			continue
		}
		id := ""
		if r.Edges.Source != nil {
			id = r.Edges.Source.Identifier
		}
		in.Evidence = append(in.Evidence, lanes.Evidence{Kind: "reference", Label: id, Locator: r.Locator,
			Text: strings.TrimSpace(r.Citation + "\n" + r.Relevance)})
	}
	if rs := rev.ReferenceSearch; !rs.CheckedOn.IsZero() {
		in.Evidence = append(in.Evidence, lanes.Evidence{Kind: "search", Label: "checked on " + rs.CheckedOn.Format("2006-01-02"),
			Text: strings.Join(rs.Databases, ", ") + "\n" + strings.Join(rs.Queries, "\n") + "\n" + rs.Coverage})
	}
	return in
}

// gateReview is a lane's result as the review gate reads it.
func gateReview(l *ent.Lane, r *lanes.Result) GateReview {
	g := GateReview{Role: r.Role, Identity: r.Identity, Provider: string(r.Provider), Model: r.Model, ModelVersion: r.ModelVersion,
		PromptVersion: r.PromptVersion, PromptDigest: r.PromptDigest, Baseline: r.Baseline, PacketDigest: r.PacketDigest,
		ServedModel: r.ServedModel, Failure: r.Failure, Answer: r.Answer}
	if l != nil {
		g.LaneID = l.ID
		g.Approved = l.ApprovedAt != nil
		if cfg := LaneConfig(l); cfg.Validate() == nil {
			g.Provider = cfg.ProviderIdentity()
		}
	}
	return g
}

// storeLaneReview records one review call, with an operators' event.
func (s *Service) storeLaneReview(ctx context.Context, l *ent.Lane, problemID, revisionID string, r *lanes.Result, audit bool) (*ent.LaneReview, error) {
	if r == nil {
		return nil, nil
	}
	rec := ""
	if r.Answer != nil {
		rec = string(r.Answer.Recommendation)
	}
	laneID := ""
	if l != nil {
		laneID = l.ID
	}
	var lr *ent.LaneReview
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		var err error
		if lr, err = t.createLaneReview(ctx, laneID, problemID, revisionID, "", audit, r); err != nil {
			return err
		}
		_, err = t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityPublicationGate, kind: KindLaneReviewed,
			subject: "lane:" + laneID, payload: map[string]any{"review": lr.ID, "problem": problemID, "revision": revisionID,
				"role": string(r.Role), "identity": r.Identity, "failure": string(r.Failure), "recommendation": rec, "audit": audit}})
		return err
	})
	return lr, err
}

// createLaneReview writes one review call as its Result records it: of a problem's revision, or
// of a gold packet (goldID, with no problem).
func (t *tx) createLaneReview(ctx context.Context, laneID, problemID, revisionID, goldID string, audit bool, r *lanes.Result) (*ent.LaneReview, error) {
	answer, rec := "", ""
	if r.Answer != nil {
		b, _ := json.Marshal(r.Answer)
		answer, rec = string(b), string(r.Answer.Recommendation)
	}
	lr, err := t.LaneReview.Create().SetLaneID(laneID).SetProblemID(problemID).SetRevisionID(revisionID).SetGoldID(goldID).
		SetAudit(audit).SetIdentity(r.Identity).SetRole(lanereview.Role(r.Role)).SetProvider(string(r.Provider)).SetModel(r.Model).
		SetModelVersion(r.ModelVersion).SetPromptVersion(r.PromptVersion).SetPromptDigest(r.PromptDigest).
		SetPacketDigest(r.PacketDigest).SetInputDigest(r.InputDigest).SetRequestDigest(r.RequestDigest).
		SetAnswer(answer).SetRecommendation(rec).SetFailure(string(r.Failure)).SetDetail(r.Detail).
		SetLatencyMs(int(r.Latency / time.Millisecond)).SetAttempts(r.Attempts).SetInputTokens(r.Usage.InputTokens).
		SetOutputTokens(r.Usage.OutputTokens).SetCreatedAt(t.s.Now()).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("store lane review: %w", err)
	}
	return lr, nil
}

// selectAudit is the audit selector's verdict on this problem's recommendation, among this UTC
// week's otherwise qualifying recommendations (the records whose audit state says they were
// considered).
func (s *Service) selectAudit(ctx context.Context, problemID string, now time.Time, seed []byte) (bool, error) {
	week := WeekOf(now)
	prior, err := s.client.PublicationGate.Query().Where(publicationgate.CreatedAtGTE(week),
		publicationgate.AuditStateNotIn(string(AuditNotEligible), "")).Order(ent.Asc(publicationgate.FieldCreatedAt)).All(ctx)
	if err != nil {
		return false, fmt.Errorf("audit selector: %w", err)
	}
	cands := make([]AuditCandidate, len(prior))
	for i, g := range prior {
		cands[i] = AuditCandidate{ID: g.ID, At: g.CreatedAt}
	}
	return SelectAudit(cands, AuditCandidate{ID: problemID + "@" + now.Format(time.RFC3339Nano), At: now}, seed).Selected, nil
}

// AuditNotEligible is the audit state of a record whose recommendation did not otherwise
// qualify, so the selector never considered it.
const AuditNotEligible AuditState = "NOT_ELIGIBLE"

// recordPublicationGate writes the public record, its event, and the staff hold when held.
func (s *Service) recordPublicationGate(ctx context.Context, p *ent.Problem, revisionID, recommendation string, res ReviewGateResult,
	reviews []*ent.LaneReview, sw Switches, held bool) (*PublicationGateView, error) {
	ls := []PublicationGateLane{}
	for _, r := range reviews {
		if r != nil {
			ls = append(ls, PublicationGateLane{Role: string(r.Role), Provider: r.Provider, ModelVersion: r.ModelVersion,
				PromptVersion: r.PromptVersion, Identity: r.Identity, Audit: r.Audit})
		}
	}
	audit := string(res.AuditState)
	if recommendation == RecommendationNone || (res.AuditState == AuditNotSelected && !otherwiseQualified(res)) {
		audit = string(AuditNotEligible)
	}
	lanesJSON, _ := json.Marshal(ls)
	swJSON, _ := json.Marshal(sw)
	codes := res.ReasonCodes()
	if codes == nil {
		codes = []string{}
	}
	codesJSON, _ := json.Marshal(codes)
	var out *ent.PublicationGate
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		lp, err := t.lockProblem(ctx, p.ID)
		if err != nil {
			return err
		}
		n, err := t.PublicationGate.Query().Where(publicationgate.ProblemID(p.ID)).Count(ctx)
		if err != nil {
			return err
		}
		if out, err = t.PublicationGate.Create().SetProblemID(p.ID).SetRevisionID(revisionID).SetVersion(n + 1).
			SetGateVersion(res.Version).SetRecommendation(recommendation).SetLanes(string(lanesJSON)).SetSwitches(string(swJSON)).
			SetSearchWindowDays(res.SearchWindow.Days).SetAuditState(audit).SetReasonCodes(string(codesJSON)).
			SetCreatedAt(t.s.Now()).Save(ctx); err != nil {
			return fmt.Errorf("publication gate: %w", err)
		}
		if _, err := t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityPublicationGate,
			kind: KindPublicationGateRecorded, subject: p.ID, payload: map[string]any{"record": out.ID, "version": out.Version,
				"revision": revisionID, "recommendation": recommendation, "auditState": audit, "reasonCodes": codes,
				"policyVersion": Version}}); err != nil {
			return err
		}
		if !held || lp.State != problem.StatePROSPECTING {
			return nil
		}
		why := make([]string, len(codes))
		for i, c := range codes {
			why[i] = ReviewGateReasons.Label(c)
		}
		_, err = t.openHold(ctx, lp, holdInput{reason: hold.ReasonAGENT_PANEL, authority: AuthorityPublicationGate,
			note: Clip("The review gate did not pass: "+strings.Join(why, "; ")+".", MaxHoldNote)})
		return err
	})
	if err != nil {
		return nil, err
	}
	return ViewOfPublicationGate(out), nil
}

// otherwiseQualified reports whether a result's only reasons are the audit's: the
// recommendation qualified but for the audit path.
func otherwiseQualified(res ReviewGateResult) bool {
	for _, r := range res.Reasons {
		if !strings.HasPrefix(string(r.Code), "AUDIT_") {
			return false
		}
	}
	return true
}

// closeOnRepeatedDefects closes the agent-review switch when one lane and prompt version has
// failed limit times this UTC week (provider failures, malformed output, refusals): repeated
// defects that share a lane or a prompt version close the gate (policy v5).
func (s *Service) closeOnRepeatedDefects(ctx context.Context, reviews []*ent.LaneReview, limit int) error {
	if limit <= 0 {
		limit = 3
	}
	week := WeekOf(s.Now())
	for _, r := range reviews {
		if r == nil || r.Failure == "" {
			continue
		}
		n, err := s.client.LaneReview.Query().Where(lanereview.LaneID(r.LaneID), lanereview.PromptVersion(r.PromptVersion),
			lanereview.FailureNEQ(""), lanereview.GoldID(""), lanereview.CreatedAtGTE(week)).Count(ctx)
		if err != nil {
			return fmt.Errorf("lane defects: %w", err)
		}
		if n < limit {
			continue
		}
		sw, err := s.Switches(ctx)
		if err != nil || !sw.AgentReview {
			return err
		}
		return s.inTx(ctx, func(ctx context.Context, t *tx) error {
			return t.setSwitch(ctx, SystemActor, AuthorityPublicationGate, SwitchAgentReview, false,
				fmt.Sprintf("%d failed reviews this week from the lane %s on prompt %s (the last: %s)", n, r.Identity, r.PromptVersion, r.Failure))
		})
	}
	return nil
}

// registerGateReview is gateReview for a lane whose register status is known: a SHADOW lane
// runs and is recorded, but only an ACTIVE one counts as approved.
func registerGateReview(l *ent.Lane, r *lanes.Result, status map[string]string) GateReview {
	g := gateReview(l, r)
	if l != nil && status[l.ID] != RegisterActive {
		g.Approved = false
	}
	return g
}
