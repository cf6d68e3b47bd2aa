package corpus

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/changerequest"
	"github.com/theoremdb/theoremdb/ent/configurationstop"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/corpusrevision"
	"github.com/theoremdb/theoremdb/ent/predicate"
	"github.com/theoremdb/theoremdb/ent/quarantine"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
)

// A stop's unconfirmed output goes to quarantine by a change request the
// stop generates (K09 9.7): one draft per held node, as it stands, and one
// finding per node asking a person to decide. The request is opened by the
// audit, not by a writer, so nobody revises or merges it; a person decides
// for each node to fix it (someone revises it through a change request of
// their own), rerun it (its configuration writes it again once the stop is
// lifted) or retire it. A node stays held until a revision of it merges or
// it is retired; when every held node is released, the dependants flagged
// with them are released too and the generated request closes.

// OpenerAudit opens the change requests that stops generate.
const OpenerAudit = "audit"

// GateQuarantine is the gate name of a generated request's one run.
const GateQuarantine = "quarantine"

// Resolutions a person gives a quarantined node, as the API spells them.
const (
	ResolutionFix    = "FIX"
	ResolutionRerun  = "RERUN"
	ResolutionRetire = "RETIRE"
)

// Resolutions are every resolution, in the order a form offers them.
var Resolutions = []string{ResolutionFix, ResolutionRerun, ResolutionRetire}

// Event kinds of quarantines and of lifting a stop.
const (
	KindQuarantineOpened   = "corpus.quarantine.opened"
	KindQuarantineDecided  = "corpus.quarantine.decided"
	KindQuarantineReleased = "corpus.quarantine.released"
	KindQuarantineClosed   = "corpus.quarantine.closed"
	KindStopLifted         = "corpus.configuration.lifted"
)

// ErrQuarantine is a quarantine decision or a lift the record cannot take.
var ErrQuarantine = errors.New("invalid quarantine decision")

const checkQuarantine = "audit.quarantine"

// quarantineCriterion is the rule a generated request's findings apply.
const quarantineCriterion = "Above a threshold a configuration stops and its unconfirmed output is quarantined; " +
	"a person decides whether to fix, rerun or retire it (K09 9.7)."

// generateQuarantine opens the change request that holds a stop's
// unconfirmed output and returns its ID; "" when nothing is held.
func (s *Service) generateQuarantine(ctx context.Context, w *policy.WriteTx, m Month, r RateRow, held []string, flagged int) (string, error) {
	if len(held) == 0 {
		return "", nil
	}
	c := w.Client()
	var nodes []*ent.CorpusNode
	for _, part := range batches(s.postgres(), held) {
		ns, err := c.CorpusNode.Query().Where(predicate.CorpusNode(idIn(corpusnode.FieldID, part))).All(ctx)
		if err != nil {
			return "", fmt.Errorf("held nodes: %w", err)
		}
		nodes = append(nodes, ns...)
	}
	slices.SortFunc(nodes, func(a, b *ent.CorpusNode) int { return a.Number - b.Number })
	revIDs := make([]string, 0, len(nodes))
	for _, n := range nodes {
		if n.CurrentRevisionID != nil {
			revIDs = append(revIDs, *n.CurrentRevisionID)
		}
	}
	body := map[string]string{}
	for _, part := range batches(s.postgres(), revIDs) {
		revs, err := c.CorpusRevision.Query().Where(predicate.CorpusRevision(idIn(corpusrevision.FieldID, part))).All(ctx)
		if err != nil {
			return "", fmt.Errorf("held revisions: %w", err)
		}
		for _, rv := range revs {
			body[rv.NodeID] = rv.Body
		}
	}
	st := r.Stratum
	now := s.now()
	note := fmt.Sprintf("Quarantine of the configuration %s, stopped: %s. Its %d unconfirmed nodes are held and %d dependants "+
		"flagged until a person decides, for each, to fix it (revise it through a change request), rerun it (its "+
		"configuration writes it again once the stop is lifted) or retire it.", st,
		stopFigure(m.String(), r.Property, r.Errors, r.N, r.High, r.Threshold), len(nodes), flagged)
	cr, err := c.ChangeRequest.Create().SetOpener(OpenerAudit).SetWriterKind(changerequest.WriterKind(nodes[0].WriterKind)).
		SetModel(st.Model).SetPromptVersion(st.PromptVersion).SetLayer(st.Layer).SetNote(note).
		SetState(changerequest.StateFAILED).SetFailedGate(GateQuarantine).SetCreatedAt(now).SetUpdatedAt(now).Save(ctx)
	if err != nil {
		return "", fmt.Errorf("quarantine request: %w", err)
	}
	drafts := make([]Draft, len(nodes))
	findings := make([]Finding, len(nodes))
	for i, n := range nodes {
		drafts[i] = Draft{Kind: string(n.Kind), Title: n.Title, Body: body[n.ID], Label: n.Label, Term: n.Term, Revises: n.ID}
		findings[i] = Finding{Finding: gates.Finding{Check: checkQuarantine, Criterion: quarantineCriterion,
			Span:      gates.Whole(fmt.Sprintf("nodes[%d].title", i), n.Title),
			Behaviour: fmt.Sprintf("%s is unconfirmed output of the stopped configuration %s.", n.ID, st),
			Evidence:  gates.Insufficient, Verdict: gates.NeedsHuman,
			Fix: fmt.Sprintf("Decide for %s: fix it (a change request revising it), rerun it once the stop is lifted, "+
				"or retire it.", n.ID)}}
	}
	if err := s.writeDrafts(ctx, c, cr.ID, drafts); err != nil {
		return "", err
	}
	if err := s.writeRuns(ctx, c, cr.ID, []GateResult{{Gate: GateQuarantine, Position: 0, Version: "1",
		Outcome: gates.OutcomeNeedsHuman, Findings: findings}}); err != nil {
		return "", err
	}
	if _, err := w.Append(ctx, policy.SystemActor, AuthorityRecord, KindQuarantineOpened, cr.ID, map[string]any{
		"stratum": r.Key, "month": m.String(), "property": r.Property, "nodes": held, "flagged": flagged}); err != nil {
		return "", err
	}
	return cr.ID, nil
}

// QuarantineDecision is a person's decision on one quarantined node.
type QuarantineDecision struct {
	Node       string // N-<n> or label
	Resolution string // FIX, RERUN or RETIRE
	Successor  string // with RETIRE, optionally the node that replaces it
}

// DecideQuarantine records a reviewer's decision on a node a stop holds.
// RETIRE retires it at once, which releases it; FIX and RERUN keep it
// held until a revision of it merges (a person's for a fix, its
// configuration's, once lifted, for a rerun). It returns the stop.
func (s *Service) DecideQuarantine(ctx context.Context, a *ent.Account, in QuarantineDecision) (*StopView, error) {
	switch {
	case a == nil:
		return nil, policy.ErrUnauthenticated
	case !policy.CanReview(a):
		return nil, fmt.Errorf("only a reviewer decides what becomes of quarantined output: %w", policy.ErrForbidden)
	case !slices.Contains(Resolutions, in.Resolution):
		return nil, fmt.Errorf("resolution %q is none of FIX, RERUN, RETIRE: %w", in.Resolution, ErrQuarantine)
	case in.Successor != "" && in.Resolution != ResolutionRetire:
		return nil, fmt.Errorf("only a retired node names a successor: %w", ErrQuarantine)
	}
	var stopID string
	err := s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		c := w.Client()
		n, err := baseOf(ctx, c, in.Node)
		if err != nil {
			return err
		}
		if n == nil {
			return fmt.Errorf("corpus node %q: %w", in.Node, policy.ErrNotFound)
		}
		qs, err := c.Quarantine.Query().Where(quarantine.NodeID(n.ID), quarantine.MarkEQ(quarantine.MarkQUARANTINED),
			quarantine.ResolvedAtIsNil()).All(ctx)
		if err != nil {
			return fmt.Errorf("quarantine of %s: %w", n.ID, err)
		}
		if len(qs) == 0 {
			return fmt.Errorf("%s is not held by a stop: %w", n.ID, ErrQuarantine)
		}
		stopID = qs[0].StopID
		now := s.now()
		for _, q := range qs {
			if err := q.Update().SetResolution(quarantine.Resolution(in.Resolution)).SetDecidedBy(a.ID).Exec(ctx); err != nil {
				return fmt.Errorf("decide %s: %w", n.ID, err)
			}
		}
		if _, err := w.Append(ctx, a.ID, AuthorityPerson, KindQuarantineDecided, n.ID, map[string]any{
			"stop": stopID, "resolution": in.Resolution, "successor": in.Successor}); err != nil {
			return err
		}
		if in.Resolution != ResolutionRetire {
			return nil
		}
		if err := s.retire(ctx, w, n, in.Successor, a.ID); err != nil {
			return err
		}
		return s.release(ctx, w, []string{n.ID}, a.ID, now)
	})
	if err != nil {
		return nil, err
	}
	return s.Stop(ctx, stopID)
}

// release ends the hold on nodes that were fixed, rerun or retired, with an
// event each, then closes every stop whose held nodes are all released:
// its flagged dependants are released and its generated request closes.
func (s *Service) release(ctx context.Context, w *policy.WriteTx, nodes []string, by string, now time.Time) error {
	c := w.Client()
	qs, err := c.Quarantine.Query().Where(quarantine.NodeIDIn(nodes...), quarantine.MarkEQ(quarantine.MarkQUARANTINED),
		quarantine.ResolvedAtIsNil()).All(ctx)
	if err != nil || len(qs) == 0 {
		return err
	}
	stops := map[string]bool{}
	for _, q := range qs {
		upd := q.Update().SetResolvedAt(now)
		if q.Resolution == nil {
			upd.SetResolution(quarantine.ResolutionFIX)
		}
		if err := upd.Exec(ctx); err != nil {
			return fmt.Errorf("release %s: %w", q.NodeID, err)
		}
		if _, err := w.Append(ctx, by, AuthorityRecord, KindQuarantineReleased, q.NodeID, map[string]any{"stop": q.StopID}); err != nil {
			return err
		}
		stops[q.StopID] = true
	}
	for id := range stops {
		open, err := c.Quarantine.Query().Where(quarantine.StopID(id), quarantine.MarkEQ(quarantine.MarkQUARANTINED),
			quarantine.ResolvedAtIsNil()).Exist(ctx)
		if err != nil || open {
			if err != nil {
				return err
			}
			continue
		}
		if err := s.closeQuarantine(ctx, w, id, by, now); err != nil {
			return err
		}
	}
	return nil
}

// closeQuarantine releases a stop's flagged dependants and closes the
// request it generated, once every node it held is released.
func (s *Service) closeQuarantine(ctx context.Context, w *policy.WriteTx, stopID, by string, now time.Time) error {
	c := w.Client()
	flagged, err := c.Quarantine.Query().Where(quarantine.StopID(stopID), quarantine.MarkEQ(quarantine.MarkFLAGGED),
		quarantine.ResolvedAtIsNil()).All(ctx)
	if err != nil {
		return err
	}
	for _, q := range flagged {
		if err := q.Update().SetResolvedAt(now).Exec(ctx); err != nil {
			return fmt.Errorf("release %s: %w", q.NodeID, err)
		}
		if _, err := w.Append(ctx, by, AuthorityRecord, KindQuarantineReleased, q.NodeID, map[string]any{"stop": stopID}); err != nil {
			return err
		}
	}
	stop, err := c.ConfigurationStop.Get(ctx, stopID)
	if err != nil {
		return fmt.Errorf("stop %s: %w", stopID, err)
	}
	if stop.ChangeRequestID == "" {
		return nil
	}
	if err := c.ChangeRequest.UpdateOneID(stop.ChangeRequestID).SetState(changerequest.StateWITHDRAWN).SetUpdatedAt(now).Exec(ctx); err != nil {
		return fmt.Errorf("close %s: %w", stop.ChangeRequestID, err)
	}
	_, err = w.Append(ctx, by, AuthorityRecord, KindQuarantineClosed, stop.ChangeRequestID, map[string]any{"stop": stopID})
	return err
}

// LiftStop lets a stopped configuration write again, at an operator's word
// with the reason (what changed in the configuration). Every node the stop
// holds must have a decision first: output is never left undecided.
func (s *Service) LiftStop(ctx context.Context, a *ent.Account, stopID, reason string) (*StopView, error) {
	reason = strings.TrimSpace(reason)
	switch {
	case a == nil:
		return nil, policy.ErrUnauthenticated
	case !policy.CanStaff(a):
		return nil, fmt.Errorf("only an operator lifts a stop: %w", policy.ErrForbidden)
	case reason == "" || utf8.RuneCountInString(reason) > MaxExplanation:
		return nil, fmt.Errorf("a lift says what changed in the configuration, in 1 to %d characters: %w", MaxExplanation, ErrQuarantine)
	}
	err := s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		c := w.Client()
		stop, err := c.ConfigurationStop.Get(ctx, stopID)
		if ent.IsNotFound(err) {
			return fmt.Errorf("stop %q: %w", stopID, policy.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if stop.LiftedAt != nil {
			return fmt.Errorf("stop %s was lifted already: %w", stopID, ErrQuarantine)
		}
		undecided, err := c.Quarantine.Query().Where(quarantine.StopID(stopID), quarantine.MarkEQ(quarantine.MarkQUARANTINED),
			quarantine.ResolutionIsNil()).Order(ent.Asc(quarantine.FieldNodeID)).All(ctx)
		if err != nil {
			return err
		}
		if len(undecided) > 0 {
			ids := make([]string, len(undecided))
			for i, q := range undecided {
				ids[i] = q.NodeID
			}
			return fmt.Errorf("decide to fix, rerun or retire every node the stop holds before lifting it (%d undecided: %s): %w",
				len(ids), strings.Join(ids[:min(len(ids), 10)], ", "), ErrQuarantine)
		}
		if err := stop.Update().SetLiftedAt(s.now()).SetLiftedBy(a.ID).SetLiftReason(reason).Exec(ctx); err != nil {
			return fmt.Errorf("lift %s: %w", stopID, err)
		}
		_, err = w.Append(ctx, a.ID, AuthorityPerson, KindStopLifted, stopID, map[string]any{
			"stratum": stop.Stratum, "property": string(stop.Property), "reason": reason})
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.Stop(ctx, stopID)
}

// StopView is a configuration stop with what it holds, as every transport
// shows it.
type StopView struct {
	ID            string
	Month         string
	Stratum       Stratum
	Property      string
	Errors, N     int
	High          float64
	Threshold     float64
	CreatedAt     time.Time
	LiftedAt      *time.Time
	LiftReason    string
	ChangeRequest string
	Held          []HeldNode
	// Released is true once every node the stop held is released: the
	// generated request is closed.
	Released bool
}

// HeldNode is one node a stop quarantined or flagged, and where it stands.
type HeldNode struct {
	Node       string
	Title      string
	Mark       string // QUARANTINED or FLAGGED
	Resolution string // "" until a person decides
	Released   bool
}

// Stops lists at most limit configuration stops, newest first; a limit of
// 0 or less is an empty page.
func (s *Service) Stops(ctx context.Context, limit int) ([]*StopView, error) {
	if limit <= 0 { // an empty page on every database: ent reads a limit of 0 as none
		return []*StopView{}, nil
	}
	stops, err := s.client.ConfigurationStop.Query().Order(ent.Desc(configurationstop.FieldCreatedAt), ent.Desc(configurationstop.FieldID)).
		Limit(limit).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("stops: %w", err)
	}
	out := make([]*StopView, len(stops))
	strata := make([]*Stratum, len(stops))
	for i, st := range stops {
		if out[i], err = s.stopView(ctx, st); err != nil {
			return nil, err
		}
		strata[i] = &out[i].Stratum
	}
	return out, nameWriters(ctx, s.client, strata...)
}

// Stop reads one configuration stop.
func (s *Service) Stop(ctx context.Context, id string) (*StopView, error) {
	st, err := s.client.ConfigurationStop.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, fmt.Errorf("stop %q: %w", id, policy.ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	return s.stopView(ctx, st)
}

func (s *Service) stopView(ctx context.Context, st *ent.ConfigurationStop) (*StopView, error) {
	qs, err := s.client.Quarantine.Query().Where(quarantine.StopID(st.ID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("held by %s: %w", st.ID, err)
	}
	ids := make([]string, len(qs))
	for i, q := range qs {
		ids[i] = q.NodeID
	}
	title, number := map[string]string{}, map[string]int{}
	for _, part := range batches(s.postgres(), ids) {
		nodes, err := s.client.CorpusNode.Query().Where(predicate.CorpusNode(idIn(corpusnode.FieldID, part))).
			Select(corpusnode.FieldID, corpusnode.FieldTitle, corpusnode.FieldNumber).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("held by %s: %w", st.ID, err)
		}
		for _, n := range nodes {
			title[n.ID], number[n.ID] = n.Title, n.Number
		}
	}
	v := &StopView{ID: st.ID, Month: st.Month, Stratum: Stratum{Kind: st.Kind, Writer: st.Writer, Model: st.Model,
		PromptVersion: st.PromptVersion, Layer: st.Layer}, Property: string(st.Property), Errors: st.Errors, N: st.N,
		High: st.High, Threshold: st.Threshold, CreatedAt: st.CreatedAt, LiftedAt: st.LiftedAt, LiftReason: st.LiftReason,
		ChangeRequest: st.ChangeRequestID, Held: make([]HeldNode, len(qs))}
	v.Released = len(qs) > 0
	for i, q := range qs {
		h := HeldNode{Node: q.NodeID, Title: title[q.NodeID], Mark: string(q.Mark), Released: q.ResolvedAt != nil}
		v.Released = v.Released && h.Released
		if q.Resolution != nil {
			h.Resolution = string(*q.Resolution)
		}
		v.Held[i] = h
	}
	slices.SortFunc(v.Held, func(a, b HeldNode) int {
		if a.Mark != b.Mark {
			return strings.Compare(b.Mark, a.Mark) // QUARANTINED before FLAGGED
		}
		return number[a.Node] - number[b.Node]
	})
	return v, nil
}
