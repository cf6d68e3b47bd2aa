package policy

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/account"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/gaterun"
	"github.com/theoremdb/theoremdb/ent/goldanswer"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/lanes/gold"
	"github.com/theoremdb/theoremdb/role"
)

// Blind gold for people (AutoQA "Monitor": blind gold, auto-accepts and agreements included).
// Each reviewer's queue holds Config.PeopleGold gold packets a day (THEOREMDB_PEOPLE_GOLD), drawn for them from the gold
// set the lanes are measured on (clean packets whose right answer is qualify — the auto-accepts
// and agreements — planted defects and decided ones). A gold item is listed and reviewed as an
// ordinary item: its ID has the shape of a problem's, its page is the review page, and nothing
// in it says what any machine made of it. The reviewer's decision is recorded as a GoldAnswer,
// graded against the packet's known answer, and decides nothing about any problem; each
// reviewer's accuracy on gold is reported with its Wilson interval, as the lanes' is.

// goldFor draws the gold packets in reviewer a's queue on now's UTC day: a deterministic draw by
// the reviewer and the day, leaving out packets they answered.
func (s *Service) goldFor(ctx context.Context, a *ent.Account, now time.Time) ([]*gold.Packet, error) {
	if s.cfg.PeopleGold <= 0 || a == nil {
		return nil, nil
	}
	set, err := gold.Load()
	if err != nil {
		return nil, err
	}
	answered, err := s.client.GoldAnswer.Query().Where(goldanswer.ReviewerID(a.ID)).Select(goldanswer.FieldPacketID).Strings(ctx)
	if err != nil {
		return nil, fmt.Errorf("gold: %w", err)
	}
	// Packets built from one base share its problem ID: a reviewer sees each ID at most once.
	seen := map[string]bool{}
	for _, id := range answered {
		if p, ok := set.Packet(id); ok {
			seen[p.Input.Packet.ProblemID] = true
		}
	}
	// A packet whose ID a real problem has taken is left out: the record wins.
	var ids []string
	for _, p := range set.For(lanes.MathCritique) {
		ids = append(ids, p.Input.Packet.ProblemID)
	}
	taken, err := s.client.Problem.Query().Where(problem.IDIn(ids...)).IDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("gold: %w", err)
	}
	for _, id := range taken {
		seen[id] = true
	}
	var pool []*gold.Packet
	for _, p := range set.For(lanes.MathCritique) {
		if !seen[p.Input.Packet.ProblemID] {
			pool = append(pool, p)
		}
	}
	day := now.UTC().Format(time.DateOnly)
	rank := func(p *gold.Packet) uint64 {
		h := sha256.Sum256([]byte("people-gold|" + a.ID + "|" + day + "|" + p.ID))
		return binary.BigEndian.Uint64(h[:8])
	}
	slices.SortFunc(pool, func(x, y *gold.Packet) int {
		rx, ry := rank(x), rank(y)
		switch {
		case rx < ry:
			return -1
		case rx > ry:
			return 1
		}
		return 0
	})
	var out []*gold.Packet
	for _, p := range pool {
		if len(out) == s.cfg.PeopleGold {
			break
		}
		if !seen[p.Input.Packet.ProblemID] {
			seen[p.Input.Packet.ProblemID] = true
			out = append(out, p)
		}
	}
	return out, nil
}

// goldItemOf is the queue item of a gold packet on now's day: an ordinary-looking item in its
// challenge period, its deadline drawn from the packet within the week.
func goldItemOf(p *gold.Packet, now time.Time, can Permissions) ReviewItem {
	h := sha256.Sum256([]byte("deadline|" + p.ID))
	left := time.Duration(binary.BigEndian.Uint64(h[:8])%(6*24)+12) * time.Hour
	deadline := now.UTC().Truncate(time.Hour).Add(left)
	in := p.Input.Packet
	it := ReviewItem{ID: in.ProblemID, Title: in.Title, Deadline: deadline, SubmittedAt: deadline.Add(-7 * 24 * time.Hour),
		Revision: max(in.Number, 1), Checks: goldSummary(p), Can: can}
	it.SourceBacked = !in.ReferenceSearch.CheckedOn.IsZero() && slices.ContainsFunc(in.References, func(r gates.Reference) bool { return r.Role == "PRIMARY" })
	return it
}

// goldSummary sums up a gold packet's gates as a queue item's checks.
func goldSummary(p *gold.Packet) CheckSummary {
	var c CheckSummary
	for _, g := range p.Input.Gates {
		switch string(g.Outcome) {
		case "FAIL":
			c.Failing++
		case "PENDING":
			c.Pending++
		}
		for _, f := range g.Findings {
			if f.Verdict == "NEEDS_HUMAN" || f.Verdict == "UNKNOWN" {
				c.NeedsHuman++
			}
		}
	}
	c.Outcome = gaterun.OutcomePASS
	switch {
	case c.Failing > 0:
		c.Outcome = gaterun.OutcomeFAIL
	case c.NeedsHuman > 0:
		c.Outcome = gaterun.OutcomeNEEDS_HUMAN
	}
	return c
}

// goldPacketFor is the gold item with this ID in a's queue today, if there is one.
func (s *Service) goldPacketFor(ctx context.Context, a *ent.Account, ref string) (*gold.Packet, error) {
	if !CanReview(a) {
		return nil, nil
	}
	ps, err := s.goldFor(ctx, a, s.Now())
	if err != nil {
		return nil, err
	}
	for _, p := range ps {
		if strings.EqualFold(p.Input.Packet.ProblemID, strings.TrimSpace(ref)) {
			return p, nil
		}
	}
	return nil, nil
}

// GoldProblemView is the review page's view of a gold item in a's queue, or nil when ref is
// none: the packet as an ordinary problem in its challenge period, with its checks, and nothing
// of any machine's provisional verdict.
func (s *Service) GoldProblemView(ctx context.Context, a *ent.Account, ref string) (*ProblemView, error) {
	p, err := s.goldPacketFor(ctx, a, ref)
	if err != nil || p == nil {
		return nil, err
	}
	now := s.Now()
	it := goldItemOf(p, now, Permissions{Review: true})
	in := p.Input.Packet
	v := &ProblemView{ID: in.ProblemID, Title: in.Title, Number: goldNumber(in.ProblemID), State: StateProspecting,
		AcceptanceKind: string(in.Acceptance.Kind), ProvenanceKind: string(in.Provenance.Kind), SubmittedAt: it.SubmittedAt,
		Deadline: it.Deadline, InChallenge: true, Can: it.Can, CheckSummary: it.Checks}
	v.Revision = RevisionView{ID: in.RevisionID, Number: it.Revision, Title: in.Title, Statement: in.Statement,
		Exposition: in.Exposition, Acceptance: in.Acceptance, Provenance: in.Provenance, ReferenceSearch: in.ReferenceSearch,
		OpenStatus: in.OpenStatus, Hero: in.Hero, Computation: in.Computation, Tags: in.Tags, CreatedAt: it.SubmittedAt}
	v.Revisions = []RevisionView{v.Revision}
	for i, r := range in.References {
		v.References = append(v.References, ReferenceView{ID: fmt.Sprintf("%s-ref-%d", in.RevisionID, i), Citation: r.Citation,
			Locator: r.Locator, Relevance: r.Relevance, Role: r.Role, Source: SourceView{Identifier: r.Identifier, Kind: r.Kind},
			Confirmation: r.Confirmation, ConfirmationReason: r.ConfirmationReason, LocatorConfirmed: r.LocatorConfirmed})
	}
	for _, g := range p.Input.Gates {
		cv := CheckView{Gate: string(g.Gate), Version: g.Version, Outcome: string(g.Outcome)}
		for i, f := range g.Findings {
			cv.Findings = append(cv.Findings, FindingView{ID: fmt.Sprintf("fnd_%s_%s_%d", strings.TrimPrefix(p.ID, gold.IDPrefix), g.Gate, i),
				Check: f.Check, Policy: Version, Verdict: string(f.Verdict), Behaviour: f.Behaviour, Fix: f.Fix, Field: f.Field, Quote: f.Quote,
				Criterion: criterionOf(f.Check)})
		}
		v.Checks = append(v.Checks, cv)
	}
	return v, nil
}

func criterionOf(check string) string {
	if c, ok := CheckNamed(check); ok {
		return c.Criterion
	}
	return ""
}

func goldNumber(id string) int {
	n := 0
	for _, r := range strings.TrimPrefix(id, "TDB-") {
		if r < '0' || r > '9' {
			return 0
		}
		n = n*10 + int(r-'0')
	}
	return n
}

// RecordGoldDecision records a reviewer's decision on a gold item in their queue, graded against
// the packet's known answer. It returns false when ref is no gold item of theirs today.
func (s *Service) RecordGoldDecision(ctx context.Context, a *ent.Account, ref, actionName string) (bool, error) {
	p, err := s.goldPacketFor(ctx, a, ref)
	if err != nil || p == nil {
		return false, err
	}
	action := decision.Action(strings.ToUpper(strings.TrimSpace(actionName)))
	if decision.ActionValidator(action) != nil {
		return true, refuse(CodeInvalid, "choose qualify, keep prospecting, archive or merge", "action")
	}
	rec := lanes.Recommendation(strings.ToLower(string(action)))
	accept := p.Expect[lanes.MathCritique].Accept
	right := slices.Contains(accept, rec)
	reason := fmt.Sprintf("decided %s; the known answer is %s", rec, strings.Join(recWords(accept), " or "))
	err = s.client.GoldAnswer.Create().SetReviewerID(a.ID).SetPacketID(p.ID).SetAction(string(action)).SetRight(right).
		SetReason(reason).SetCreatedAt(s.Now()).Exec(ctx)
	if ent.IsConstraintError(err) {
		return true, nil // answered already: the first answer stands
	}
	if err != nil {
		return true, fmt.Errorf("gold answer: %w", err)
	}
	return true, nil
}

func recWords(rs []lanes.Recommendation) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = string(r)
	}
	return out
}

// ReviewerGoldRow is one reviewer's accuracy on blind gold.
type ReviewerGoldRow struct {
	Handle string // "@handle"
	Right  Share
}

// ReviewerGold is each reviewer's accuracy on blind gold answered in [since, until), by handle:
// it names reviewers, so only the roles that see reviewers read it (SeesReviewers).
func (s *Service) ReviewerGold(ctx context.Context, actor *ent.Account, since, until time.Time) ([]ReviewerGoldRow, error) {
	if !SeesReviewers(actor) {
		return nil, fmt.Errorf("reviewers' gold accuracy names reviewers: %w", ErrForbidden)
	}
	as, err := s.client.GoldAnswer.Query().Where(goldanswer.CreatedAtGTE(since), goldanswer.CreatedAtLT(until)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("gold answers: %w", err)
	}
	right, total := map[string]int{}, map[string]int{}
	for _, a := range as {
		total[a.ReviewerID]++
		if a.Right {
			right[a.ReviewerID]++
		}
	}
	ids := make([]string, 0, len(total))
	for id := range total {
		ids = append(ids, id)
	}
	accs, err := s.client.Account.Query().Where(account.IDIn(ids...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("gold answers: %w", err)
	}
	out := make([]ReviewerGoldRow, 0, len(accs))
	for _, acc := range accs {
		if !role.Has(acc.Roles, role.Reviewer) && !role.Has(acc.Roles, role.Operator) {
			continue
		}
		out = append(out, ReviewerGoldRow{Handle: "@" + acc.Handle, Right: shareOf(right[acc.ID], total[acc.ID])})
	}
	slices.SortFunc(out, func(a, b ReviewerGoldRow) int { return strings.Compare(a.Handle, b.Handle) })
	return out, nil
}
