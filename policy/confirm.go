package policy

import (
	"context"
	"fmt"
	"strings"
	"time"

	"entgo.io/ent/dialect/sql"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/source"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/records"
)

// Events of the record plane.
const (
	// KindReferenceConfirmed: a definite outcome for a reference (CONFIRMED, MISMATCH, NOT_FOUND).
	KindReferenceConfirmed = "reference.confirmed"
	// KindReferenceRejected: an agent's reference whose source is fabricated left the packet.
	KindReferenceRejected = "reference.rejected"
	// KindLocatorConfirmed: the cited place was found in the source, by the record plane or a person.
	KindLocatorConfirmed = "reference.locator_confirmed"
	// AuthorityRecordPlane is the authority of the record plane's outcomes.
	AuthorityRecordPlane = "record_plane"
)

// RecordFreshness is how long a source's record, once read, answers for it without asking its
// catalogue again.
const RecordFreshness = 30 * 24 * time.Hour

// Confirmation is what confirming one reference needs: its source's identifier and the record
// already held, what the proposer claimed, and the outcome so far.
type Confirmation struct {
	ReferenceID string
	Identifier  records.Identifier
	// Cached is the source's record when one was read before (nil otherwise); Fresh says it is
	// recent enough to answer without asking again.
	Cached  *records.Record
	Fresh   bool
	Claimed records.Claimed
	Prev    records.Outcome
	// Locator is where in the source the reference points; LocatorConfirmed says it was found.
	// Citation and Relevance say what the reference cites that place for, which a check that
	// reads the source compares with what is there.
	Locator          string
	LocatorConfirmed bool
	Citation         string
	Relevance        string
	// Agent says an agent account wrote the revision: a source that is no record at all (a
	// bare web address) is then a fabricated proposal, as one that does not resolve.
	Agent bool
}

// ReferenceConfirmation loads what confirming a reference needs.
func (s *Service) ReferenceConfirmation(ctx context.Context, referenceID string) (*Confirmation, error) {
	r, err := s.client.Reference.Query().Where(reference.ID(referenceID)).WithSource().
		WithRevision(func(q *ent.RevisionQuery) { q.WithAuthor() }).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("reference %s: %w", referenceID, err)
	}
	src := r.Edges.Source
	id := identifierOf(src)
	c := &Confirmation{ReferenceID: r.ID, Identifier: id, Agent: IsAgent(r.Edges.Revision.Edges.Author),
		Locator: r.Locator, LocatorConfirmed: r.LocatorConfirmed, Citation: r.Citation, Relevance: r.Relevance,
		Claimed: records.Claimed{Title: r.ClaimedTitle, Authors: r.ClaimedAuthors, Year: valueOf(r.ClaimedYear)}}
	if r.Confirmation != reference.ConfirmationPENDING {
		c.Prev = records.Outcome{Confirmation: records.Confirmation(r.Confirmation), Reason: r.ConfirmationReason}
	}
	if src.FetchedAt != nil {
		rec := recordOf(src)
		c.Cached, c.Fresh = &rec, s.Now().Sub(*src.FetchedAt) < RecordFreshness
	}
	return c, nil
}

// identifierOf is a source's identifier as the record plane knows it (stored normalised).
func identifierOf(src *ent.Source) records.Identifier {
	return records.Identifier{Kind: records.Kind(src.Kind), Key: src.Identifier}
}

func recordOf(src *ent.Source) records.Record {
	return records.Record{ID: identifierOf(src), Title: src.Title, Authors: src.Authors, Year: valueOf(src.Year), Licence: src.Licence,
		URL: src.URL, Resolver: src.Resolver, FetchedAt: valueOf(src.FetchedAt), ETag: src.Etag, LastModified: src.LastModified}
}

// RecordConfirmation stores a resolution of a reference's source and the outcome it gives: the
// record on the source when one was found, the outcome on the reference, and the source's own
// confirmation over every reference citing it. A fabricated source (MISMATCH, NOT_FOUND) of an
// agent's revision is rejected: it stays in the record with the reason and leaves the packet's
// references; a person's stays, flagged, and the event tells the proposer.
func (s *Service) RecordConfirmation(ctx context.Context, referenceID string, res records.Result, out records.Outcome) error {
	return s.recordConfirmation(ctx, referenceID, res, out, false)
}

// RecordLocated is RecordConfirmation when the record plane also found the reference's locator
// in the source's text: the reference's locator is confirmed.
func (s *Service) RecordLocated(ctx context.Context, referenceID string, res records.Result, out records.Outcome) error {
	return s.recordConfirmation(ctx, referenceID, res, out, true)
}

func (s *Service) recordConfirmation(ctx context.Context, referenceID string, res records.Result, out records.Outcome, located bool) error {
	return s.inTx(ctx, func(ctx context.Context, t *tx) error {
		r, err := t.Reference.Query().Where(reference.ID(referenceID)).WithSource().WithRevision().Only(ctx)
		if err != nil {
			return fmt.Errorf("reference %s: %w", referenceID, err)
		}
		p, err := t.lockProblem(ctx, r.Edges.Revision.ProblemID)
		if err != nil {
			return err
		}
		src := r.Edges.Source
		if res.Status == records.StatusFound {
			rec := res.Record
			if rec.FetchedAt.IsZero() {
				rec.FetchedAt = s.Now() // a local catalogue or reference text answers now
			}
			if err := t.storeRecord(ctx, src.ID, rec); err != nil {
				return err
			}
		}
		changed := false
		if located && !r.LocatorConfirmed {
			changed = true
			if err := r.Update().SetLocatorConfirmed(true).Exec(ctx); err != nil {
				return fmt.Errorf("confirm locator: %w", err)
			}
			if _, err := t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityRecordPlane, kind: KindLocatorConfirmed,
				subject: p.ID, payload: map[string]any{"reference": r.ID, "locator": r.Locator, "by": "record plane"}}); err != nil {
				return err
			}
		}
		sameOutcome := string(r.Confirmation) == string(out.Confirmation)
		if sameOutcome && r.ConfirmationReason == out.Reason {
			if changed {
				if err := t.recheckRecord(ctx, p, r.RevisionID, true, false); err != nil {
					return err
				}
			}
			return t.settleSource(ctx, src.ID)
		}
		upd := r.Update().SetConfirmation(reference.Confirmation(out.Confirmation)).SetConfirmationReason(out.Reason)
		agent := false
		if out.Confirmation.Fabricated() {
			author, err := t.Account.Get(ctx, r.Edges.Revision.AuthorID)
			if err != nil {
				return fmt.Errorf("revision author: %w", err)
			}
			agent = IsAgent(author)
		}
		if agent {
			upd.SetRejected(true).SetRejectionReason("The source is fabricated: " + out.Reason)
		}
		if err := upd.Exec(ctx); err != nil {
			return fmt.Errorf("confirm reference: %w", err)
		}
		if out.Confirmation == records.Pending {
			t.unlogged = append(t.unlogged, p.ID) // no event says what the plane last found: the page reads it again
		}
		if out.Confirmation.Fabricated() {
			if err := t.stopSourcesIfOver(ctx, r.Edges.Revision); err != nil {
				return err
			}
		}
		if out.Confirmation != records.Pending {
			payload := map[string]any{"reference": r.ID, "source": src.Identifier, "sourceId": src.ID, "revision": r.RevisionID,
				"confirmation": out.Confirmation, "reason": out.Reason}
			kind := KindReferenceConfirmed
			if agent {
				kind = KindReferenceRejected
			}
			if _, err := t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityRecordPlane, kind: kind,
				subject: p.ID, payload: payload}); err != nil {
				return err
			}
		}
		// A new outcome changes what both gates read. A definite outcome's new reason changes what
		// they quote (the references gate a confirmed source's locator note, both a fabricated
		// source's reason); a pending source's new reason, which every retry brings, changes
		// nothing they decide.
		definite := out.Confirmation != records.Pending
		refs := !sameOutcome || definite || changed
		prov := !sameOutcome || out.Confirmation.Fabricated()
		if refs || prov {
			if err := t.recheckRecord(ctx, p, r.RevisionID, refs, prov); err != nil {
				return err
			}
		}
		return t.settleSource(ctx, src.ID)
	})
}

// recheckRecord runs the gates that read the record plane again on a revision the problem shows
// (its current or proposed one) when what the plane found of one of its references changed: the
// references gate (every outcome, reason and locator) and the provenance gate (the outcomes of
// the sources the problem comes from).
func (t *tx) recheckRecord(ctx context.Context, p *ent.Problem, revisionID string, references, provenance bool) error {
	if valueOf(p.CurrentRevisionID) != revisionID && valueOf(p.PendingRevisionID) != revisionID {
		return nil
	}
	var gs []*gates.Gate
	for _, n := range []struct {
		name gates.Name
		want bool
	}{{gates.Provenance, provenance}, {gates.References, references}} {
		if !n.want {
			continue
		}
		g, _ := gates.ByName(n.name)
		gs = append(gs, g)
	}
	return t.rerunGates(ctx, revisionID, gs)
}

// storeRecord keeps a record on its source: what it says of the work, where it came from, when,
// and the validators for a conditional request.
func (t *tx) storeRecord(ctx context.Context, sourceID string, rec records.Record) error {
	err := t.Source.UpdateOneID(sourceID).SetTitle(Clip(rec.Title, 500)).SetAuthors(rec.Authors).
		SetNillableYear(nonZero(rec.Year)).SetLicence(Clip(rec.Licence, 500)).
		SetLicenceClass(source.LicenceClass(records.LicenceClassOf(rec.Licence))).SetURL(Clip(rec.URL, 2000)).
		SetResolver(rec.Resolver).SetFetchedAt(rec.FetchedAt).SetEtag(rec.ETag).SetLastModified(rec.LastModified).Exec(ctx)
	if err != nil {
		return fmt.Errorf("source record %s: %w", rec.ID.Key, err)
	}
	return nil
}

// settleSource sets a source's confirmation from its references' outcomes, which say whether
// the record plane found its record: CONFIRMED when the record exists (a reference CONFIRMED or
// MISMATCH: a citation's wrong claim is its own reference's outcome, never the source's),
// NOT_FOUND when it does not, PENDING while no answer came.
func (t *tx) settleSource(ctx context.Context, sourceID string) error {
	refs, err := t.Reference.Query().Where(reference.SourceID(sourceID)).Select(reference.FieldConfirmation).All(ctx)
	if err != nil {
		return fmt.Errorf("source references: %w", err)
	}
	st := source.ConfirmationPENDING
	for _, r := range refs {
		switch r.Confirmation {
		case reference.ConfirmationCONFIRMED, reference.ConfirmationMISMATCH:
			st = source.ConfirmationCONFIRMED
		case reference.ConfirmationNOT_FOUND:
			if st == source.ConfirmationPENDING {
				st = source.ConfirmationNOT_FOUND
			}
		}
	}
	return t.Source.UpdateOneID(sourceID).SetConfirmation(st).Exec(ctx)
}

// PendingReferences lists the references still PENDING, oldest first, at most limit after the
// given ID: what `theoremdb records resolve --pending` works through.
func (s *Service) PendingReferences(ctx context.Context, pendingOnly bool, after string, limit int) ([]string, error) {
	q := s.client.Reference.Query().Where(reference.IDGT(after))
	if pendingOnly {
		q = q.Where(reference.ConfirmationEQ(reference.ConfirmationPENDING))
	}
	return q.Order(ent.Asc(reference.FieldID)).Limit(limit).IDs(ctx)
}

func nonZero(n int) *int {
	if n == 0 {
		return nil
	}
	return &n
}

// ImportRecords loads a local catalogue's records into the record plane (an operator's act), so
// that an installation without network, or with a mirror, resolves its sources from it first:
// each becomes, or refreshes, the record of its source. It returns how many it wrote.
func (s *Service) ImportRecords(ctx context.Context, actor *ent.Account, recs []records.Record) (int, error) {
	if !CanImport(actor) {
		return 0, fmt.Errorf("importing records needs the operator role: %w", ErrForbidden)
	}
	n := 0
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		for _, rec := range recs {
			if rec.ID.Key == "" {
				continue
			}
			rec.FetchedAt, rec.Resolver = s.Now(), "catalogue"
			id, err := t.Source.Create().SetIdentifier(rec.ID.Key).SetKind(source.Kind(rec.ID.Kind)).SetCreatedAt(s.Now()).
				OnConflict(sql.ConflictColumns(source.FieldIdentifier)).Ignore().ID(ctx)
			if err != nil {
				return fmt.Errorf("record %s: %w", rec.ID.Key, err)
			}
			if err := t.storeRecord(ctx, id, rec); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}

// valueOf is *p, or the zero value for nil.
func valueOf[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// ConfirmLocator clears a reference's locatorUnconfirmed on a person's word — a reviewer or
// operator who found the cited place in the source — with a note saying where; an event records
// it.
func (s *Service) ConfirmLocator(ctx context.Context, actor *ent.Account, referenceID, note string) error {
	if actor == nil {
		return ErrUnauthenticated
	}
	if !CanReview(actor) {
		return fmt.Errorf("confirming a locator needs the reviewer or operator role: %w", ErrForbidden)
	}
	var v validator
	v.text(note, true, MaxHoldNote, "note")
	if err := v.err(); err != nil {
		return err
	}
	return s.inTx(ctx, func(ctx context.Context, t *tx) error {
		r, err := t.Reference.Query().Where(reference.ID(referenceID)).WithRevision().Only(ctx)
		if ent.IsNotFound(err) {
			return refuse(CodeNotFound, fmt.Sprintf("no reference %q", referenceID), "referenceId")
		}
		if err != nil {
			return err
		}
		p, err := t.lockProblem(ctx, r.Edges.Revision.ProblemID)
		if err != nil {
			return err
		}
		if p.ProposerID == actor.ID || r.Edges.Revision.AuthorID == actor.ID {
			return refuse(CodeSelfReview, "you proposed this reference; another reviewer confirms where it points", "referenceId")
		}
		if r.Locator == "" || r.LocatorConfirmed {
			return refuse(CodeConflict, "this reference has no unconfirmed locator", "referenceId")
		}
		upd := r.Update().SetLocatorConfirmed(true)
		if r.Confirmation == reference.ConfirmationCONFIRMED && r.ConfirmationReason != "" {
			// A confirmed source's reason is the record plane's note on its locator, which the
			// person's reading now answers; the event keeps both.
			upd.SetConfirmationReason("")
		}
		if err := upd.Exec(ctx); err != nil {
			return fmt.Errorf("confirm locator: %w", err)
		}
		payload := map[string]any{"reference": r.ID, "locator": r.Locator, "note": strings.TrimSpace(note)}
		if r.Confirmation == reference.ConfirmationCONFIRMED && r.ConfirmationReason != "" {
			payload["recordPlane"] = r.ConfirmationReason
		}
		if _, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityOf(actor), kind: KindLocatorConfirmed,
			subject: p.ID, payload: payload}); err != nil {
			return err
		}
		return t.recheckRecord(ctx, p, r.RevisionID, true, false)
	})
}
