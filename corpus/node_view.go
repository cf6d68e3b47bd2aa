package corpus

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/corpusconfirmation"
	"github.com/theoremdb/theoremdb/ent/corpusedge"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/corpusreference"
	"github.com/theoremdb/theoremdb/ent/corpusrevision"
	"github.com/theoremdb/theoremdb/policy"
)

// NodeRef is a node as a list or an edge shows it.
type NodeRef struct {
	ID    string
	Label string
	Kind  string
	Title string
	Level int
}

// ReferenceView is a source a node's current revision cites.
type ReferenceView struct {
	Identifier       string
	Citation         string
	Locator          string
	LocatorConfirmed bool
	Confirmation     string // the source's record: PENDING, CONFIRMED, MISMATCH or NOT_FOUND
}

// PropertyStatus is one property of K9.1 and its status on a node:
// CONFIRMED, UNCONFIRMED, FLAGGED or NOT_APPLICABLE. Each is read from its
// own part of the record, so none hides another.
type PropertyStatus struct {
	Property string
	Status   string
}

// RevisionView is one revision in a node's history.
type RevisionView struct {
	Number        int
	Title         string
	Diff          string
	ChangeRequest string
	CreatedAt     time.Time
}

// NodeView is a corpus node as every transport shows it.
type NodeView struct {
	ID          string
	Number      int
	Kind        string
	Label       string
	Title       string
	Body        string
	Term        string
	Level       int
	Fidelity    int
	Flags       []string
	Uses        []NodeRef
	UsedBy      []NodeRef
	Proves      *NodeRef
	ProvedBy    []NodeRef
	ExampleOf   *NodeRef
	References  []ReferenceView
	Properties  []PropertyStatus
	Writer      Writer
	Licence     string
	Attribution string
	Retired     bool
	Successor   string
	MergedBy    string
	Revisions   []RevisionView
	// CitedBy are the problems and claims citing the node.
	CitedBy   []Citation
	CreatedAt time.Time
	UpdatedAt time.Time
}

// IsNode marks a node view as a Relay node of the API.
func (*NodeView) IsNode() {}

// Node reads a node by N-<n> or label. A retired node reads as its
// tombstone, naming its successor.
func (s *Service) Node(ctx context.Context, ref string) (*NodeView, error) {
	n, err := baseOf(ctx, s.client, ref)
	if err != nil {
		return nil, err
	}
	if n == nil {
		return nil, fmt.Errorf("corpus node %q: %w", ref, policy.ErrNotFound)
	}
	return s.nodeView(ctx, n)
}

func (s *Service) nodeView(ctx context.Context, n *ent.CorpusNode) (*NodeView, error) {
	v := &NodeView{ID: n.ID, Number: n.Number, Kind: string(n.Kind), Label: n.Label, Title: n.Title, Term: n.Term,
		Level: n.Level, Fidelity: n.Fidelity, Flags: flagsOf(n), Uses: []NodeRef{}, UsedBy: []NodeRef{}, ProvedBy: []NodeRef{},
		References: []ReferenceView{}, Writer: Writer{Kind: string(n.WriterKind), ID: n.Writer, Model: n.Model,
			PromptVersion: n.PromptVersion, Layer: n.Layer}, Licence: n.Licence, Attribution: n.Attribution,
		Retired: n.Retired, CreatedAt: n.CreatedAt, UpdatedAt: n.UpdatedAt}
	if n.SuccessorID != nil {
		v.Successor = *n.SuccessorID
	}
	if n.MergedByID != nil {
		v.MergedBy = *n.MergedByID
	}
	revs, err := s.client.CorpusRevision.Query().Where(corpusrevision.NodeID(n.ID)).Order(ent.Desc(corpusrevision.FieldNumber)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("revisions of %s: %w", n.ID, err)
	}
	for _, r := range revs {
		v.Revisions = append(v.Revisions, RevisionView{Number: r.Number, Title: r.Title, Diff: r.Diff, ChangeRequest: r.ChangeRequestID, CreatedAt: r.CreatedAt})
		if n.CurrentRevisionID != nil && r.ID == *n.CurrentRevisionID {
			v.Body = r.Body
		}
	}
	out, err := s.client.CorpusEdge.Query().Where(corpusedge.FromID(n.ID)).WithTo().All(ctx)
	if err != nil {
		return nil, fmt.Errorf("edges of %s: %w", n.ID, err)
	}
	for _, e := range out {
		if e.Edges.To == nil {
			continue
		}
		ref := refOf(e.Edges.To)
		switch e.Kind {
		case corpusedge.KindUSES:
			v.Uses = append(v.Uses, ref)
		case corpusedge.KindPROVES:
			v.Proves = &ref
		case corpusedge.KindEXAMPLE_OF:
			v.ExampleOf = &ref
		}
	}
	in, err := s.client.CorpusEdge.Query().Where(corpusedge.ToID(n.ID),
		corpusedge.KindIn(corpusedge.KindUSES, corpusedge.KindPROVES)).WithFrom().All(ctx)
	if err != nil {
		return nil, fmt.Errorf("edges to %s: %w", n.ID, err)
	}
	for _, e := range in {
		if e.Kind == corpusedge.KindUSES {
			v.UsedBy = append(v.UsedBy, refOf(e.Edges.From))
		} else {
			v.ProvedBy = append(v.ProvedBy, refOf(e.Edges.From))
		}
	}
	if n.CurrentRevisionID != nil {
		refs, err := s.client.CorpusReference.Query().Where(corpusreference.RevisionID(*n.CurrentRevisionID)).
			Order(ent.Asc(corpusreference.FieldPosition)).WithSource().All(ctx)
		if err != nil {
			return nil, fmt.Errorf("references of %s: %w", n.ID, err)
		}
		for _, r := range refs {
			v.References = append(v.References, ReferenceView{Identifier: r.Edges.Source.Identifier, Citation: r.Citation,
				Locator: r.Locator, LocatorConfirmed: r.LocatorConfirmed, Confirmation: string(r.Edges.Source.Confirmation)})
		}
	}
	statementConfirmed := false
	if n.CurrentRevisionID != nil {
		statementConfirmed, err = s.client.CorpusConfirmation.Query().Where(corpusconfirmation.NodeID(n.ID),
			corpusconfirmation.RevisionID(*n.CurrentRevisionID), corpusconfirmation.KindEQ(corpusconfirmation.KindSTATEMENT_SOURCE)).Exist(ctx)
		if err != nil {
			return nil, fmt.Errorf("confirmations of %s: %w", n.ID, err)
		}
	}
	v.Properties = properties(n, len(v.References), statementConfirmed)
	if v.CitedBy, err = s.CitedBy(ctx, n.ID); err != nil {
		return nil, err
	}
	return v, nil
}

func refOf(n *ent.CorpusNode) NodeRef {
	return NodeRef{ID: n.ID, Label: n.Label, Kind: string(n.Kind), Title: n.Title, Level: n.Level}
}

// flagsOf are the flags a node shows: sorry_in_closure on a proof whose
// closure has a node below E2, locator_unconfirmed on a node citing a
// source whose locator no one confirmed.
func flagsOf(n *ent.CorpusNode) []string {
	flags := []string{}
	if n.SorryInClosure && string(n.Kind) == Proof {
		flags = append(flags, FlagSorryInClosure)
	}
	if n.LocatorUnconfirmed {
		flags = append(flags, FlagLocatorUnconfirmed)
	}
	return flags
}

// properties reads each property of K9.1 from its own part of the record.
func properties(n *ent.CorpusNode, refs int, statementConfirmed bool) []PropertyStatus {
	correctness := "UNCONFIRMED"
	switch {
	case n.SorryInClosure && string(n.Kind) == Proof:
		correctness = "FLAGGED"
	case n.Level >= E2:
		correctness = "CONFIRMED"
	}
	fidelity := "UNCONFIRMED"
	if statementConfirmed || n.Fidelity >= 2 {
		fidelity = "CONFIRMED"
	}
	sourcing := "NOT_APPLICABLE"
	switch {
	case refs > 0 && n.LocatorUnconfirmed:
		sourcing = "FLAGGED"
	case refs > 0:
		sourcing = "CONFIRMED"
	}
	return []PropertyStatus{
		{PropertyCorrectness, correctness},
		{PropertyFidelity, fidelity},
		{PropertySourcing, sourcing},
		{PropertyStyle, "UNCONFIRMED"}, // card and notation are checked by people only
	}
}

// NodePage is one page of a node list.
type NodePage struct {
	Nodes      []NodeRef
	TotalCount int
	// EndCursor continues the list after the page; HasNextPage says whether
	// there is more.
	EndCursor   string
	HasNextPage bool
}

// MaxPage is the largest page of a node list.
const MaxPage = 100

// Nodes lists nodes in the order of their numbers, those whose title or
// label contains search when it is given, first at a time after the
// cursor after.
func (s *Service) Nodes(ctx context.Context, search string, first int, after string) (*NodePage, error) {
	if first <= 0 || first > MaxPage {
		first = min(max(first, 20), MaxPage)
	}
	q := s.client.CorpusNode.Query().Where(corpusnode.Retired(false))
	if t := strings.TrimSpace(search); t != "" {
		q = q.Where(corpusnode.Or(corpusnode.TitleContainsFold(t), corpusnode.LabelContainsFold(t)))
	}
	total, err := q.Clone().Count(ctx)
	if err != nil {
		return nil, fmt.Errorf("count nodes: %w", err)
	}
	if after != "" {
		var n int
		if _, err := fmt.Sscanf(after, "N-%d", &n); err != nil {
			return nil, fmt.Errorf("the cursor %q is not one this server gave out: %w", after, ErrBadCursor)
		}
		q = q.Where(corpusnode.NumberGT(n))
	}
	ns, err := q.Order(ent.Asc(corpusnode.FieldNumber)).Limit(first + 1).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("list nodes: %w", err)
	}
	p := &NodePage{Nodes: []NodeRef{}, TotalCount: total}
	if len(ns) > first {
		p.HasNextPage, ns = true, ns[:first]
	}
	for _, n := range ns {
		p.Nodes = append(p.Nodes, refOf(n))
	}
	if len(ns) > 0 {
		p.EndCursor = ns[len(ns)-1].ID
	}
	return p, nil
}
