package policy

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
	"golang.org/x/text/unicode/norm"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/account"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reputationentry"
	"github.com/theoremdb/theoremdb/ent/schema"
	"github.com/theoremdb/theoremdb/ent/slug"
	"github.com/theoremdb/theoremdb/ent/source"
	"github.com/theoremdb/theoremdb/ent/tag"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/search"
)

// Reputation amounts of the policy.
const (
	FirstSubmissionGrant = 20
	Stake                = 1
)

// Submit runs deterministic intake: it validates in, and in one transaction
// gives the problem its permanent ID, slug and deadline, writes its first
// revision, makes the first-submission grant when due, escrows the stake,
// records the event and enqueues the deadline job. A refused submission
// gets field errors and writes nothing.
func (s *Service) Submit(ctx context.Context, actor *ent.Account, in ProblemInput) (*ent.Problem, error) {
	if actor == nil {
		return nil, ErrUnauthenticated
	}
	ok, err := in.validate(s.Now(), IsAgent(actor))
	if err != nil {
		return nil, err
	}
	var p *ent.Problem
	err = s.inTx(ctx, func(ctx context.Context, t *tx) error {
		// Lock the account so its balance check and grant are serialised.
		if err := t.lockAccount(ctx, actor.ID); err != nil {
			return err
		}
		if len(in.References) > 0 {
			if err := t.sourcesRefusal(ctx, actor, in.Provenance.GeneratedBy); err != nil {
				return err
			}
		}
		// The problem counter stays locked until commit: read the time
		// after it, so submission times follow ID order.
		n, _, err := t.nextCounter(ctx, "problem")
		if err != nil {
			return err
		}
		now := s.Now()
		rep, err := reputationOf(ctx, t.Client, actor.ID)
		if err != nil {
			return err
		}
		granted := false
		if !rep.Granted {
			if err := t.ReputationEntry.Create().SetAccountID(actor.ID).SetKind(reputationentry.KindGRANT).
				SetAmount(FirstSubmissionGrant).SetAt(now).SetGrantOf(actor.ID).Exec(ctx); err != nil {
				return fmt.Errorf("grant: %w", err)
			}
			rep.Balance += FirstSubmissionGrant
			granted = true
		}
		if rep.Balance < Stake {
			return refuse(CodeInsufficientReputation, fmt.Sprintf(
				"a submission escrows %d reputation point; you have %d available and %d in escrow until your problems in their challenge period are decided",
				Stake, rep.Balance, rep.Escrowed))
		}

		p, err = t.createProblem(ctx, actor.ID, n, ok, now, "", AuthoritySubmitter, KindProblemSubmitted,
			map[string]any{"escrowed": Stake, "granted": grantAmount(granted)})
		if err != nil {
			return err
		}
		if err := t.ReputationEntry.Create().SetAccountID(actor.ID).SetProblemID(p.ID).
			SetKind(reputationentry.KindESCROW).SetAmount(Stake).SetAt(now).Exec(ctx); err != nil {
			return fmt.Errorf("escrow: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.client.Problem.Get(ctx, p.ID)
}

// createProblem writes a new problem numbered n with its first revision,
// slug, tags, event and deadline job. A staked submission's escrow is
// written by the caller; an import has none.
func (t *tx) createProblem(ctx context.Context, actorID string, n int64, in *intake, now time.Time,
	importKey, authority, kind string, extra map[string]any) (*ent.Problem, error) {
	id := ProblemID(n)
	sl, _, err := t.freeSlug(ctx, in.Title, n, "")
	if err != nil {
		return nil, err
	}
	deadline := now.Add(t.s.cfg.ChallengeWindow)
	create := t.Problem.Create().SetID(id).SetNumber(int(n)).SetSlug(sl).SetState(problem.StatePROSPECTING).
		SetSubmittedAt(now).SetDeadline(deadline).SetUpdatedAt(now).SetProposerID(actorID).
		SetTitle(strings.TrimSpace(in.Title)).SetAcceptanceKind(problem.AcceptanceKind(in.Acceptance.Kind)).
		SetProvenanceKind(problem.ProvenanceKind(in.Provenance.Kind))
	if importKey == "" {
		create.SetStakeState(problem.StakeStateESCROWED)
	} else {
		create.SetImportKey(importKey)
	}
	p, err := create.Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("create problem: %w", err)
	}
	if err := t.Slug.Create().SetSlug(sl).SetProblemID(id).SetCreatedAt(now).Exec(ctx); err != nil {
		return nil, fmt.Errorf("record slug: %w", err)
	}
	rev, err := t.writeRevision(ctx, p.ID, 1, actorID, "", in, now)
	if err != nil {
		return nil, err
	}
	tagIDs, err := t.tagIDs(ctx, in.Tags)
	if err != nil {
		return nil, err
	}
	if p, err = p.Update().SetCurrentRevisionID(rev.ID).AddTagIDs(tagIDs...).Save(ctx); err != nil {
		return nil, fmt.Errorf("set current revision: %w", err)
	}
	payload := map[string]any{"revision": rev.ID, "title": rev.Title, "slug": sl, "deadline": deadline,
		"policyVersion": Version}
	for k, v := range extra {
		payload[k] = v
	}
	if _, err := t.appendEvent(ctx, eventInput{actor: actorID, authority: authority, kind: kind, subject: id,
		payload: payload}); err != nil {
		return nil, err
	}
	if t.s.scheduler != nil {
		if err := t.s.scheduler.ScheduleAcceptance(ctx, t.sql, id, deadline); err != nil {
			return nil, fmt.Errorf("schedule acceptance: %w", err)
		}
	}
	return p, nil
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

// writeRevision writes revision number n of a problem with its references,
// creating or reusing one Source per identifier.
func (t *tx) writeRevision(ctx context.Context, problemID string, n int, authorID, note string, in *intake, now time.Time) (*ent.Revision, error) {
	exposition := in.Exposition
	if exposition == nil {
		exposition = []packet.ExpositionEntry{}
	}
	rev, err := t.Revision.Create().SetProblemID(problemID).SetNumber(n).SetTitle(strings.TrimSpace(in.Title)).SetTags(in.Tags).
		SetStatement(in.Statement).SetExposition(exposition).SetAcceptance(*in.Acceptance).
		SetProvenance(*in.Provenance).SetReferenceSearch(*in.ReferenceSearch).SetHeroBrief(in.Hero.Brief).SetHeroAlt(in.Hero.Alt).
		SetHeroCaption(in.Hero.Caption).SetHeroRightsBasis(in.Hero.RightsBasis).SetHeroBespoke(in.Hero.Bespoke).
		SetOpenStatus(in.OpenStatus).SetComputation(in.Computation).
		SetNote(note).SetAuthorID(authorID).SetCreatedAt(now).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("write revision: %w", err)
	}
	cites := make([]string, 0, 2*len(in.References))
	for i, r := range in.References {
		cites = append(cites, strings.TrimSpace(r.Citation), in.ids[i].Key)
	}
	if err := t.s.search.Add(ctx, t.sql, rev.ID, search.TextOf(rev.Title, rev.Statement, in.Exposition, in.Tags, cites)); err != nil {
		return nil, err
	}
	if err := t.scheduleGates(ctx, rev); err != nil {
		return nil, err
	}
	if len(in.References) == 0 {
		return rev, nil
	}
	bulk := make([]*ent.ReferenceCreate, len(in.References))
	for i, r := range in.References {
		id := in.ids[i]
		srcID, err := t.Source.Create().SetIdentifier(id.Key).SetKind(source.Kind(id.Kind)).SetCreatedAt(now).
			OnConflict(sql.ConflictColumns(source.FieldIdentifier)).Ignore().ID(ctx)
		if err != nil {
			return nil, fmt.Errorf("source %s: %w", id.Key, err)
		}
		bulk[i] = t.Reference.Create().SetRevisionID(rev.ID).SetSourceID(srcID).SetPosition(i).
			SetCitation(strings.TrimSpace(r.Citation)).SetLocator(strings.TrimSpace(r.Locator)).
			SetRelevance(strings.TrimSpace(r.Relevance)).SetRole(r.Role).SetClaimedTitle(strings.TrimSpace(r.Title)).
			SetClaimedAuthors(trimAll(r.Authors)).SetNillableClaimedYear(r.Year)
	}
	refs, err := t.Reference.CreateBulk(bulk...).Save(ctx)
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
	return rev, nil
}

// freeSlug returns the slug for a title: the one owner already has for it,
// or one no problem has ever had (fresh). Slugs are allocated while a
// counter or problem row is locked, and the slug column is unique, so two
// writers cannot take the same one.
func (t *tx) freeSlug(ctx context.Context, title string, n int64, owner string) (sl string, fresh bool, err error) {
	base := Slugify(title)
	if base == "" || schema.ProblemIDPattern.MatchString(strings.ToUpper(base)) {
		base = strings.Trim("problem-"+base, "-") // never shadow a permanent ID
	}
	num := strconv.FormatInt(n, 10)
	for _, cand := range []string{base, base + "-" + num} {
		s, err := t.Slug.Query().Where(slug.Slug(cand)).Only(ctx)
		switch {
		case ent.IsNotFound(err):
			return cand, true, nil
		case err != nil:
			return "", false, fmt.Errorf("slug: %w", err)
		case s.ProblemID == owner:
			return cand, false, nil
		}
	}
	// base-n is only taken when a title itself ends in another problem's
	// number; the problem's ID is free by construction.
	return strings.ToLower(ProblemID(n)), true, nil
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
