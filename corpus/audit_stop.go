package corpus

import (
	"context"
	"fmt"
	"slices"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/changerequest"
	"github.com/theoremdb/theoremdb/ent/configurationstop"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/predicate"
	"github.com/theoremdb/theoremdb/ent/quarantine"
	"github.com/theoremdb/theoremdb/policy"
)

// StoppedError refuses a change request of a stopped configuration: the
// stratum, the property and the figure that stopped it.
type StoppedError struct {
	Stratum   Stratum
	Property  string
	Month     string
	Errors, N int
	High      float64
	Threshold float64
}

func (e *StoppedError) Error() string {
	return fmt.Sprintf("%s: the configuration %s is stopped: %s", CodeConfigurationStopped, e.Stratum,
		stopFigure(e.Month, e.Property, e.Errors, e.N, e.High, e.Threshold))
}

// stopFigure is the figure that stopped a configuration, as a clause: an
// audited property's error bound, or its share of canaries "proved".
func stopFigure(month, property string, errors, n int, high, threshold float64) string {
	if property == PropertyCanary {
		return fmt.Sprintf("in the %s canary report it \"proved\" %d of the %d canaries it took up, %.1f%%, over the %.0f%% threshold",
			month, errors, n, 100*high, 100*threshold)
	}
	return fmt.Sprintf("in the %s audit its %s error rate is %d in %d, with an upper 95%% bound of %.2f%% over the %.0f%% threshold",
		month, lower(property), errors, n, 100*high, 100*threshold)
}

// Code is the stable code transports show.
func (e *StoppedError) Code() string { return CodeConfigurationStopped }

// refuseStopped refuses a request any of whose drafts would count in a
// stopped stratum.
func refuseStopped(ctx context.Context, c *ent.Client, req Request) error {
	seen := map[string]bool{}
	for _, d := range req.Drafts {
		st := writerStratum(d.Kind, req.Writer)
		if seen[st.Key()] {
			continue
		}
		seen[st.Key()] = true
		stop, err := c.ConfigurationStop.Query().Where(configurationstop.StratumEQ(st.Key()), configurationstop.LiftedAtIsNil()).
			Order(ent.Desc(configurationstop.FieldCreatedAt)).First(ctx)
		if ent.IsNotFound(err) {
			continue
		}
		if err != nil {
			return fmt.Errorf("stops: %w", err)
		}
		return &StoppedError{Stratum: st, Property: string(stop.Property), Month: stop.Month, Errors: stop.Errors, N: stop.N,
			High: stop.High, Threshold: stop.Threshold}
	}
	return nil
}

// enforce stops stratum key when one of its rates in month now passes its
// threshold and has not stopped it already, and quarantines its
// unconfirmed output.
func (s *Service) enforce(ctx context.Context, w *policy.WriteTx, m Month, key string) error {
	rs, err := rates(ctx, w.Client(), s.postgres(), m)
	if err != nil {
		return err
	}
	for _, r := range rs {
		if r.Key != key {
			continue
		}
		if !stops(r) {
			continue
		}
		if err := s.stop(ctx, w, m, r); err != nil {
			return err
		}
	}
	return nil
}

// stop records the stop of r's configuration, once per month, stratum and
// property, with its event; its unconfirmed nodes (below E2) go to
// quarantine by a generated change request and their dependants are
// flagged, each with an event, until a person decides to fix, rerun or
// retire them (audit_quarantine.go).
func (s *Service) stop(ctx context.Context, w *policy.WriteTx, m Month, r RateRow) error {
	c := w.Client()
	exists, err := c.ConfigurationStop.Query().Where(configurationstop.MonthEQ(m.String()), configurationstop.StratumEQ(r.Key),
		configurationstop.PropertyEQ(configurationstop.Property(r.Property))).Exist(ctx)
	if err != nil || exists {
		return err
	}
	st := r.Stratum
	held, err := unconfirmedOutput(ctx, c, s.postgres(), st)
	if err != nil {
		return err
	}
	deps, err := s.dependantsOf(ctx, w.SQL(), held)
	if err != nil {
		return err
	}
	marked := map[string]bool{}
	for _, id := range held {
		marked[id] = true
	}
	var flagged []string
	for _, id := range deps {
		if !marked[id] {
			marked[id] = true
			flagged = append(flagged, id)
		}
	}
	crID, err := s.generateQuarantine(ctx, w, m, r, held, len(flagged))
	if err != nil {
		return err
	}
	stop, err := c.ConfigurationStop.Create().SetMonth(m.String()).SetProperty(configurationstop.Property(r.Property)).
		SetErrors(r.Errors).SetN(r.N).SetHigh(r.High).SetThreshold(r.Threshold).SetThresholdsVersion(Thresholds.Version).
		SetCreatedAt(s.now()).SetKind(st.Kind).SetWriter(st.Writer).SetModel(st.Model).SetPromptVersion(st.PromptVersion).
		SetLayer(st.Layer).SetStratum(r.Key).SetChangeRequestID(crID).Save(ctx)
	if err != nil {
		return fmt.Errorf("stop %s: %w", r.Key, err)
	}
	if _, err := w.Append(ctx, policy.SystemActor, AuthorityRecord, KindConfigurationStop, stop.ID, map[string]any{
		"month": m.String(), "stratum": r.Key, "property": r.Property, "errors": r.Errors, "n": r.N,
		"high": r.High, "threshold": r.Threshold, "thresholds": Thresholds.Version, "changeRequest": crID}); err != nil {
		return err
	}
	now := s.now()
	for _, id := range held {
		if err := c.Quarantine.Create().SetNodeID(id).SetStopID(stop.ID).SetMark(quarantine.MarkQUARANTINED).
			SetChangeRequestID(crID).SetCreatedAt(now).Exec(ctx); err != nil {
			return fmt.Errorf("quarantine %s: %w", id, err)
		}
		if _, err := w.Append(ctx, policy.SystemActor, AuthorityRecord, KindNodeQuarantined, id, map[string]any{
			"stop": stop.ID, "changeRequest": crID}); err != nil {
			return err
		}
	}
	for _, id := range flagged {
		if err := c.Quarantine.Create().SetNodeID(id).SetStopID(stop.ID).SetMark(quarantine.MarkFLAGGED).
			SetChangeRequestID(crID).SetCreatedAt(now).Exec(ctx); err != nil {
			return fmt.Errorf("flag %s: %w", id, err)
		}
		if _, err := w.Append(ctx, policy.SystemActor, AuthorityRecord, KindNodeFlagged, id, map[string]any{
			"stop": stop.ID, "changeRequest": crID}); err != nil {
			return err
		}
	}
	return nil
}

// unconfirmedOutput are the nodes of stratum st that no person confirmed
// (below E2) and that are not retired, in the order of their IDs (the
// quarantine's event lists them so, on every database).
func unconfirmedOutput(ctx context.Context, c *ent.Client, pg bool, st Stratum) ([]string, error) {
	q := c.ChangeRequest.Query().Where(changerequest.StateEQ(changerequest.StateMERGED), changerequest.Model(st.Model),
		changerequest.PromptVersion(st.PromptVersion), changerequest.Layer(st.Layer))
	if st.Writer == WriterPerson {
		q = q.Where(changerequest.WriterKindEQ(changerequest.WriterKindPERSON))
	} else {
		q = q.Where(changerequest.WriterKindNEQ(changerequest.WriterKindPERSON), changerequest.Opener(st.Writer))
	}
	crs, err := q.IDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("change requests of %s: %w", st.Key(), err)
	}
	var out []string
	for _, part := range batches(pg, crs) {
		ids, err := c.CorpusNode.Query().Where(predicate.CorpusNode(idIn(corpusnode.FieldMergedByID, part)),
			corpusnode.KindEQ(corpusnode.Kind(st.Kind)), corpusnode.LevelLT(E2), corpusnode.Retired(false)).IDs(ctx)
		if err != nil {
			return nil, fmt.Errorf("nodes of %s: %w", st.Key(), err)
		}
		out = append(out, ids...)
	}
	slices.Sort(out)
	return out, nil
}

// Quarantined says how a node is held back by a stop: QUARANTINED, FLAGGED
// (a dependant of a quarantined node), or "" when it is not.
func (s *Service) Quarantined(ctx context.Context, id string) (string, error) {
	qs, err := s.client.Quarantine.Query().Where(quarantine.NodeID(id), quarantine.ResolvedAtIsNil()).All(ctx)
	if err != nil {
		return "", err
	}
	mark := ""
	for _, q := range qs {
		if q.Mark == quarantine.MarkQUARANTINED || mark == "" {
			mark = string(q.Mark)
		}
	}
	return mark, nil
}
