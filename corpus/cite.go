package corpus

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/nodecitation"
	"github.com/theoremdb/theoremdb/ent/predicate"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/policy"
)

// ErrCitation is a citation of a node the record cannot take.
var ErrCitation = errors.New("invalid citation")

// ErrCited is a citation already recorded, or a claim already bound.
var ErrCited = errors.New("already cited")

// KindCited is the event of a problem or claim citing a node.
const KindCited = "corpus.node.cited"

// Citation is a problem, or one of its claims, citing a corpus node.
type Citation struct {
	ID           string
	Problem      string // TDB-n
	ProblemTitle string
	Claim        string // the claim bound to the node; "" for the problem's own
	ClaimSummary string
	Node         NodeRef
	CreatedAt    time.Time
}

// CiteInput is a citation: a problem cites a node, or, with Claim, one of
// its claims is bound to a theorem, lemma or proposition.
type CiteInput struct {
	Problem string
	Claim   string
	Node    string // N-<n> or label
}

// Cite records a citation of a node by a problem or one of its claims: a
// reviewer records either, and a claim's author binds their claim. A
// problem cites a node once; a claim is bound to one node.
func (s *Service) Cite(ctx context.Context, a *ent.Account, in CiteInput) (*Citation, error) {
	if a == nil {
		return nil, policy.ErrUnauthenticated
	}
	var id string
	err := s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		c := w.Client()
		p, err := c.Problem.Query().Where(problem.ID(in.Problem)).Only(ctx)
		if ent.IsNotFound(err) {
			return fmt.Errorf("problem %q: %w", in.Problem, policy.ErrNotFound)
		}
		if err != nil {
			return err
		}
		n, err := baseOf(ctx, c, in.Node)
		if err != nil {
			return err
		}
		if n == nil || n.Retired || n.MergedByID == nil {
			return fmt.Errorf("no merged, live corpus node is %q: %w", in.Node, ErrCitation)
		}
		author := ""
		if in.Claim != "" {
			cl, err := c.Claim.Get(ctx, in.Claim)
			if ent.IsNotFound(err) || err == nil && cl.ProblemID != p.ID {
				return fmt.Errorf("claim %q of %s: %w", in.Claim, p.ID, policy.ErrNotFound)
			}
			if err != nil {
				return err
			}
			if cl.AuthorID != nil {
				author = *cl.AuthorID
			}
			if !slices.Contains(provable, string(n.Kind)) {
				return fmt.Errorf("a claim is bound to a theorem, lemma or proposition; %s is a %s: %w", n.ID, kindWord(string(n.Kind)), ErrCitation)
			}
		}
		if !policy.CanReview(a) && (author == "" || author != a.ID) {
			return fmt.Errorf("only a reviewer, or a claim's author for their claim, cites a corpus node: %w", policy.ErrForbidden)
		}
		q := c.NodeCitation.Query().Where(nodecitation.ProblemID(p.ID))
		if in.Claim != "" {
			q = q.Where(nodecitation.ClaimID(in.Claim))
		} else {
			q = q.Where(nodecitation.ClaimIDIsNil(), nodecitation.NodeID(n.ID))
		}
		if ok, err := q.Exist(ctx); err != nil {
			return err
		} else if ok && in.Claim != "" {
			return fmt.Errorf("claim %s is bound to a node already: %w", in.Claim, ErrCited)
		} else if ok {
			return fmt.Errorf("%s cites %s already: %w", p.ID, n.ID, ErrCited)
		}
		cr := c.NodeCitation.Create().SetProblemID(p.ID).SetNodeID(n.ID).SetAccountID(a.ID).SetCreatedAt(s.now())
		if in.Claim != "" {
			cr.SetClaimID(in.Claim)
		}
		row, err := cr.Save(ctx)
		if err != nil {
			return fmt.Errorf("cite %s: %w", n.ID, err)
		}
		id = row.ID
		_, err = w.Append(ctx, a.ID, AuthorityPerson, KindCited, n.ID, map[string]any{
			"citation": row.ID, "problem": p.ID, "claim": in.Claim})
		return err
	})
	if err != nil {
		return nil, err
	}
	cs, err := s.citations(ctx, nodecitation.ID(id))
	if err != nil || len(cs) == 0 {
		return nil, err
	}
	return &cs[0], nil
}

func kindWord(kind string) string { return strings.ToLower(kind) }

// CitationsOfProblem are the nodes a problem and its claims cite, oldest first.
func (s *Service) CitationsOfProblem(ctx context.Context, id string) ([]Citation, error) {
	return s.citations(ctx, nodecitation.ProblemID(id))
}

// CitedBy are the problems and claims citing a node, oldest first.
func (s *Service) CitedBy(ctx context.Context, nodeID string) ([]Citation, error) {
	return s.citations(ctx, nodecitation.NodeID(nodeID))
}

// ClaimNode is the node a claim is bound to, or nil.
func (s *Service) ClaimNode(ctx context.Context, claimID string) (*NodeRef, error) {
	cs, err := s.citations(ctx, nodecitation.ClaimID(claimID))
	if err != nil || len(cs) == 0 {
		return nil, err
	}
	return &cs[0].Node, nil
}

func (s *Service) citations(ctx context.Context, where ...predicate.NodeCitation) ([]Citation, error) {
	rows, err := s.client.NodeCitation.Query().Where(where...).
		Order(ent.Asc(nodecitation.FieldCreatedAt), ent.Asc(nodecitation.FieldID)).Limit(500).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("citations: %w", err)
	}
	out := []Citation{}
	for _, r := range rows {
		c := Citation{ID: r.ID, Problem: r.ProblemID, Node: NodeRef{ID: r.NodeID}, CreatedAt: r.CreatedAt}
		if r.ClaimID != nil {
			c.Claim = *r.ClaimID
			if cl, err := s.client.Claim.Get(ctx, c.Claim); err == nil {
				c.ClaimSummary = cl.Summary
			}
		}
		if p, err := s.client.Problem.Get(ctx, r.ProblemID); err == nil {
			c.ProblemTitle = p.Title
		}
		if n, err := s.client.CorpusNode.Get(ctx, r.NodeID); err == nil {
			c.Node = refOf(n)
		}
		out = append(out, c)
	}
	return out, nil
}
