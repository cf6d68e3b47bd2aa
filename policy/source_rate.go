package policy

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/batchstop"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/revision"
)

// The fabricated-source rate (K9.5, POLICY.md section 5): per configuration — the proposing
// account and its provenance.generatedBy, model and prompt version — per UTC week.
const (
	// KindSourcesStopped: a configuration's source proposals stopped for its fabricated-source rate.
	KindSourcesStopped = "sources.stopped"
	// CodeSourcesStopped refuses a submission or revision from a stopped configuration.
	CodeSourcesStopped Code = "SOURCES_STOPPED"
	// FabricatedRateLimit is the rate above which a configuration's source proposals stop.
	FabricatedRateLimit = 0.02
	// FabricatedRateSample is how many proposals make the plain rate decide; below it the
	// configuration stops only when the Wilson interval lies wholly above the limit.
	FabricatedRateSample = 50
	sourcesPrefix        = "sources:"
)

// SourceRate is one configuration's proposals in one UTC week.
type SourceRate struct {
	Week        time.Time // the Monday 00:00 UTC it starts
	Account     string    // handle
	GeneratedBy string
	Proposals   int // references proposed
	Fabricated  int // of them MISMATCH or NOT_FOUND
	Pending     int // not yet resolved: counted as neither
	Rate        float64
	// WilsonLow and WilsonHigh bound the rate at 95% confidence.
	WilsonLow, WilsonHigh float64
	// Stopped says the configuration's source proposals are stopped now.
	Stopped bool
}

// Over reports whether the rate stops the configuration: above the limit with a full sample,
// or, with fewer proposals, already above it at 95% confidence.
func (r SourceRate) Over() bool {
	return (r.Proposals >= FabricatedRateSample && r.Rate > FabricatedRateLimit) || r.WilsonLow > FabricatedRateLimit
}

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p, nf := float64(k)/float64(n), float64(n)
	den := 1 + z*z/nf
	mid := p + z*z/(2*nf)
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return max(0, (mid-half)/den), min(1, (mid+half)/den)
}

// modelConfiguration reports whether an author writing with generatedBy is a model configuration,
// whose source proposals the fabricated-source rate may stop: an agent account, or a record that
// says what generated it. A person citing from memory is never stopped; the references gate
// judges each of their sources.
func modelConfiguration(author *ent.Account, generatedBy string) bool {
	return IsAgent(author) || strings.TrimSpace(generatedBy) != ""
}

// sourcesStop names a configuration's stop: "sources:@handle (generatedBy)".
func sourcesStop(handle, generatedBy string) string {
	g := strings.ToLower(strings.Join(strings.Fields(generatedBy), " "))
	if g == "" {
		return sourcesPrefix + "@" + handle
	}
	return sourcesPrefix + "@" + handle + " (" + g + ")"
}

// SourceReport is the fabricated-source rate of every configuration that proposed sources in the
// UTC week containing week, highest rate first (operators).
func (s *Service) SourceReport(ctx context.Context, actor *ent.Account, week time.Time) ([]SourceRate, error) {
	if !CanStaff(actor) {
		return nil, fmt.Errorf("the source report needs the operator role: %w", ErrForbidden)
	}
	from := WeekOf(week)
	rates, err := s.sourceRates(ctx, s.client.Revision.Query().Where(revision.CreatedAtGTE(from), revision.CreatedAtLT(from.AddDate(0, 0, 7))))
	if err != nil {
		return nil, err
	}
	stops, err := s.OpenStops(ctx)
	if err != nil {
		return nil, err
	}
	for i := range rates {
		rates[i].Week = from
		_, rates[i].Stopped = stops[sourcesStop(rates[i].Account, rates[i].GeneratedBy)]
	}
	sort.Slice(rates, func(i, j int) bool {
		if rates[i].Rate != rates[j].Rate {
			return rates[i].Rate > rates[j].Rate
		}
		return rates[i].Account+rates[i].GeneratedBy < rates[j].Account+rates[j].GeneratedBy
	})
	return rates, nil
}

// sourceRates counts the references of the revisions q selects, by configuration.
func (s *Service) sourceRates(ctx context.Context, q *ent.RevisionQuery) ([]SourceRate, error) {
	revs, err := q.WithAuthor().WithReferences(func(q *ent.ReferenceQuery) { q.Select(reference.FieldRevisionID, reference.FieldConfirmation) }).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("source rates: %w", err)
	}
	by := map[string]*SourceRate{}
	var order []string
	for _, rev := range revs {
		if len(rev.Edges.References) == 0 || rev.Edges.Author == nil {
			continue
		}
		key := sourcesStop(rev.Edges.Author.Handle, rev.Provenance.GeneratedBy)
		r := by[key]
		if r == nil {
			r = &SourceRate{Account: rev.Edges.Author.Handle, GeneratedBy: strings.TrimSpace(rev.Provenance.GeneratedBy)}
			by[key] = r
			order = append(order, key)
		}
		for _, f := range rev.Edges.References {
			r.Proposals++
			switch f.Confirmation {
			case reference.ConfirmationMISMATCH, reference.ConfirmationNOT_FOUND:
				r.Fabricated++
			case reference.ConfirmationPENDING:
				r.Pending++
			}
		}
	}
	out := make([]SourceRate, 0, len(order))
	for _, k := range order {
		r := by[k]
		if decided := r.Proposals - r.Pending; decided > 0 {
			r.Rate = float64(r.Fabricated) / float64(decided)
			r.WilsonLow, r.WilsonHigh = wilson(r.Fabricated, decided)
		}
		out = append(out, *r)
	}
	return out, nil
}

// stopSourcesIfOver stops the source proposals of the configuration that wrote rev when its rate
// this UTC week is over the limit, once: an operator lifts the stop after looking (LiftBatch).
func (t *tx) stopSourcesIfOver(ctx context.Context, rev *ent.Revision) error {
	author, err := t.Account.Get(ctx, rev.AuthorID)
	if err != nil {
		return fmt.Errorf("revision author: %w", err)
	}
	if !modelConfiguration(author, rev.Provenance.GeneratedBy) {
		return nil
	}
	from := WeekOf(rev.CreatedAt)
	gen := strings.Join(strings.Fields(rev.Provenance.GeneratedBy), " ")
	rates, err := t.s.sourceRates(ctx, t.Revision.Query().Where(revision.AuthorID(author.ID),
		revision.CreatedAtGTE(from), revision.CreatedAtLT(from.AddDate(0, 0, 7))))
	if err != nil {
		return err
	}
	key := sourcesStop(author.Handle, gen)
	for _, r := range rates {
		if sourcesStop(r.Account, r.GeneratedBy) != key || !r.Over() {
			continue
		}
		open, err := t.BatchStop.Query().Where(batchstop.Source(key), batchstop.LiftedAtIsNil()).Exist(ctx)
		if err != nil || open {
			return err
		}
		reason := fmt.Sprintf("%d of %d sources proposed in the UTC week of %s were fabricated (%.1f%%, 95%% interval %.1f–%.1f%%); the limit is %.0f%%.",
			r.Fabricated, r.Proposals-r.Pending, from.Format(time.DateOnly), 100*r.Rate, 100*r.WilsonLow, 100*r.WilsonHigh, 100*FabricatedRateLimit)
		b, err := t.BatchStop.Create().SetSource(key).SetReason(reason).SetStoppedByID(SystemActor).SetStoppedAt(t.s.Now()).Save(ctx)
		if err != nil {
			return fmt.Errorf("stop sources: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityRecordPlane, kind: KindSourcesStopped,
			subject: "batch:" + key, payload: map[string]any{"stop": b.ID, "source": key, "account": author.ID, "reason": reason}})
		return err
	}
	return nil
}

// sourcesRefusal refuses a submission or revision by actor, saying generatedBy, while that
// configuration's source proposals are stopped.
func (t *tx) sourcesRefusal(ctx context.Context, actor *ent.Account, generatedBy string) error {
	if !modelConfiguration(actor, generatedBy) {
		return nil
	}
	key := sourcesStop(actor.Handle, generatedBy)
	b, err := t.BatchStop.Query().Where(batchstop.Source(key), batchstop.LiftedAtIsNil()).First(ctx)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("source stop: %w", err)
	}
	return refuse(CodeSourcesStopped, "source proposals from this configuration are stopped until an operator has looked: "+b.Reason, "references")
}
