package corpus

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/changerequest"
	"github.com/theoremdb/theoremdb/ent/configurationstop"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/corpustask"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/predicate"
	"github.com/theoremdb/theoremdb/policy"
)

// A canary lives for its month. When the month ends its canaries are
// retired: each node reads as its tombstone (a public corpus.node.retired,
// as any retirement), every open change request that took one up is
// withdrawn (a public corpus.change_request.withdrawn) so that it never
// merges, and the queue's open jobs on those requests are closed. The
// month's closing report runs first, so that the days after its last
// Monday count; a private corpus.canary.retired names the canary, its
// month and what was withdrawn and closed.

// KindCanaryRetired is the private record of a canary retired at its month's end.
const KindCanaryRetired = "corpus.canary.retired"

// CanaryRetirement is one canary retired at its month's end.
type CanaryRetirement struct {
	Node      string
	Month     string
	Withdrawn []string // open change requests that took it up
	Closed    []string // open jobs of the queue on those requests
}

// RetireCanaries retires, at the service's now, the canaries of every month
// that has ended and that are not retired yet, after the closing report of
// each such month. It returns what it retired, by month and node.
func (s *Service) RetireCanaries(ctx context.Context) ([]CanaryRetirement, error) {
	now := s.now()
	current := MonthOf(now).String()
	all, err := s.canaryNodes(ctx, nil)
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(all))
	for id, c := range all {
		if c.Month < current {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	var live []string
	for _, part := range batches(s.postgres(), ids) {
		got, err := s.client.CorpusNode.Query().Where(predicate.CorpusNode(idIn(corpusnode.FieldID, part)), corpusnode.Retired(false)).IDs(ctx)
		if err != nil {
			return nil, fmt.Errorf("canaries to retire: %w", err)
		}
		live = append(live, got...)
	}
	slices.SortFunc(live, func(a, b string) int {
		if c := strings.Compare(all[a].Month, all[b].Month); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	reported := map[string]bool{}
	var out []CanaryRetirement
	for _, id := range live {
		month := all[id].Month
		if !reported[month] {
			m, err := ParseMonth(month)
			if err != nil {
				return out, err
			}
			if _, err := s.CanaryReport(ctx, m.End().Add(-time.Nanosecond)); err != nil {
				return out, err
			}
			reported[month] = true
		}
		r, err := s.retireCanary(ctx, id, month)
		if err != nil {
			return out, err
		}
		out = append(out, r)
	}
	return out, nil
}

// retireCanary retires one canary in one transaction.
func (s *Service) retireCanary(ctx context.Context, id, month string) (CanaryRetirement, error) {
	r := CanaryRetirement{Node: id, Month: month}
	err := s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		r.Withdrawn, r.Closed = nil, nil
		c := w.Client()
		n, err := c.CorpusNode.Get(ctx, id)
		if err != nil {
			return fmt.Errorf("canary %s: %w", id, err)
		}
		if n.Retired {
			return nil
		}
		if err := c.CorpusNode.UpdateOneID(id).SetRetired(true).SetUpdatedAt(s.now()).Exec(ctx); err != nil {
			return fmt.Errorf("retire canary %s: %w", id, err)
		}
		if _, err := w.Append(ctx, policy.SystemActor, AuthorityRecord, KindNodeRetired, id, map[string]any{"successor": ""}); err != nil {
			return err
		}
		if err := s.recompute(ctx, w, []string{id}); err != nil {
			return err
		}
		if err := s.release(ctx, w, []string{id}, policy.SystemActor, s.now()); err != nil {
			return err
		}
		if r.Withdrawn, err = s.withdrawTakers(ctx, w, id); err != nil {
			return err
		}
		if r.Closed, err = s.closeTasksOf(ctx, w, r.Withdrawn); err != nil {
			return err
		}
		_, err = w.AppendPrivate(ctx, policy.SystemActor, AuthorityRecord, KindCanaryRetired, id, map[string]any{
			"month": month, "withdrawn": orEmpty(r.Withdrawn), "tasksClosed": orEmpty(r.Closed)})
		return err
	})
	return r, err
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// withdrawTakers withdraws every open change request that took up canary id.
func (s *Service) withdrawTakers(ctx context.Context, w *policy.WriteTx, id string) ([]string, error) {
	c := w.Client()
	evs, err := c.Event.Query().Where(event.KindEQ(KindCanaryTaken), event.Subject(id)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("requests that took up %s: %w", id, err)
	}
	var crs []string
	for _, e := range evs {
		var p takenRecord
		if err := json.Unmarshal([]byte(e.Payload), &p); err != nil {
			return nil, fmt.Errorf("canary taken %d: %w", e.Seq, err)
		}
		if p.ChangeRequest != "" && !slices.Contains(crs, p.ChangeRequest) {
			crs = append(crs, p.ChangeRequest)
		}
	}
	if len(crs) == 0 {
		return nil, nil
	}
	open, err := c.ChangeRequest.Query().Where(changerequest.IDIn(crs...),
		changerequest.StateIn(changerequest.StatePENDING, changerequest.StateFAILED)).Order(ent.Asc(changerequest.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("requests that took up %s: %w", id, err)
	}
	var out []string
	for _, cr := range open {
		if err := cr.Update().SetState(changerequest.StateWITHDRAWN).SetUpdatedAt(s.now()).Exec(ctx); err != nil {
			return nil, fmt.Errorf("withdraw %s: %w", cr.ID, err)
		}
		if _, err := w.Append(ctx, policy.SystemActor, AuthorityRecord, KindRequestWithdrawn, cr.ID, map[string]any{}); err != nil {
			return nil, err
		}
		out = append(out, cr.ID)
	}
	return out, nil
}

// closeTasksOf closes the open jobs of the queue on the requests crs.
func (s *Service) closeTasksOf(ctx context.Context, w *policy.WriteTx, crs []string) ([]string, error) {
	if len(crs) == 0 {
		return nil, nil
	}
	c := w.Client()
	ts, err := c.CorpusTask.Query().Where(corpustask.SubjectIn(crs...), corpustask.StateEQ(corpustask.StateOPEN)).
		Order(ent.Asc(corpustask.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("tasks of withdrawn requests: %w", err)
	}
	var out []string
	for _, t := range ts {
		if err := t.Update().SetState(corpustask.StateDONE).SetClosedBy(policy.SystemActor).SetClosedAt(s.now()).Exec(ctx); err != nil {
			return nil, fmt.Errorf("close task %s: %w", t.ID, err)
		}
		if _, err := w.Append(ctx, policy.SystemActor, AuthorityRecord, KindTaskClosed, t.ID, map[string]any{
			"note": "Its change request was withdrawn: the statement it takes up was retired."}); err != nil {
			return nil, err
		}
		out = append(out, t.ID)
	}
	return out, nil
}

// CanaryWeek is one configuration's line of one week's canary report.
type CanaryWeek struct {
	// Week is the Monday (UTC) of the week the report ran in.
	Week    time.Time
	Month   string
	Stratum Stratum
	Key     string
	Taken   int // canaries of the month it took up
	Proved  int // of those, canaries it "proved"
	Share   float64
	// Stopped says this report stopped it (its share passed CanaryThreshold);
	// StoppedNow that a canary stop of the configuration is in force, not lifted.
	Stopped    bool
	StoppedNow bool
}

// CanaryWeeks are the weekly canary reports as recorded (the newest report
// of a week stands for it), newest week first, each week's configurations in
// the order of their keys.
func (s *Service) CanaryWeeks(ctx context.Context) ([]CanaryWeek, error) {
	evs, err := s.client.Event.Query().Where(event.KindEQ(KindCanaryReport)).Order(ent.Asc(event.FieldSeq)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("canary reports: %w", err)
	}
	stops, err := s.client.ConfigurationStop.Query().Where(configurationstop.PropertyEQ(configurationstop.PropertyCANARY),
		configurationstop.LiftedAtIsNil()).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("canary stops: %w", err)
	}
	inForce := map[string]bool{}
	for _, st := range stops {
		inForce[st.Stratum] = true
	}
	type key struct {
		week          time.Time
		month, strata string
	}
	byKey := map[key]int{}
	var out []CanaryWeek
	for _, e := range evs {
		var p struct {
			Month   string  `json:"month"`
			Stratum string  `json:"stratum"`
			Taken   int     `json:"taken"`
			Proved  int     `json:"proved"`
			Share   float64 `json:"share"`
			Stopped bool    `json:"stopped"`
		}
		if err := json.Unmarshal([]byte(e.Payload), &p); err != nil {
			return nil, fmt.Errorf("canary report %d: %w", e.Seq, err)
		}
		w := CanaryWeek{Week: policy.WeekOf(e.At), Month: p.Month, Stratum: stratumOfKey(p.Stratum), Key: p.Stratum, Taken: p.Taken,
			Proved: p.Proved, Share: p.Share, Stopped: p.Stopped, StoppedNow: inForce[p.Stratum]}
		k := key{w.Week, w.Month, w.Key}
		if i, ok := byKey[k]; ok {
			w.Stopped = w.Stopped || out[i].Stopped
			out[i] = w
			continue
		}
		byKey[k] = len(out)
		out = append(out, w)
	}
	slices.SortStableFunc(out, func(a, b CanaryWeek) int {
		if c := b.Week.Compare(a.Week); c != 0 {
			return c
		}
		if c := strings.Compare(b.Month, a.Month); c != 0 {
			return c
		}
		return strings.Compare(a.Key, b.Key)
	})
	return out, nil
}

// stratumOfKey reads a stratum's five coordinates back from its key.
func stratumOfKey(k string) Stratum {
	p := strings.SplitN(k, "|", 5)
	for len(p) < 5 {
		p = append(p, "")
	}
	return Stratum{Kind: p[0], Writer: p[1], Model: p[2], PromptVersion: p[3], Layer: p[4]}
}
