package corpus

import (
	"context"
	"fmt"
	"sort"

	"github.com/theoremdb/theoremdb/corpus/audit"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/auditanswer"
	"github.com/theoremdb/theoremdb/ent/auditsample"
	"github.com/theoremdb/theoremdb/ent/configurationstop"
	"github.com/theoremdb/theoremdb/ent/predicate"
	"github.com/theoremdb/theoremdb/ent/readerreport"
)

// RateRow is one stratum's error rate on one property in a month: errors
// over n with its 95% interval, the threshold in force, and whether the
// upper end passes it.
type RateRow struct {
	Stratum   Stratum
	Key       string
	Property  string
	N         int
	Errors    int
	Rate      float64
	Low       float64
	High      float64
	Method    string // "wilson", or "exact-zero" with no errors
	Threshold float64
	Stopped   bool
	// Reports are the confirmed reader reports among the errors: errors the
	// audit missed.
	Reports int
	// Pending are the stratum's samples no auditor has answered on the
	// property yet; the audit is complete when there are none.
	Pending int

	answered int // samples judged on the property, a report on one included
}

// Complete says whether every sample of the stratum is answered on the
// property.
func (r RateRow) Complete() bool { return r.Pending == 0 }

// stops says whether r stops its configuration: its upper bound passes the
// threshold once the audit is complete, or already would were every
// pending sample to come back without an error (a bound that more clean
// samples can only lower, so the stop is certain).
func stops(r RateRow) bool {
	rate := audit.Rate
	if r.Method == "census" {
		rate = audit.Census
	}
	iv, err := rate(r.Errors, r.N+r.Pending)
	return err == nil && Thresholds.Stops(audit.Property(r.Property), iv)
}

// judged is one sampled or reported node's verdict on one property.
type judged struct {
	stratum Stratum
	err     bool
	report  bool
}

// Rates are month's error rates per stratum and property, from the audit
// answers of the month's samples and the reader reports confirmed in the
// month. A sample counts on a property once an auditor answered it there,
// as an error when any auditor found one. A confirmed report is an error
// the audit missed: on a sampled node it makes that property an error, on
// any other node it is one more node judged, in error. A property no one
// judged has no row.
func (s *Service) Rates(ctx context.Context, month string) ([]RateRow, error) {
	m, err := ParseMonth(month)
	if err != nil {
		return nil, err
	}
	rows, err := rates(ctx, s.client, s.postgres(), m)
	if err != nil {
		return nil, err
	}
	strata := make([]*Stratum, len(rows))
	for i := range rows {
		strata[i] = &rows[i].Stratum
	}
	return rows, nameWriters(ctx, s.client, strata...)
}

func rates(ctx context.Context, c *ent.Client, pg bool, m Month) ([]RateRow, error) {
	samples, err := c.AuditSample.Query().Where(auditsample.MonthEQ(m.String())).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("samples of %s: %w", m, err)
	}
	byID := make(map[string]*ent.AuditSample, len(samples))
	ids := make([]string, 0, len(samples))
	for _, sm := range samples {
		byID[sm.ID], ids = sm, append(ids, sm.ID)
	}
	// outcomes[property][node]
	outcomes := map[string]map[string]*judged{}
	for _, p := range audit.Properties {
		outcomes[string(p)] = map[string]*judged{}
	}
	sampled := map[string]*ent.AuditSample{}
	for _, part := range batches(pg, ids) {
		as, err := c.AuditAnswer.Query().Where(predicate.AuditAnswer(idIn(auditanswer.FieldSampleID, part))).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("answers of %s: %w", m, err)
		}
		for _, a := range as {
			sm := byID[a.SampleID]
			sampled[sm.NodeID] = sm
			o := outcomes[string(a.Property)][sm.NodeID]
			if o == nil {
				o = &judged{stratum: stratumOfRow(sm.Kind, sm.Writer, sm.Model, sm.PromptVersion, sm.Layer)}
				outcomes[string(a.Property)][sm.NodeID] = o
			}
			o.err = o.err || a.Error
		}
	}
	drawn := map[string]int{} // samples per stratum key
	for _, sm := range samples {
		sampled[sm.NodeID] = sm
		drawn[sm.Stratum]++
	}
	// A stratum audited in full has its rate counted, not estimated.
	census := map[string]bool{}
	if d, err := recordedDraw(ctx, c, m.String()); err != nil {
		return nil, err
	} else if d != nil {
		for _, sd := range d.Strata {
			census[sd.Key] = sd.Full
		}
	}
	reports, err := c.ReaderReport.Query().Where(readerreport.StateEQ(readerreport.StateCONFIRMED),
		readerreport.DecidedAtGTE(m.Start), readerreport.DecidedAtLT(m.End())).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("reports of %s: %w", m, err)
	}
	for _, r := range reports {
		o := outcomes[string(r.Property)][r.NodeID]
		if o == nil {
			st := stratumOfRow(r.Kind, r.Writer, r.Model, r.PromptVersion, r.Layer)
			if sm := sampled[r.NodeID]; sm != nil {
				st = stratumOfRow(sm.Kind, sm.Writer, sm.Model, sm.PromptVersion, sm.Layer)
			}
			o = &judged{stratum: st}
			outcomes[string(r.Property)][r.NodeID] = o
		}
		o.err, o.report = true, true
	}
	recorded, err := c.ConfigurationStop.Query().Where(configurationstop.MonthEQ(m.String())).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("stops of %s: %w", m, err)
	}
	type cell struct{ key, property string }
	stopped := map[cell]bool{}
	for _, st := range recorded {
		stopped[cell{st.Stratum, string(st.Property)}] = true
	}
	rows := map[cell]*RateRow{}
	for _, p := range audit.Properties {
		for node, o := range outcomes[string(p)] {
			k := cell{o.stratum.Key(), string(p)}
			r := rows[k]
			if r == nil {
				r = &RateRow{Stratum: o.stratum, Key: k.key, Property: string(p), Threshold: Thresholds.Rate[p]}
				rows[k] = r
			}
			r.N++
			if !o.report || sampled[node] != nil {
				r.answered++
			}
			if o.err {
				r.Errors++
			}
			if o.report {
				r.Reports++
			}
		}
	}
	out := make([]RateRow, 0, len(rows))
	for k, r := range rows {
		rate := audit.Rate
		if census[r.Key] {
			rate = audit.Census
		}
		iv, err := rate(r.Errors, r.N)
		if err != nil {
			return nil, err
		}
		r.Rate, r.Low, r.High, r.Method = iv.Rate, iv.Low, iv.High, iv.Method
		r.Pending = max(0, drawn[r.Key]-r.answered)
		// A stop once made stands for its month, whatever later answers say:
		// lifting one is a person's decision.
		r.Stopped = stops(*r) || stopped[k]
		out = append(out, *r)
	}
	order := map[string]int{}
	for i, p := range audit.Properties {
		order[string(p)] = i
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Key != out[j].Key {
			return out[i].Key < out[j].Key
		}
		return order[out[i].Property] < order[out[j].Property]
	})
	return out, nil
}

func stratumOfRow(kind, writer, model, prompt, layer string) Stratum {
	return Stratum{Kind: kind, Writer: writer, Model: model, PromptVersion: prompt, Layer: layer}
}

// priorRates are the correctness rates of month by stratum key, which size
// the next month's samples near the threshold.
func (s *Service) priorRates(ctx context.Context, c *ent.Client, m Month) (map[string]float64, error) {
	rs, err := rates(ctx, c, s.postgres(), m)
	if err != nil {
		return nil, err
	}
	out := map[string]float64{}
	for _, r := range rs {
		if r.Property == string(audit.Correctness) {
			out[r.Key] = r.Rate
		}
	}
	return out, nil
}
