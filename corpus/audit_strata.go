package corpus

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/account"
	"github.com/theoremdb/theoremdb/ent/changerequest"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/predicate"
)

// Stratum is where a merged node's audit counts (POLICY.md section 5):
// its kind × its writer × the model and prompt version × the layer, all
// read from the record of the change request that merged it, never typed
// in. A new configuration is a new stratum from its first merge.
type Stratum struct {
	Kind string
	// Writer is PERSON for people, who are audited together; the importer
	// or the agent lane otherwise, each a configuration of its own.
	Writer        string
	Model         string
	PromptVersion string
	Layer         string
	// WriterName is how pages name an agent's account (@handle); the
	// stratum is keyed by Writer, which never changes.
	WriterName string `json:"-"`
}

// Key joins the coordinates into the one string rates group by.
func (s Stratum) Key() string {
	return strings.Join([]string{s.Kind, s.Writer, s.Model, s.PromptVersion, s.Layer}, "|")
}

// String is the stratum as a table prints it.
func (s Stratum) String() string {
	w := s.Writer
	if s.WriterName != "" {
		w = s.WriterName
	}
	parts := []string{lower(s.Kind), w}
	for _, p := range []string{s.Model, s.PromptVersion, s.Layer} {
		if p == "" {
			p = "-"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " × ")
}

// stratumOf is the stratum a node of kind merged by cr counts in.
func stratumOf(kind string, cr *ent.ChangeRequest) Stratum {
	w := cr.Opener
	if string(cr.WriterKind) == WriterPerson {
		w = WriterPerson
	}
	return Stratum{Kind: kind, Writer: w, Model: cr.Model, PromptVersion: cr.PromptVersion, Layer: cr.Layer}
}

// writerStratum is the stratum a writer's draft of kind would count in.
func writerStratum(kind string, w Writer) Stratum {
	id := w.ID
	if w.Kind == WriterPerson {
		id = WriterPerson
	}
	return Stratum{Kind: kind, Writer: id, Model: w.Model, PromptVersion: w.PromptVersion, Layer: w.Layer}
}

// Month is a calendar month, YYYY-MM, in UTC.
type Month struct{ Start time.Time }

// ParseMonth reads YYYY-MM.
func ParseMonth(s string) (Month, error) {
	t, err := time.Parse("2006-01", s)
	if err != nil {
		return Month{}, fmt.Errorf("month %q is not YYYY-MM: %w", s, ErrAudit)
	}
	return Month{Start: t.UTC()}, nil
}

// MonthOf is the month t falls in.
func MonthOf(t time.Time) Month {
	t = t.UTC()
	return Month{Start: time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)}
}

func (m Month) String() string { return m.Start.Format("2006-01") }

// End is the first instant of the next month.
func (m Month) End() time.Time { return m.Start.AddDate(0, 1, 0) }

// Back is the month k months earlier.
func (m Month) Back(k int) Month { return Month{Start: m.Start.AddDate(0, -k, 0)} }

// merge is one merged node as the draw reads it.
type merge struct {
	node, revision string
	stratum        Stratum
	at             time.Time
}

// mergesBetween are the nodes whose current revision a change request
// merged in [from, to), with their strata. A retired node is not audited.
func mergesBetween(ctx context.Context, c *ent.Client, pg bool, from, to time.Time) ([]merge, error) {
	crs, err := c.ChangeRequest.Query().Where(changerequest.StateEQ(changerequest.StateMERGED),
		changerequest.MergedAtGTE(from), changerequest.MergedAtLT(to)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("merged change requests: %w", err)
	}
	byID := make(map[string]*ent.ChangeRequest, len(crs))
	ids := make([]string, 0, len(crs))
	for _, cr := range crs {
		byID[cr.ID], ids = cr, append(ids, cr.ID)
	}
	var out []merge
	for _, part := range batches(pg, ids) {
		ns, err := c.CorpusNode.Query().Where(predicate.CorpusNode(idIn(corpusnode.FieldMergedByID, part)),
			corpusnode.Retired(false), corpusnode.CurrentRevisionIDNotNil()).
			Select(corpusnode.FieldID, corpusnode.FieldKind, corpusnode.FieldCurrentRevisionID, corpusnode.FieldMergedByID).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("merged nodes: %w", err)
		}
		for _, n := range ns {
			cr := byID[*n.MergedByID]
			out = append(out, merge{node: n.ID, revision: *n.CurrentRevisionID, stratum: stratumOf(string(n.Kind), cr), at: *cr.MergedAt})
		}
	}
	return out, nil
}

// nameWriters sets the WriterName of the strata whose writer is an account:
// its @handle, as pages show it.
func nameWriters(ctx context.Context, c *ent.Client, strata ...*Stratum) error {
	var ids []string
	for _, st := range strata {
		if strings.HasPrefix(st.Writer, "acc_") {
			ids = append(ids, st.Writer)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	accs, err := c.Account.Query().Where(account.IDIn(ids...)).Select(account.FieldID, account.FieldHandle).All(ctx)
	if err != nil {
		return fmt.Errorf("writers' handles: %w", err)
	}
	handle := make(map[string]string, len(accs))
	for _, a := range accs {
		handle[a.ID] = "@" + a.Handle
	}
	for _, st := range strata {
		st.WriterName = handle[st.Writer]
	}
	return nil
}
