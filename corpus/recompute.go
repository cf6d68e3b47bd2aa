package corpus

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/corpusbinding"
	"github.com/theoremdb/theoremdb/ent/corpusconfirmation"
	"github.com/theoremdb/theoremdb/ent/corpusedge"
	"github.com/theoremdb/theoremdb/ent/corpusgaterun"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/corpusreference"
	"github.com/theoremdb/theoremdb/ent/corpusrevision"
	"github.com/theoremdb/theoremdb/ent/predicate"
	"github.com/theoremdb/theoremdb/ent/readerreport"
	"github.com/theoremdb/theoremdb/policy"
)

// recompute computes the levels and flags of the seed nodes from their
// records, then of every node that rests on them, targets before their
// dependants, and writes each change with an event in the transaction.
// Nothing else writes a level.
//
// The lowest level stored with each node's closure summary is kept with
// them, from its targets' as it goes; the closure's size is not (a change
// of shape marks it pending, and a job counts it: markCounts).
func (s *Service) recompute(ctx context.Context, w *policy.WriteTx, seeds []string) error {
	c := w.Client()
	affected := map[string]bool{}
	for _, id := range seeds {
		affected[id] = true
	}
	deps, err := s.dependantsOf(ctx, w.SQL(), seeds)
	if err != nil {
		return err
	}
	for _, id := range deps {
		affected[id] = true
	}
	ids := make([]string, 0, len(affected))
	for id := range affected {
		ids = append(ids, id)
	}
	rs, err := s.loadRecords(ctx, c, ids)
	if err != nil {
		return err
	}
	// Targets before dependants: a node's level reads its targets'.
	order := topological(ids, rs.uses, affected)
	// The lowest levels, which carry no event, are written after the pass,
	// one statement per value and batch: a change reaching 10,000
	// dependants writes a few statements, not 10,000.
	lowests := map[int][]string{}
	for _, id := range order {
		n := rs.nodes[id]
		r := rs.record(id)
		level, fid, sorry, loc := Level(r), Fidelity(r), SorryInClosure(r), LocatorUnconfirmed(r)
		if lowest := rs.lowest(id); lowest != n.ClosureLowest {
			lowests[lowest] = append(lowests[lowest], id)
			n.ClosureLowest = lowest
		}
		if level == n.Level && fid == n.Fidelity && sorry == n.SorryInClosure && loc == n.LocatorUnconfirmed {
			continue
		}
		if err := c.CorpusNode.UpdateOneID(id).SetLevel(level).SetFidelity(fid).SetSorryInClosure(sorry).
			SetLocatorUnconfirmed(loc).Exec(ctx); err != nil {
			return fmt.Errorf("levels of %s: %w", id, err)
		}
		_, err := w.Append(ctx, policy.SystemActor, AuthorityRecord, KindLevelChanged, id, map[string]any{
			"from": LevelName(n.Level), "to": LevelName(level), "fidelity": FidelityName(fid),
			"sorryInClosure": sorry, "locatorUnconfirmed": loc})
		if err != nil {
			return err
		}
		n.Level, n.Fidelity, n.SorryInClosure, n.LocatorUnconfirmed = level, fid, sorry, loc
	}
	for lowest, ids := range lowests {
		for _, part := range batches(s.postgres(), ids) {
			if err := c.CorpusNode.Update().Where(predicate.CorpusNode(idIn(corpusnode.FieldID, part))).
				SetClosureLowest(lowest).Exec(ctx); err != nil {
				return fmt.Errorf("closures: %w", err)
			}
		}
	}
	return nil
}

// recordSet is the inputs of the levels of a set of nodes, read in batches.
type recordSet struct {
	nodes    map[string]*ent.CorpusNode // the affected nodes and their targets
	uses     map[string][]string
	clean    map[string]bool // change request ID: its last attempt had no UNKNOWN gate
	confirms map[string][]Confirmation
	locators map[string][]bool // by revision ID
	bindings map[string][]Binding
	refuted  map[string]bool // by revision ID: a confirmed reader report
	// steps are the proof steps of the revisions someone confirmed step by
	// step, by revision ID.
	steps map[string]int
}

func (rs *recordSet) record(id string) Record {
	n := rs.nodes[id]
	r := Record{Merged: n.CurrentRevisionID != nil && n.MergedByID != nil, Retired: n.Retired}
	if r.Merged {
		r.GatesClean = rs.clean[*n.MergedByID]
		r.Locators = rs.locators[*n.CurrentRevisionID]
		r.Refuted = rs.refuted[*n.CurrentRevisionID]
		r.ProofSteps = max(0, rs.steps[*n.CurrentRevisionID])
		for _, cf := range rs.confirms[id] {
			r.Confirmations = append(r.Confirmations, cf)
		}
	}
	for _, t := range rs.uses[id] {
		if tn := rs.nodes[t]; tn != nil {
			r.Uses = append(r.Uses, Use{Level: tn.Level, Sorry: tn.SorryInClosure})
		}
	}
	r.Bindings = rs.bindings[id]
	return r
}

// lowest is the lowest level in a node's uses closure, from its targets'
// levels and their own closures' lowest; -1 when it uses nothing.
func (rs *recordSet) lowest(id string) int {
	low := -1
	for _, t := range rs.uses[id] {
		tn := rs.nodes[t]
		if tn == nil {
			continue
		}
		for _, l := range []int{tn.Level, tn.ClosureLowest} {
			if l >= 0 && (low < 0 || l < low) {
				low = l
			}
		}
	}
	return low
}

// dependantsOf are the dependants of ids, asked for in batches: each node
// once, in no particular order (a node resting on nodes of two batches is
// found by both).
func (s *Service) dependantsOf(ctx context.Context, q querier, ids []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, part := range batches(s.postgres(), ids) {
		deps, err := s.dependants(ctx, q, part)
		if err != nil {
			return nil, err
		}
		for _, id := range deps {
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	return out, nil
}

// loadRecords reads the records of ids.
func (s *Service) loadRecords(ctx context.Context, c *ent.Client, ids []string) (*recordSet, error) {
	rs := &recordSet{nodes: map[string]*ent.CorpusNode{}, uses: map[string][]string{}, clean: map[string]bool{},
		confirms: map[string][]Confirmation{}, locators: map[string][]bool{}, bindings: map[string][]Binding{},
		refuted: map[string]bool{}, steps: map[string]int{}}
	var revs, crs []string
	pg := s.postgres()
	for _, part := range batches(pg, ids) {
		ns, err := c.CorpusNode.Query().Where(predicate.CorpusNode(idIn(corpusnode.FieldID, part))).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("nodes: %w", err)
		}
		for _, n := range ns {
			rs.nodes[n.ID] = n
			if n.CurrentRevisionID != nil {
				revs = append(revs, *n.CurrentRevisionID)
			}
			if n.MergedByID != nil {
				crs = append(crs, *n.MergedByID)
			}
		}
		es, err := c.CorpusEdge.Query().Where(predicate.CorpusEdge(idIn(corpusedge.FieldFromID, part)),
			corpusedge.KindEQ(corpusedge.KindUSES), corpusedge.ToIDNotNil()).
			Select(corpusedge.FieldFromID, corpusedge.FieldToID).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("uses: %w", err)
		}
		for _, e := range es {
			rs.uses[e.FromID] = append(rs.uses[e.FromID], *e.ToID)
		}
		cs, err := c.CorpusConfirmation.Query().Where(predicate.CorpusConfirmation(idIn(corpusconfirmation.FieldNodeID, part))).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("confirmations: %w", err)
		}
		for _, cf := range cs {
			if n := rs.nodes[cf.NodeID]; n == nil || n.CurrentRevisionID == nil || *n.CurrentRevisionID != cf.RevisionID {
				continue // a confirmation of an older revision confirms nothing now
			}
			rs.confirms[cf.NodeID] = append(rs.confirms[cf.NodeID], Confirmation{Kind: string(cf.Kind), Account: cf.AccountID,
				Blind: cf.Blind, Binding: cf.Section, Section: cf.Section})
			if cf.Kind == corpusconfirmation.KindPROOF_STEPS && stepOf(cf.Section) > 0 && rs.steps[cf.RevisionID] == 0 {
				rs.steps[cf.RevisionID] = -1 // counted below
			}
		}
		bs, err := c.CorpusBinding.Query().Where(predicate.CorpusBinding(idIn(corpusbinding.FieldNodeID, part))).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("bindings: %w", err)
		}
		for _, b := range bs {
			rs.bindings[b.NodeID] = append(rs.bindings[b.NodeID], Binding{ID: b.ID, Formal: b.Formal, RoundTrip: b.RoundTripPassed, Checkers: b.CheckersPassed,
				Disagreement: b.Disagreement})
		}
	}
	// The targets outside the set, whose levels are read as stored.
	var outside []string
	for _, ts := range rs.uses {
		for _, t := range ts {
			if rs.nodes[t] == nil {
				outside = append(outside, t)
			}
		}
	}
	for _, part := range batches(pg, outside) {
		ns, err := c.CorpusNode.Query().Where(predicate.CorpusNode(idIn(corpusnode.FieldID, part))).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("targets: %w", err)
		}
		for _, n := range ns {
			rs.nodes[n.ID] = n
		}
	}
	for _, part := range batches(pg, revs) {
		refs, err := c.CorpusReference.Query().Where(predicate.CorpusReference(idIn(corpusreference.FieldRevisionID, part))).
			Order(ent.Asc(corpusreference.FieldPosition)).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("references: %w", err)
		}
		for _, r := range refs {
			rs.locators[r.RevisionID] = append(rs.locators[r.RevisionID], r.LocatorConfirmed)
		}
		confirmed, err := c.ReaderReport.Query().Where(predicate.ReaderReport(idIn(readerreport.FieldRevisionID, part)),
			readerreport.StateEQ(readerreport.StateCONFIRMED)).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("reader reports: %w", err)
		}
		for _, r := range confirmed {
			rs.refuted[r.RevisionID] = true
		}
	}
	if err := rs.countSteps(ctx, c, pg); err != nil {
		return nil, err
	}
	for _, part := range batches(pg, crs) {
		runs, err := c.CorpusGateRun.Query().Where(predicate.CorpusGateRun(idIn(corpusgaterun.FieldChangeRequestID, part))).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("gate runs: %w", err)
		}
		last := map[string]int{}
		for _, r := range runs {
			last[r.ChangeRequestID] = max(last[r.ChangeRequestID], r.Attempt)
		}
		for _, id := range part {
			rs.clean[id] = last[id] > 0
		}
		for _, r := range runs {
			if r.Attempt == last[r.ChangeRequestID] && (r.Outcome == corpusgaterun.OutcomeUNKNOWN || r.Outcome == corpusgaterun.OutcomeFAIL) {
				rs.clean[r.ChangeRequestID] = false
			}
		}
	}
	return rs, nil
}

// countSteps reads the bodies of the revisions someone confirmed step by
// step and counts their steps.
func (rs *recordSet) countSteps(ctx context.Context, c *ent.Client, pg bool) error {
	var revs []string
	for id := range rs.steps {
		revs = append(revs, id)
	}
	for _, part := range batches(pg, revs) {
		rows, err := c.CorpusRevision.Query().Where(predicate.CorpusRevision(idIn(corpusrevision.FieldID, part))).
			Select(corpusrevision.FieldID, corpusrevision.FieldBody).All(ctx)
		if err != nil {
			return fmt.Errorf("proof steps: %w", err)
		}
		for _, r := range rows {
			rs.steps[r.ID] = len(ProofSteps(r.Body))
		}
	}
	return nil
}

// topological orders ids so that every node comes after the nodes of the
// set it uses.
func topological(ids []string, uses map[string][]string, in map[string]bool) []string {
	indeg := map[string]int{}
	users := map[string][]string{}
	for _, id := range ids {
		for _, t := range uses[id] {
			if in[t] {
				indeg[id]++
				users[t] = append(users[t], id)
			}
		}
	}
	var queue, out []string
	for _, id := range ids {
		if indeg[id] == 0 {
			queue = append(queue, id)
		}
	}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		out = append(out, id)
		for _, u := range users[id] {
			if indeg[u]--; indeg[u] == 0 {
				queue = append(queue, u)
			}
		}
	}
	return out
}
