package corpus

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/corpusedge"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/schema"
)

// target is what an edge of a draft points to: an existing node, or
// another draft of the same request (draft ≥ 0).
type target struct {
	node  *ent.CorpusNode
	draft int
}

// key names a target in the uses graph: the node's ID, or the draft's
// place for a new node.
func (t target) key(st *state) string {
	if t.node != nil {
		return t.node.ID
	}
	return st.draftKey(t.draft)
}

// resolvedDraft is what the intake gate found a draft's targets to be.
type resolvedDraft struct {
	revised   *ent.CorpusNode // the node it revises, or nil for a new node
	uses      []target
	proves    *target
	exampleOf *target
}

// state is one run of the merge gates over one request: the request, the
// reads the gates make (inside the merge's transaction, or on the live
// database for a dry run), and what intake resolved.
type state struct {
	s      *Service
	req    *Request
	read   *ent.Client
	drafts []resolvedDraft
	nodes  map[string]*ent.CorpusNode // lookups by ID or label, nil when absent
	rep    *report
	// attributions are the compatible sources the copy check matched, per draft.
	attributions [][]string
	// pre holds the sandboxed runs made before the transaction opened.
	pre prerun
	// ml are the model checks' lanes, read once (models).
	ml *modelLanes
	// counterexamples are the small-case witnesses the gates found.
	counterexamples []counterexample
	// judgeVerdicts are the model judges' verdicts the gates read, and
	// judgeDisputes the drafts the judges disagree on.
	judgeVerdicts []judgeRecord
	judgeDisputes []int
	// roundTripped are the drafts whose round trip found no difference.
	roundTripped []int
}

func newState(s *Service, req *Request, read *ent.Client) *state {
	return &state{s: s, req: req, read: read, drafts: make([]resolvedDraft, len(req.Drafts)),
		nodes: map[string]*ent.CorpusNode{}}
}

// lookup finds a node by N-<n> or by label; nil when there is none.
func (st *state) lookup(ctx context.Context, ref string) (*ent.CorpusNode, error) {
	if n, ok := st.nodes[ref]; ok {
		return n, nil
	}
	q := st.read.CorpusNode.Query()
	if schema.CorpusNodeIDPattern.MatchString(ref) {
		q = q.Where(corpusnode.ID(ref))
	} else {
		q = q.Where(corpusnode.LabelEQ(ref))
	}
	n, err := q.Only(ctx)
	if ent.IsNotFound(err) {
		st.nodes[ref] = nil
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("look up %q: %w", ref, err)
	}
	st.nodes[ref] = n
	return n, nil
}

// draftLabelled is the draft of this request with the label, or -1.
func (st *state) draftLabelled(label string) int {
	if label == "" {
		return -1
	}
	for i, d := range st.req.Drafts {
		if d.Label == label && d.Revises == "" {
			return i
		}
	}
	return -1
}

// draftKey is the key of draft i in the uses graph: the revised node's ID,
// or a name no node has.
func (st *state) draftKey(i int) string {
	if r := st.drafts[i].revised; r != nil {
		return r.ID
	}
	return fmt.Sprintf("draft:%d", i)
}

// usesOf are the uses targets of a node as stored, by ID.
func (st *state) usesOf(ctx context.Context, id string) ([]string, error) {
	ids, err := st.read.CorpusEdge.Query().
		Where(corpusedge.FromID(id), corpusedge.KindEQ(corpusedge.KindUSES), corpusedge.ToIDNotNil()).
		Select(corpusedge.FieldToID).Strings(ctx)
	if err != nil {
		return nil, fmt.Errorf("uses of %s: %w", id, err)
	}
	return ids, nil
}
