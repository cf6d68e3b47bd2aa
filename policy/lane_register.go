package policy

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/lane"
	"github.com/theoremdb/theoremdb/ent/laneregisterentry"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
)

// The claim lane register (AutoQA): one row a lane, saying the claim it judges, its unit of
// analysis, the record it is admitted to read, the external sources it may use, the version of
// the outcome contract, its authority, what a false positive and a false negative cost, who owns
// ambiguity and who is accountable, and its status. A lane runs only with an entry whose status
// is SHADOW or ACTIVE, and counts toward a recommendation only when ACTIVE (and approved).
//
// Registering a lane writes its entry, SHADOW, from the role's defaults, with the registering
// operator accountable; approving a SHADOW lane makes it ACTIVE, disabling one RETIRED; an
// operator edits any entry.

// KindLaneRegisterSet is the event of an operator's change to a register entry.
const KindLaneRegisterSet = "lane.register_set"

// Register statuses.
const (
	RegisterDraft   = "DRAFT"
	RegisterShadow  = "SHADOW"
	RegisterActive  = "ACTIVE"
	RegisterRetired = "RETIRED"
)

// LaneRegisterEntry is one row of the register.
type LaneRegisterEntry struct {
	LaneID, Identity, Role                                              string
	ClaimText, UnitOfAnalysis, AdmittedRecord, PermittedExternalSources string
	OutcomeContractVersion, Authority                                   string
	FalsePositiveConsequence, FalseNegativeConsequence                  string
	AmbiguityOwner, AccountableOwner, Status                            string
	UpdatedBy                                                           string // "@handle"
	UpdatedAt                                                           time.Time
}

// Runs says whether the lane may be called at all under its status.
func (e LaneRegisterEntry) Runs() bool { return RegisterStatusRuns(e.Status) }

// RegisterStatusRuns says whether a lane with an entry of this status is called.
func RegisterStatusRuns(status string) bool {
	return status == RegisterShadow || status == RegisterActive
}

// roleClaims is the claim each role's lane judges, as its register entry first states it.
var roleClaims = map[lanes.Role]string{
	lanes.PriorArt:        "The problem is not already answered, duplicated or stated elsewhere in the literature its record cites.",
	lanes.MathCritique:    "The statement is well posed, its target determinate, and nothing in the record contradicts it.",
	lanes.FormalReadiness: "The statement can be formalised as it stands: every object, domain and quantifier is explicit.",
	lanes.Audit:           "The panel's recommendation holds on a second, independent reading, rights, safety and legal risk included.",
	lanes.JudgeRole:       "Every step of a corpus statement or proof follows from the node, its linked nodes and its sources.",
	lanes.RoundTripRole:   "The formal statement, read back into prose, says what the node's informal statement says.",
	lanes.HypothesesRole:  "Each hypothesis of a corpus statement is needed: a known counterexample shows it.",
}

// defaultRegisterEntry is the entry a newly registered lane gets.
func defaultRegisterEntry(l *ent.Lane, accountable string) LaneRegisterEntry {
	if lanes.Role(l.Role).Check() {
		return checkRegisterEntry(l, accountable)
	}
	return LaneRegisterEntry{LaneID: l.ID, Identity: l.Identity, Role: string(l.Role),
		ClaimText:                roleClaims[lanes.Role(l.Role)],
		UnitOfAnalysis:           "One problem's current revision.",
		AdmittedRecord:           "The packet the panel sends: the revision, its gates' outcomes, the attached claims, the cited sources as cited and the dated search.",
		PermittedExternalSources: "None: the lane judges only the record it is sent.",
		OutcomeContractVersion:   ReviewGateVersion + " / " + gates.PolicyVersion + " / prompt " + l.PromptVersion,
		Authority:                "Recommend only: under policy " + gates.PolicyNumber + " a recommendation never accepts early, and any doubt goes to administrator_review.",
		FalsePositiveConsequence: "A defective problem carries an early-acceptance recommendation on its public record until staff, a reviewer or the audit lane catches it.",
		FalseNegativeConsequence: "A sound problem goes to administrator_review: staff time, and the proposer waits for the deadline.",
		AmbiguityOwner:           "operators (the contract queue)",
		AccountableOwner:         accountable,
		Status:                   RegisterShadow,
	}
}

func (t *tx) writeRegisterEntry(ctx context.Context, e LaneRegisterEntry, actorID string) error {
	return t.LaneRegisterEntry.Create().SetID(e.LaneID).SetClaimText(e.ClaimText).SetUnitOfAnalysis(e.UnitOfAnalysis).
		SetAdmittedRecord(e.AdmittedRecord).SetPermittedExternalSources(e.PermittedExternalSources).
		SetOutcomeContractVersion(e.OutcomeContractVersion).SetAuthority(e.Authority).
		SetFalsePositiveConsequence(e.FalsePositiveConsequence).SetFalseNegativeConsequence(e.FalseNegativeConsequence).
		SetAmbiguityOwner(e.AmbiguityOwner).SetAccountableOwner(e.AccountableOwner).
		SetStatus(laneregisterentry.Status(e.Status)).SetUpdatedByID(actorID).SetUpdatedAt(t.s.Now()).
		OnConflictColumns(laneregisterentry.FieldID).UpdateNewValues().Exec(ctx)
}

// registerFollowsLane moves a lane's entry with the lane: approval makes a SHADOW entry ACTIVE,
// disabling makes any entry RETIRED.
func (t *tx) registerFollowsLane(ctx context.Context, kind string, l *ent.Lane, actorID string) error {
	u := t.LaneRegisterEntry.Update().Where(laneregisterentry.ID(l.ID)).SetUpdatedByID(actorID).SetUpdatedAt(t.s.Now())
	switch kind {
	case KindLaneApproved:
		u.Where(laneregisterentry.StatusEQ(laneregisterentry.StatusSHADOW)).SetStatus(laneregisterentry.StatusACTIVE)
	case KindLaneDisabled:
		u.SetStatus(laneregisterentry.StatusRETIRED)
	default:
		return nil
	}
	if _, err := u.Save(ctx); err != nil {
		return fmt.Errorf("lane register: %w", err)
	}
	return nil
}

// LaneRegister is the register (operators), by role and identity; a lane without an entry is
// not in it, and does not run.
func (s *Service) LaneRegister(ctx context.Context, actor *ent.Account) ([]LaneRegisterEntry, error) {
	ls, err := s.Lanes(ctx, actor)
	if err != nil {
		return nil, err
	}
	rows, err := s.client.LaneRegisterEntry.Query().All(ctx)
	if err != nil {
		return nil, fmt.Errorf("lane register: %w", err)
	}
	ids := make([]string, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.UpdatedByID)
	}
	handles, err := s.handlesOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := map[string]*ent.LaneRegisterEntry{}
	for _, r := range rows {
		byID[r.ID] = r
	}
	var out []LaneRegisterEntry
	for _, l := range ls {
		r := byID[l.ID]
		if r == nil {
			continue
		}
		out = append(out, LaneRegisterEntry{LaneID: l.ID, Identity: l.Identity, Role: string(l.Role), ClaimText: r.ClaimText,
			UnitOfAnalysis: r.UnitOfAnalysis, AdmittedRecord: r.AdmittedRecord, PermittedExternalSources: r.PermittedExternalSources,
			OutcomeContractVersion: r.OutcomeContractVersion, Authority: r.Authority,
			FalsePositiveConsequence: r.FalsePositiveConsequence, FalseNegativeConsequence: r.FalseNegativeConsequence,
			AmbiguityOwner: r.AmbiguityOwner, AccountableOwner: r.AccountableOwner, Status: string(r.Status),
			UpdatedBy: handles[r.UpdatedByID], UpdatedAt: r.UpdatedAt})
	}
	return out, nil
}

// SetLaneRegisterEntry writes a lane's register entry (operators): every field is required, and
// the change is an event naming the operator.
func (s *Service) SetLaneRegisterEntry(ctx context.Context, actor *ent.Account, e LaneRegisterEntry) (LaneRegisterEntry, error) {
	if !CanStaff(actor) {
		return LaneRegisterEntry{}, fmt.Errorf("the lane register is for operators: %w", ErrForbidden)
	}
	e.Status = strings.ToUpper(strings.TrimSpace(e.Status))
	if !slices.Contains([]string{RegisterDraft, RegisterShadow, RegisterActive, RegisterRetired}, e.Status) {
		return LaneRegisterEntry{}, refuse(CodeInvalid, "the status is DRAFT, SHADOW, ACTIVE or RETIRED", "status")
	}
	for _, f := range []struct {
		name string
		v    *string
	}{{"claimText", &e.ClaimText}, {"unitOfAnalysis", &e.UnitOfAnalysis}, {"admittedRecord", &e.AdmittedRecord},
		{"permittedExternalSources", &e.PermittedExternalSources}, {"outcomeContractVersion", &e.OutcomeContractVersion},
		{"authority", &e.Authority}, {"falsePositiveConsequence", &e.FalsePositiveConsequence},
		{"falseNegativeConsequence", &e.FalseNegativeConsequence}, {"ambiguityOwner", &e.AmbiguityOwner},
		{"accountableOwner", &e.AccountableOwner}} {
		*f.v = strings.TrimSpace(*f.v)
		if *f.v == "" {
			return LaneRegisterEntry{}, refuse(CodeRequired, "the register entry needs its "+f.name, f.name)
		}
		if len(*f.v) > 2000 {
			return LaneRegisterEntry{}, refuse(CodeTooLong, f.name+" is at most 2000 characters", f.name)
		}
	}
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		l, err := t.Lane.Query().Where(lane.Or(lane.ID(e.LaneID), lane.Identity(e.LaneID))).Only(ctx)
		if ent.IsNotFound(err) {
			return refuse(CodeNotFound, fmt.Sprintf("no lane %q", e.LaneID), "laneId")
		}
		if err != nil {
			return err
		}
		e.LaneID = l.ID
		if err := t.writeRegisterEntry(ctx, e, actor.ID); err != nil {
			return fmt.Errorf("lane register: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityStaff, kind: KindLaneRegisterSet,
			subject: "lane:" + l.ID, payload: registerPayload(e)})
		return err
	})
	if err != nil {
		return LaneRegisterEntry{}, err
	}
	reg, err := s.LaneRegister(ctx, actor)
	if err != nil {
		return LaneRegisterEntry{}, err
	}
	for _, r := range reg {
		if r.LaneID == e.LaneID {
			return r, nil
		}
	}
	return LaneRegisterEntry{}, fmt.Errorf("lane register: the entry of %s was not written", e.LaneID)
}

func registerPayload(e LaneRegisterEntry) map[string]any {
	return map[string]any{"lane": e.LaneID, "claimText": e.ClaimText, "unitOfAnalysis": e.UnitOfAnalysis,
		"admittedRecord": e.AdmittedRecord, "permittedExternalSources": e.PermittedExternalSources,
		"outcomeContractVersion": e.OutcomeContractVersion, "authority": e.Authority,
		"falsePositiveConsequence": e.FalsePositiveConsequence, "falseNegativeConsequence": e.FalseNegativeConsequence,
		"ambiguityOwner": e.AmbiguityOwner, "accountableOwner": e.AccountableOwner, "status": e.Status}
}

// registerStatuses maps lane IDs to their register status; a lane without an entry is absent.
func registerStatuses(ctx context.Context, c *ent.Client) (map[string]string, error) {
	rows, err := c.LaneRegisterEntry.Query().Select(laneregisterentry.FieldID, laneregisterentry.FieldStatus).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("lane register: %w", err)
	}
	out := make(map[string]string, len(rows))
	for _, r := range rows {
		out[r.ID] = string(r.Status)
	}
	return out, nil
}

// checkRegisterEntry is the entry of a lane that serves a model check of the corpus: it reads one
// node of a change request and its finding is a merge gate's, never evidence or a review.
func checkRegisterEntry(l *ent.Lane, accountable string) LaneRegisterEntry {
	e := LaneRegisterEntry{LaneID: l.ID, Identity: l.Identity, Role: string(l.Role),
		ClaimText:                roleClaims[lanes.Role(l.Role)],
		UnitOfAnalysis:           "One statement or proof of a change request.",
		AdmittedRecord:           "The node, the nodes it uses or proves and its cited sources; never the run or the writer that made it.",
		PermittedExternalSources: "None: the lane reads only what it is sent.",
		OutcomeContractVersion:   "corpus merge gates / prompt " + l.PromptVersion,
		Authority:                "A finding of a merge gate: it never raises a level and never counts as a review; a doubt goes to a person.",
		FalsePositiveConsequence: "A wrong statement or proof is merged without a person reading the step it missed.",
		FalseNegativeConsequence: "A sound node waits for a person.",
		AmbiguityOwner:           "operators (the contract queue)",
		AccountableOwner:         accountable,
		Status:                   RegisterShadow,
	}
	if lanes.Role(l.Role) == lanes.JudgeRole {
		e.Authority = "Judges only once its measured rate of rejecting wrong steps on the labelled set is at least 75% (theoremdb admin lane qualify); " + e.Authority
	}
	return e
}
