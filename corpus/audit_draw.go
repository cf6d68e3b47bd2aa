package corpus

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	mrand "math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/theoremdb/theoremdb/corpus/audit"
	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/auditsample"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/policy"
)

// StratumDraw is one stratum's part of a month's draw.
type StratumDraw struct {
	Stratum    Stratum
	Key        string
	Months     int  // 1, or 3 when the stratum pools
	Population int  // merges in those months
	Full       bool // audited in full
	Size       int
	Sample     []string // node IDs, in the order drawn
	// Digest is audit.Draw's: it commits to the seed, the population and
	// the sample, and the draw's event holds it.
	Digest string
	// SampleHash commits to the sample alone, so that the stored rows can
	// be held to the event long after the population changed.
	SampleHash string
}

// MonthDraw is a month's draw: its seed, the thresholds in force, and
// every stratum's sample.
type MonthDraw struct {
	Month      string
	Seed       string
	Thresholds string
	Strata     []StratumDraw
	// Existing is true when the month had been drawn before: nothing was
	// drawn again.
	Existing bool
}

// drawEvent is the payload of a month's draw event.
type drawEvent struct {
	Month      string        `json:"month"`
	Seed       string        `json:"seed"`
	Thresholds string        `json:"thresholds"`
	Strata     []StratumDraw `json:"strata"`
}

func drawSubject(month string) string { return "audit:" + month }

// Draw draws month's audit samples: per stratum with merges in it, at
// least audit.MinSample nodes (more near a threshold), pooling three
// months under audit.PoolBelow merges, in full under audit.FullBelow in
// three months (audit.PlanFor). The seed ("" for a fresh random one) is
// recorded in the draw's event, from which anyone repeats the draw. A
// month is drawn once: drawing it again returns the recorded draw.
func (s *Service) Draw(ctx context.Context, actor, month, seed string) (*MonthDraw, error) {
	m, err := ParseMonth(month)
	if err != nil {
		return nil, err
	}
	if seed == "" {
		var b [16]byte
		_, _ = rand.Read(b[:])
		seed = hex.EncodeToString(b[:])
	}
	var out *MonthDraw
	err = s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		c := w.Client()
		if d, err := recordedDraw(ctx, c, m.String()); err != nil || d != nil {
			out = d
			return err
		}
		ms, err := mergesBetween(ctx, c, s.postgres(), m.Back(audit.PoolMonths-1).Start, m.End())
		if err != nil {
			return err
		}
		prior, err := s.priorRates(ctx, c, m.Back(1))
		if err != nil {
			return err
		}
		d := &MonthDraw{Month: m.String(), Seed: seed, Thresholds: Thresholds.Version}
		inMonth, inThree := map[string][]string{}, map[string][]string{}
		revisions, strata := map[string]string{}, map[string]Stratum{}
		for _, mg := range ms {
			k := mg.stratum.Key()
			strata[k], revisions[mg.node] = mg.stratum, mg.revision
			inThree[k] = append(inThree[k], mg.node)
			if !mg.at.Before(m.Start) {
				inMonth[k] = append(inMonth[k], mg.node)
			}
		}
		keys := make([]string, 0, len(inMonth))
		for k := range inMonth { // a stratum is drawn in a month it merged in
			keys = append(keys, k)
		}
		sort.Strings(keys)
		now := s.now()
		var all []*ent.AuditSampleCreate
		for _, k := range keys {
			p, ok := prior[k]
			if !ok {
				p = -1
			}
			plan := audit.PlanFor(len(inMonth[k]), len(inThree[k]), p, Thresholds.Rate[audit.Correctness])
			pop := inMonth[k]
			if plan.Months > 1 {
				pop = inThree[k]
			}
			dr, err := audit.DrawSample(seed, k, pop, plan.Size)
			if err != nil {
				return err
			}
			sd := StratumDraw{Stratum: strata[k], Key: k, Months: plan.Months, Population: plan.Population, Full: plan.Full,
				Size: dr.Size, Sample: dr.Sample, Digest: dr.Digest, SampleHash: sampleHash(k, dr.Sample)}
			d.Strata = append(d.Strata, sd)
			rows := make([]*ent.AuditSampleCreate, len(dr.Sample))
			for i, id := range dr.Sample {
				st := sd.Stratum
				rows[i] = c.AuditSample.Create().SetMonth(d.Month).SetNodeID(id).SetRevisionID(revisions[id]).SetPosition(i).
					SetSeed(seed).SetCreatedAt(now).SetKind(st.Kind).SetWriter(st.Writer).SetModel(st.Model).
					SetPromptVersion(st.PromptVersion).SetLayer(st.Layer).SetStratum(k)
			}
			all = append(all, rows...)
		}
		// Stored in an order drawn from the seed across strata: the list an
		// auditor reads (by ID) never groups one configuration's nodes.
		key := sha256.Sum256([]byte("theoremdb audit order\x00" + seed))
		mrand.New(mrand.NewChaCha8(key)).Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		for _, part := range db.RowBatches(all) {
			if err := c.AuditSample.CreateBulk(part...).Exec(ctx); err != nil {
				return fmt.Errorf("audit samples of %s: %w", d.Month, err)
			}
		}
		if err := recordThresholds(ctx, w); err != nil {
			return err
		}
		payload, err := toMap(drawEvent{Month: d.Month, Seed: seed, Thresholds: d.Thresholds, Strata: d.Strata})
		if err != nil {
			return err
		}
		if _, err := w.Append(ctx, actor, AuthorityRecord, KindAuditDrawn, drawSubject(d.Month), payload); err != nil {
			return err
		}
		out = d
		return nil
	})
	return out, err
}

// recordedDraw is month's draw as its event recorded it, or nil.
func recordedDraw(ctx context.Context, c *ent.Client, month string) (*MonthDraw, error) {
	ev, err := c.Event.Query().Where(event.KindEQ(KindAuditDrawn), event.SubjectEQ(drawSubject(month))).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("draw of %s: %w", month, err)
	}
	var p drawEvent
	if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil {
		return nil, fmt.Errorf("draw of %s: the event's payload: %w", month, err)
	}
	return &MonthDraw{Month: p.Month, Seed: p.Seed, Thresholds: p.Thresholds, Strata: p.Strata, Existing: true}, nil
}

// DrawOf is month's recorded draw, or nil when it has not been drawn.
func (s *Service) DrawOf(ctx context.Context, month string) (*MonthDraw, error) {
	m, err := ParseMonth(month)
	if err != nil {
		return nil, err
	}
	return recordedDraw(ctx, s.client, m.String())
}

// TamperError is a month's stored sample that no longer matches its draw
// event: a node added, dropped or moved after the draw.
type TamperError struct {
	Month, Stratum string
	Detail         string
}

func (e *TamperError) Error() string {
	return fmt.Sprintf("the %s audit sample of stratum %s does not match its draw: %s", e.Month, e.Stratum, e.Detail)
}

// VerifyDraw holds month's stored samples to its draw event (whose own
// integrity the event log's hash chain guards): every stratum's rows, in
// order, must hash to the recorded sample, and no row may belong to a
// stratum the event does not name.
func (s *Service) VerifyDraw(ctx context.Context, month string) error {
	d, err := s.DrawOf(ctx, month)
	if err != nil {
		return err
	}
	if d == nil {
		return fmt.Errorf("%s has not been drawn: %w", month, policy.ErrNotFound)
	}
	rows, err := s.client.AuditSample.Query().Where(auditsample.MonthEQ(d.Month)).
		Order(ent.Asc(auditsample.FieldStratum), ent.Asc(auditsample.FieldPosition)).All(ctx)
	if err != nil {
		return fmt.Errorf("samples of %s: %w", month, err)
	}
	got := map[string][]string{}
	for _, r := range rows {
		got[r.Stratum] = append(got[r.Stratum], r.NodeID)
	}
	for _, sd := range d.Strata {
		ids := got[sd.Key]
		delete(got, sd.Key)
		if sampleHash(sd.Key, ids) != sd.SampleHash || !slices.Equal(ids, sd.Sample) {
			return &TamperError{Month: d.Month, Stratum: sd.Key, Detail: fmt.Sprintf("%d nodes stored, %d drawn", len(ids), len(sd.Sample))}
		}
	}
	for k, ids := range got {
		return &TamperError{Month: d.Month, Stratum: k, Detail: fmt.Sprintf("%d nodes stored in a stratum the draw never drew", len(ids))}
	}
	return nil
}

func sampleHash(stratum string, ids []string) string {
	h := sha256.Sum256([]byte(stratum + "\x00" + strings.Join(ids, "\x00")))
	return hex.EncodeToString(h[:])
}

// toMap turns a struct into an event payload.
func toMap(v any) (map[string]any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	return m, json.Unmarshal(b, &m)
}
