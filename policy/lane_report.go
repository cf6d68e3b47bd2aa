package policy

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/lane"
	"github.com/theoremdb/theoremdb/ent/lanereview"
	"github.com/theoremdb/theoremdb/ent/predicate"
	"github.com/theoremdb/theoremdb/ent/publicationgate"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/lanes/gold"
)

// The lane report (AutoQA "Monitor"; POLICY.md section 3): per lane, over a period, what its
// review calls cost and how they failed, how its recommendations compare with the human
// decisions that followed, how often its panels went to administrator_review and how often
// staff then changed the machine's outcome, and its accuracy on blind gold. It is read from the
// recorded LaneReview, publication_gate and Decision rows alone; nothing is stored for it.
//
// How reviews are matched:
//   - A review of a problem is compared with the first human decision (authority REVIEWER or
//     STAFF) recorded at or after the review on the same revision; when there is none, with the
//     first on the same problem (a later revision). The lane's recommendation agrees when it is
//     the decision's action (qualify, keep_prospecting, archive, merge). Decisions recorded
//     after the period still count: they are what followed the review.
//   - A lane's panel is the publication_gate record of the review's revision recorded at or
//     after the review; it escalated when its recommendation is ADMINISTRATOR_REVIEW.
//   - An escalated panel was decided by staff when a STAFF decision on its problem was recorded
//     at or after the record; staff changed the machine's outcome when that decision's action
//     is not the lane's recommendation. A lane that failed on an escalated panel had no outcome
//     to change; it is counted apart.
//   - A gold review is graded against the compiled-in gold set (GoldGrade); a failed review,
//     and one whose packet left the set or changed, is counted but not graded.

// Share is k of n with its 95% Wilson interval; Known is false when n is 0, and then there is no
// rate to show, only the fact that nothing has been measured.
type Share struct {
	Count, Of       int
	Rate, Low, High float64
}

func shareOf(k, n int) Share {
	s := Share{Count: k, Of: n}
	if n > 0 {
		s.Rate = float64(k) / float64(n)
		s.Low, s.High = wilson(k, n)
	}
	return s
}

// Known reports whether anything was measured.
func (s Share) Known() bool { return s.Of > 0 }

// Percent is the rate as "62.5%", or "—" when nothing was measured.
func (s Share) Percent() string {
	if !s.Known() {
		return "—"
	}
	return fmt.Sprintf("%.1f%%", 100*s.Rate)
}

// Interval is the Wilson interval as "41.0–80.4%", or "" when nothing was measured.
func (s Share) Interval() string {
	if !s.Known() {
		return ""
	}
	return fmt.Sprintf("%.1f–%.1f%%", 100*s.Low, 100*s.High)
}

// MarshalJSON writes an unmeasured rate and interval as null, never as 0.
func (s Share) MarshalJSON() ([]byte, error) {
	out := map[string]any{"count": s.Count, "of": s.Of, "rate": nil, "wilsonLow": nil, "wilsonHigh": nil}
	if s.Known() {
		out["rate"], out["wilsonLow"], out["wilsonHigh"] = s.Rate, s.Low, s.High
	}
	return json.Marshal(out)
}

// LaneReport is the report over [Since, Until).
type LaneReport struct {
	Since time.Time `json:"since"`
	Until time.Time `json:"until"`
	// GoldPackets is the size of the gold set the report grades against.
	GoldPackets int             `json:"goldPackets"`
	Lanes       []LaneReportRow `json:"lanes"`
}

// LaneReportRow is one lane's figures.
type LaneReportRow struct {
	LaneID   string `json:"laneId"`
	Identity string `json:"identity"`
	Role     string `json:"role"`
	// Provider is openai, anthropic or baseline; ProviderIdentity adds the host.
	Provider         string `json:"provider"`
	ProviderIdentity string `json:"providerIdentity"`
	Model            string `json:"model"`
	ModelVersion     string `json:"modelVersion"`
	PromptVersion    string `json:"promptVersion"`
	Enabled          bool   `json:"enabled"`
	Approved         bool   `json:"approved"`
	Baseline         bool   `json:"baseline"`

	// Calls are all its review calls in the period: Reviews of problems (panel and audit) and
	// GoldReviews.
	Calls       int `json:"calls"`
	Reviews     int `json:"reviews"`
	GoldReviews int `json:"goldReviews"`
	// Failed calls, by class.
	Failed   int            `json:"failed"`
	Failures []FailureCount `json:"failures"`
	// LatencyMean and LatencyP95 are over the calls that reached the lane's provider (or the
	// baseline), failed ones included.
	LatencyMean  time.Duration `json:"latencyMeanNs"`
	LatencyP95   time.Duration `json:"latencyP95Ns"`
	InputTokens  int           `json:"inputTokens"`
	OutputTokens int           `json:"outputTokens"`

	Agreement  LaneAgreement  `json:"agreement"`
	Escalation LaneEscalation `json:"escalation"`
	Gold       LaneGold       `json:"gold"`
}

// Notes are the sentences that say what the row's figures rest on: how the comparisons were
// matched, why a figure is missing, the recommendation-by-decision counts and the gold by kind.
// The report's transports show them as they are.
func (r LaneReportRow) Notes() []string {
	var out []string
	if a := r.Agreement; a.ByProblem > 0 {
		out = append(out, fmt.Sprintf("%d compared with a decision on the reviewed revision, %d with one on a later revision.",
			a.ByRevision, a.ByProblem))
	}
	for _, n := range []string{r.Agreement.Note, r.Escalation.Note, r.Escalation.ChangeNote, r.Gold.Note} {
		if n != "" {
			out = append(out, n)
		}
	}
	if len(r.Agreement.Pairs) > 0 {
		ps := make([]string, 0, len(r.Agreement.Pairs))
		for _, p := range r.Agreement.Pairs {
			ps = append(ps, fmt.Sprintf("%s → %s: %d", p.Lane, p.Human, p.Count))
		}
		out = append(out, "Recommended → decided: "+strings.Join(ps, "; ")+".")
	}
	if len(r.Gold.ByKind) > 0 {
		ks := make([]string, 0, len(r.Gold.ByKind))
		for _, k := range r.Gold.ByKind {
			ks = append(ks, fmt.Sprintf("%s %d of %d", k.Kind, k.Right.Count, k.Right.Of))
		}
		g := "Right on gold by kind: " + strings.Join(ks, ", ") + "."
		if r.Gold.Failed > 0 || r.Gold.Ungraded > 0 {
			g += fmt.Sprintf(" %d failed and %d could not be graded.", r.Gold.Failed, r.Gold.Ungraded)
		}
		out = append(out, g)
	}
	return out
}

// FailureCount is the failed calls of one class, by code.
type FailureCount struct {
	Class lanes.Class   `json:"class"`
	Count int           `json:"count"`
	Codes []FailureCode `json:"codes"`
}

// FailureCode is the failed calls with one code.
type FailureCode struct {
	Failure lanes.Failure `json:"failure"`
	Count   int           `json:"count"`
}

// LaneAgreement compares the lane's recommendations with the human decisions that followed.
type LaneAgreement struct {
	// Recommended are its reviews of problems that recommended something.
	Recommended int `json:"recommended"`
	// Agreed is agreed of compared: the recommendations a human decision followed.
	Agreed Share `json:"agreed"`
	// ByRevision and ByProblem say how the compared ones were matched: a decision on the
	// reviewed revision, or (none there) on a later revision of the problem.
	ByRevision int `json:"byRevision"`
	ByProblem  int `json:"byProblem"`
	// Pairs count each lane recommendation against the human action, most frequent first.
	Pairs []AgreementPair `json:"pairs"`
	Note  string          `json:"note"`
}

// AgreementPair is how often the lane recommended Lane and a human then decided Human.
type AgreementPair struct {
	Lane  lanes.Recommendation `json:"lane"`
	Human string               `json:"human"`
	Count int                  `json:"count"`
}

// LaneEscalation is how often the lane's panels went to administrator_review, and what staff
// then did.
type LaneEscalation struct {
	// Escalated is escalated of panels.
	Escalated Share `json:"escalated"`
	// Changed is, of the escalated panels since decided by staff on which the lane recommended
	// something, those where staff decided otherwise than the lane.
	Changed Share `json:"changed"`
	// NoRecommendation are escalated panels decided by staff on which the lane failed.
	NoRecommendation int `json:"noRecommendation"`
	// Note says what the escalation rate rests on; ChangeNote what the change rate rests on
	// (and says so when staff never changed an outcome).
	Note       string `json:"note"`
	ChangeNote string `json:"changeNote"`
}

// LaneGold is the lane's accuracy on blind gold.
type LaneGold struct {
	Reviews  int `json:"reviews"`
	Failed   int `json:"failed"`
	Ungraded int `json:"ungraded"`
	// Right is right of graded.
	Right  Share           `json:"right"`
	ByKind []GoldKindShare `json:"byKind"`
	Note   string          `json:"note"`
}

// GoldKindShare is the accuracy on one kind of gold packet.
type GoldKindShare struct {
	Kind  gold.Kind `json:"kind"`
	Right Share     `json:"right"`
}

// DefaultReportDays is the length of a report's period when only its end, or nothing, is given.
const DefaultReportDays = 30

// ReportPeriod reads a report's period as an operator writes it: each end a date (YYYY-MM-DD,
// UTC; the end date is included) or an RFC 3339 time; an empty end is now, an empty start
// DefaultReportDays before the end. A bad value is a refusal naming "since" or "until".
func ReportPeriod(since, until string, now time.Time) (time.Time, time.Time, error) {
	read := func(s, field string, end bool) (time.Time, error) {
		s = strings.TrimSpace(s)
		if s == "" {
			return time.Time{}, nil
		}
		if d, err := time.Parse(time.DateOnly, s); err == nil {
			if end {
				d = d.AddDate(0, 0, 1)
			}
			return d, nil
		}
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			return time.Time{}, refuse(CodeInvalid, fmt.Sprintf("%q is neither a date (YYYY-MM-DD) nor an RFC 3339 time", Clip(s, 40)), field)
		}
		return t.UTC(), nil
	}
	to, err := read(until, "until", true)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	if to.IsZero() {
		to = now.UTC()
	}
	from, err := read(since, "since", false)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	if from.IsZero() {
		from = to.AddDate(0, 0, -DefaultReportDays)
	}
	if !to.After(from) {
		return time.Time{}, time.Time{}, refuse(CodeInvalid, "the period ends before it starts", "until")
	}
	return from, to, nil
}

// inChunks calls f on ids in slices small enough for a query's IN list.
func inChunks(ids []string, f func([]string) error) error {
	const size = 500
	for len(ids) > 0 {
		n := min(size, len(ids))
		if err := f(ids[:n]); err != nil {
			return err
		}
		ids = ids[n:]
	}
	return nil
}

// LaneReport reports every registered lane's reviews made in [since, until) (operators). A zero
// until means now.
func (s *Service) LaneReport(ctx context.Context, actor *ent.Account, since, until time.Time) (*LaneReport, error) {
	if !CanStaff(actor) {
		return nil, fmt.Errorf("the lane report needs the operator role: %w", ErrForbidden)
	}
	return s.laneReport(ctx, since, until)
}

// laneReport is LaneReport for the policy itself (the drift sensor).
func (s *Service) laneReport(ctx context.Context, since, until time.Time) (*LaneReport, error) {
	if until.IsZero() {
		until = s.Now()
	}
	if !until.After(since) {
		return nil, refuse(CodeInvalid, "the period ends before it starts", "until")
	}
	set, err := gold.Load()
	if err != nil {
		return nil, err
	}
	registered, err := s.client.Lane.Query().Where(lane.RoleIn(panelAndAudit()...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("lane report: %w", err)
	}
	// Every review of the period without its answer and detail, which only gold reviews need.
	period := []predicate.LaneReview{lanereview.CreatedAtGTE(since), lanereview.CreatedAtLT(until)}
	reviews, err := s.client.LaneReview.Query().Where(period...).Order(ent.Asc(lanereview.FieldCreatedAt), ent.Asc(lanereview.FieldID)).
		Select(lanereview.FieldLaneID, lanereview.FieldProblemID, lanereview.FieldRevisionID, lanereview.FieldGoldID,
			lanereview.FieldIdentity, lanereview.FieldRole, lanereview.FieldProvider, lanereview.FieldModel,
			lanereview.FieldModelVersion, lanereview.FieldPromptVersion, lanereview.FieldPacketDigest,
			lanereview.FieldRecommendation, lanereview.FieldFailure, lanereview.FieldLatencyMs, lanereview.FieldAttempts,
			lanereview.FieldInputTokens, lanereview.FieldOutputTokens, lanereview.FieldCreatedAt).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("lane report: %w", err)
	}
	answers, err := s.client.LaneReview.Query().Where(append(period, lanereview.GoldIDNEQ(""))...).
		Select(lanereview.FieldAnswer).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("lane report gold: %w", err)
	}
	answerOf := make(map[string]string, len(answers))
	for _, a := range answers {
		answerOf[a.ID] = a.Answer
	}
	for _, r := range reviews {
		if r.GoldID != "" {
			r.Answer = answerOf[r.ID]
		}
	}
	decisions, records, err := s.followers(ctx, reviews)
	if err != nil {
		return nil, err
	}

	rows := map[string]*laneTally{}
	for _, l := range registered {
		cfg := LaneConfig(l)
		rows[l.ID] = &laneTally{row: LaneReportRow{LaneID: l.ID, Identity: l.Identity, Role: string(l.Role), Provider: l.Provider,
			ProviderIdentity: cfg.ProviderIdentity(), Model: l.Model, ModelVersion: l.ModelVersion, PromptVersion: l.PromptVersion,
			Enabled: l.Enabled, Approved: l.ApprovedAt != nil, Baseline: l.Provider == string(lanes.Baseline)}}
	}
	for _, r := range reviews {
		t := rows[r.LaneID]
		if t == nil { // a review whose lane is not registered: named as the review recorded it
			t = &laneTally{row: LaneReportRow{LaneID: r.LaneID, Identity: r.Identity, Role: string(r.Role), Provider: r.Provider,
				ProviderIdentity: r.Provider, Model: r.Model, ModelVersion: r.ModelVersion, PromptVersion: r.PromptVersion,
				Baseline: r.Provider == string(lanes.Baseline)}}
			rows[r.LaneID] = t
		}
		t.add(r, set, decisions, records)
	}
	out := &LaneReport{Since: since, Until: until, GoldPackets: len(set.Packets)}
	for _, t := range rows {
		out.Lanes = append(out.Lanes, t.finish())
	}
	roleIndex := func(r string) int { return slices.Index(lanes.Roles, lanes.Role(r)) }
	sort.Slice(out.Lanes, func(i, j int) bool {
		a, b := out.Lanes[i], out.Lanes[j]
		if ra, rb := roleIndex(a.Role), roleIndex(b.Role); ra != rb {
			return ra < rb
		}
		return a.Identity < b.Identity
	})
	return out, nil
}

// followers reads what followed the reviews of problems: the human decisions on their problems
// (REVIEWER or STAFF, oldest first) and the publication_gate records of their revisions
// (oldest first).
func (s *Service) followers(ctx context.Context, reviews []*ent.LaneReview) (map[string][]*ent.Decision, map[string][]*ent.PublicationGate, error) {
	var problems, revisions []string
	seenP, seenR := map[string]bool{}, map[string]bool{}
	for _, r := range reviews {
		if r.GoldID != "" || r.ProblemID == "" {
			continue
		}
		if !seenP[r.ProblemID] {
			seenP[r.ProblemID] = true
			problems = append(problems, r.ProblemID)
		}
		if !seenR[r.RevisionID] {
			seenR[r.RevisionID] = true
			revisions = append(revisions, r.RevisionID)
		}
	}
	decisions := map[string][]*ent.Decision{}
	err := inChunks(problems, func(ids []string) error {
		ds, err := s.client.Decision.Query().Where(decision.ProblemIDIn(ids...),
			decision.AuthorityIn(decision.AuthorityREVIEWER, decision.AuthoritySTAFF)).
			Order(ent.Asc(decision.FieldCreatedAt), ent.Asc(decision.FieldID)).
			Select(decision.FieldProblemID, decision.FieldRevisionID, decision.FieldAction, decision.FieldAuthority,
				decision.FieldCreatedAt).All(ctx)
		for _, d := range ds {
			decisions[d.ProblemID] = append(decisions[d.ProblemID], d)
		}
		return err
	})
	if err != nil {
		return nil, nil, fmt.Errorf("lane report decisions: %w", err)
	}
	records := map[string][]*ent.PublicationGate{}
	err = inChunks(revisions, func(ids []string) error {
		gs, err := s.client.PublicationGate.Query().Where(publicationgate.RevisionIDIn(ids...)).
			Order(ent.Asc(publicationgate.FieldCreatedAt), ent.Asc(publicationgate.FieldID)).
			Select(publicationgate.FieldProblemID, publicationgate.FieldRevisionID, publicationgate.FieldRecommendation,
				publicationgate.FieldCreatedAt).All(ctx)
		for _, g := range gs {
			records[g.RevisionID] = append(records[g.RevisionID], g)
		}
		return err
	})
	if err != nil {
		return nil, nil, fmt.Errorf("lane report records: %w", err)
	}
	return decisions, records, nil
}

// laneTally accumulates one lane's row.
type laneTally struct {
	row       LaneReportRow
	latencies []int
	failures  map[lanes.Failure]int
	agreed    int
	compared  int
	pairs     map[AgreementPair]int
	panels    map[string]bool
	escalated int
	decided   int
	changed   int
	graded    map[gold.Kind][2]int // right, graded
}

func (t *laneTally) add(r *ent.LaneReview, set *gold.Set, decisions map[string][]*ent.Decision, records map[string][]*ent.PublicationGate) {
	t.row.Calls++
	t.row.InputTokens += r.InputTokens
	t.row.OutputTokens += r.OutputTokens
	if r.Attempts > 0 {
		t.latencies = append(t.latencies, r.LatencyMs)
	}
	if r.Failure != "" {
		t.row.Failed++
		if t.failures == nil {
			t.failures = map[lanes.Failure]int{}
		}
		t.failures[lanes.Failure(r.Failure)]++
	}
	if r.GoldID != "" {
		t.addGold(r, set)
		return
	}
	t.row.Reviews++
	rec := lanes.Recommendation(r.Recommendation)
	if rec != "" {
		t.row.Agreement.Recommended++
		if d, sameRevision := firstDecision(decisions[r.ProblemID], r.RevisionID, r.CreatedAt); d != nil {
			t.compared++
			if sameRevision {
				t.row.Agreement.ByRevision++
			} else {
				t.row.Agreement.ByProblem++
			}
			human := strings.ToLower(string(d.Action))
			if human == string(rec) {
				t.agreed++
			}
			if t.pairs == nil {
				t.pairs = map[AgreementPair]int{}
			}
			t.pairs[AgreementPair{Lane: rec, Human: human}]++
		}
	}
	g := firstRecord(records[r.RevisionID], r.CreatedAt)
	if g == nil || t.panels[g.ID] {
		return
	}
	if t.panels == nil {
		t.panels = map[string]bool{}
	}
	t.panels[g.ID] = true
	if g.Recommendation != string(RouteAdministratorReview) {
		return
	}
	t.escalated++
	d := firstStaffDecision(decisions[g.ProblemID], g.CreatedAt)
	switch {
	case d == nil:
	case rec == "":
		t.row.Escalation.NoRecommendation++
	default:
		t.decided++
		if strings.ToLower(string(d.Action)) != string(rec) {
			t.changed++
		}
	}
}

func (t *laneTally) addGold(r *ent.LaneReview, set *gold.Set) {
	t.row.GoldReviews++
	t.row.Gold.Reviews++
	g, p, _ := GoldGrade(set, r)
	switch {
	case r.Failure != "":
		t.row.Gold.Failed++
	case g == nil:
		t.row.Gold.Ungraded++
	default:
		if t.graded == nil {
			t.graded = map[gold.Kind][2]int{}
		}
		c := t.graded[p.Kind]
		if g.Right {
			c[0]++
		}
		c[1]++
		t.graded[p.Kind] = c
	}
}

// firstDecision is the first decision at or after at on the revision, or else on the problem;
// sameRevision says which.
func firstDecision(ds []*ent.Decision, revisionID string, at time.Time) (d *ent.Decision, sameRevision bool) {
	var other *ent.Decision
	for _, d := range ds {
		if d.CreatedAt.Before(at) {
			continue
		}
		if d.RevisionID == revisionID {
			return d, true
		}
		if other == nil {
			other = d
		}
	}
	return other, false
}

func firstStaffDecision(ds []*ent.Decision, at time.Time) *ent.Decision {
	for _, d := range ds {
		if d.Authority == decision.AuthoritySTAFF && !d.CreatedAt.Before(at) {
			return d
		}
	}
	return nil
}

func firstRecord(gs []*ent.PublicationGate, at time.Time) *ent.PublicationGate {
	for _, g := range gs {
		if !g.CreatedAt.Before(at) {
			return g
		}
	}
	return nil
}

func (t *laneTally) finish() LaneReportRow {
	row := t.row
	if n := len(t.latencies); n > 0 {
		sum := 0
		for _, ms := range t.latencies {
			sum += ms
		}
		slices.Sort(t.latencies)
		row.LatencyMean = time.Duration(sum/n) * time.Millisecond
		row.LatencyP95 = time.Duration(t.latencies[int(math.Ceil(0.95*float64(n)))-1]) * time.Millisecond
	}
	for _, class := range []lanes.Class{lanes.ClassConfig, lanes.ClassProvider, lanes.ClassRefusal, lanes.ClassOutput} {
		fc := FailureCount{Class: class}
		for _, f := range lanes.Failures {
			if n := t.failures[f]; n > 0 && f.Class() == class {
				fc.Count += n
				fc.Codes = append(fc.Codes, FailureCode{Failure: f, Count: n})
			}
		}
		for f, n := range t.failures { // a code this build does not know is a provider failure
			if !slices.Contains(lanes.Failures, f) && class == lanes.ClassProvider {
				fc.Count += n
				fc.Codes = append(fc.Codes, FailureCode{Failure: f, Count: n})
			}
		}
		if fc.Count > 0 {
			row.Failures = append(row.Failures, fc)
		}
	}

	a := &row.Agreement
	a.Agreed = shareOf(t.agreed, t.compared)
	for p, n := range t.pairs {
		p.Count = n
		a.Pairs = append(a.Pairs, p)
	}
	slices.SortFunc(a.Pairs, func(x, y AgreementPair) int {
		if x.Count != y.Count {
			return y.Count - x.Count
		}
		return strings.Compare(string(x.Lane)+x.Human, string(y.Lane)+y.Human)
	})
	switch {
	case row.Reviews == 0:
		a.Note = "No reviews of problems in this period."
	case a.Recommended == 0:
		a.Note = "None of its reviews of problems recommended anything (every one failed)."
	case t.compared == 0:
		a.Note = fmt.Sprintf("No human decision has followed any of its %d recommendations yet: nothing to compare.", a.Recommended)
	case t.compared < a.Recommended:
		a.Note = fmt.Sprintf("%d of its %d recommendations have a human decision to compare; the rest await one.", t.compared, a.Recommended)
	}

	e := &row.Escalation
	e.Escalated = shareOf(t.escalated, len(t.panels))
	e.Changed = shareOf(t.changed, t.decided)
	switch {
	case len(t.panels) == 0:
		e.Note = "It took part in no panel with a publication_gate record in this period."
		e.ChangeNote = "No escalations, so nothing for staff to change."
	case t.escalated == 0:
		e.ChangeNote = "None of its panels went to administrator_review, so nothing for staff to change."
	case t.decided == 0:
		e.ChangeNote = fmt.Sprintf("Staff have decided none of its %d escalated panels on which it recommended something yet.", t.escalated)
	case t.changed == 0:
		e.ChangeNote = fmt.Sprintf("Staff never changed its outcome: they decided as it recommended on all %d escalated panels they settled.", t.decided)
	}
	if e.NoRecommendation > 0 {
		e.ChangeNote = strings.TrimSpace(e.ChangeNote + fmt.Sprintf(" On %d escalated panels settled by staff it had failed and recommended nothing.", e.NoRecommendation))
	}

	g := &row.Gold
	right, graded := 0, 0
	for _, k := range gold.Kinds {
		c := t.graded[k]
		if c[1] > 0 {
			g.ByKind = append(g.ByKind, GoldKindShare{Kind: k, Right: shareOf(c[0], c[1])})
		}
		right, graded = right+c[0], graded+c[1]
	}
	g.Right = shareOf(right, graded)
	switch {
	case g.Reviews == 0:
		g.Note = "No gold reviews in this period."
	case graded == 0:
		g.Note = "No gold review in this period could be graded."
	}
	return row
}
