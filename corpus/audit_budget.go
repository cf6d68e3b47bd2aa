package corpus

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/corpus/audit"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/changerequest"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/policy"
)

// The sample audit costs reviewer time, and K12.5 counts it in the review
// budget first (K09 9.7): an operator sets the month's budget in hours; the
// audit of people's and importers' output takes its share first, then the
// agent configurations, oldest first, each at the hours its own samples
// take; a configuration the rest does not cover may not write that month.
// Samples are never made smaller: a rate nobody measured is not a rate.

// KindBudgetSet is the event of an operator setting a month's review budget.
const KindBudgetSet = "corpus.budget.set"

// CodeReviewBudget refuses a change request of a configuration the month's
// review budget cannot audit.
const CodeReviewBudget = "REVIEW_BUDGET"

// MaxBudgetHours bounds a month's review budget.
const MaxBudgetHours = 100000

// ConfigurationCost is one writing configuration's share of a month's audit.
type ConfigurationCost struct {
	Writer, Model, PromptVersion, Layer string
	// Agent is true for an agent lane; people and importers are audited first.
	Agent   bool
	Samples int
	Hours   float64
	// Allowed is false for an agent configuration the budget's rest does not cover.
	Allowed bool
}

// Name is the configuration as a table prints it.
func (c ConfigurationCost) Name() string {
	parts := []string{c.Writer}
	for _, p := range []string{c.Model, c.PromptVersion, c.Layer} {
		if p == "" {
			p = "-"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " × ")
}

// Budget is a month's review budget beside what its audit costs.
type Budget struct {
	Month string
	// Hours is the budget an operator set; Set is false when none was.
	Hours float64
	Set   bool
	// AuditHours is the month's audit at the checklists' target times.
	AuditHours float64
	Samples    int
	// Configurations are the month's writers, people and importers first,
	// then the agent configurations in the order they first merged.
	Configurations []ConfigurationCost
	// NewConfigurationHours is what admitting one more agent configuration
	// costs: a stratum's smallest monthly sample of theorems.
	NewConfigurationHours float64
	// Left is the budget no admitted configuration's audit takes.
	Left float64
}

// BudgetError refuses a change request of a configuration the month's
// review budget cannot audit.
type BudgetError struct {
	Configuration string
	Month         string
	Need, Left    float64
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("%s: the %s review budget cannot audit the configuration %s: its samples take %.1f reviewer hours "+
		"and %.1f are left after the audit of the configurations before it; an operator raises the budget or retires a configuration",
		CodeReviewBudget, e.Month, e.Configuration, e.Need, e.Left)
}

// Code is the stable code transports show.
func (e *BudgetError) Code() string { return CodeReviewBudget }

// SetReviewBudget records the month's review budget, in hours, at an
// operator's word (the command line; actor is who set it).
func (s *Service) SetReviewBudget(ctx context.Context, actor, month string, hours float64) (*Budget, error) {
	if !(hours > 0 && hours <= MaxBudgetHours) {
		return nil, fmt.Errorf("a review budget is more than 0 and at most %d hours: %w", MaxBudgetHours, ErrAudit)
	}
	m, err := ParseMonth(month)
	if err != nil {
		return nil, err
	}
	err = s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		_, err := w.Append(ctx, actor, AuthorityRecord, KindBudgetSet, budgetSubject(m), map[string]any{"month": m.String(), "hours": hours})
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.ReviewBudget(ctx, m.String())
}

func budgetSubject(m Month) string { return "budget:" + m.String() }

// ReviewBudget is the month's budget beside its audit: every configuration's
// hours and whether the budget covers it.
func (s *Service) ReviewBudget(ctx context.Context, month string) (*Budget, error) {
	m, err := ParseMonth(month)
	if err != nil {
		return nil, err
	}
	return s.budget(ctx, s.client, m)
}

func (s *Service) budget(ctx context.Context, c *ent.Client, m Month) (*Budget, error) {
	b := &Budget{Month: m.String(), NewConfigurationHours: float64(audit.MinSample*targetSeconds(Theorem)) / 3600}
	var err error
	if b.Hours, b.Set, err = budgetHours(ctx, c, m); err != nil {
		return nil, err
	}
	d, err := recordedDraw(ctx, c, m.String())
	if err != nil {
		return nil, err
	}
	costs := map[string]*ConfigurationCost{}
	var order []string
	if d != nil {
		for _, sd := range d.Strata {
			st := sd.Stratum
			key := strings.Join([]string{st.Writer, st.Model, st.PromptVersion, st.Layer}, "|")
			cc := costs[key]
			if cc == nil {
				cc = &ConfigurationCost{Writer: st.Writer, Model: st.Model, PromptVersion: st.PromptVersion, Layer: st.Layer, Allowed: true}
				costs[key] = cc
				order = append(order, key)
			}
			h := float64(sd.Size*targetSeconds(st.Kind)) / 3600
			cc.Samples += sd.Size
			cc.Hours += h
			b.Samples += sd.Size
			b.AuditHours += h
		}
	}
	first := map[string]time.Time{}
	for _, key := range order {
		cc := costs[key]
		if cc.Writer == WriterPerson {
			continue
		}
		cr, err := c.ChangeRequest.Query().Where(changerequest.StateEQ(changerequest.StateMERGED), changerequest.Opener(cc.Writer),
			changerequest.Model(cc.Model), changerequest.PromptVersion(cc.PromptVersion), changerequest.Layer(cc.Layer)).
			Order(ent.Asc(changerequest.FieldCreatedAt)).First(ctx)
		if err != nil && !ent.IsNotFound(err) {
			return nil, err
		}
		if cr != nil {
			cc.Agent = cr.WriterKind == changerequest.WriterKindAGENT
			first[key] = cr.CreatedAt
		}
	}
	slices.SortStableFunc(order, func(x, y string) int {
		a, b := costs[x], costs[y]
		if a.Agent != b.Agent {
			if a.Agent {
				return 1
			}
			return -1
		}
		return first[x].Compare(first[y])
	})
	b.Left = b.Hours
	for _, key := range order {
		cc := costs[key]
		switch {
		case !b.Set:
		case !cc.Agent:
			b.Left -= cc.Hours // people's and importers' output is audited first, whatever is left
		case cc.Hours <= b.Left:
			b.Left -= cc.Hours
		default:
			cc.Allowed = false
		}
		b.Configurations = append(b.Configurations, *cc)
	}
	return b, nil
}

// budgetHours is the month's review budget as an operator last set it, and
// whether one was set: one read of the log by the budget's subject.
func budgetHours(ctx context.Context, c *ent.Client, m Month) (float64, bool, error) {
	ev, err := c.Event.Query().Where(event.Subject(budgetSubject(m)), event.Kind(KindBudgetSet)).Order(ent.Desc(event.FieldSeq)).First(ctx)
	switch {
	case ent.IsNotFound(err):
		return 0, false, nil
	case err != nil:
		return 0, false, err
	}
	var p struct{ Hours float64 }
	if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil {
		return 0, false, fmt.Errorf("budget event %d: %w", ev.Seq, err)
	}
	return p.Hours, true, nil
}

// targetSeconds is the checklist's target time for one node of kind.
func targetSeconds(kind string) int {
	n := 0
	for _, c := range Checklist(kind) {
		n += c.TargetSeconds
	}
	return n
}

// refuseOverBudget refuses an agent's request when the month's budget is
// set and does not cover its configuration: one the month's audit holds
// and the budget left out, or a new one the rest cannot audit.
func (s *Service) refuseOverBudget(ctx context.Context, req Request) error {
	if req.Writer.Kind != WriterAgent {
		return nil
	}
	m := MonthOf(s.now())
	// Most months have no budget: one read decides that, before the month's
	// audit is costed configuration by configuration.
	if _, set, err := budgetHours(ctx, s.client, m); err != nil || !set {
		return err
	}
	b, err := s.budget(ctx, s.client, m)
	if err != nil {
		return err
	}
	w := req.Writer
	name := ConfigurationCost{Writer: w.ID, Model: w.Model, PromptVersion: w.PromptVersion, Layer: w.Layer}.Name()
	for _, cc := range b.Configurations {
		if cc.Writer == w.ID && cc.Model == w.Model && cc.PromptVersion == w.PromptVersion && cc.Layer == w.Layer {
			if cc.Allowed {
				return nil
			}
			return &BudgetError{Configuration: name, Month: m.String(), Need: cc.Hours, Left: b.Left}
		}
	}
	if b.NewConfigurationHours <= b.Left {
		return nil
	}
	return &BudgetError{Configuration: name, Month: m.String(), Need: b.NewConfigurationHours, Left: b.Left}
}
