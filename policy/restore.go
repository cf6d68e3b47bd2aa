package policy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/account"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/source"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/search"

	entsql "entgo.io/ent/dialect/sql"
)

// KindProblemRestored is the event of a problem loaded from an export.
const KindProblemRestored = "problem.restored"

// RestoreSummary says what a restore loaded.
type RestoreSummary struct {
	Problems, Revisions, Decisions, Accounts int
}

// pendingMerge is a merge that names a problem that may come later in the export.
type pendingMerge struct {
	problemID, into string
}

// Restore loads a JSONL export (ExportJSONL) into a database that has no problems yet,
// reproducing the public record: the same IDs, numbers, slugs, states, dates, revisions,
// references and decisions. It is the operators' trusted path for moving or rebuilding a site
// from a download, so the content is written as it was recorded rather than validated again
// by today's intake. Handles the export names that have no account get a member's account with
// no password. Stakes are not part of the public record: restored problems stake nothing, like
// trusted imports. Each restored problem gets a problem.restored event; a problem still in its
// challenge period gets its deadline job, and its current revision its checks. It runs in one
// transaction: an export that does not load leaves the database as it was.
func (s *Service) Restore(ctx context.Context, actor *ent.Account, r io.Reader) (RestoreSummary, error) {
	var sum RestoreSummary
	if actor == nil {
		return sum, ErrUnauthenticated
	}
	if !CanImport(actor) {
		return sum, fmt.Errorf("restoring an export needs the operator role: %w", ErrForbidden)
	}
	dec := json.NewDecoder(r)
	var h ExportHeader
	if err := dec.Decode(&h); err != nil {
		return sum, refuse(CodeInvalid, "the file does not start with an export header: "+err.Error(), "header")
	}
	if h.Format != ExportFormat {
		return sum, refuse(CodeInvalid, fmt.Sprintf("the file's format is %q, not %q", h.Format, ExportFormat), "header", "format")
	}
	if h.Version != ExportVersion {
		return sum, refuse(CodeInvalid, fmt.Sprintf("export version %d cannot be restored; this version reads %d",
			h.Version, ExportVersion), "header", "version")
	}
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		exists, err := t.Problem.Query().Exist(ctx)
		if err != nil {
			return fmt.Errorf("restore: %w", err)
		}
		if exists {
			return refuse(CodeConflict, "the database already has problems; an export is restored only into an empty one")
		}
		rs := &restorer{t: t, actor: actor, header: h, accounts: map[string]string{}, sum: &sum}
		for {
			var p ExportProblem
			err := dec.Decode(&p)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return refuse(CodeInvalid, fmt.Sprintf("problem %d of the file does not read: %v", sum.Problems+1, err),
					"problems", fmt.Sprint(sum.Problems))
			}
			if err := rs.problem(ctx, &p); err != nil {
				return err
			}
		}
		return rs.finish(ctx)
	})
	if err != nil {
		return RestoreSummary{}, err
	}
	return sum, nil
}

// restorer writes the problems of one export in one transaction.
type restorer struct {
	t        *tx
	actor    *ent.Account
	header   ExportHeader
	accounts map[string]string // handle to account ID
	merges   []pendingMerge
	decided  []restoredDecision // merge decisions, written once every problem exists
	last     int
	sum      *RestoreSummary
}

// restoredDecision is a decision waiting for the problem it merges into.
type restoredDecision struct {
	problemID, revisionID string
	d                     ExportDecision
	i                     int
}

// problem writes one exported problem with its revisions and decisions.
func (rs *restorer) problem(ctx context.Context, p *ExportProblem) error {
	t := rs.t
	if p.ID != ProblemID(int64(p.Number)) {
		return refuse(CodeInvalid, fmt.Sprintf("problem %s has number %d", p.ID, p.Number), "problems", p.ID, "number")
	}
	if p.Number <= rs.last {
		return refuse(CodeInvalid, fmt.Sprintf("problem %s is out of number order", p.ID), "problems", p.ID, "number")
	}
	rs.last = p.Number
	proposer, err := rs.account(ctx, p.Proposer)
	if err != nil {
		return err
	}
	cur := p.Revision
	create := t.Problem.Create().SetID(p.ID).SetNumber(p.Number).SetSlug(p.Slug).SetState(problem.State(p.State)).
		SetSubmittedAt(p.SubmittedAt).SetDeadline(p.Deadline).SetUpdatedAt(p.UpdatedAt).SetProposerID(proposer).
		SetTitle(cur.Title).SetAcceptanceKind(problem.AcceptanceKind(cur.Acceptance.Kind)).
		SetProvenanceKind(problem.ProvenanceKind(cur.Provenance.Kind)).SetNillableAcceptedAt(p.AcceptedAt)
	if p.AcceptanceAuthority != "" {
		create.SetAcceptanceAuthority(problem.AcceptanceAuthority(p.AcceptanceAuthority))
	}
	if p.ImportKey != "" {
		create.SetImportKey(p.ImportKey)
	}
	if _, err := create.Save(ctx); err != nil {
		return fmt.Errorf("restore %s: %w", p.ID, err)
	}
	slugs := p.Slugs
	if len(slugs) == 0 {
		slugs = []ExportSlug{{Slug: p.Slug, CreatedAt: p.SubmittedAt}}
	}
	for _, sl := range slugs {
		if err := t.Slug.Create().SetSlug(sl.Slug).SetProblemID(p.ID).SetCreatedAt(sl.CreatedAt).Exec(ctx); err != nil {
			return fmt.Errorf("restore %s: slug %q: %w", p.ID, sl.Slug, err)
		}
	}
	revs := map[int]string{}
	for _, er := range p.EarlierRevisions {
		id, err := rs.revision(ctx, p.ID, er, er.References)
		if err != nil {
			return err
		}
		revs[er.Number] = id
	}
	curID, err := rs.revision(ctx, p.ID, cur, p.References)
	if err != nil {
		return err
	}
	revs[cur.Number] = curID
	tagIDs, err := t.tagIDs(ctx, cur.Tags)
	if err != nil {
		return err
	}
	if err := t.Problem.UpdateOneID(p.ID).SetCurrentRevisionID(curID).AddTagIDs(tagIDs...).Exec(ctx); err != nil {
		return fmt.Errorf("restore %s: current revision: %w", p.ID, err)
	}
	for i, d := range p.Decisions {
		revID, ok := revs[d.Revision]
		if !ok {
			return refuse(CodeInvalid, fmt.Sprintf("a decision on %s names revision %d, which the file does not hold",
				p.ID, d.Revision), "problems", p.ID, "decisions", fmt.Sprint(i), "revision")
		}
		if d.MergeInto != "" {
			rs.decided = append(rs.decided, restoredDecision{problemID: p.ID, revisionID: revID, d: d, i: i})
			continue
		}
		if err := rs.decision(ctx, p.ID, revID, d, i); err != nil {
			return err
		}
	}
	if p.MergedInto != "" {
		rs.merges = append(rs.merges, pendingMerge{problemID: p.ID, into: p.MergedInto})
	}
	if _, err := t.appendEvent(ctx, eventInput{actor: rs.actor.ID, authority: AuthorityOperator, kind: KindProblemRestored,
		subject: p.ID, payload: map[string]any{"format": rs.header.Format, "version": rs.header.Version,
			"exportedAt": rs.header.ExportedAt, "state": p.State, "revision": cur.Number}}); err != nil {
		return err
	}
	if p.State == string(problem.StatePROSPECTING) && t.s.scheduler != nil {
		if err := t.s.scheduler.ScheduleAcceptance(ctx, t.sql, p.ID, p.Deadline); err != nil {
			return fmt.Errorf("restore %s: schedule acceptance: %w", p.ID, err)
		}
	}
	rs.sum.Problems++
	return nil
}

// revision writes one revision with its references, indexed for search.
func (rs *restorer) revision(ctx context.Context, problemID string, er ExportRevision, refs []ExportRef) (string, error) {
	t := rs.t
	author, err := rs.account(ctx, er.Author)
	if err != nil {
		return "", err
	}
	exp := er.Exposition
	if exp == nil {
		exp = []packet.ExpositionEntry{}
	}
	create := t.Revision.Create().SetProblemID(problemID).SetNumber(er.Number).SetTitle(er.Title).
		SetStatement(er.Statement).SetExposition(exp).SetAcceptance(er.Acceptance).SetProvenance(er.Provenance).
		SetReferenceSearch(er.ReferenceSearch).SetTags(er.Tags).SetComputation(er.Computation).
		SetNote(er.Note).SetAuthorID(author).SetCreatedAt(er.CreatedAt)
	if er.OpenStatus != nil {
		create.SetOpenStatus(*er.OpenStatus)
	}
	if h := er.Hero; h != nil {
		create.SetHeroBrief(h.Brief).SetHeroAlt(h.Alt).SetHeroCaption(h.Caption).SetHeroRightsBasis(h.RightsBasis).
			SetHeroBespoke(h.Bespoke)
	}
	rev, err := create.Save(ctx)
	if err != nil {
		return "", fmt.Errorf("restore %s: revision %d: %w", problemID, er.Number, err)
	}
	cites := make([]string, 0, 2*len(refs))
	bulk := make([]*ent.ReferenceCreate, 0, len(refs))
	for i, f := range refs {
		srcID, err := t.Source.Create().SetIdentifier(f.Identifier).SetKind(source.Kind(f.Kind)).SetCreatedAt(er.CreatedAt).
			OnConflict(entsql.ConflictColumns(source.FieldIdentifier)).Ignore().ID(ctx)
		if err != nil {
			return "", fmt.Errorf("restore %s: source %s: %w", problemID, f.Identifier, err)
		}
		bulk = append(bulk, t.Reference.Create().SetRevisionID(rev.ID).SetSourceID(srcID).SetPosition(i).
			SetCitation(f.Citation).SetLocator(f.Locator).SetRelevance(f.Relevance).SetRole(reference.Role(f.Role)))
		cites = append(cites, f.Citation, f.Identifier)
	}
	if len(bulk) > 0 {
		if err := t.Reference.CreateBulk(bulk...).Exec(ctx); err != nil {
			return "", fmt.Errorf("restore %s: references of revision %d: %w", problemID, er.Number, err)
		}
	}
	if err := t.s.search.Add(ctx, t.sql, rev.ID, search.TextOf(rev.Title, rev.Statement, exp, er.Tags, cites)); err != nil {
		return "", err
	}
	rs.sum.Revisions++
	return rev.ID, nil
}

// decision writes the i-th decision of a problem.
func (rs *restorer) decision(ctx context.Context, problemID, revisionID string, d ExportDecision, i int) error {
	// A public download names no reviewers: its decisions are restored as the importer's.
	reviewer := rs.actor.ID
	if strings.TrimSpace(d.Reviewer) != "" {
		var err error
		if reviewer, err = rs.account(ctx, d.Reviewer); err != nil {
			return err
		}
	}
	create := rs.t.Decision.Create().SetProblemID(problemID).SetRevisionID(revisionID).SetReviewerID(reviewer).
		SetAction(decision.Action(d.Action)).SetAuthority(decision.Authority(d.Authority)).SetNotes(d.Notes).
		SetRevisionRequests(d.RevisionRequests).SetPolicyVersion(d.PolicyVersion).SetCreatedAt(d.CreatedAt).
		SetIdempotencyKey(fmt.Sprintf("restore:%s:%d", problemID, i)).SetInputDigest("")
	if d.ReasonCode != "" {
		create.SetReasonCode(decision.ReasonCode(d.ReasonCode))
	}
	if d.MergeInto != "" {
		create.SetMergeIntoID(d.MergeInto)
	}
	if d.Disagreement != "" {
		create.SetDisagreement(decision.Disagreement(d.Disagreement))
	}
	if err := create.Exec(ctx); err != nil {
		return fmt.Errorf("restore %s: decision %d: %w", problemID, i, err)
	}
	rs.sum.Decisions++
	return nil
}

// finish writes what had to wait for every problem (merges), schedules the checks of the
// current revisions and moves the problem counter past the highest number restored.
func (rs *restorer) finish(ctx context.Context) error {
	t := rs.t
	for _, m := range rs.merges {
		if err := t.Problem.UpdateOneID(m.problemID).SetMergedIntoID(m.into).Exec(ctx); err != nil {
			return fmt.Errorf("restore %s: merged into %s: %w", m.problemID, m.into, err)
		}
	}
	for _, d := range rs.decided {
		if err := rs.decision(ctx, d.problemID, d.revisionID, d.d, d.i); err != nil {
			return err
		}
	}
	revs, err := t.Revision.Query().Where(func(s *entsql.Selector) {
		s.Where(entsql.In(s.C("id"), entsql.Select("current_revision_id").From(entsql.Table(problem.Table))))
	}).All(ctx)
	if err != nil {
		return fmt.Errorf("restore: current revisions: %w", err)
	}
	for _, rev := range revs {
		if err := t.scheduleGates(ctx, rev); err != nil {
			return err
		}
	}
	if err := t.Counter.UpdateOneID("problem").SetValue(int64(rs.last)).Exec(ctx); err != nil {
		return fmt.Errorf("restore: problem counter: %w", err)
	}
	return nil
}

// account is the ID of the account with handle, made as a member's with no password when there is none.
func (rs *restorer) account(ctx context.Context, handle string) (string, error) {
	handle = strings.TrimSpace(handle)
	if id, ok := rs.accounts[handle]; ok {
		return id, nil
	}
	a, err := rs.t.Account.Query().Where(account.Handle(handle)).Only(ctx)
	switch {
	case ent.IsNotFound(err):
		a, err = rs.t.Account.Create().SetHandle(handle).SetRoles([]role.Role{role.Member}).SetCreatedAt(rs.t.s.Now()).Save(ctx)
		if err != nil {
			return "", fmt.Errorf("restore: account %q: %w", handle, err)
		}
		if _, err := rs.t.appendEvent(ctx, eventInput{actor: rs.actor.ID, authority: AuthorityOperator, kind: KindAccountCreated,
			subject: a.ID, payload: map[string]any{"handle": handle, "roles": a.Roles, "restored": true}}); err != nil {
			return "", err
		}
		rs.sum.Accounts++
	case err != nil:
		return "", fmt.Errorf("restore: account %q: %w", handle, err)
	}
	rs.accounts[handle] = a.ID
	return a.ID, nil
}
