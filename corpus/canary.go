package corpus

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/changerequest"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/corpusrevision"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/sanity"
)

// Canaries (K09 9.3.5). Each month the corpus receives false statements
// made by one small change (sanity.Mutate) to true corpus statements,
// merged through change requests by the writer of the statement they come
// from, so that nothing in the node, its request or the public log tells
// them from other statements. Only private events (chained like every
// other, shown to no reader) say which nodes are canaries, which requests
// took one up, and which of those "proved" it. The weekly report gives each
// configuration's share of the canaries it took up that it "proved"; above
// CanaryThreshold its proofs stop through the configuration stop, with an
// event carrying the figure.

// Private events of the canaries, and the stop property they use.
const (
	KindCanaryPlanted = "corpus.canary.planted"
	KindCanaryTaken   = "corpus.canary.taken"
	KindCanaryReport  = "corpus.canary.report"
	PropertyCanary    = "CANARY"
	// CanaryThreshold is the share of canaries a configuration may "prove"
	// before it stops.
	CanaryThreshold = 0.05
)

// canaryKinds are the statements a canary is made from.
var canaryKinds = []string{Theorem, Lemma, Proposition}

// Canary is one planted false statement.
type Canary struct {
	Node     string          `json:"-"`
	Source   string          `json:"source"`
	Mutation sanity.Mutation `json:"mutation"`
	From     string          `json:"from"`
	To       string          `json:"to"`
	Month    string          `json:"month"`
}

// PlantCanaries plants up to n canaries for month m, picked with seed among
// the merged statements that are not canaries, each through a change
// request by its source's writer that runs every merge gate. A canary the
// gates stop is not planted (the gates caught it). It returns the canaries
// planted.
func (s *Service) PlantCanaries(ctx context.Context, m Month, n int, seed uint64) ([]Canary, error) {
	planted, err := s.canaryNodes(ctx, nil)
	if err != nil {
		return nil, err
	}
	ns, err := s.client.CorpusNode.Query().Where(corpusnode.KindIn(kindValues(canaryKinds)...), corpusnode.Retired(false),
		corpusnode.CurrentRevisionIDNotNil(), corpusnode.MergedByIDNotNil()).Order(ent.Asc(corpusnode.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("canary sources: %w", err)
	}
	ns = slices.DeleteFunc(ns, func(n *ent.CorpusNode) bool { _, ok := planted[n.ID]; return ok })
	r := rand.New(rand.NewPCG(seed, uint64(m.Start.Unix())))
	r.Shuffle(len(ns), func(i, j int) { ns[i], ns[j] = ns[j], ns[i] })
	var out []Canary
	for _, src := range ns {
		if len(out) >= n {
			break
		}
		c, err := s.plantOne(ctx, m, src, len(out), r)
		if err != nil {
			return out, err
		}
		if c != nil {
			out = append(out, *c)
		}
	}
	return out, nil
}

func kindValues(kinds []string) []corpusnode.Kind {
	out := make([]corpusnode.Kind, len(kinds))
	for i, k := range kinds {
		out[i] = corpusnode.Kind(k)
	}
	return out
}

// plantOne makes a canary of src, with the mutations tried in turn from the
// k-th, or returns nil when none applies or the gates stop it.
func (s *Service) plantOne(ctx context.Context, m Month, src *ent.CorpusNode, k int, r *rand.Rand) (*Canary, error) {
	rev, err := s.client.CorpusRevision.Query().Where(corpusrevision.ID(*src.CurrentRevisionID)).Only(ctx)
	if err != nil {
		return nil, fmt.Errorf("canary source %s: %w", src.ID, err)
	}
	cr, err := s.client.ChangeRequest.Query().Where(changerequest.ID(*src.MergedByID)).Only(ctx)
	if err != nil {
		return nil, fmt.Errorf("canary source %s: %w", src.ID, err)
	}
	var ch sanity.Change
	found := false
	for i := range sanity.Mutations {
		if ch, found = sanity.Mutate(rev.Body, sanity.Mutations[(k+i)%len(sanity.Mutations)], r); found {
			break
		}
	}
	if !found {
		return nil, nil
	}
	sum := sha256.Sum256([]byte(m.String() + "\x00" + src.ID + "\x00" + strconv.FormatUint(r.Uint64(), 16)))
	label := labelPart(src.Title)
	if len(label) > 80 {
		label = label[:80]
	}
	d := Draft{Kind: string(src.Kind), Title: src.Title, Body: ch.Apply(rev.Body), Label: label + "-" + hex.EncodeToString(sum[:3]),
		Term: src.Term, Licence: src.Licence, Attribution: src.Attribution}
	req := Request{Writer: Writer{Kind: string(cr.WriterKind), ID: cr.Opener, Model: cr.Model, PromptVersion: cr.PromptVersion,
		Layer: cr.Layer}, Note: cr.Note, Drafts: []Draft{d}}
	id, err := s.Submit(ctx, req)
	if err != nil {
		return nil, nil // the source's writer may not write now (a stop, a budget): another source is tried
	}
	res, err := s.Process(ctx, id)
	if err != nil {
		return nil, err
	}
	if res.Request.State != StateMerged || len(res.Request.Nodes) != 1 {
		return nil, nil
	}
	c := &Canary{Node: res.Request.Nodes[0], Source: src.ID, Mutation: ch.Mutation, From: ch.From, To: ch.To, Month: m.String()}
	err = s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		_, err := w.AppendPrivate(ctx, policy.SystemActor, AuthorityRecord, KindCanaryPlanted, c.Node, map[string]any{
			"source": c.Source, "mutation": string(c.Mutation), "from": c.From, "to": c.To, "month": c.Month, "changeRequest": id})
		return err
	})
	return c, err
}

// canaryNodes are the canaries among ids (every canary when ids is nil), by node.
func (s *Service) canaryNodes(ctx context.Context, ids []string) (map[string]Canary, error) {
	return canaryNodes(ctx, s.client, ids)
}

func canaryNodes(ctx context.Context, c *ent.Client, ids []string) (map[string]Canary, error) {
	q := c.Event.Query().Where(event.KindEQ(KindCanaryPlanted))
	if ids != nil {
		if len(ids) == 0 {
			return map[string]Canary{}, nil
		}
		q = q.Where(event.SubjectIn(ids...))
	}
	evs, err := q.All(ctx)
	if err != nil {
		return nil, fmt.Errorf("canaries: %w", err)
	}
	out := make(map[string]Canary, len(evs))
	for _, e := range evs {
		var cn Canary
		if err := json.Unmarshal([]byte(e.Payload), &cn); err != nil {
			return nil, fmt.Errorf("canary %s: %w", e.Subject, err)
		}
		cn.Node = e.Subject
		out[e.Subject] = cn
	}
	return out, nil
}

// noteCanaries records, privately and in the transaction that opens the
// request, each canary a request takes up (a draft proves, uses, revises
// or illustrates it), and whether it "proved" it: a proof of the canary is
// a claim that a false statement holds, whatever the gates then say.
func (s *Service) noteCanaries(ctx context.Context, w *policy.WriteTx, crID string, req Request) error {
	var refs []string
	for _, d := range req.Drafts {
		for _, r := range append([]string{d.Proves, d.ExampleOf, d.Revises}, d.Uses...) {
			if r != "" && !slices.Contains(refs, r) {
				refs = append(refs, r)
			}
		}
	}
	if len(refs) == 0 {
		return nil
	}
	c := w.Client()
	ns, err := c.CorpusNode.Query().Where(corpusnode.Or(corpusnode.IDIn(refs...), corpusnode.LabelIn(refs...))).
		Select(corpusnode.FieldID, corpusnode.FieldLabel).All(ctx)
	if err != nil {
		return fmt.Errorf("canaries taken: %w", err)
	}
	byRef := map[string]string{}
	ids := make([]string, 0, len(ns))
	for _, n := range ns {
		byRef[n.ID], byRef[n.Label] = n.ID, n.ID
		ids = append(ids, n.ID)
	}
	canaries, err := canaryNodes(ctx, c, ids)
	if err != nil || len(canaries) == 0 {
		return err
	}
	taken := map[string]bool{}
	for _, d := range req.Drafts {
		for _, r := range append([]string{d.Proves, d.ExampleOf, d.Revises}, d.Uses...) {
			if _, ok := canaries[byRef[r]]; ok {
				taken[byRef[r]] = taken[byRef[r]] || (d.Kind == Proof && r == d.Proves)
			}
		}
	}
	st := writerStratum(Proof, req.Writer)
	for _, id := range slices.Sorted(mapKeys(taken)) {
		if _, err := w.AppendPrivate(ctx, req.Writer.ID, AuthorityRecord, KindCanaryTaken, id, map[string]any{
			"changeRequest": crID, "stratum": st.Key(), "month": canaries[id].Month, "proved": taken[id]}); err != nil {
			return err
		}
	}
	return nil
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// CanaryRow is one configuration's line of the weekly canary report.
type CanaryRow struct {
	Stratum Stratum
	Key     string
	Taken   int // canaries it took up
	Proved  int // of those, canaries it "proved"
	Share   float64
	Stopped bool // the report stopped it
}

// takenRecord is one private record of a canary taken up.
type takenRecord struct {
	ChangeRequest string `json:"changeRequest"`
	Stratum       string `json:"stratum"`
	Month         string `json:"month"`
	Proved        bool   `json:"proved"`
}

// CanaryReport is the weekly report at now: for each configuration that
// took up a canary of now's month, how many it took up and the share it
// "proved". A configuration whose share passes CanaryThreshold stops: its
// proofs are refused and its unconfirmed proofs quarantined, with the stop
// event carrying the figure. The report itself is recorded privately.
func (s *Service) CanaryReport(ctx context.Context, now time.Time) ([]CanaryRow, error) {
	m := MonthOf(now)
	evs, err := s.client.Event.Query().Where(event.KindEQ(KindCanaryTaken)).Order(ent.Asc(event.FieldSeq)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("canaries taken: %w", err)
	}
	// A configuration counts a canary once, "proved" if any of its requests proved it.
	type pair struct{ stratum, canary string }
	proved := map[pair]bool{}
	for _, e := range evs {
		var t takenRecord
		if err := json.Unmarshal([]byte(e.Payload), &t); err != nil {
			return nil, fmt.Errorf("canary taken %d: %w", e.Seq, err)
		}
		if t.Month != m.String() {
			continue
		}
		k := pair{t.Stratum, e.Subject}
		proved[k] = proved[k] || t.Proved
	}
	rows := map[string]*CanaryRow{}
	for k, p := range proved {
		r := rows[k.stratum]
		if r == nil {
			p := strings.SplitN(k.stratum, "|", 5)
			if len(p) != 5 {
				return nil, fmt.Errorf("canary taken: stratum %q", k.stratum)
			}
			r = &CanaryRow{Stratum: Stratum{Kind: p[0], Writer: p[1], Model: p[2], PromptVersion: p[3], Layer: p[4]}, Key: k.stratum}
			rows[k.stratum] = r
		}
		r.Taken++
		if p {
			r.Proved++
		}
	}
	var out []CanaryRow
	err = s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		out = out[:0]
		for _, key := range slices.Sorted(mapKeys(rows)) {
			r := *rows[key]
			r.Share = float64(r.Proved) / float64(r.Taken)
			if r.Share > CanaryThreshold {
				rr := RateRow{Stratum: r.Stratum, Key: r.Key, Property: PropertyCanary, N: r.Taken, Errors: r.Proved, Rate: r.Share,
					Low: r.Share, High: r.Share, Method: "census", Threshold: CanaryThreshold}
				if err := s.stop(ctx, w, m, rr); err != nil {
					return err
				}
				r.Stopped = true
			}
			if _, err := w.AppendPrivate(ctx, policy.SystemActor, AuthorityRecord, KindCanaryReport, "canaries:"+m.String(), map[string]any{
				"month": m.String(), "stratum": r.Key, "taken": r.Taken, "proved": r.Proved, "share": r.Share, "stopped": r.Stopped}); err != nil {
				return err
			}
			out = append(out, r)
		}
		return nil
	})
	return out, err
}

// CanaryWork is what one day's canary work did.
type CanaryWork struct {
	Retired []CanaryRetirement // canaries of ended months, retired
	Planted []Canary           // the month's canaries, on its first run
	Report  []CanaryRow        // the weekly report, on a Monday
}

// CanaryDay is the daily canary job's work at the service's now: retire the
// canaries of every month that has ended (RetireCanaries); on the first run
// of a month with no canaries yet, plant n with a fresh seed; on a Monday,
// run the weekly report (a second run the same day stops no configuration
// twice).
func (s *Service) CanaryDay(ctx context.Context, n int, seed uint64) (CanaryWork, error) {
	var out CanaryWork
	now := s.now()
	m := MonthOf(now)
	var err error
	if out.Retired, err = s.RetireCanaries(ctx); err != nil {
		return out, err
	}
	all, err := s.canaryNodes(ctx, nil)
	if err != nil {
		return out, err
	}
	if !slices.ContainsFunc(slices.Collect(maps.Values(all)), func(c Canary) bool { return c.Month == m.String() }) {
		if out.Planted, err = s.PlantCanaries(ctx, m, n, seed); err != nil {
			return out, err
		}
	}
	if now.UTC().Weekday() != time.Monday {
		return out, nil
	}
	out.Report, err = s.CanaryReport(ctx, now)
	return out, err
}
