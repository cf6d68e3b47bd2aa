package corpus

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/corpusbinding"
	"github.com/theoremdb/theoremdb/ent/corpusconfirmation"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/corpusreference"
	"github.com/theoremdb/theoremdb/ent/corpusrevision"
	"github.com/theoremdb/theoremdb/policy"
)

// People's checks (K9.6): what only a person can check of a merged node,
// each as one packet with the evidence in one place and a target time —
//
//   - a statement against its source at a locator (one packet per
//     reference of a statement, N-12.statement.0), which also confirms the
//     locator;
//   - a proof read step by step (N-12.proof), each step its own section;
//   - a formal binding above F1 (N-12.binding.<binding>).
//
// The queue is computed from the record, never kept beside it: a packet
// is open while the policy's levels still need it (fewer than two people
// confirmed it, or its locator is unconfirmed) and the reviewer reading
// the queue neither wrote the node nor confirmed the packet. Each
// confirmation is recorded per section (a row and an event each), and the
// levels are computed again. A reviewer reads the node blind: nothing of
// who or what wrote it, and no earlier confirmation, so every confirmation
// made from a packet is blind.

// Check is one packet of the queue for people.
type Check struct {
	ID   string
	Kind string // ConfirmStatement, ConfirmProof or ConfirmBinding
	// Question is what the reviewer checks, in words.
	Question string
	// TargetSeconds is the time the check should take.
	TargetSeconds int
	// Revision is the number of the node's revision the packet holds; a
	// confirmation of an older one is refused.
	Revision int
	Node     BlindNode
	// Reference is, for a statement, the source at its locator.
	Reference *ReferenceView
	// Binding is, for a binding, the formal statement bound.
	Binding *BindingView
	// Context is the other evidence: for a proof the statement it proves,
	// and the nodes the node uses, each with its text.
	Context  []BlindNode
	Sections []CheckSection
	// Full is true when Node and Context hold everything (PeopleCheck); a
	// list's packet holds the node's title and body alone.
	Full bool
}

// CheckSection is one part of a packet a reviewer confirms on its own.
type CheckSection struct {
	ID    string // reference-<p>, step-<i> or the binding's ID
	Title string
	Text  string
	// Confirmed is true when the reviewer reading the packet confirmed it.
	Confirmed bool
}

// BindingView is a formal binding as a reviewer checks it.
type BindingView struct {
	ID, System, Database, Label string
	Formal, RoundTrip           bool
	Checkers                    []string
}

// CheckPage is a page of the queue.
type CheckPage struct {
	Checks    []*Check
	HasNext   bool
	EndCursor string
}

// CanCheck says whether a may work the queue for people: a reviewer who
// is a person.
func CanCheck(a *ent.Account) bool { return policy.CanReview(a) }

func mayCheck(a *ent.Account) error {
	if a == nil {
		return policy.ErrUnauthenticated
	}
	if !CanCheck(a) {
		return fmt.Errorf("only a reviewer works the corpus's checks: %w", policy.ErrForbidden)
	}
	return nil
}

// Packet kinds, as a check's ID writes them.
const (
	checkStatement = "statement"
	checkProof     = "proof"
	checkBinding   = "binding"
)

// parseCheckID splits a check's ID into its node, its confirmation kind
// and its argument (a reference's position or a binding's ID).
func parseCheckID(id string) (node, kind, arg string, err error) {
	parts := strings.SplitN(id, ".", 3)
	bad := fmt.Errorf("%q is not a check's ID (N-12.statement.0, N-12.proof, N-12.binding.<id>): %w", id, policy.ErrNotFound)
	if len(parts) < 2 || !strings.HasPrefix(parts[0], "N-") {
		return "", "", "", bad
	}
	switch {
	case parts[1] == checkProof && len(parts) == 2:
		return parts[0], ConfirmProof, "", nil
	case parts[1] == checkStatement && len(parts) == 3:
		if p, err := strconv.Atoi(parts[2]); err != nil || p < 0 {
			return "", "", "", bad
		}
		return parts[0], ConfirmStatement, parts[2], nil
	case parts[1] == checkBinding && len(parts) == 3 && parts[2] != "":
		return parts[0], ConfirmBinding, parts[2], nil
	}
	return "", "", "", bad
}

// nodeFacts is what a node's packets are computed from.
type nodeFacts struct {
	n        *ent.CorpusNode
	rev      *ent.CorpusRevision
	refs     []*ent.CorpusReference
	confs    []*ent.CorpusConfirmation // of the current revision
	bindings []*ent.CorpusBinding
	steps    []string
}

// checkRef is a packet's place in its node: its kind and argument.
type checkRef struct{ kind, arg string }

func (p checkRef) id(node string) string {
	switch p.kind {
	case ConfirmStatement:
		return node + "." + checkStatement + "." + p.arg
	case ConfirmBinding:
		return node + "." + checkBinding + "." + p.arg
	}
	return node + "." + checkProof
}

// packets are every packet the node has, open or not, in their order:
// its statement against each reference, its proof, its bindings.
func (f *nodeFacts) packets() []checkRef {
	var out []checkRef
	if f.rev == nil {
		return nil // a node whose revision is missing has nothing to check
	}
	if string(f.n.Kind) != Proof {
		for _, r := range f.refs {
			out = append(out, checkRef{ConfirmStatement, strconv.Itoa(r.Position)})
		}
	} else if len(f.steps) > 0 {
		out = append(out, checkRef{ConfirmProof, ""})
	}
	for _, b := range f.bindings {
		if b.RoundTripPassed || b.Formal {
			out = append(out, checkRef{ConfirmBinding, b.ID})
		}
	}
	return out
}

// mine are the sections of kind the account confirmed.
func (f *nodeFacts) mine(account, kind string) map[string]bool {
	out := map[string]bool{}
	for _, c := range f.confs {
		if c.AccountID == account && string(c.Kind) == kind {
			out[c.Section] = true
		}
	}
	return out
}

// proofDone says whether account confirmed the whole proof.
func (f *nodeFacts) proofDone(account string) bool {
	m := f.mine(account, ConfirmProof)
	whole := 0
	for s := range m {
		if stepOf(s) == 0 {
			return true
		}
		if stepOf(s) <= len(f.steps) {
			whole++
		}
	}
	return len(f.steps) > 0 && whole == len(f.steps)
}

// needed says whether the levels still need packet p from someone, and
// whether account may still give it.
func (f *nodeFacts) needed(p checkRef, account string) bool {
	people := map[string]bool{}
	switch p.kind {
	case ConfirmStatement:
		pos, _ := strconv.Atoi(p.arg)
		if f.mine(account, ConfirmStatement)[referenceSection(pos)] {
			return false
		}
		for _, c := range f.confs {
			if c.Kind == corpusconfirmation.KindSTATEMENT_SOURCE {
				people[c.AccountID] = true
			}
		}
		for _, r := range f.refs {
			if r.Position == pos && !r.LocatorConfirmed {
				return true
			}
		}
	case ConfirmProof:
		if f.proofDone(account) {
			return false
		}
		for _, c := range f.confs {
			if c.Kind == corpusconfirmation.KindPROOF_STEPS && f.proofDone(c.AccountID) {
				people[c.AccountID] = true
			}
		}
	case ConfirmBinding:
		for _, c := range f.confs {
			if c.Kind == corpusconfirmation.KindBINDING && c.Section == p.arg {
				people[c.AccountID] = true
			}
		}
		if people[account] {
			return false
		}
	}
	return len(people) < 2
}

// factsOf reads the facts of merged, live nodes.
func (s *Service) factsOf(ctx context.Context, c *ent.Client, ns []*ent.CorpusNode) (map[string]*nodeFacts, error) {
	out := map[string]*nodeFacts{}
	var ids, revs []string
	for _, n := range ns {
		out[n.ID] = &nodeFacts{n: n}
		ids = append(ids, n.ID)
		revs = append(revs, *n.CurrentRevisionID)
	}
	rows, err := c.CorpusRevision.Query().Where(corpusrevision.IDIn(revs...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("revisions: %w", err)
	}
	for _, r := range rows {
		f := out[r.NodeID]
		f.rev = r
		if string(f.n.Kind) == Proof {
			f.steps = ProofSteps(r.Body)
		}
	}
	refs, err := c.CorpusReference.Query().Where(corpusreference.RevisionIDIn(revs...)).
		Order(ent.Asc(corpusreference.FieldPosition)).WithSource().All(ctx)
	if err != nil {
		return nil, fmt.Errorf("references: %w", err)
	}
	byRev := map[string]*nodeFacts{}
	for _, f := range out {
		byRev[*f.n.CurrentRevisionID] = f
	}
	for _, r := range refs {
		byRev[r.RevisionID].refs = append(byRev[r.RevisionID].refs, r)
	}
	confs, err := c.CorpusConfirmation.Query().Where(corpusconfirmation.NodeIDIn(ids...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("confirmations: %w", err)
	}
	for _, cf := range confs {
		if f := out[cf.NodeID]; cf.RevisionID == *f.n.CurrentRevisionID {
			f.confs = append(f.confs, cf)
		}
	}
	bs, err := c.CorpusBinding.Query().Where(corpusbinding.NodeIDIn(ids...)).Order(ent.Asc(corpusbinding.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("bindings: %w", err)
	}
	for _, b := range bs {
		out[b.NodeID].bindings = append(out[b.NodeID].bindings, b)
	}
	return out, nil
}

// PeopleChecks is the queue of a reviewer: the packets still needed, of
// nodes the reviewer did not write, in the order of the nodes' numbers,
// first at a time after the check ID after.
func (s *Service) PeopleChecks(ctx context.Context, a *ent.Account, first int, after string) (*CheckPage, error) {
	if err := mayCheck(a); err != nil {
		return nil, err
	}
	if first <= 0 || first > MaxPage {
		first = min(max(first, 20), MaxPage)
	}
	start, cursorNode, cursorAt := 0, "", checkRef{}
	if after != "" {
		node, kind, arg, err := parseCheckID(after)
		if err != nil {
			return nil, fmt.Errorf("the cursor %q is not one this server gave out: %w", after, ErrBadCursor)
		}
		if _, err := fmt.Sscanf(node, "N-%d", &start); err != nil {
			return nil, fmt.Errorf("the cursor %q is not one this server gave out: %w", after, ErrBadCursor)
		}
		cursorNode, cursorAt = node, checkRef{kind, arg}
	}
	p := &CheckPage{Checks: []*Check{}}
	err := s.eachNeededCheck(ctx, a, start, func(n *ent.CorpusNode, f *nodeFacts, pk checkRef) bool {
		if n.ID == cursorNode && !packetAfter(pk, cursorAt) {
			return true
		}
		if len(p.Checks) == first {
			p.HasNext = true
			return false
		}
		p.Checks = append(p.Checks, f.check(pk, a.ID))
		p.EndCursor = pk.id(n.ID)
		return true
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// PeopleCheckCount is how many packets the reviewer's queue holds in all,
// on every page of PeopleChecks.
func (s *Service) PeopleCheckCount(ctx context.Context, a *ent.Account) (int, error) {
	if err := mayCheck(a); err != nil {
		return 0, err
	}
	n := 0
	err := s.eachNeededCheck(ctx, a, 0, func(*ent.CorpusNode, *nodeFacts, checkRef) bool {
		n++
		return true
	})
	return n, err
}

// eachNeededCheck calls fn with each packet still needed of a's queue, of
// the nodes numbered from start on, in the queue's order, reading the nodes
// in batches, until fn returns false.
func (s *Service) eachNeededCheck(ctx context.Context, a *ent.Account, start int, fn func(*ent.CorpusNode, *nodeFacts, checkRef) bool) error {
	const batch = 200
	for {
		ns, err := s.client.CorpusNode.Query().Where(corpusnode.Retired(false), corpusnode.CurrentRevisionIDNotNil(),
			corpusnode.MergedByIDNotNil(), corpusnode.WriterNEQ(a.ID), corpusnode.NumberGTE(start)).
			Order(ent.Asc(corpusnode.FieldNumber)).Limit(batch).All(ctx)
		if err != nil {
			return fmt.Errorf("checks: %w", err)
		}
		if len(ns) == 0 {
			return nil
		}
		facts, err := s.factsOf(ctx, s.client, ns)
		if err != nil {
			return err
		}
		for _, n := range ns {
			f := facts[n.ID]
			for _, pk := range f.packets() {
				if f.needed(pk, a.ID) && !fn(n, f, pk) {
					return nil
				}
			}
		}
		if len(ns) < batch {
			return nil
		}
		start = ns[len(ns)-1].Number + 1
	}
}

// packetAfter says whether p comes after q in a node's packets, as
// packets() lists them: statements by position, the proof, then bindings
// by ID.
func packetAfter(p, q checkRef) bool {
	rank := map[string]int{ConfirmStatement: 0, ConfirmProof: 1, ConfirmBinding: 2}
	switch {
	case rank[p.kind] != rank[q.kind]:
		return rank[p.kind] > rank[q.kind]
	case p.kind == ConfirmStatement:
		a, _ := strconv.Atoi(p.arg)
		b, _ := strconv.Atoi(q.arg)
		return a > b
	}
	return p.arg > q.arg
}

// check is packet p as a list shows it, and the sections the account
// confirmed.
func (f *nodeFacts) check(p checkRef, account string) *Check {
	n := f.n
	// The list's node holds what a list shows; PeopleCheck reads the rest.
	c := &Check{ID: p.id(n.ID), Kind: p.kind, Revision: f.rev.Number, Context: []BlindNode{},
		Node: BlindNode{ID: n.ID, Kind: string(n.Kind), Label: n.Label, Title: n.Title, Body: f.rev.Body, Term: n.Term,
			Uses: []NodeRef{}, UsedBy: []NodeRef{}, References: []ReferenceView{}}}
	mine := f.mine(account, p.kind)
	switch p.kind {
	case ConfirmStatement:
		pos, _ := strconv.Atoi(p.arg)
		for _, r := range f.refs {
			if r.Position == pos {
				c.Reference = &ReferenceView{Citation: r.Citation, Locator: r.Locator, LocatorConfirmed: r.LocatorConfirmed}
				if src := r.Edges.Source; src != nil {
					c.Reference.Identifier, c.Reference.Confirmation = src.Identifier, string(src.Confirmation)
				}
			}
		}
		c.Question = "Open the source at its locator. Does it state what the node states: the same objects, hypotheses and conclusion, nothing stronger, its conventions stated?"
		c.TargetSeconds = 5 * 60
		where := "the source"
		if c.Reference != nil {
			where = c.Reference.Citation
			if c.Reference.Locator != "" {
				where += ", " + c.Reference.Locator
			}
		}
		sec := referenceSection(pos)
		c.Sections = []CheckSection{{ID: sec, Title: "The statement against " + where, Confirmed: mine[sec],
			Text: "The source says this at the locator, and confirming it confirms the locator."}}
	case ConfirmProof:
		c.Question = "Read each step. Does it follow from the steps before it, the hypotheses of the statement proved and the nodes the proof uses? Confirm each step you checked; the proof counts once you confirmed every step."
		c.TargetSeconds = max(5*60, 3*60*len(f.steps))
		whole := false
		for s := range mine {
			whole = whole || stepOf(s) == 0
		}
		for i, st := range f.steps {
			sec := stepSection(i + 1)
			c.Sections = append(c.Sections, CheckSection{ID: sec, Title: "Step " + strconv.Itoa(i+1), Text: st, Confirmed: whole || mine[sec]})
		}
	case ConfirmBinding:
		for _, b := range f.bindings {
			if b.ID == p.arg {
				c.Binding = &BindingView{ID: b.ID, System: b.System, Database: b.Database, Label: b.Label, Formal: b.Formal,
					RoundTrip: b.RoundTripPassed, Checkers: append([]string{}, b.CheckersPassed...)}
			}
		}
		c.Question = "Open the formal statement. Does it say what the node says: the same objects, hypotheses and conclusion, nothing weaker or stronger?"
		c.TargetSeconds = 5 * 60
		title := "The binding"
		if c.Binding != nil {
			title += " to " + c.Binding.Label
			if c.Binding.Database != "" {
				title += " in " + c.Binding.Database
			}
		}
		c.Sections = []CheckSection{{ID: p.arg, Title: title, Confirmed: mine[p.arg],
			Text: "The formal statement says what the node's statement says."}}
	}
	return c
}
