package corpus

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus/audit"
	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/changerequest"
	"github.com/theoremdb/theoremdb/ent/corpusedge"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/schema/gid"
	"github.com/theoremdb/theoremdb/policy"
)

// fanWidth is how many nodes the fan holds: more than one SQLite batch.
const fanWidth = chunk + 100

// fan is a corpus written straight to the database, wider than one SQLite
// batch: N-1, a person's definition; N-2 … N-(fanWidth+1), imported proofs
// each using N-1, each merged by a change request of its own in November
// 2026; and top, a person's theorem using the first and the last of them,
// which fall in different SQLite batches.
type fan struct {
	root, top string
	nodes     []string // the imported proofs, in the order of their numbers
	revisions map[string]string
	bodies    map[string]string // by node
	stratum   Stratum
}

var fanMonth = Month{Start: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}

func writeFan(t *testing.T, s *Service) *fan {
	t.Helper()
	ctx := context.Background()
	c := s.client
	at := time.Date(2026, 11, 10, 9, 0, 0, 0, time.UTC)
	f := &fan{root: "N-1", top: fmt.Sprintf("N-%d", fanWidth+2), revisions: map[string]string{}, bodies: map[string]string{},
		stratum: Stratum{Kind: Proof, Writer: "bulk-importer", Layer: "import"}}
	var crs []*ent.ChangeRequestCreate
	nodes := []*ent.CorpusNodeCreate{c.CorpusNode.Create().SetID(f.root).SetNumber(1).SetKind(corpusnode.KindDEFINITION).
		SetLabel("root").SetTitle("Root").SetWriterKind(corpusnode.WriterKindPERSON).SetWriter("acc_writer").
		SetCreatedAt(at).SetUpdatedAt(at)}
	var revs []*ent.CorpusRevisionCreate
	for i := 2; i <= fanWidth+1; i++ {
		id, cr, rev := fmt.Sprintf("N-%d", i), gid.New(gid.ChangeRequest), gid.New(gid.CorpusRevision)
		f.nodes = append(f.nodes, id)
		f.revisions[id] = rev
		f.bodies[id] = fmt.Sprintf("By the root, case %d holds.", i)
		crs = append(crs, c.ChangeRequest.Create().SetID(cr).SetState(changerequest.StateMERGED).SetOpener("bulk-importer").
			SetWriterKind(changerequest.WriterKindIMPORTER).SetLayer("import").SetCreatedAt(at).SetUpdatedAt(at).SetMergedAt(at))
		nodes = append(nodes, c.CorpusNode.Create().SetID(id).SetNumber(i).SetKind(corpusnode.KindPROOF).
			SetLabel(fmt.Sprintf("case-%d", i)).SetTitle(fmt.Sprintf("Case %d", i)).SetWriterKind(corpusnode.WriterKindIMPORTER).
			SetWriter("bulk-importer").SetLayer("import").SetCurrentRevisionID(rev).SetMergedByID(cr).SetCreatedAt(at).SetUpdatedAt(at))
		revs = append(revs, c.CorpusRevision.Create().SetID(rev).SetNodeID(id).SetNumber(1).SetTitle(fmt.Sprintf("Case %d", i)).
			SetBody(f.bodies[id]).SetChangeRequestID(cr).SetCreatedAt(at))
	}
	nodes = append(nodes, c.CorpusNode.Create().SetID(f.top).SetNumber(fanWidth+2).SetKind(corpusnode.KindTHEOREM).
		SetLabel("top").SetTitle("Top").SetWriterKind(corpusnode.WriterKindPERSON).SetWriter("acc_writer").
		SetCreatedAt(at).SetUpdatedAt(at))
	var edges []*ent.CorpusEdgeCreate
	for _, id := range f.nodes {
		edges = append(edges, c.CorpusEdge.Create().SetFromID(id).SetKind(corpusedge.KindUSES).SetToID(f.root))
	}
	for _, id := range []string{f.nodes[0], f.nodes[len(f.nodes)-1]} {
		edges = append(edges, c.CorpusEdge.Create().SetFromID(f.top).SetKind(corpusedge.KindUSES).SetToID(id))
	}
	for _, part := range db.RowBatches(crs) {
		if err := c.ChangeRequest.CreateBulk(part...).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	for _, part := range db.RowBatches(nodes) {
		if err := c.CorpusNode.CreateBulk(part...).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	for _, part := range db.RowBatches(revs) {
		if err := c.CorpusRevision.CreateBulk(part...).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	for _, part := range db.RowBatches(edges) {
		if err := c.CorpusEdge.CreateBulk(part...).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

// Every query that cuts a list of IDs into batches reads the whole list,
// on PostgreSQL (one array parameter) and on SQLite (IN lists of chunk),
// with a list wider than one SQLite batch: the closure counts, the
// dependants, the merges and rates of a month, a stop's held output and
// the judges' labelled set.
func TestBatchesCoverLongLists(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Parallel()
		ctx := context.Background()
		s := New(policy.New(dbtest.Open(t, d), policy.Config{}), WithCopies(noCopies{}))
		f := writeFan(t, s)
		all := append([]string{f.root, f.top}, f.nodes...)

		t.Run("dependants", func(t *testing.T) {
			// top rests on a node of the first SQLite batch and on one of the
			// last: it is one dependant, found once.
			deps, err := s.dependantsOf(ctx, s.db, f.nodes)
			if err != nil || !slices.Equal(deps, []string{f.top}) {
				t.Errorf("dependantsOf(the fan) = %v, %v; want [%s]", deps, err, f.top)
			}
			deps, err = s.dependantsOf(ctx, s.db, []string{f.root})
			slices.Sort(deps)
			if want := sortedCopy(append([]string{f.top}, f.nodes...)); err != nil || !slices.Equal(deps, want) {
				t.Errorf("dependantsOf(root) = %d nodes, %v; want the %d above it", len(deps), err, len(want))
			}
			if deps, err := s.dependantsOf(ctx, s.db, []string{f.top}); err != nil || len(deps) != 0 {
				t.Errorf("dependantsOf(top) = %v, %v; want none", deps, err)
			}
		})

		t.Run("closure counts", func(t *testing.T) {
			if err := s.client.CorpusNode.Update().SetClosurePending(true).SetClosureSize(0).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			done, err := s.CountClosures(ctx, all, time.Unix(1, 0))
			if err != nil || done {
				t.Fatalf("CountClosures past its deadline = %v, %v; want not done", done, err)
			}
			if n, err := s.client.CorpusNode.Query().Where(corpusnode.ClosurePending(true)).Count(ctx); err != nil || n != len(all) {
				t.Fatalf("%d pending after a count past its deadline, %v; want all %d", n, err, len(all))
			}
			if done, err := s.CountClosures(ctx, all, time.Time{}); err != nil || !done {
				t.Fatalf("CountClosures = %v, %v; want done", done, err)
			}
			ns, err := s.client.CorpusNode.Query().All(ctx)
			if err != nil || len(ns) != len(all) {
				t.Fatalf("nodes = %d, %v", len(ns), err)
			}
			for _, n := range ns {
				want := 1 // an imported proof uses the root
				switch n.ID {
				case f.root:
					want = 0
				case f.top:
					want = 3 // two proofs and the root
				}
				if n.ClosurePending || n.ClosureSize != want {
					t.Fatalf("%s: closure %d, pending %v; want %d, counted", n.ID, n.ClosureSize, n.ClosurePending, want)
				}
			}
		})

		t.Run("merges of the month", func(t *testing.T) {
			ms, err := mergesBetween(ctx, s.client, s.postgres(), fanMonth.Start, fanMonth.End())
			if err != nil || len(ms) != fanWidth {
				t.Fatalf("mergesBetween = %d merges, %v; want %d", len(ms), err, fanWidth)
			}
			var got []string
			for _, m := range ms {
				got = append(got, m.node)
				if m.revision != f.revisions[m.node] || m.stratum.Key() != f.stratum.Key() {
					t.Errorf("merge of %s = %+v; want revision %s in %s", m.node, m, f.revisions[m.node], f.stratum.Key())
				}
			}
			if slices.Sort(got); !slices.Equal(got, sortedCopy(f.nodes)) {
				t.Errorf("merged nodes = %d distinct of %d; want the fan", len(slices.Compact(got)), len(got))
			}
			if ms, err := mergesBetween(ctx, s.client, s.postgres(), fanMonth.Back(1).Start, fanMonth.Start); err != nil || len(ms) != 0 {
				t.Errorf("mergesBetween(October) = %d, %v; want none", len(ms), err)
			}
		})

		t.Run("judge set", func(t *testing.T) {
			set, err := s.CorpusJudgeSet(ctx, 7)
			if err != nil {
				t.Fatal(err)
			}
			text := map[string]string{}
			for _, it := range set.Items {
				if it.Fault == "" {
					text[it.Source] = it.Text
				}
			}
			if len(text) != fanWidth {
				t.Errorf("judge set holds %d imported proofs; want %d", len(text), fanWidth)
			}
			for _, id := range f.nodes {
				if text[id] != f.bodies[id] {
					t.Fatalf("judge set's %s = %q; want its body %q", id, text[id], f.bodies[id])
				}
			}
		})

		t.Run("rates and stop", func(t *testing.T) {
			at := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
			var samples []*ent.AuditSampleCreate
			ids := make([]string, len(f.nodes))
			for i, id := range f.nodes {
				ids[i] = gid.New(gid.AuditSample)
				st := f.stratum
				samples = append(samples, s.client.AuditSample.Create().SetID(ids[i]).SetMonth(fanMonth.String()).SetNodeID(id).
					SetRevisionID(f.revisions[id]).SetPosition(i).SetSeed("s").SetCreatedAt(at).SetKind(st.Kind).
					SetWriter(st.Writer).SetModel(st.Model).SetPromptVersion(st.PromptVersion).SetLayer(st.Layer).SetStratum(st.Key()))
			}
			for _, part := range db.RowBatches(samples) {
				if err := s.client.AuditSample.CreateBulk(part...).Exec(ctx); err != nil {
					t.Fatal(err)
				}
			}
			// Every sample is answered on correctness; one in seven is wrong,
			// the last one (in the last SQLite batch) among them.
			var answers []*ent.AuditAnswerCreate
			wrong := 0
			for i, id := range ids {
				bad := (len(ids)-1-i)%7 == 0
				if bad {
					wrong++
				}
				answers = append(answers, s.client.AuditAnswer.Create().SetSampleID(id).SetProperty("CORRECTNESS").SetError(bad).
					SetAuditorID("acc_auditor").SetSeconds(60).SetCreatedAt(at))
			}
			for _, part := range db.RowBatches(answers) {
				if err := s.client.AuditAnswer.CreateBulk(part...).Exec(ctx); err != nil {
					t.Fatal(err)
				}
			}
			rows, err := s.Rates(ctx, fanMonth.String())
			if err != nil || len(rows) != 1 {
				t.Fatalf("Rates = %+v, %v; want one row", rows, err)
			}
			r := rows[0]
			if r.Key != f.stratum.Key() || r.Property != string(audit.Correctness) || r.N != fanWidth || r.Errors != wrong ||
				r.Pending != 0 || !r.Complete() || !r.Stopped {
				t.Fatalf("Rates = %+v; want %s on correctness, %d of %d wrong, complete and stopped", r, f.stratum.Key(), wrong, fanWidth)
			}
			held, err := unconfirmedOutput(ctx, s.client, s.postgres(), f.stratum)
			if want := sortedCopy(f.nodes); err != nil || !slices.Equal(held, want) {
				t.Fatalf("unconfirmedOutput = %d nodes, %v; want the %d of the fan in the order of their IDs", len(held), err, len(want))
			}
			if err := s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
				return s.stop(ctx, w, fanMonth, r)
			}); err != nil {
				t.Fatal(err)
			}
			stops, err := s.Stops(ctx, 10)
			if err != nil || len(stops) != 1 {
				t.Fatalf("Stops = %d, %v; want one", len(stops), err)
			}
			v := stops[0]
			if len(v.Held) != fanWidth+1 {
				t.Fatalf("the stop holds %d nodes; want %d and top flagged", len(v.Held), fanWidth)
			}
			for i, h := range v.Held[:fanWidth] {
				if h.Node != f.nodes[i] || h.Mark != "QUARANTINED" || h.Title != fmt.Sprintf("Case %d", i+2) {
					t.Fatalf("held %d = %+v; want %s quarantined, with its title", i, h, f.nodes[i])
				}
			}
			if h := v.Held[fanWidth]; h.Node != f.top || h.Mark != "FLAGGED" {
				t.Errorf("last held = %+v; want %s flagged", h, f.top)
			}
			ev, err := s.client.Event.Query().Where(event.KindEQ(KindQuarantineOpened)).Only(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var p struct {
				Nodes   []string
				Flagged int
			}
			if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil || !slices.Equal(p.Nodes, held) || p.Flagged != 1 {
				t.Errorf("quarantine event = %d nodes, %d flagged, %v; want the held nodes in order, one flagged", len(p.Nodes), p.Flagged, err)
			}
			n, err := s.client.NodeDraft.Query().Count(ctx)
			if err != nil || n != fanWidth {
				t.Errorf("the quarantine request has %d drafts, %v; want one a held node", n, err)
			}
		})
	})
}

func sortedCopy(ids []string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	return out
}
