package corpus

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"entgo.io/ent/dialect/sql"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/corpusedge"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/corpusrevision"
	"github.com/theoremdb/theoremdb/ent/schema"
	"github.com/theoremdb/theoremdb/ent/source"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/records"
)

// merge writes the drafts of a request that passed every gate: a node per
// new draft with its permanent N-<n>, a revision per draft with its diff,
// the drafts' edges in place of the old ones, references through the
// record plane's sources, and an event per node. It returns the IDs of the
// nodes it wrote, in draft order, and those whose uses changed (every new
// node, and a revised one whose uses are not what they were).
func (st *state) merge(ctx context.Context, w *policy.WriteTx, cr *ent.ChangeRequest, drafts []*ent.NodeDraft) (ids, reshaped []string, err error) {
	c, now := w.Client(), st.s.now()
	ids = make([]string, len(st.req.Drafts))
	wr := st.req.Writer
	for i, d := range st.req.Drafts {
		if r := st.drafts[i].revised; r != nil {
			ids[i] = r.ID
			continue
		}
		n, err := w.Next(ctx, "node")
		if err != nil {
			return nil, nil, err
		}
		ids[i] = "N-" + strconv.FormatInt(n, 10)
		create := c.CorpusNode.Create().SetID(ids[i]).SetNumber(int(n)).SetKind(corpusnode.Kind(d.Kind)).SetLabel(d.Label).
			SetTitle(strings.TrimSpace(d.Title)).SetTerm(d.Term).SetWriterKind(corpusnode.WriterKind(wr.Kind)).SetWriter(wr.ID).
			SetModel(wr.Model).SetPromptVersion(wr.PromptVersion).SetLayer(wr.Layer).SetLicence(d.Licence).
			SetAttribution(st.attributionOf(i)).SetMergedByID(cr.ID).SetCreatedAt(now).SetUpdatedAt(now)
		if d.ImportKey != "" {
			create.SetImportKey(d.ImportKey)
		}
		if err := create.Exec(ctx); err != nil {
			return nil, nil, fmt.Errorf("node %s: %w", ids[i], err)
		}
	}
	keyID := func(t target) string {
		if t.node != nil {
			return t.node.ID
		}
		return ids[t.draft]
	}
	for i, d := range st.req.Drafts {
		id := ids[i]
		number, prevBody := 1, ""
		if st.drafts[i].revised == nil {
			reshaped = append(reshaped, id)
		}
		if r := st.drafts[i].revised; r != nil {
			prev, err := c.CorpusRevision.Query().Where(corpusrevision.NodeID(id)).Order(ent.Desc(corpusrevision.FieldNumber)).First(ctx)
			if err != nil && !ent.IsNotFound(err) {
				return nil, nil, fmt.Errorf("revisions of %s: %w", id, err)
			}
			if prev != nil {
				number, prevBody = prev.Number+1, prev.Body
			}
			old, err := st.usesOf(ctx, id)
			if err != nil {
				return nil, nil, err
			}
			var now []string
			for _, t := range st.drafts[i].uses {
				now = append(now, keyID(t))
			}
			if !sameIDs(old, now) {
				reshaped = append(reshaped, id)
			}
			if _, err := c.CorpusEdge.Delete().Where(corpusedge.FromID(id)).Exec(ctx); err != nil {
				return nil, nil, fmt.Errorf("edges of %s: %w", id, err)
			}
		}
		var declared []schema.CorpusEdgeRef
		var edges []*ent.CorpusEdgeCreate
		addEdge := func(kind, to, term string) {
			declared = append(declared, schema.CorpusEdgeRef{Kind: kind, To: to, Term: term})
			e := c.CorpusEdge.Create().SetFromID(id).SetKind(corpusedge.Kind(kind)).SetTerm(term)
			if to != "" {
				e.SetToID(to)
			}
			edges = append(edges, e)
		}
		for _, t := range st.drafts[i].uses {
			addEdge(EdgeUses, keyID(t), "")
		}
		if t := st.drafts[i].proves; t != nil {
			addEdge(EdgeProves, keyID(*t), "")
		}
		if t := st.drafts[i].exampleOf; t != nil {
			addEdge(EdgeExampleOf, keyID(*t), "")
		}
		if d.Term != "" {
			addEdge(EdgeDefines, "", d.Term)
		}
		if len(edges) > 0 {
			if _, err := c.CorpusEdge.CreateBulk(edges...).Save(ctx); err != nil {
				return nil, nil, fmt.Errorf("edges of %s: %w", id, err)
			}
		}
		rc := c.CorpusRevision.Create().SetNodeID(id).SetNumber(number).SetTitle(strings.TrimSpace(d.Title)).
			SetBody(d.Body).SetDeclared(declared).SetDiff(lineDiff(prevBody, d.Body)).SetChangeRequestID(cr.ID).
			SetCreatedAt(now)
		if d.SmallCases != nil {
			rc.SetSmallCases(d.SmallCases)
		}
		if d.Formal != nil {
			rc.SetFormal(d.Formal)
		}
		rev, err := rc.Save(ctx)
		if err != nil {
			return nil, nil, fmt.Errorf("revision of %s: %w", id, err)
		}
		if err := st.writeReferences(ctx, c, rev.ID, d.References); err != nil {
			return nil, nil, err
		}
		upd := c.CorpusNode.UpdateOneID(id).SetCurrentRevisionID(rev.ID).SetUpdatedAt(now).SetMergedByID(cr.ID)
		if st.drafts[i].revised != nil {
			attribution := st.attributionOf(i)
			if d.Licence != "" {
				upd.SetLicence(d.Licence)
			} else if strings.TrimSpace(d.Attribution) == "" {
				// The node keeps its licence, so it keeps the credit that licence asks for.
				attribution = joinLines(st.drafts[i].revised.Attribution, attribution)
			}
			upd.SetTitle(strings.TrimSpace(d.Title)).SetTerm(d.Term).SetAttribution(attribution)
		}
		if err := upd.Exec(ctx); err != nil {
			return nil, nil, fmt.Errorf("node %s: %w", id, err)
		}
		if err := drafts[i].Update().SetNodeID(id).Exec(ctx); err != nil {
			return nil, nil, fmt.Errorf("draft %d: %w", i, err)
		}
		kind := KindNodeCreated
		if st.drafts[i].revised != nil {
			kind = KindNodeRevised
		}
		if _, err := w.Append(ctx, wr.ID, AuthorityWriter, kind, id, map[string]any{
			"changeRequest": cr.ID, "revision": rev.ID, "number": number, "kind": d.Kind}); err != nil {
			return nil, nil, err
		}
	}
	return ids, reshaped, nil
}

// sameIDs reports whether two lists hold the same IDs.
func sameIDs(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(slices.Compact(a), slices.Compact(b))
}

// attributionOf is what the merged node credits: the draft's own
// attribution and the compatible sources the copy check matched.
func (st *state) attributionOf(i int) string {
	parts := []string{}
	if a := strings.TrimSpace(st.req.Drafts[i].Attribution); a != "" {
		parts = append(parts, a)
	}
	if i < len(st.attributions) {
		for _, a := range st.attributions[i] {
			parts = append(parts, "Matches "+a)
		}
	}
	return strings.Join(parts, "\n")
}

// joinLines joins the lines of a and b, each line once, a's first.
func joinLines(a, b string) string {
	var out []string
	for _, l := range strings.Split(a+"\n"+b, "\n") {
		if l = strings.TrimSpace(l); l != "" && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// writeReferences records a revision's references against the record
// plane's sources, making a pending source for an identifier it has not
// seen.
func (st *state) writeReferences(ctx context.Context, c *ent.Client, revID string, refs []Reference) error {
	for k, r := range refs {
		id, err := records.Parse(r.Identifier)
		if err != nil {
			return fmt.Errorf("reference %d: %w", k, err) // intake refused it; unreachable after a pass
		}
		srcID, err := c.Source.Create().SetIdentifier(id.Key).SetKind(source.Kind(id.Kind)).SetCreatedAt(st.s.now()).
			OnConflict(sql.ConflictColumns(source.FieldIdentifier)).Ignore().ID(ctx)
		if err != nil {
			return fmt.Errorf("source %s: %w", id.Key, err)
		}
		if err := c.CorpusReference.Create().SetRevisionID(revID).SetSourceID(srcID).SetPosition(k).
			SetCitation(strings.TrimSpace(r.Citation)).SetLocator(strings.TrimSpace(r.Locator)).
			SetClaimedTitle(strings.TrimSpace(r.Title)).SetClaimedAuthors(r.Authors).SetNillableClaimedYear(r.Year).
			Exec(ctx); err != nil {
			return fmt.Errorf("reference %d: %w", k, err)
		}
	}
	return nil
}
