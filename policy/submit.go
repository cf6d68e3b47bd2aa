package policy

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
	"golang.org/x/text/unicode/norm"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/account"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reputationentry"
	"github.com/theoremdb/theoremdb/ent/schema"
	"github.com/theoremdb/theoremdb/ent/slug"
	"github.com/theoremdb/theoremdb/ent/source"
	"github.com/theoremdb/theoremdb/ent/tag"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/records"
	"github.com/theoremdb/theoremdb/search"
)

// Reputation amounts of the policy.
const (
	FirstSubmissionGrant = 20
	Stake                = 1
)

// A Submission is one problem submitted by an account.
type Submission struct {
	Actor *ent.Account
	Input ProblemInput
}

// Submit runs deterministic intake: it validates in, and in one transaction
// gives the problem its permanent ID, slug and deadline, writes its first
// revision, makes the first-submission grant when due, escrows the stake,
// records the event and enqueues the deadline job. A refused submission
// gets field errors and writes nothing. Submissions that arrive while
// another is being written are written together, as SubmitMany writes
// several (submitQueue), each with the outcome it would have alone.
func (s *Service) Submit(ctx context.Context, actor *ent.Account, in ProblemInput) (*ent.Problem, error) {
	if actor == nil {
		return nil, ErrUnauthenticated
	}
	ok, err := in.validate(s.Now(), IsAgent(actor))
	if err != nil {
		return nil, err
	}
	return s.queued(ctx, Submission{Actor: actor, Input: in}, ok)
}

// SubmitMany runs intake on several submissions in one transaction, as
// Submit would run it on each in turn: consecutive permanent IDs in their
// order, each with its slug, deadline, revision, references, search entry,
// gate runs, stake and event, an account's grant at its first. Each kind of
// row is written for all of them at once, in multi-row statements, which is
// what makes a loader of many problems fast. A refused submission refuses
// them all, naming its position, and nothing is written.
func (s *Service) SubmitMany(ctx context.Context, subs []Submission) ([]*ent.Problem, error) {
	oks := make([]*intake, len(subs))
	for i, sub := range subs {
		if sub.Actor == nil {
			return nil, ErrUnauthenticated
		}
		ok, err := sub.Input.validate(s.Now(), IsAgent(sub.Actor))
		if err != nil {
			return nil, submissionError(len(subs), i, err)
		}
		oks[i] = ok
	}
	if len(subs) == 0 {
		return nil, nil
	}
	var ids []string
	err := s.submissionTx(ctx, func(ctx context.Context, t *tx) error {
		var err error
		ids, err = t.writeSubmissions(ctx, subs, oks)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.problemsByID(ctx, ids)
}

// writeSubmissions writes subs, validated as oks, in t: the body of SubmitMany, with its
// refusals, and the IDs of the problems it wrote, in order.
func (t *tx) writeSubmissions(ctx context.Context, subs []Submission, oks []*intake) ([]string, error) {
	s := t.s
	actors := make([]string, 0, len(subs))
	for _, sub := range subs {
		actors = append(actors, sub.Actor.ID)
	}
	slices.Sort(actors)
	actors = slices.Compact(actors)
	// Lock the accounts, in one order, so their balance checks and
	// grants are serialised.
	for _, id := range actors {
		if err := t.lockAccount(ctx, id); err != nil {
			return nil, err
		}
	}
	for i, sub := range subs {
		if len(sub.Input.References) > 0 {
			if err := t.sourcesRefusal(ctx, sub.Actor, sub.Input.Provenance.GeneratedBy); err != nil {
				return nil, submissionError(len(subs), i, err)
			}
		}
	}
	// The problem counter stays locked until commit: read the time
	// after it, so submission times follow ID order.
	last, _, err := t.takeCounter(ctx, "problem", len(subs))
	if err != nil {
		return nil, err
	}
	now := s.Now()
	reps, err := ReputationOf(ctx, t.Client, actors)
	if err != nil {
		return nil, err
	}
	news := make([]newProblem, len(subs))
	grants := make([]int, len(subs))
	var ledger []*ent.ReputationEntryCreate
	for i, sub := range subs {
		n := last - int64(len(subs)-1-i)
		rep := reps[sub.Actor.ID]
		granted := !rep.Granted
		if granted {
			ledger = append(ledger, t.ReputationEntry.Create().SetAccountID(sub.Actor.ID).SetKind(reputationentry.KindGRANT).
				SetAmount(FirstSubmissionGrant).SetAt(now).SetGrantOf(sub.Actor.ID))
			rep.Balance += FirstSubmissionGrant
			rep.Granted = true
		}
		if rep.Balance < Stake {
			return nil, submissionError(len(subs), i, refuse(CodeInsufficientReputation, fmt.Sprintf(
				"a submission escrows %d reputation point; you have %d available and %d in escrow until your problems in their challenge period are decided",
				Stake, rep.Balance, rep.Escrowed)))
		}
		rep.Balance -= Stake
		rep.Escrowed += Stake
		ledger = append(ledger, t.ReputationEntry.Create().SetAccountID(sub.Actor.ID).SetProblemID(ProblemID(n)).
			SetKind(reputationentry.KindESCROW).SetAmount(Stake).SetAt(now))
		news[i] = newProblem{actorID: sub.Actor.ID, n: n, in: oks[i], now: now}
		grants[i] = grantAmount(granted)
	}
	ps, err := t.createProblems(ctx, news)
	if err != nil {
		return nil, err
	}
	events := make([]eventInput, len(ps))
	for i, p := range ps {
		payload := createdPayload(p)
		payload["escrowed"] = Stake
		payload["granted"] = grants[i]
		events[i] = eventInput{actor: p.ProposerID, authority: AuthoritySubmitter, kind: KindProblemSubmitted, subject: p.ID,
			payload: payload}
	}
	if _, err := saveBulk[*ent.ReputationEntry](ctx, ledger, t.ReputationEntry.CreateBulk); err != nil {
		return nil, fmt.Errorf("grant and escrow: %w", err)
	}
	// Last: the event log's counter, which the gates' results take too, is held from here to the commit.
	if _, err := t.appendEvents(ctx, events); err != nil {
		return nil, err
	}
	ids := make([]string, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	return ids, nil
}

// problemsByID reads the problems ids, in their order.
func (s *Service) problemsByID(ctx context.Context, ids []string) ([]*ent.Problem, error) {
	byID := make(map[string]*ent.Problem, len(ids))
	for _, part := range db.RowBatches(ids) {
		ps, err := s.client.Problem.Query().Where(problem.IDIn(part...)).All(ctx)
		if err != nil {
			return nil, err
		}
		for _, p := range ps {
			byID[p.ID] = p
		}
	}
	out := make([]*ent.Problem, len(ids))
	for i, id := range ids {
		if out[i] = byID[id]; out[i] == nil {
			return nil, fmt.Errorf("problem %s: %w", id, ErrNotFound)
		}
	}
	return out, nil
}

// submissionError is err of the i-th of n submissions: as it is when there is one, with its
// position among several.
func submissionError(n, i int, err error) error {
	if n == 1 {
		return err
	}
	return fmt.Errorf("submission %d of %d: %w", i+1, n, err)
}

// submissionTx runs fn in a transaction once no other submission of this service is in one
// (Service.submitting), or fails when ctx ends first.
func (s *Service) submissionTx(ctx context.Context, fn func(ctx context.Context, t *tx) error) error {
	select {
	case s.submitting <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-s.submitting }()
	return s.inTx(ctx, fn)
}

// saveBulk saves creates in bulk inserts of db.RowChunk rows and returns what they wrote,
// in order: bulk is the entity's CreateBulk.
func saveBulk[E, C any, B interface {
	Save(context.Context) ([]E, error)
}](ctx context.Context, creates []C, bulk func(...C) B) ([]E, error) {
	out := make([]E, 0, len(creates))
	for _, part := range db.RowBatches(creates) {
		got, err := bulk(part...).Save(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, got...)
	}
	return out, nil
}

// newProblem is a problem to create: numbered n, from in, by actorID at now; an import names
// its importKey.
type newProblem struct {
	actorID   string
	n         int64
	in        *intake
	now       time.Time
	importKey string
}

// createdPayload is the payload of the event that records a problem's creation, without what
// its kind adds: the problem's first revision, title, slug and deadline, and the policy version.
func createdPayload(p *ent.Problem) map[string]any {
	return map[string]any{"revision": deref(p.CurrentRevisionID), "title": p.Title, "slug": p.Slug, "deadline": p.Deadline,
		"policyVersion": Version}
}

// createProblems writes new problems, each with its first revision, slug,
// tags and deadline job, every kind of row in multi-row statements. The
// caller records each creation's event (createdPayload) and, for a staked
// submission, its escrow.
func (t *tx) createProblems(ctx context.Context, news []newProblem) ([]*ent.Problem, error) {
	wants := make([]slugWant, len(news))
	var tagNames []string
	for i, np := range news {
		wants[i] = slugWant{title: np.in.Title, n: np.n}
		tagNames = append(tagNames, np.in.Tags...)
	}
	slugs, err := t.freeSlugs(ctx, wants)
	if err != nil {
		return nil, err
	}
	slices.Sort(tagNames)
	tagNames = slices.Compact(tagNames)
	tagIDs, err := t.tagIDs(ctx, tagNames)
	if err != nil {
		return nil, err
	}
	tagID := make(map[string]string, len(tagNames))
	for i, name := range tagNames {
		tagID[name] = tagIDs[i]
	}
	creates := make([]*ent.ProblemCreate, len(news))
	slugCreates := make([]*ent.SlugCreate, len(news))
	revs := make([]newRevision, len(news))
	for i, np := range news {
		id := ProblemID(np.n)
		create := t.Problem.Create().SetID(id).SetNumber(int(np.n)).SetSlug(slugs[i].slug).SetState(problem.StatePROSPECTING).
			SetSubmittedAt(np.now).SetDeadline(np.now.Add(t.s.cfg.ChallengeWindow)).SetUpdatedAt(np.now).SetProposerID(np.actorID).
			SetTitle(strings.TrimSpace(np.in.Title)).SetAcceptanceKind(problem.AcceptanceKind(np.in.Acceptance.Kind)).
			SetProvenanceKind(problem.ProvenanceKind(np.in.Provenance.Kind))
		if np.importKey == "" {
			create.SetStakeState(problem.StakeStateESCROWED)
		} else {
			create.SetImportKey(np.importKey)
		}
		seen := map[string]bool{}
		for _, name := range np.in.Tags {
			if !seen[name] {
				seen[name] = true
				create.AddTagIDs(tagID[name])
			}
		}
		creates[i] = create
		slugCreates[i] = t.Slug.Create().SetSlug(slugs[i].slug).SetProblemID(id).SetCreatedAt(np.now)
		revs[i] = newRevision{problemID: id, n: 1, authorID: np.actorID, in: np.in, now: np.now}
	}
	ps, err := saveBulk[*ent.Problem](ctx, creates, t.Problem.CreateBulk)
	if err != nil {
		return nil, fmt.Errorf("create problem: %w", err)
	}
	if _, err := saveBulk[*ent.Slug](ctx, slugCreates, t.Slug.CreateBulk); err != nil {
		return nil, fmt.Errorf("record slug: %w", err)
	}
	written, err := t.writeRevisions(ctx, revs)
	if err != nil {
		return nil, err
	}
	if err := t.setCurrentRevisions(ctx, written); err != nil {
		return nil, err
	}
	for i, rev := range written {
		ps[i].CurrentRevisionID = &rev.ID
	}
	if t.s.scheduler != nil {
		for _, p := range ps {
			if err := t.s.scheduler.ScheduleAcceptance(ctx, t.sql, p.ID, p.Deadline); err != nil {
				return nil, fmt.Errorf("schedule acceptance: %w", err)
			}
		}
	}
	return ps, nil
}

// setCurrentRevisions makes each of revs the current revision of its problem, in one
// statement a db.RowChunk of them.
func (t *tx) setCurrentRevisions(ctx context.Context, revs []*ent.Revision) error {
	for _, part := range db.RowBatches(revs) {
		var q strings.Builder
		args := make([]any, 0, 2*len(part))
		q.WriteString("WITH v (id, rev) AS (VALUES ")
		for i, rev := range part {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(" + t.s.placeholder(2*i+1) + ", " + t.s.placeholder(2*i+2) + ")")
			args = append(args, rev.ProblemID, rev.ID)
		}
		q.WriteString(") UPDATE problems SET current_revision_id = (SELECT rev FROM v WHERE v.id = problems.id) WHERE id IN (SELECT id FROM v)")
		if _, err := t.sql.ExecContext(ctx, q.String(), args...); err != nil {
			return fmt.Errorf("set current revision: %w", err)
		}
	}
	return nil
}

// tagIDs returns the IDs of the named tags, creating the missing ones. Existing tags are read,
// never written: an upsert that rewrites a tag's row makes SQLite check the row against every
// problem's tags, which it has no index to do by tag.
func (t *tx) tagIDs(ctx context.Context, names []string) ([]string, error) {
	if len(names) == 0 {
		return []string{}, nil
	}
	byName := func() (map[string]string, error) {
		ts, err := t.Tag.Query().Where(tag.NameIn(names...)).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("tags: %w", err)
		}
		m := make(map[string]string, len(ts))
		for _, tg := range ts {
			m[tg.Name] = tg.ID
		}
		return m, nil
	}
	have, err := byName()
	if err != nil {
		return nil, err
	}
	var missing []*ent.TagCreate
	for _, n := range names {
		if _, ok := have[n]; !ok {
			missing = append(missing, t.Tag.Create().SetName(n))
		}
	}
	if len(missing) > 0 {
		if err := t.Tag.CreateBulk(missing...).OnConflict(sql.ConflictColumns(tag.FieldName)).DoNothing().Exec(ctx); err != nil {
			return nil, fmt.Errorf("tags: %w", err)
		}
		if have, err = byName(); err != nil {
			return nil, err
		}
	}
	ids := make([]string, 0, len(names))
	for _, n := range names {
		id, ok := have[n]
		if !ok {
			return nil, fmt.Errorf("tag %q: not written", n)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

func grantAmount(granted bool) int {
	if granted {
		return FirstSubmissionGrant
	}
	return 0
}

// ProblemID is the permanent ID of problem number n.
func ProblemID(n int64) string { return "TDB-" + strconv.FormatInt(n, 10) }

// lockAccount takes the account's row lock on PostgreSQL.
func (t *tx) lockAccount(ctx context.Context, id string) error {
	q := t.Account.Query().Where(account.ID(id))
	if t.s.db.Dialect == dialect.Postgres {
		q = q.ForUpdate()
	}
	if _, err := q.OnlyID(ctx); err != nil {
		if ent.IsNotFound(err) {
			return fmt.Errorf("account %s: %w", id, ErrNotFound)
		}
		return fmt.Errorf("lock account: %w", err)
	}
	return nil
}

// newRevision is revision number n of a problem to write: in, by authorID at now, with note.
type newRevision struct {
	problemID      string
	n              int
	authorID, note string
	in             *intake
	now            time.Time
}

// writeRevision writes revision number n of a problem with its references: writeRevisions of
// one.
func (t *tx) writeRevision(ctx context.Context, problemID string, n int, authorID, note string, in *intake, now time.Time) (*ent.Revision, error) {
	revs, err := t.writeRevisions(ctx, []newRevision{{problemID: problemID, n: n, authorID: authorID, note: note, in: in, now: now}})
	if err != nil {
		return nil, err
	}
	return revs[0], nil
}

// writeRevisions writes revisions with their search entries, gate runs and
// references, creating or reusing one Source per identifier, every kind of
// row in multi-row statements; the revisions come back in order.
func (t *tx) writeRevisions(ctx context.Context, nrs []newRevision) ([]*ent.Revision, error) {
	creates := make([]*ent.RevisionCreate, len(nrs))
	for i, nr := range nrs {
		in := nr.in
		exposition := in.Exposition
		if exposition == nil {
			exposition = []packet.ExpositionEntry{}
		}
		creates[i] = t.Revision.Create().SetProblemID(nr.problemID).SetNumber(nr.n).SetTitle(strings.TrimSpace(in.Title)).
			SetTags(in.Tags).SetStatement(in.Statement).SetExposition(exposition).SetAcceptance(*in.Acceptance).
			SetProvenance(*in.Provenance).SetReferenceSearch(*in.ReferenceSearch).SetHeroBrief(in.Hero.Brief).
			SetHeroAlt(in.Hero.Alt).SetHeroCaption(in.Hero.Caption).SetHeroRightsBasis(in.Hero.RightsBasis).
			SetHeroBespoke(in.Hero.Bespoke).SetOpenStatus(in.OpenStatus).SetComputation(in.Computation).
			SetNote(nr.note).SetAuthorID(nr.authorID).SetCreatedAt(nr.now)
	}
	revs, err := saveBulk[*ent.Revision](ctx, creates, t.Revision.CreateBulk)
	if err != nil {
		return nil, fmt.Errorf("write revision: %w", err)
	}
	docs := make([]search.Doc, len(revs))
	var idents []sourceIdent
	for i, rev := range revs {
		in := nrs[i].in
		cites := make([]string, 0, 2*len(in.References))
		for j, r := range in.References {
			cites = append(cites, strings.TrimSpace(r.Citation), in.ids[j].Key)
			idents = append(idents, sourceIdent{key: in.ids[j].Key, kind: in.ids[j].Kind})
		}
		docs[i] = search.Doc{RevisionID: rev.ID, Text: search.TextOf(rev.Title, rev.Statement, in.Exposition, in.Tags, cites)}
	}
	if err := t.s.search.AddMany(ctx, t.sql, docs); err != nil {
		return nil, err
	}
	if err := t.scheduleGates(ctx, revs...); err != nil {
		return nil, err
	}
	if len(idents) == 0 {
		return revs, nil
	}
	srcIDs, err := t.sourceIDs(ctx, idents, nrs[0].now)
	if err != nil {
		return nil, err
	}
	var bulk []*ent.ReferenceCreate
	for i, rev := range revs {
		in := nrs[i].in
		for j, r := range in.References {
			bulk = append(bulk, t.Reference.Create().SetRevisionID(rev.ID).SetSourceID(srcIDs[in.ids[j].Key]).SetPosition(j).
				SetCitation(strings.TrimSpace(r.Citation)).SetLocator(strings.TrimSpace(r.Locator)).
				SetRelevance(strings.TrimSpace(r.Relevance)).SetRole(r.Role).SetClaimedTitle(strings.TrimSpace(r.Title)).
				SetClaimedAuthors(trimAll(r.Authors)).SetNillableClaimedYear(r.Year))
		}
	}
	refs, err := saveBulk[*ent.Reference](ctx, bulk, t.Reference.CreateBulk)
	if err != nil {
		return nil, fmt.Errorf("write references: %w", err)
	}
	if t.s.scheduler != nil {
		ids := make([]string, len(refs))
		for i, r := range refs {
			ids[i] = r.ID
		}
		if err := t.s.scheduler.ScheduleConfirmations(ctx, t.sql, ids); err != nil {
			return nil, fmt.Errorf("schedule confirmations: %w", err)
		}
	}
	return revs, nil
}

// sourceIdent is a source's identifier and its kind.
type sourceIdent struct {
	key  string
	kind records.Kind
}

// sourceIDs returns the IDs of the sources of idents by identifier, creating
// the missing ones (the first kind given for an identifier is its kind).
// Existing sources are read, never written, as tags are (tagIDs).
func (t *tx) sourceIDs(ctx context.Context, idents []sourceIdent, now time.Time) (map[string]string, error) {
	var (
		keys    []string
		creates []*ent.SourceCreate
		seen    = map[string]bool{}
	)
	for _, id := range idents {
		if !seen[id.key] {
			seen[id.key] = true
			keys = append(keys, id.key)
			creates = append(creates, t.Source.Create().SetIdentifier(id.key).SetKind(source.Kind(id.kind)).SetCreatedAt(now))
		}
	}
	for _, part := range db.RowBatches(creates) {
		if err := t.Source.CreateBulk(part...).OnConflict(sql.ConflictColumns(source.FieldIdentifier)).DoNothing().Exec(ctx); err != nil {
			return nil, fmt.Errorf("sources: %w", err)
		}
	}
	out := make(map[string]string, len(keys))
	for _, part := range db.RowBatches(keys) {
		srcs, err := t.Source.Query().Where(source.IdentifierIn(part...)).Select(source.FieldID, source.FieldIdentifier).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("sources: %w", err)
		}
		for _, src := range srcs {
			out[src.Identifier] = src.ID
		}
	}
	for _, k := range keys {
		if out[k] == "" {
			return nil, fmt.Errorf("source %s: not written", k)
		}
	}
	return out, nil
}

// slugWant asks for the slug of a title for problem number n, which owner
// (a problem's ID, or "" for a new problem) may already hold.
type slugWant struct {
	title string
	n     int64
	owner string
}

// slugGot is the slug a slugWant got: fresh when no problem has ever had it.
type slugGot struct {
	slug  string
	fresh bool
}

// freeSlug returns the slug for a title: the one owner already has for it,
// or one no problem has ever had (fresh): freeSlugs of one.
func (t *tx) freeSlug(ctx context.Context, title string, n int64, owner string) (sl string, fresh bool, err error) {
	got, err := t.freeSlugs(ctx, []slugWant{{title: title, n: n, owner: owner}})
	if err != nil {
		return "", false, err
	}
	return got[0].slug, got[0].fresh, nil
}

// freeSlugs returns the slug of each want: of its title, or the title with
// its number, the first that its owner already has or no problem has ever
// had and no earlier want took. Slugs are allocated while a counter or
// problem row is locked, and the slug column is unique, so two writers
// cannot take the same one.
func (t *tx) freeSlugs(ctx context.Context, wants []slugWant) ([]slugGot, error) {
	cands := make([][]string, len(wants))
	var all []string
	for i, w := range wants {
		base := Slugify(w.title)
		if base == "" || schema.ProblemIDPattern.MatchString(strings.ToUpper(base)) {
			base = strings.Trim("problem-"+base, "-") // never shadow a permanent ID
		}
		cands[i] = []string{base, base + "-" + strconv.FormatInt(w.n, 10)}
		all = append(all, cands[i]...)
	}
	owner := map[string]string{}
	for _, part := range db.RowBatches(all) {
		ss, err := t.Slug.Query().Where(slug.SlugIn(part...)).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("slug: %w", err)
		}
		for _, s := range ss {
			owner[s.Slug] = s.ProblemID
		}
	}
	taken := map[string]bool{}
	out := make([]slugGot, len(wants))
	for i, w := range wants {
		// base-n is only taken when a title itself ends in another problem's
		// number; the problem's ID is free by construction.
		got := slugGot{slug: strings.ToLower(ProblemID(w.n)), fresh: true}
		for _, c := range cands[i] {
			o, exists := owner[c]
			if taken[c] || exists && o != w.owner {
				continue
			}
			got = slugGot{slug: c, fresh: !exists}
			break
		}
		taken[got.slug] = true
		out[i] = got
	}
	return out, nil
}

// Slugify turns a title into a URL slug: lower-case ASCII letters and digits
// separated by single hyphens, at most 80 characters, accents dropped.
func Slugify(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFKD.String(title) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(unicode.ToLower(r))
		default:
			dash = true
		}
		if b.Len() >= 80 {
			break
		}
	}
	return strings.Trim(b.String(), "-")
}
