package policy

import (
	"context"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/records"
)

// ProblemView is a problem packet as plain values, with what the viewer
// may do: what every page of a problem renders. Enumerated values are the
// stored spellings; the vocabularies label them.
type ProblemView struct {
	ID, Slug, Title     string
	Number              int
	State               string
	AcceptanceKind      string
	ProvenanceKind      string
	SubmittedAt         time.Time
	Deadline            time.Time
	AcceptedAt          *time.Time
	AcceptanceAuthority string // empty unless accepted
	RemovedAt           *time.Time
	RemovalReason       string
	MergedInto          string       // the survivor's ID, when merged
	HeroArt             *HeroArtView // the bespoke pair the page shows (Packet.HeroArt), or nil
	MergedFrom          []string     // IDs merged into this one
	Proposer            string       // handle
	StakeState          string       // empty for a trusted import
	InChallenge         bool
	Revision            RevisionView // the current one
	Revisions           []RevisionView
	References          []ReferenceView
	Decisions           []DecisionView // newest first
	Claims              []ClaimView
	Presentation        PresentationView
	Requests            []string // open revision requests, oldest first
	Events              []EventView
	AsOf                int64
	// Withheld says the problem's content (statement, revisions, references) is withheld:
	// a removed problem is a tombstone with its ID, state and the reason and date of its
	// removal (ContentWithheld). Every page reads it here rather than testing the state.
	Withheld bool
	// Holds are the open holds for staff, oldest first.
	Holds []HoldView
	// Pending is the proposed revision of an accepted problem, waiting for a reviewer.
	Pending *RevisionView
	// Checks are the current revision's gate runs; CheckSummary sums them.
	Checks       []CheckView
	CheckSummary CheckSummary
	// PublicationGate is the newest publication_gate record of agent-assisted review, or nil:
	// public review evidence, without model reasoning.
	PublicationGate *PublicationGateView
	// Can is what the viewer may do; for a reader not signed in it is
	// what signing in is offered for (OfferedOnSignIn).
	Can Permissions
}

// RevisionView is one revision.
type RevisionView struct {
	ID              string
	Number          int
	Title           string
	Statement       string
	Exposition      []packet.ExpositionEntry
	Acceptance      packet.Acceptance
	Provenance      packet.Provenance
	ReferenceSearch packet.ReferenceSearch
	OpenStatus      packet.OpenStatus
	Hero            packet.Hero
	Computation     *packet.Computation
	Tags            []string
	Note            string
	Author          string // handle
	CreatedAt       time.Time
}

// holdView flattens a hold.
func holdView(h *ent.Hold) HoldView {
	return HoldView{ID: h.ID, Reason: string(h.Reason), Authority: h.Authority, Note: h.Note,
		OpenedAt: h.OpenedAt, Claim: deref(h.ClaimID)}
}

// CheckViews flattens gate runs (with their findings loaded).
func CheckViews(runs []*ent.GateRun) []CheckView {
	out := make([]CheckView, 0, len(runs))
	for _, r := range runs {
		cv := CheckView{Gate: string(r.Gate), Version: r.Version, Outcome: string(r.Outcome), Reason: r.Reason,
			FinishedAt: r.FinishedAt}
		for _, f := range r.Edges.Findings {
			cv.Findings = append(cv.Findings, FindingView{ID: f.ID, Check: f.Check, Criterion: f.Criterion,
				Policy: f.PolicyVersion, Verdict: string(f.Verdict), Evidence: string(f.Evidence), Behaviour: f.Behaviour,
				Fix: f.Fix, Consequence: f.Consequence, Field: f.SpanField, Start: f.SpanStart, End: f.SpanEnd,
				Quote: f.SpanQuote})
		}
		out = append(out, cv)
	}
	return out
}

// HoldView is an open hold for staff.
type HoldView struct {
	ID, Reason, Authority, Note string
	OpenedAt                    time.Time
	Claim                       string // the claim that triggered it, if one did
}

// CheckView is one gate's run on the current revision.
type CheckView struct {
	Gate, Version, Outcome string
	Reason                 string // why it is UNKNOWN, when no finding says so
	FinishedAt             *time.Time
	Findings               []FindingView
}

// FindingView is one finding of a gate run.
type FindingView struct {
	ID, Check, Criterion, Policy string
	Verdict, Evidence            string
	Behaviour, Fix, Consequence  string
	Field                        string
	Start, End                   int
	Quote                        string
}

// Open reports whether the finding is one a reviewer answers by hand.
func (f FindingView) Open() bool { return f.Verdict == "NEEDS_HUMAN" || f.Verdict == "UNKNOWN" }

// ReferenceView is one reference of the current revision with its source.
type ReferenceView struct {
	ID                                 string
	Citation, Locator, Relevance, Role string
	Source                             SourceView
	// Confirmation is this reference's claim against its source's record (PENDING, CONFIRMED,
	// MISMATCH, NOT_FOUND), with the record plane's reason; LocatorConfirmed says the cited
	// place was found in the text, or a person cleared it.
	Confirmation, ConfirmationReason string
	LocatorConfirmed                 bool
}

// Unreached says the reference is unconfirmed only because the record plane could not reach
// its catalogue: nothing is known against it, and it is tried again.
func (r ReferenceView) Unreached() bool {
	return r.Confirmation == "PENDING" && strings.HasPrefix(r.ConfirmationReason, records.ReasonUnreachable)
}

// Fabricated says the record plane found the source fabricated (its record is missing, or
// contradicts what was claimed of it).
func (r ReferenceView) Fabricated() bool {
	return r.Confirmation == "MISMATCH" || r.Confirmation == "NOT_FOUND"
}

// SourceView is a cited source.
type SourceView struct {
	Identifier, Kind, Title string
	Authors                 []string
	Year                    int
	LicenceClass, Confirmed string
}

// DecisionView is a reviewer's decision with its note.
type DecisionView struct {
	ID, Action, Authority string
	ReasonCode            string
	Notes                 packet.DecisionNotes
	RevisionRequests      []string
	MergeInto             string
	Reviewer              string // handle, for a viewer who SeesReviewers; "" for anyone else
	Revision              int
	CreatedAt             time.Time
}

// ClaimView is an attached claim with its bindings.
type ClaimView struct {
	ID, ObjectType, Status, Summary, Scope string
	Source                                 string // where it is stated or proved, as its author gave it
	Author                                 string // handle; empty for a system claim
	CreatedAt                              time.Time
	Relations                              []string // oldest first
	Relation                               string   // the current one
	SupersededBy                           string
	// Answer says the claim is a machine-readable answer to the problem.
	Answer bool
	// Presented is "status" or "resolution" when the packet presents this claim as that record.
	Presented string
}

// PresentationView is which claim the packet presents.
type PresentationView struct {
	Resolved bool
	// Record is the ID of the status record (open) or the resolution record (resolved); empty
	// when no claim qualifies.
	Record   string
	Selected bool
}

// EventView is a public event of the problem.
type EventView struct {
	Seq             int64
	Kind, Authority string
	At              time.Time
	Hash            string
	// Checks, in a problem's feed, sums up a revision's gate runs on its first one.
	Checks *ChecksSummary
}

// ViewProblem returns the view of the problem a reference names, for
// viewer (nil when anonymous), with at most events of its events.
func (s *Service) ViewProblem(ctx context.Context, viewer *ent.Account, ref string, events int) (*ProblemView, error) {
	pk, err := s.ProblemPacket(ctx, ref)
	if err != nil {
		return nil, err
	}
	return pk.View(viewer, s.Now(), events), nil
}

// View flattens the packet for viewer at now, with at most events events.
func (pk *Packet) View(viewer *ent.Account, now time.Time, events int) *ProblemView {
	p := pk.Problem
	v := &ProblemView{ID: p.ID, Slug: p.Slug, Title: p.Title, Number: p.Number, State: string(p.State),
		AcceptanceKind: string(p.AcceptanceKind), ProvenanceKind: string(p.ProvenanceKind),
		SubmittedAt: p.SubmittedAt, Deadline: p.Deadline, AcceptedAt: p.AcceptedAt, RemovedAt: p.RemovedAt,
		RemovalReason: deref(p.RemovalReason), Withheld: ContentWithheld(p), MergedInto: deref(p.MergedIntoID),
		InChallenge: inChallengePeriod(p, now), AsOf: pk.AsOf,
		Can: PermissionsOn(viewer, p, now)}
	if viewer == nil {
		v.Can = OfferedOnSignIn(p)
	}
	if v.Withheld {
		return v.tombstone(pk, events)
	}
	if p.AcceptanceAuthority != nil {
		v.AcceptanceAuthority = string(*p.AcceptanceAuthority)
	}
	if p.StakeState != nil {
		v.StakeState = string(*p.StakeState)
	}
	if a := p.Edges.Proposer; a != nil {
		v.Proposer = a.Handle
	}
	for _, o := range p.Edges.MergedFrom {
		v.MergedFrom = append(v.MergedFrom, o.ID)
	}
	v.Revision = revisionView(pk.Rev())
	v.HeroArt = pk.HeroArt
	for _, r := range p.Edges.Revisions {
		v.Revisions = append(v.Revisions, revisionView(r))
	}
	for _, f := range pk.Rev().Edges.References {
		rv := ReferenceView{ID: f.ID, Citation: f.Citation, Locator: f.Locator, Relevance: f.Relevance, Role: string(f.Role),
			Confirmation: string(f.Confirmation), ConfirmationReason: f.ConfirmationReason, LocatorConfirmed: f.LocatorConfirmed}
		if src := f.Edges.Source; src != nil {
			rv.Source = SourceView{Identifier: src.Identifier, Kind: string(src.Kind), Title: src.Title, Authors: src.Authors,
				Year:         valueOf(src.Year),
				LicenceClass: string(src.LicenceClass), Confirmed: string(src.Confirmation)}
		}
		v.References = append(v.References, rv)
	}
	for _, d := range p.Edges.Decisions {
		dv := DecisionView{ID: d.ID, Action: string(d.Action), Authority: string(d.Authority), Notes: d.Notes,
			RevisionRequests: d.RevisionRequests, MergeInto: deref(d.MergeIntoID), CreatedAt: d.CreatedAt}
		if d.ReasonCode != nil {
			dv.ReasonCode = string(*d.ReasonCode)
		}
		dv.Reviewer = ReviewerShown(viewer, d.Edges.Reviewer)
		if r := d.Edges.Revision; r != nil {
			dv.Revision = r.Number
		}
		v.Decisions = append(v.Decisions, dv)
	}
	pr := pk.Presentation
	v.Presentation = PresentationView{Resolved: pr.Resolved, Selected: pr.Selected}
	if pr.Headline != nil {
		v.Presentation.Record = pr.Headline.ID
	}
	for _, c := range p.Edges.Claims {
		cv := ClaimView{ID: c.ID, ObjectType: string(c.ObjectType), Status: string(c.Status), Summary: c.Summary,
			Scope: c.Scope, Source: c.Source, CreatedAt: c.CreatedAt, SupersededBy: deref(c.SupersededByID),
			Answer: MachineReadableAnswer(c, c.Edges.Bindings)}
		if a := c.Edges.Author; a != nil {
			cv.Author = a.Handle
		}
		for _, b := range c.Edges.Bindings {
			cv.Relations = append(cv.Relations, string(b.Relation))
		}
		if b := currentBinding(c, c.Edges.Bindings); b != nil {
			cv.Relation = string(b.Relation)
		}
		switch {
		case c.ID != v.Presentation.Record:
		case pr.Resolved:
			cv.Presented = "resolution"
		default:
			cv.Presented = "status"
		}
		v.Claims = append(v.Claims, cv)
	}
	for _, q := range pk.Requests {
		v.Requests = append(v.Requests, q.Request)
	}
	for _, h := range pk.Holds {
		v.Holds = append(v.Holds, holdView(h))
	}
	v.CheckSummary = pk.Summary
	v.Checks = CheckViews(pk.Checks)
	v.PublicationGate = pk.PublicationGate
	if pr := p.Edges.PendingRevision; pr != nil {
		rv := revisionView(pr)
		v.Pending = &rv
	}
	evs, _ := pk.EventsAfter(0, events)
	for _, e := range evs {
		v.Events = append(v.Events, EventView{Seq: e.Seq, Kind: e.Kind, Authority: e.Authority, At: e.At, Hash: e.Hash})
	}
	return v
}

func revisionView(r *ent.Revision) RevisionView {
	v := RevisionView{ID: r.ID, Number: r.Number, Title: r.Title, Statement: r.Statement, Exposition: r.Exposition,
		Acceptance: r.Acceptance, Provenance: r.Provenance, ReferenceSearch: r.ReferenceSearch, Tags: r.Tags,
		OpenStatus: r.OpenStatus, Hero: HeroOf(r), Computation: r.Computation, Note: r.Note, CreatedAt: r.CreatedAt}
	if a := r.Edges.Author; a != nil {
		v.Author = a.Handle
	}
	return v
}
