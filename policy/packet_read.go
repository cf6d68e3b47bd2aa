package policy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	jsonv2 "github.com/go-json-experiment/json"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/account"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/claim"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/finding"
	"github.com/theoremdb/theoremdb/ent/gaterun"
	"github.com/theoremdb/theoremdb/ent/hold"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/publicationgate"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/ent/schema"
	"github.com/theoremdb/theoremdb/ent/source"
	"github.com/theoremdb/theoremdb/ent/tag"
)

// Packet is a problem with everything its page, its GraphQL type and the
// review page show, read in one statement and shared through the packet
// cache by every reader until an event names something in it. Its values
// are shared: never modify them.
type Packet struct {
	// Problem has these edges filled: proposer, current revision (with its
	// references, each with its source), revisions (each with its author),
	// merged into and merged from, decisions (each with problem, revision,
	// reviewer and merge target), claims (with author and bindings) and
	// tags. Other edges are read through the client when asked for.
	Problem *ent.Problem
	// Events are the first packetEvents public events whose subject is the
	// problem, in sequence order; EventsComplete says they are all of them.
	Events         []*ent.Event
	EventsComplete bool
	// Requests are the open revision requests: those of keep-prospecting
	// decisions on the current revision, oldest first.
	Requests []RevisionRequest
	// AsOf is the sequence number of the newest event the packet reflects.
	AsOf int64
	// Checks are the current revision's gate runs at each gate's current
	// version (see CurrentRuns), each with its findings, in the gates'
	// order; Summary sums them up.
	Checks  []*ent.GateRun
	Summary CheckSummary
	// Holds are the open holds for staff, oldest first, each with its claim
	// when one triggered it; the problem is held while there is any.
	Holds []*ent.Hold
	// HeroArt is the bespoke pair the problem's page shows, or nil for the neutral figure: the
	// newest pair passed for its current slug, while its current revision asks for bespoke art
	// and it is neither removed, archived nor merged. Its registration and review are events
	// on the problem, so a packet never shows a pair its record no longer supports.
	HeroArt *HeroArtView
	// PublicationGate is the newest publication_gate record of agent-assisted review, or nil.
	PublicationGate *PublicationGateView
	// Presentation is which claims the packet presents: a status record or a resolution record.
	Presentation Presentation

	// Core says the packet holds only its core (ProblemCorePacket): the
	// problem, its current revision, and that revision's references with
	// their sources. Nothing else of it is filled or marked loaded.
	Core bool
	// Brief says the packet holds only its brief (ProblemBriefPacket): its
	// core with the revision, references and sources narrowed to a few
	// columns (briefColumns), the others zero. Core is set too.
	Brief bool

	// deps are the IDs of everything the packet shows; an event naming any
	// of them makes it stale.
	deps []string
	// enc is the row it was built from, which the cache keeps.
	enc encodedPacket
}

// packetEvents bounds the events a packet holds; a longer history is paged
// from the database.
const packetEvents = 1000

// Rev is the current revision (every problem has one).
func (p *Packet) Rev() *ent.Revision { return p.Problem.Edges.CurrentRevision }

// EventsAfter returns up to limit of the packet's events after seq, and
// whether the packet could answer (it holds every event, or enough of them).
func (p *Packet) EventsAfter(seq int64, limit int) ([]*ent.Event, bool) {
	i, _ := slices.BinarySearchFunc(p.Events, seq+1, func(e *ent.Event, s int64) int { return int(e.Seq - s) })
	out := p.Events[i:]
	if len(out) >= limit {
		return out[:limit], true
	}
	return out, p.EventsComplete
}

// ProblemPacket returns the packet of the problem a reference names (its
// ID in any case, a slug it has had), from the cache when it is there. A
// first read costs one statement for an ID and two for a slug; a repeat
// read of an unchanged problem costs none.
func (s *Service) ProblemPacket(ctx context.Context, ref string) (*Packet, error) {
	id, ok := canonicalID(ref)
	if !ok {
		var err error
		if id, err = ResolveProblemID(ctx, s.client, ref); err != nil {
			return nil, err
		}
	}
	ps, err := s.ProblemPackets(ctx, []string{id})
	if err != nil {
		return nil, err
	}
	if ps[id] == nil {
		return nil, fmt.Errorf("no problem %s: %w", id, ErrNotFound)
	}
	return ps[id], nil
}

// ProblemPackets returns the packets of the problems with these IDs, by ID,
// reading those the cache does not hold in one statement. An unknown ID
// has no entry.
func (s *Service) ProblemPackets(ctx context.Context, ids []string) (map[string]*Packet, error) {
	return s.cachedPackets(ctx, ids, s.packets.get, s.readPackets)
}

// cachedPackets returns the packets of ids by ID: those get finds in the cache, and the rest
// read in one call and kept; each one is recorded in ctx's ReadSet.
func (s *Service) cachedPackets(ctx context.Context, ids []string, get func(string) *Packet,
	read func(context.Context, []string) (map[string]*Packet, error)) (out map[string]*Packet, err error) {
	if rs := readSetOf(ctx); rs != nil {
		defer func() {
			now := s.Now()
			for _, p := range out {
				rs.addPacket(p, now)
			}
		}()
	}
	out = make(map[string]*Packet, len(ids))
	var missing []string
	for _, id := range ids {
		if p := get(id); p != nil {
			out[id] = p
		} else if !slices.Contains(missing, id) {
			missing = append(missing, id)
		}
	}
	if len(missing) == 0 {
		return out, nil
	}
	got, err := read(cacheRead(ctx), missing)
	if err != nil {
		return nil, err
	}
	for id, p := range got {
		s.packets.put(id, p)
		out[id] = p
	}
	return out, nil
}

// canonicalID reports whether ref is a permanent ID, in any case, and
// returns it as stored.
func canonicalID(ref string) (string, bool) {
	up := strings.ToUpper(strings.TrimSpace(ref))
	return up, schema.ProblemIDPattern.MatchString(up)
}

// packetRow is one row of the packet statement: the problem and, as JSON
// arrays, everything around it.
type packetRow struct {
	Problem    *ent.Problem
	Revisions  []*ent.Revision
	References []*ent.Reference
	Sources    []*ent.Source
	Decisions  []*ent.Decision
	Claims     []*ent.Claim
	Bindings   []*ent.Binding
	Accounts   []*ent.Account
	Tags       []*ent.Tag
	Related    []*ent.Problem // merged into, merged from, merge targets, binding targets
	Events     []*ent.Event
	Runs       []*ent.GateRun
	Findings   []*ent.Finding
	Holds      []*ent.Hold
	PubGates   []*ent.PublicationGate // the newest record only
	Heroes     []*ent.HeroAsset       // the pair its page may show (shownHeroSQL), without its files
}

// readPackets reads the packets of ids in one statement.
func (s *Service) readPackets(ctx context.Context, ids []string) (map[string]*Packet, error) {
	return s.readPacketRows(ctx, packetStatement(s.db.Dialect), packetParts, levelWhole, ids)
}

// readPacketRows reads packets of ids with statement q, whose rows are
// parts JSON columns and the newest event's sequence number; level says
// which statement's rows they are.
func (s *Service) readPacketRows(ctx context.Context, q string, parts int, level packetLevel, ids []string) (map[string]*Packet, error) {
	arg, _ := json.Marshal(ids)
	var rows entsql.Rows
	if err := s.client.Driver().Query(db.Prepared(ctx), q, []any{string(arg)}, &rows); err != nil {
		return nil, fmt.Errorf("read packets: %w", err)
	}
	defer rows.Close()
	out := make(map[string]*Packet, len(ids))
	var cols [packetParts]jsonColumn
	dest := make([]any, 0, parts+1)
	for i := range parts {
		dest = append(dest, &cols[i])
	}
	var head int64
	dest = append(dest, &head)
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return nil, fmt.Errorf("read packets: %w", err)
		}
		enc := encodePacket(&cols, head)
		enc.level = level
		p, err := s.decodePacket(enc)
		if err != nil {
			return nil, err
		}
		out[p.Problem.ID] = p
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read packets: %w", err)
	}
	return out, nil
}

// packetParts is the number of JSON columns of the packet statement.
const packetParts = 16

// encodedPacket is a packet as its statement returned it: the JSON of its
// parts one after another in one buffer, which holds no pointers, and the
// event sequence number it was read at.
type encodedPacket struct {
	buf   []byte
	ends  [packetParts]uint32
	asOf  int64
	level packetLevel // below levelWhole, the core or brief statement's row: its first corePacketParts parts
}

func encodePacket(cols *[packetParts]jsonColumn, head int64) encodedPacket {
	n := 0
	for _, c := range cols {
		n += len(c)
	}
	e := encodedPacket{buf: make([]byte, 0, n), asOf: head}
	for i, c := range cols {
		e.buf = append(e.buf, c...)
		e.ends[i] = uint32(len(e.buf))
	}
	return e
}

func (e encodedPacket) part(i int) []byte {
	start := uint32(0)
	if i > 0 {
		start = e.ends[i-1]
	}
	return e.buf[start:e.ends[i]]
}

// decodePacket builds a packet from its encoded row.
func (s *Service) decodePacket(e encodedPacket) (*Packet, error) {
	var r packetRow
	for i, into := range []any{&r.Problem, &r.Revisions, &r.References, &r.Sources, &r.Decisions, &r.Claims,
		&r.Bindings, &r.Accounts, &r.Tags, &r.Related, &r.Events, &r.Runs, &r.Findings, &r.Holds, &r.PubGates, &r.Heroes} {
		if b := e.part(i); len(b) > 0 {
			if err := jsonv2.Unmarshal(b, into); err != nil {
				return nil, fmt.Errorf("read packets: column %d: %w", i, err)
			}
		}
	}
	assemble := s.assemble
	if e.level != levelWhole {
		assemble = s.assembleCore
	}
	p, err := assemble(r, e.asOf)
	if err != nil {
		return nil, err
	}
	p.Brief = e.level == levelBrief
	p.enc = e
	return p, nil
}

// jsonColumn scans a JSON value that either driver may return as text or
// bytes, or NULL for an empty aggregate.
type jsonColumn []byte

func (j *jsonColumn) Scan(v any) error {
	switch v := v.(type) {
	case nil:
		*j = nil
	case []byte:
		*j = append((*j)[:0], v...)
	case string:
		*j = append((*j)[:0], v...)
	default:
		return fmt.Errorf("JSON column of type %T", v)
	}
	return nil
}

// assemble wires the rows of one problem into its packet.
func (s *Service) assemble(r packetRow, head int64) (*Packet, error) {
	c := s.client
	p := r.Problem
	if p == nil {
		return nil, errors.New("read packets: a row without its problem")
	}
	deps := []string{p.ID}
	accounts := make(map[string]*ent.Account, len(r.Accounts))
	for _, a := range r.Accounts {
		accounts[a.ID] = a.Loaded(c)
		deps = append(deps, a.ID)
	}
	problems := map[string]*ent.Problem{p.ID: p}
	for _, o := range r.Related {
		problems[o.ID] = o.Loaded(c)
		deps = append(deps, o.ID)
	}
	revs := make(map[string]*ent.Revision, len(r.Revisions))
	for _, v := range r.Revisions {
		v.Edges.Problem, v.Edges.Author = p, accounts[v.AuthorID]
		revs[v.ID] = v.Loaded(c, revision.EdgeProblem, revision.EdgeAuthor)
		deps = append(deps, v.ID)
	}
	cur := revs[deref(p.CurrentRevisionID)]
	if cur == nil {
		return nil, fmt.Errorf("problem %s has no current revision", p.ID)
	}
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
			refs = append(refs, f) // an agent's fabricated source is in the record, not in the packet
		}
	}
	cur.Edges.References = refs
	cur.Loaded(c, revision.EdgeReferences)

	pk := &Packet{Problem: p, AsOf: head}
	for _, d := range r.Decisions {
		d.Edges.Problem, d.Edges.Revision, d.Edges.Reviewer = p, revs[d.RevisionID], accounts[d.ReviewerID]
		if d.MergeIntoID != nil {
			d.Edges.MergeInto = problems[*d.MergeIntoID]
		}
		d.Loaded(c, decision.EdgeProblem, decision.EdgeRevision, decision.EdgeReviewer, decision.EdgeMergeInto)
		deps = append(deps, d.ID)
	}
	claims := make(map[string]*ent.Claim, len(r.Claims))
	for _, cl := range r.Claims {
		cl.Edges.Problem, cl.Edges.Bindings = p, []*ent.Binding{}
		if cl.AuthorID != nil {
			cl.Edges.Author = accounts[*cl.AuthorID]
		}
		claims[cl.ID] = cl.Loaded(c, claim.EdgeProblem, claim.EdgeAuthor, claim.EdgeBindings)
		deps = append(deps, cl.ID)
	}
	for _, b := range r.Bindings {
		cl := claims[b.ClaimID]
		b.Edges.Claim, b.Edges.Target = cl, problems[b.ProblemID]
		b.Loaded(c, binding.EdgeClaim, binding.EdgeTarget)
		cl.Edges.Bindings = append(cl.Edges.Bindings, b)
	}
	for _, t := range r.Tags {
		t.Loaded(c)
		deps = append(deps, t.ID)
	}
	var mergedFrom []*ent.Problem
	if p.MergedIntoID != nil {
		p.Edges.MergedInto = problems[*p.MergedIntoID]
	}
	for _, o := range r.Related {
		if o.MergedIntoID != nil && *o.MergedIntoID == p.ID {
			mergedFrom = append(mergedFrom, o)
		}
	}
	p.Edges.Proposer = accounts[p.ProposerID]
	p.Edges.CurrentRevision = cur
	if p.PendingRevisionID != nil {
		p.Edges.PendingRevision = revs[*p.PendingRevisionID]
	}
	p.Edges.Revisions = nonNil(r.Revisions)
	p.Edges.MergedFrom = nonNil(mergedFrom)
	p.Edges.Decisions = nonNil(r.Decisions)
	p.Edges.Claims = nonNil(r.Claims)
	p.Edges.Tags = nonNil(r.Tags)
	p.Loaded(c, problem.EdgeProposer, problem.EdgeCurrentRevision, problem.EdgePendingRevision, problem.EdgeHolds, problem.EdgeRevisions, problem.EdgeMergedInto,
		problem.EdgeMergedFrom, problem.EdgeDecisions, problem.EdgeClaims, problem.EdgeTags)

	for _, e := range r.Events {
		e.Loaded(c)
	}
	pk.Events, pk.EventsComplete = r.Events, len(r.Events) <= packetEvents
	if !pk.EventsComplete {
		pk.Events = pk.Events[:packetEvents]
	}
	for i := len(r.Decisions) - 1; i >= 0; i-- { // decisions come newest first
		d := r.Decisions[i]
		if d.RevisionID == cur.ID && d.Action == decision.ActionKEEP_PROSPECTING {
			for _, q := range d.RevisionRequests {
				pk.Requests = append(pk.Requests, RevisionRequest{Request: q, Decision: d})
			}
		}
	}
	runs := make(map[string]*ent.GateRun, len(r.Runs))
	for _, g := range r.Runs {
		g.Edges.Revision, g.Edges.Findings = cur, []*ent.Finding{}
		runs[g.ID] = g
	}
	for _, f := range r.Findings {
		if g := runs[f.GateRunID]; g != nil {
			f.Edges.Run = g
			g.Edges.Findings = append(g.Edges.Findings, f.Loaded(c, finding.EdgeRun))
		}
	}
	for _, g := range r.Runs {
		g.Loaded(c, gaterun.EdgeRevision, gaterun.EdgeFindings)
	}
	for _, h := range r.Holds {
		if h.ClaimID != nil {
			h.Edges.Claim = claims[*h.ClaimID]
		}
		h.Edges.Problem = p
		h.Loaded(c, hold.EdgeClaim, hold.EdgeProblem)
		deps = append(deps, h.ID)
	}
	pk.Holds = nonNil(r.Holds)
	if len(r.PubGates) > 0 {
		pk.PublicationGate = ViewOfPublicationGate(r.PubGates[0])
	}
	if len(r.Heroes) > 0 && heroArtShown(string(p.State), cur.HeroBespoke) {
		handles := make(map[string]string, len(accounts))
		for id, a := range accounts {
			handles[id] = "@" + a.Handle
		}
		v := heroArtViewOf(r.Heroes[0], handles)
		pk.HeroArt = &v
	}
	p.Edges.Holds = pk.Holds
	pk.Checks = CurrentRuns(r.Runs)
	pk.Summary = SummarizeChecks(pk.Checks)
	pk.Presentation = PresentationOf(p, p.Edges.Claims)
	cur.Edges.Checks = nonNil(pk.Checks)
	cur.Loaded(c, revision.EdgeChecks)
	pk.deps = deps
	return pk, nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// packetStatements holds the packet statement of each dialect, built once.
var packetStatements = map[string]string{
	dialect.Postgres: buildPacketStatement(dialect.Postgres),
	dialect.SQLite:   buildPacketStatement(dialect.SQLite),
}

func packetStatement(d string) string { return packetStatements[d] }

// buildPacketStatement writes the statement that reads whole packets: one
// row per problem whose ID is in the JSON array of its one argument, each
// part a JSON array the database builds, and the newest event sequence
// number, all from one snapshot. The columns of each table come from ent's
// generated lists, so a new field is read without a change here.
func buildPacketStatement(d string) string {
	j := jsonDialect(d)
	where := packetKeys(d)
	obj := func(alias string, cols []string, model any) string {
		return j.object(alias, cols, reflect.TypeOf(model))
	}
	agg := func(expr, from, order string) string { return "(SELECT " + j.agg(expr, order) + " FROM " + from + ")" }
	// The findings are read per gate run of the revision through their index. As a join,
	// PostgreSQL chose to hash the revision's gate runs and scan every finding of the site when
	// its statistics lagged behind the table (findings written since the last ANALYZE): 100 to
	// 200 ms a packet at a million problems. LIMIT ALL keeps the lateral subquery from being
	// flattened back into that join (PostgreSQL pulls up no subquery with a LIMIT).
	findings := "gate_runs g JOIN findings fn ON fn.gate_run_id = g.id WHERE g.revision_id = p.current_revision_id"
	if d == dialect.Postgres {
		findings = "gate_runs g CROSS JOIN LATERAL (SELECT * FROM findings WHERE gate_run_id = g.id LIMIT ALL) fn WHERE g.revision_id = p.current_revision_id"
	}
	// Every part is driven by an index on its key; the IDs of accounts and
	// related problems are gathered first and then joined, so no part
	// scans a table.
	parts := []string{
		obj("p", problem.Columns, ent.Problem{}),
		agg(obj("r", revision.Columns, ent.Revision{}), "revisions r WHERE r.problem_id = p.id", "r.number"),
		agg(obj("f", reference.Columns, ent.Reference{}), `"references" f WHERE f.revision_id = p.current_revision_id`, "f.position"),
		referenceSources(d, obj("s", source.Columns, ent.Source{})),
		agg(obj("d", decision.Columns, ent.Decision{}), "decisions d WHERE d.problem_id = p.id", "d.created_at DESC, d.id DESC"),
		agg(obj("c", claim.Columns, ent.Claim{}), "claims c WHERE c.problem_id = p.id", "c.created_at, c.id"),
		agg(obj("b", binding.Columns, ent.Binding{}), "claims c JOIN bindings b ON b.claim_id = c.id WHERE c.problem_id = p.id", "b.created_at, b.id"),
		agg(obj("a", account.Columns, ent.Account{}), "(SELECT p.proposer_id AS id"+
			" UNION SELECT author_id FROM revisions WHERE problem_id = p.id"+
			" UNION SELECT reviewer_id FROM decisions WHERE problem_id = p.id"+
			" UNION SELECT author_id FROM claims WHERE problem_id = p.id"+
			" UNION SELECT registered_by_id FROM "+shownHeroSQL+
			" UNION SELECT reviewed_by_id FROM "+shownHeroSQL+") ids JOIN accounts a ON a.id = ids.id", "a.id"),
		agg(obj("t", tag.Columns, ent.Tag{}), "problem_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.problem_id = p.id", "t.name"),
		agg(obj("o", problem.Columns, ent.Problem{}), "(SELECT p.merged_into_id AS id"+
			" UNION SELECT id FROM problems WHERE merged_into_id = p.id"+
			" UNION SELECT merge_into_id FROM decisions WHERE problem_id = p.id"+
			" UNION SELECT b.problem_id FROM claims c JOIN bindings b ON b.claim_id = c.id WHERE c.problem_id = p.id)"+
			" ids JOIN problems o ON o.id = ids.id AND o.id <> p.id", "o.number"),
		agg(obj("e", event.Columns, ent.Event{}), fmt.Sprintf("(SELECT * FROM events WHERE subject = p.id AND public"+
			" ORDER BY seq LIMIT %d) e", packetEvents+1), "e.seq"),
		agg(obj("g", gaterun.Columns, ent.GateRun{}), "gate_runs g WHERE g.revision_id = p.current_revision_id", "g.created_at, g.id"),
		agg(obj("fn", finding.Columns, ent.Finding{}), findings, "fn.gate_run_id, fn.position"),
		agg(obj("h", hold.Columns, ent.Hold{}), "holds h WHERE h.problem_id = p.id AND h.released_at IS NULL", "h.opened_at, h.id"),
		agg(obj("pg", publicationgate.Columns, ent.PublicationGate{}),
			"(SELECT * FROM publication_gates WHERE problem_id = p.id ORDER BY version DESC LIMIT 1) pg", "pg.version"),
		agg(obj("ha", heroColumns, ent.HeroAsset{}), shownHeroSQL, "ha.id"),
		"(SELECT coalesce(max(seq), 0) FROM events)",
	}
	return "SELECT " + strings.Join(parts, ",\n  ") + "\nFROM problems p WHERE " + where
}

// packetKeys is the condition of a packet statement on its problems p: the
// IDs in the JSON array of its one argument. On PostgreSQL the IDs are an
// array computed once, which the planner reads with the key's index; as
// "IN (SELECT json_array_elements_text(…))" it guesses a hundred IDs and
// joins them to a scan of every problem.
func packetKeys(d string) string {
	if d == dialect.SQLite {
		return "p.id IN (SELECT value FROM json_each(?))"
	}
	return "p.id = ANY (ARRAY(SELECT json_array_elements_text($1::json)))"
}

// jsonDialect writes JSON-building SQL for one database.
type jsonDialect string

var timeType = reflect.TypeOf(time.Time{})

// object is a JSON object of the given columns of alias, keyed as model's
// JSON tags are, so that encoding/json decodes it into the ent value.
// Columns the model hides from JSON (sensitive ones) are not read.
func (d jsonDialect) object(alias string, cols []string, model reflect.Type) string {
	kinds := map[string]reflect.Type{}
	for i := range model.NumField() {
		f := model.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "" && name != "-" && name != "edges" {
			kinds[name] = f.Type
		}
	}
	var pairs []string
	for _, col := range cols {
		t, ok := kinds[col]
		if !ok {
			continue
		}
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		v := alias + `."` + col + `"` // quoted: a column may be a keyword ("check")
		if d == dialect.SQLite {
			switch {
			case t == timeType:
				v = sqliteRFC3339(v)
			case t.Kind() == reflect.Bool:
				v = "json(CASE WHEN " + v + " THEN 'true' ELSE 'false' END)"
			case t.Kind() == reflect.Slice || t.Kind() == reflect.Struct || t.Kind() == reflect.Map:
				v = "json(" + v + ")"
			}
		}
		pairs = append(pairs, "'"+col+"', "+v)
	}
	if d == dialect.SQLite {
		return "json_object(" + strings.Join(pairs, ", ") + ")"
	}
	return "json_build_object(" + strings.Join(pairs, ", ") + ")"
}

// sqliteRFC3339 turns a time as the SQLite driver stores it, in Go's
// time.String form "2006-01-02 15:04:05.999999999 -0700 MST", into RFC 3339
// "2006-01-02T15:04:05.999999999-07:00", which encoding/json reads. NULL
// stays NULL.
func sqliteRFC3339(col string) string {
	rest := "instr(substr(" + col + ", 12), ' ')" // the space before the offset, counted from the clock
	return "substr(" + col + ", 1, 10) || 'T' || substr(" + col + ", 12, " + rest + " - 1) || substr(" + col + ", 12 + " +
		rest + ", 3) || ':' || substr(" + col + ", 15 + " + rest + ", 2)"
}

// agg is the JSON array of expr over the rows, in order; NULL when there
// are none.
func (d jsonDialect) agg(expr, order string) string {
	if d == dialect.SQLite {
		return "json_group_array(" + expr + " ORDER BY " + order + ")"
	}
	return "json_agg(" + expr + " ORDER BY " + order + ")"
}
