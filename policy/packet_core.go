package policy

import (
	"context"
	"fmt"
	"reflect"
	"strings"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/ent/source"
)

// A packet's core is what most reads of a problem ask for: the problem,
// its current revision, and that revision's references with their
// sources. The whole packet's statement builds fifteen parts (every
// revision, decision, claim, event, gate run and finding as JSON); on a
// cache miss that statement is most of a read's cost, so a read that asks
// for the core alone reads the core alone, in a statement of four parts
// from the same snapshot, with the newest event's sequence number as its
// asOf. A core packet is cached like a whole one, under the same
// invalidation (an event naming anything it shows drops it): a read of
// the core is answered by either, a read of the whole packet only by a
// whole one, which replaces a core one when it is stored.

// A packet's brief is its core narrowed to the columns that a read of a
// problem with the titles, statements and cited identifiers of its
// current revision asks for (the read benchmark's problem(id:), a list of
// links): every column of the problem, and of its current revision, its
// references and their sources only the keys and the short columns in
// briefColumns. On a miss the core statement's cost is mostly building
// and decoding JSON for columns such a read never shows (the revision's
// exposition, acceptance, provenance, search record and hero; each
// reference's citation and confirmation record; each source's record),
// in PostgreSQL and in the server alike; the brief statement has the same
// four parts, the same keys and the same snapshot, so it shows the same
// rows, and its packet the same IDs, under the same invalidation. A brief
// packet answers a brief read only; a core or whole one answers it too
// and replaces it when stored.

// packetLevel is how much of a packet an encoded row holds, from the
// whole packet down: a packet answers a read that needs its level or
// less.
type packetLevel uint8

const (
	levelWhole packetLevel = iota
	levelCore
	levelBrief
)

// briefColumns are the columns the brief statement reads of the current
// revision, its references and their sources (the problem's are all
// read). A column left out is its zero value in the brief packet's ent
// values: the GraphQL fields a brief answers (graph's briefFields) read
// none of those.
var briefColumns = struct{ revision, reference, source []string }{
	revision: []string{revision.FieldID, revision.FieldProblemID, revision.FieldNumber, revision.FieldTitle, revision.FieldStatement,
		revision.FieldAuthorID, revision.FieldCreatedAt},
	// rejected: a rejected reference is in the record, not in the packet.
	reference: []string{reference.FieldID, reference.FieldRevisionID, reference.FieldSourceID, reference.FieldPosition,
		reference.FieldRole, reference.FieldRejected},
	source: []string{source.FieldID, source.FieldIdentifier, source.FieldKind, source.FieldLicenceClass, source.FieldConfirmation},
}

// corePacketParts is the number of JSON columns of the core statement:
// the first four of the whole packet's, the revisions narrowed to the
// current one. The brief statement has the same parts.
const corePacketParts = 4

// ProblemCorePacket returns the packet of the problem a reference names,
// as ProblemPacket does, but with its core alone filled when it has to be
// read (Packet.Core): a whole packet in the cache answers too. A first
// read costs one statement for an ID and two for a slug.
func (s *Service) ProblemCorePacket(ctx context.Context, ref string) (*Packet, error) {
	return s.problemPartPacket(ctx, ref, levelCore)
}

// ProblemBriefPacket returns the packet of the problem a reference names,
// as ProblemCorePacket does, but with its brief alone filled when it has
// to be read (Packet.Brief): a core or whole packet in the cache answers
// too. A first read costs one statement for an ID and two for a slug.
func (s *Service) ProblemBriefPacket(ctx context.Context, ref string) (*Packet, error) {
	return s.problemPartPacket(ctx, ref, levelBrief)
}

// problemPartPacket returns the packet of the problem ref names with at
// least level filled, reading that level on a miss.
func (s *Service) problemPartPacket(ctx context.Context, ref string, level packetLevel) (pk *Packet, err error) {
	id, ok := canonicalID(ref)
	if !ok {
		if id, err = ResolveProblemID(ctx, s.client, ref); err != nil {
			return nil, err
		}
	}
	if rs := readSetOf(ctx); rs != nil {
		defer func() {
			if pk != nil {
				rs.addPacket(pk, s.Now())
			}
		}()
	}
	if p := s.packets.lookup(id, level); p != nil {
		return p, nil
	}
	read, err := s.readPacketRows(cacheRead(ctx), partPacketStatement(s.db.Dialect, level), corePacketParts, level, []string{id})
	if err != nil {
		return nil, err
	}
	if read[id] == nil {
		return nil, fmt.Errorf("no problem %s: %w", id, ErrNotFound)
	}
	s.packets.put(id, read[id])
	return read[id], nil
}

// corePacketStatements and briefPacketStatements hold the core and brief
// statements of each dialect, built once.
var (
	corePacketStatements = map[string]string{
		dialect.Postgres: buildCorePacketStatement(dialect.Postgres, false),
		dialect.SQLite:   buildCorePacketStatement(dialect.SQLite, false),
	}
	briefPacketStatements = map[string]string{
		dialect.Postgres: buildCorePacketStatement(dialect.Postgres, true),
		dialect.SQLite:   buildCorePacketStatement(dialect.SQLite, true),
	}
)

// partPacketStatement is the statement that reads packets at level, core
// or brief.
func partPacketStatement(d string, level packetLevel) string {
	if level == levelBrief {
		return briefPacketStatements[d]
	}
	return corePacketStatements[d]
}

// buildCorePacketStatement writes the statement that reads packets' cores:
// the parts of buildPacketStatement that hold the problem, its current
// revision (as a one-element array, so that it decodes as the revisions
// do), its references and their sources, and the newest event's sequence
// number, every part by an index on its key. With brief, the revision,
// references and sources are narrowed to briefColumns.
func buildCorePacketStatement(d string, brief bool) string {
	j := jsonDialect(d)
	obj := func(alias string, cols []string, model any) string {
		return j.object(alias, cols, reflect.TypeOf(model))
	}
	agg := func(expr, from, order string) string { return "(SELECT " + j.agg(expr, order) + " FROM " + from + ")" }
	revCols, refCols, srcCols := revision.Columns, reference.Columns, source.Columns
	if brief {
		revCols, refCols, srcCols = briefColumns.revision, briefColumns.reference, briefColumns.source
	}
	parts := []string{
		obj("p", problem.Columns, ent.Problem{}),
		agg(obj("r", revCols, ent.Revision{}), "revisions r WHERE r.id = p.current_revision_id", "r.number"),
		agg(obj("f", refCols, ent.Reference{}), `"references" f WHERE f.revision_id = p.current_revision_id`, "f.position"),
		referenceSources(d, obj("s", srcCols, ent.Source{})),
		"(SELECT coalesce(max(seq), 0) FROM events)",
	}
	return "SELECT " + strings.Join(parts, ",\n  ") + "\nFROM problems p WHERE " + packetKeys(d)
}

// assembleCore wires a core or brief row into its packet, as assemble
// does the whole packet's parts it holds.
func (s *Service) assembleCore(r packetRow, head int64) (*Packet, error) {
	c := s.client
	p := r.Problem
	if p == nil {
		return nil, fmt.Errorf("read packets: a row without its problem")
	}
	var cur *ent.Revision
	for _, v := range r.Revisions {
		if p.CurrentRevisionID != nil && v.ID == *p.CurrentRevisionID {
			cur = v
		}
	}
	if cur == nil {
		return nil, fmt.Errorf("problem %s has no current revision", p.ID)
	}
	deps := make([]string, 0, 2+len(r.References)+len(r.Sources))
	deps = append(deps, p.ID, cur.ID)
	sources := make(map[string]*ent.Source, len(r.Sources))
	for _, src := range r.Sources {
		sources[src.ID] = src.Loaded(c)
		deps = append(deps, src.ID)
	}
	refs := make([]*ent.Reference, 0, len(r.References))
	for _, f := range r.References {
		f.Edges.Revision, f.Edges.Source = cur, sources[f.SourceID]
		f.Loaded(c, reference.EdgeRevision, reference.EdgeSource)
		deps = append(deps, f.ID)
		if !f.Rejected {
			refs = append(refs, f)
		}
	}
	cur.Edges.Problem, cur.Edges.References = p, refs
	cur.Loaded(c, revision.EdgeProblem, revision.EdgeReferences)
	p.Edges.CurrentRevision = cur
	p.Loaded(c, problem.EdgeCurrentRevision)
	return &Packet{Problem: p, AsOf: head, Core: true, deps: deps}, nil
}

// referenceSources is the part of the current revision's references'
// sources, in the references' order, each as src (an object of alias s).
// On PostgreSQL each source is looked up by its key from its reference, so
// the plan is three index lookups whatever the statistics say; as a join,
// a planner without statistics on sources (a table that grew since the
// last ANALYZE) hashed the whole table for a packet's three references,
// a millisecond a read. SQLite's planner joins by the key already.
func referenceSources(d, src string) string {
	j := jsonDialect(d)
	if d == dialect.SQLite {
		return "(SELECT " + j.agg(src, "f.position") + ` FROM "references" f JOIN sources s ON s.id = f.source_id` +
			" WHERE f.revision_id = p.current_revision_id)"
	}
	return "(SELECT " + j.agg("(SELECT "+src+" FROM sources s WHERE s.id = f.source_id)", "f.position") +
		` FROM "references" f WHERE f.revision_id = p.current_revision_id)`
}

// pagePackets are the packets of a page's problems by ID: whole ones, or
// with core those ProblemCorePacket would return, the missing cores read
// in one statement.
func (s *Service) pagePackets(ctx context.Context, ids []string, core bool) (map[string]*Packet, error) {
	if !core {
		return s.ProblemPackets(ctx, ids)
	}
	return s.cachedPackets(ctx, ids, s.packets.getCore, func(ctx context.Context, missing []string) (map[string]*Packet, error) {
		return s.readPacketRows(ctx, corePacketStatements[s.db.Dialect], corePacketParts, levelCore, missing)
	})
}
