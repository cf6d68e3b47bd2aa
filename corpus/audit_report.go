package corpus

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/changerequest"
	"github.com/theoremdb/theoremdb/ent/readerreport"
	"github.com/theoremdb/theoremdb/policy"
)

// ReportInput is a reader's report that a property of a node is wrong.
type ReportInput struct {
	Node        string // N-<n> or label
	Property    string
	Explanation string
}

// ReportView is a reader's report as the queue shows it.
type ReportView struct {
	ID          string
	Node        string
	Property    string
	Explanation string
	Level       int
	State       string
	CreatedAt   time.Time
}

// MaxExplanation bounds a report's explanation, and a lift's reason, in characters.
const MaxExplanation = 4000

// ReportProblem records a signed-in reader's report on a node's current
// revision, tagged with the property they think is wrong (K9.8).
func (s *Service) ReportProblem(ctx context.Context, a *ent.Account, in ReportInput) (*ReportView, error) {
	if a == nil {
		return nil, policy.ErrUnauthenticated
	}
	in.Explanation = strings.TrimSpace(in.Explanation)
	if !slices.Contains([]string{PropertyCorrectness, PropertyFidelity, PropertySourcing, PropertyStyle}, in.Property) {
		return nil, fmt.Errorf("property %q is none of CORRECTNESS, FIDELITY, SOURCING, STYLE: %w", in.Property, ErrAudit)
	}
	if in.Explanation == "" || utf8.RuneCountInString(in.Explanation) > MaxExplanation {
		return nil, fmt.Errorf("a report says what is wrong in 1 to %d characters: %w", MaxExplanation, ErrAudit)
	}
	var out *ReportView
	err := s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		c := w.Client()
		n, err := baseOf(ctx, c, in.Node)
		if err != nil {
			return err
		}
		if n == nil || n.CurrentRevisionID == nil || n.MergedByID == nil {
			return fmt.Errorf("corpus node %q: %w", in.Node, policy.ErrNotFound)
		}
		cr, err := c.ChangeRequest.Query().Where(changerequest.ID(*n.MergedByID)).Only(ctx)
		if err != nil {
			return fmt.Errorf("the change request that merged %s: %w", n.ID, err)
		}
		st := stratumOf(string(n.Kind), cr)
		r, err := c.ReaderReport.Create().SetNodeID(n.ID).SetRevisionID(*n.CurrentRevisionID).
			SetProperty(readerreport.Property(in.Property)).SetExplanation(in.Explanation).SetAccountID(a.ID).
			SetLevel(n.Level).SetCreatedAt(s.now()).SetKind(st.Kind).SetWriter(st.Writer).SetModel(st.Model).
			SetPromptVersion(st.PromptVersion).SetLayer(st.Layer).SetStratum(st.Key()).Save(ctx)
		if err != nil {
			return fmt.Errorf("report on %s: %w", n.ID, err)
		}
		if _, err := w.Append(ctx, a.ID, AuthorityReader, KindReportFiled, n.ID, map[string]any{
			"report": r.ID, "property": in.Property, "level": LevelName(n.Level)}); err != nil {
			return err
		}
		out = reportView(r)
		return nil
	})
	return out, err
}

func reportView(r *ent.ReaderReport) *ReportView {
	return &ReportView{ID: r.ID, Node: r.NodeID, Property: string(r.Property), Explanation: r.Explanation, Level: r.Level,
		State: string(r.State), CreatedAt: r.CreatedAt}
}

// ReportQueue is the open reports in the order a person takes them: a
// report that a statement at E5 is false first, then the higher the level
// reported the sooner (a wrong E5 misleads the most), then the oldest.
func (s *Service) ReportQueue(ctx context.Context, limit int) ([]*ReportView, error) {
	rs, err := s.client.ReaderReport.Query().Where(readerreport.StateEQ(readerreport.StateOPEN)).All(ctx)
	if err != nil {
		return nil, err
	}
	sort.SliceStable(rs, func(i, j int) bool {
		a, b := rs[i], rs[j]
		fa, fb := a.Level == E5 && a.Property == readerreport.PropertyCORRECTNESS, b.Level == E5 && b.Property == readerreport.PropertyCORRECTNESS
		if fa != fb {
			return fa
		}
		if a.Level != b.Level {
			return a.Level > b.Level
		}
		return a.CreatedAt.Before(b.CreatedAt)
	})
	limit = max(limit, 0) // a negative limit is an empty page, as 0 is
	out := make([]*ReportView, 0, min(limit, len(rs)))
	for _, r := range rs[:min(limit, len(rs))] {
		out = append(out, reportView(r))
	}
	return out, nil
}

// DecideReport confirms or dismisses an open report; a reviewer or an
// auditor decides, never the reporter. A confirmed report is an error the
// audit missed: it counts in its stratum's rate for the month (which may
// stop the configuration) and, while the revision it reported stands,
// drops the node to E0, which its dependants' levels follow.
func (s *Service) DecideReport(ctx context.Context, a *ent.Account, id string, confirm bool) error {
	switch {
	case a == nil:
		return policy.ErrUnauthenticated
	case !CanDecideReports(a):
		return fmt.Errorf("only a reviewer or an auditor decides a report: %w", policy.ErrForbidden)
	}
	return s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		c := w.Client()
		r, err := c.ReaderReport.Get(ctx, id)
		if ent.IsNotFound(err) {
			return fmt.Errorf("report %q: %w", id, policy.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if r.State != readerreport.StateOPEN {
			return fmt.Errorf("report %s is %s already: %w", id, strings.ToLower(string(r.State)), ErrAudit)
		}
		if r.AccountID == a.ID {
			return fmt.Errorf("no one decides their own report: %w", policy.ErrForbidden)
		}
		state := readerreport.StateDISMISSED
		if confirm {
			state = readerreport.StateCONFIRMED
		}
		now := s.now()
		if err := c.ReaderReport.UpdateOneID(id).SetState(state).SetDecidedBy(a.ID).SetDecidedAt(now).Exec(ctx); err != nil {
			return fmt.Errorf("decide report %s: %w", id, err)
		}
		if _, err := w.Append(ctx, a.ID, AuthorityPerson, KindReportDecided, r.NodeID, map[string]any{
			"report": id, "state": string(state), "property": string(r.Property)}); err != nil {
			return err
		}
		if !confirm {
			return nil
		}
		if err := s.recompute(ctx, w, []string{r.NodeID}); err != nil {
			return err
		}
		return s.enforce(ctx, w, MonthOf(now), r.Stratum)
	})
}

// Report reads one reader report.
func (s *Service) Report(ctx context.Context, id string) (*ReportView, error) {
	r, err := s.client.ReaderReport.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, fmt.Errorf("report %q: %w", id, policy.ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	return reportView(r), nil
}

// CanDecideReports reports whether a decides reader reports: a reviewer
// or an auditor.
func CanDecideReports(a *ent.Account) bool { return policy.CanReview(a) || CanAudit(a) }

// ReportsFor is the open report queue for a, who must decide reports.
func (s *Service) ReportsFor(ctx context.Context, a *ent.Account, limit int) ([]*ReportView, error) {
	switch {
	case a == nil:
		return nil, policy.ErrUnauthenticated
	case !CanDecideReports(a):
		return nil, fmt.Errorf("only a reviewer or an auditor reads the report queue: %w", policy.ErrForbidden)
	}
	return s.ReportQueue(ctx, limit)
}
