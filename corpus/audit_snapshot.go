package corpus

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/ratesnapshot"
	"github.com/theoremdb/theoremdb/policy"
)

// RatesDocument is a month's published rates, as /quality.json serves them
// and a release's snapshot freezes them.
type RatesDocument struct {
	Month      string `json:"month"`
	Thresholds string `json:"thresholdsVersion"`
	// ThresholdsDecided and ThresholdsReason are the decision of the
	// thresholds version: the day and why.
	ThresholdsDecided string         `json:"thresholdsDecided,omitempty"`
	ThresholdsReason  string         `json:"thresholdsReason,omitempty"`
	Rates             []RateDocument `json:"rates"`
}

// RateDocument is one row of RatesDocument.
type RateDocument struct {
	Kind          string  `json:"kind"`
	Writer        string  `json:"writer"`
	Model         string  `json:"model"`
	PromptVersion string  `json:"promptVersion"`
	Layer         string  `json:"layer"`
	Property      string  `json:"property"`
	N             int     `json:"n"`
	Errors        int     `json:"errors"`
	Low           float64 `json:"low"`
	High          float64 `json:"high"`
	Method        string  `json:"method"`
	Threshold     float64 `json:"threshold"`
	Stopped       bool    `json:"stopped"`
	Reports       int     `json:"confirmedReports"`
}

// Document is rows as published.
func Document(month string, rows []RateRow) RatesDocument {
	d := RatesDocument{Month: month, Thresholds: Thresholds.Version, ThresholdsDecided: Thresholds.Decided,
		ThresholdsReason: Thresholds.Reason, Rates: make([]RateDocument, 0, len(rows))}
	for _, r := range rows {
		d.Rates = append(d.Rates, RateDocument{Kind: r.Stratum.Kind, Writer: r.Stratum.Writer, Model: r.Stratum.Model,
			PromptVersion: r.Stratum.PromptVersion, Layer: r.Stratum.Layer, Property: r.Property, N: r.N, Errors: r.Errors,
			Low: r.Low, High: r.High, Method: r.Method, Threshold: r.Threshold, Stopped: r.Stopped, Reports: r.Reports})
	}
	return d
}

// Snapshot is a release's frozen rates.
type Snapshot struct {
	Release   string
	Month     string
	Content   string // the JSON exactly as published
	SHA256    string
	CreatedAt time.Time
}

// ErrReleased is a release whose rates were published already: a snapshot
// is never edited, and a fix is a later release.
var ErrReleased = fmt.Errorf("the release's rates are published and never change")

// PublishRates freezes month's rates as release's snapshot: the JSON, its
// SHA-256 and an event naming both. A release is published once.
func (s *Service) PublishRates(ctx context.Context, actor, release, month string) (*Snapshot, error) {
	release = strings.TrimSpace(release)
	if release == "" {
		return nil, fmt.Errorf("a snapshot needs a release name: %w", ErrAudit)
	}
	m, err := ParseMonth(month)
	if err != nil {
		return nil, err
	}
	var out *Snapshot
	err = s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		c := w.Client()
		exists, err := c.RateSnapshot.Query().Where(ratesnapshot.Release(release)).Exist(ctx)
		if err != nil {
			return err
		}
		if exists {
			return fmt.Errorf("release %s: %w", release, ErrReleased)
		}
		if err := recordThresholds(ctx, w); err != nil {
			return err
		}
		rows, err := rates(ctx, c, s.postgres(), m)
		if err != nil {
			return err
		}
		b, err := json.Marshal(Document(m.String(), rows))
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		snap, err := c.RateSnapshot.Create().SetRelease(release).SetMonth(m.String()).SetContent(string(b)).
			SetSha256(hex.EncodeToString(sum[:])).SetCreatedAt(s.now()).Save(ctx)
		if err != nil {
			return fmt.Errorf("snapshot %s: %w", release, err)
		}
		if _, err := w.Append(ctx, actor, AuthorityRecord, KindRatesPublished, "release:"+release, map[string]any{
			"month": m.String(), "sha256": snap.Sha256, "rows": len(rows)}); err != nil {
			return err
		}
		out = snapshotOf(snap)
		return nil
	})
	return out, err
}

func snapshotOf(r *ent.RateSnapshot) *Snapshot {
	return &Snapshot{Release: r.Release, Month: r.Month, Content: r.Content, SHA256: r.Sha256, CreatedAt: r.CreatedAt}
}

// Snapshots are at most limit of the published releases' snapshots, newest
// first; a limit of 0 or less is an empty page.
func (s *Service) Snapshots(ctx context.Context, limit int) ([]*Snapshot, error) {
	if limit <= 0 { // an empty page on every database: ent reads a limit of 0 as none
		return []*Snapshot{}, nil
	}
	rs, err := s.client.RateSnapshot.Query().Order(ent.Desc(ratesnapshot.FieldCreatedAt)).Limit(limit).All(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]*Snapshot, len(rs))
	for i, r := range rs {
		out[i] = snapshotOf(r)
	}
	return out, nil
}

// VerifySnapshot says whether a snapshot's content still hashes to its
// recorded SHA-256.
func VerifySnapshot(sn *Snapshot) bool {
	sum := sha256.Sum256([]byte(sn.Content))
	return hex.EncodeToString(sum[:]) == sn.SHA256
}

// KindThresholdsDecided records a version of the thresholds with its values,
// the day it was decided and why, once, when an audit first judges under it.
const KindThresholdsDecided = "corpus.thresholds.decided"

// recordThresholds writes the decision of the thresholds in force to the
// log, unless it is there already.
func recordThresholds(ctx context.Context, w *policy.WriteTx) error {
	subject := "thresholds:" + Thresholds.Version
	exists, err := w.Client().Event.Query().Where(event.Subject(subject), event.Kind(KindThresholdsDecided)).Exist(ctx)
	if err != nil || exists {
		return err
	}
	rates := map[string]float64{}
	for p, r := range Thresholds.Rate {
		rates[string(p)] = r
	}
	_, err = w.Append(ctx, policy.SystemActor, AuthorityRecord, KindThresholdsDecided, subject, map[string]any{
		"version": Thresholds.Version, "rates": rates, "decided": Thresholds.Decided, "reason": Thresholds.Reason})
	return err
}
