package policy

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/lanes"
)

// Drift (AutoQA "Monitor": per-criterion agreement trends). Each panel role judges one claim
// (its register entry's): its agreement with the human decisions that followed is measured over
// rolling windows, and when the newest window's agreement falls below the one before by more
// than the margin, an alert event says so. The lane report plots the windows.

// KindDriftAlert is the alert event of a criterion whose agreement dropped.
const KindDriftAlert = "quality.drift_alert"

// DriftConfig is the drift sensor's setting.
type DriftConfig struct {
	// Window is the length of one rolling window.
	Window time.Duration
	// Windows is how many windows the report plots.
	Windows int
	// Margin is the drop in agreement, as a share, that raises an alert.
	Margin float64
	// MinCompared is how many compared recommendations each of the two windows needs before a
	// drop counts: fewer say nothing.
	MinCompared int
}

// DefaultDrift is the drift sensor's default setting: weekly windows, eight plotted, an alert
// on a drop of more than 10 points with at least 10 comparisons on each side.
var DefaultDrift = DriftConfig{Window: 7 * 24 * time.Hour, Windows: 8, Margin: 0.10, MinCompared: 10}

// DriftPoint is one window's agreement.
type DriftPoint struct {
	Since, Until time.Time
	Agreed       Share
}

// DriftRow is one criterion's agreement over the windows, oldest first, and whether its newest
// window dropped by more than the margin.
type DriftRow struct {
	// Criterion is the panel role whose claim the agreement measures.
	Criterion string
	Points    []DriftPoint
	// Compared: the two newest windows both had MinCompared comparisons, so Drop is measured.
	Compared bool
	Drop     float64
	Alert    bool
}

// Drift measures each panel role's agreement with people over cfg.Windows rolling windows
// ending at now (operators).
func (s *Service) Drift(ctx context.Context, actor *ent.Account, now time.Time, cfg DriftConfig) ([]DriftRow, error) {
	if !CanStaff(actor) {
		return nil, fmt.Errorf("drift is for operators: %w", ErrForbidden)
	}
	return s.drift(ctx, now, cfg)
}

func (s *Service) drift(ctx context.Context, now time.Time, cfg DriftConfig) ([]DriftRow, error) {
	if cfg.Window <= 0 || cfg.Windows < 2 {
		return nil, fmt.Errorf("drift: a window and at least two of them")
	}
	end := now.UTC().Truncate(24 * time.Hour).Add(24 * time.Hour)
	rows := make([]DriftRow, len(lanes.PanelRoles))
	for i, r := range lanes.PanelRoles {
		rows[i].Criterion = string(r)
	}
	for w := cfg.Windows - 1; w >= 0; w-- {
		until := end.Add(-time.Duration(w) * cfg.Window)
		since := until.Add(-cfg.Window)
		rep, err := s.laneReport(ctx, since, until)
		if err != nil {
			return nil, err
		}
		for i, role := range lanes.PanelRoles {
			k, n := 0, 0
			for _, l := range rep.Lanes {
				if l.Role == string(role) {
					k += l.Agreement.Agreed.Count
					n += l.Agreement.Agreed.Of
				}
			}
			rows[i].Points = append(rows[i].Points, DriftPoint{Since: since, Until: until, Agreed: shareOf(k, n)})
		}
	}
	for i := range rows {
		ps := rows[i].Points
		last, prev := ps[len(ps)-1].Agreed, ps[len(ps)-2].Agreed
		if last.Of >= cfg.MinCompared && prev.Of >= cfg.MinCompared {
			rows[i].Compared, rows[i].Drop = true, prev.Rate-last.Rate
			rows[i].Alert = rows[i].Drop > cfg.Margin
		}
	}
	return rows, nil
}

// CheckDrift runs the drift sensor at now: each criterion whose newest window dropped by more
// than the margin gets one alert event per window end.
func (s *Service) CheckDrift(ctx context.Context, now time.Time, cfg DriftConfig) ([]DriftRow, error) {
	rows, err := s.drift(ctx, now, cfg)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if !r.Alert {
			continue
		}
		last, prev := r.Points[len(r.Points)-1], r.Points[len(r.Points)-2]
		subject := "drift:" + r.Criterion + ":" + last.Until.Format(time.DateOnly)
		err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
			if done, err := t.Event.Query().Where(event.Subject(subject)).Exist(ctx); err != nil || done {
				return err
			}
			_, err := t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityPublicationGate, kind: KindDriftAlert,
				subject: subject, payload: map[string]any{"criterion": r.Criterion, "since": last.Since, "until": last.Until,
					"agreed": last.Agreed.Count, "compared": last.Agreed.Of, "previousAgreed": prev.Agreed.Count,
					"previousCompared": prev.Agreed.Of, "drop": r.Drop, "margin": cfg.Margin}})
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return rows, nil
}

// DriftAlert is one alert event of the drift sensor: a criterion whose agreement with people
// dropped by more than the margin from one window to the next.
type DriftAlert struct {
	Criterion    string
	Since, Until time.Time
	// Agreed is the newest window's agreement; Previous the window's before it.
	Agreed, Previous Share
	Drop, Margin     float64
	// At is when the alert was recorded.
	At time.Time
}

// DriftAlerts are the drift sensor's alert events, newest first, at most limit (operators).
func (s *Service) DriftAlerts(ctx context.Context, actor *ent.Account, limit int) ([]DriftAlert, error) {
	if !CanStaff(actor) {
		return nil, fmt.Errorf("drift is for operators: %w", ErrForbidden)
	}
	evs, err := s.client.Event.Query().Where(event.Kind(KindDriftAlert)).Order(ent.Desc(event.FieldSeq)).Limit(limit).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("drift alerts: %w", err)
	}
	out := make([]DriftAlert, 0, len(evs))
	for _, ev := range evs {
		var p struct {
			Criterion        string    `json:"criterion"`
			SinceAt          time.Time `json:"since"`
			UntilAt          time.Time `json:"until"`
			Agreed, Compared int
			PreviousAgreed   int `json:"previousAgreed"`
			PreviousCompared int `json:"previousCompared"`
			Drop, Margin     float64
		}
		if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil {
			return nil, fmt.Errorf("drift alert %d: %w", ev.Seq, err)
		}
		out = append(out, DriftAlert{Criterion: p.Criterion, Since: p.SinceAt, Until: p.UntilAt,
			Agreed: shareOf(p.Agreed, p.Compared), Previous: shareOf(p.PreviousAgreed, p.PreviousCompared),
			Drop: p.Drop, Margin: p.Margin, At: ev.At})
	}
	return out, nil
}
