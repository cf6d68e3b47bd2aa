package policy

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/claim"
	"github.com/theoremdb/theoremdb/ent/hold"
	"github.com/theoremdb/theoremdb/ent/problem"
)

// Outcomes of importing a record its source marks solved.
const (
	// AnswerHeld: a new record with the source's answer claim, held for staff, who compare the
	// claim's scope with the statement before archiving it (the import archives nothing).
	AnswerHeld ImportOutcome = "answer-held"
	// HeldForStaff: the problem is held for staff because its source's status changed or the sources
	// disagree.
	HeldForStaff ImportOutcome = "held"
)

// ImportedAnswerScope is the scope of the answer claim of a solved import.
const ImportedAnswerScope = "The whole statement and its acceptance criterion, as the source states them."

// MaxSourceMismatch bounds the description of a disagreement between sources.
const MaxSourceMismatch = 1000

// SourceStatus is what an outside collection says of a record it marks solved.
type SourceStatus struct {
	// Source names the collection as a sentence cites it: "the Erdős problems database".
	Source string
	// Status is the source's word for it: proved, disproved, research solved.
	Status string
	// Date is the date the source gives its status; zero when it gives none.
	Date time.Time
	// Locator is where the source records the status.
	Locator string
	// Mismatch, when not empty, says how two sources disagree about the status; the record is
	// then imported as open and held for staff.
	Mismatch string
}

func (st SourceStatus) validate(v *validator) {
	v.line(st.Source, true, MaxImportSource, "sourceStatus", "source")
	v.line(st.Status, true, MaxImportSource, "sourceStatus", "status")
	v.line(st.Locator, false, MaxIdentifier, "sourceStatus", "locator")
	v.text(st.Mismatch, false, MaxSourceMismatch, "sourceStatus", "mismatch")
}

// says is the sentence stating the source's status, "The Erdős problems database records this
// problem as proved (last updated 2025-08-31).", with the locator when there is one.
func (st SourceStatus) says(verb string) string {
	src := strings.TrimSpace(st.Source)
	r, n := utf8.DecodeRuneInString(src)
	out := string(unicode.ToUpper(r)) + src[n:] + " " + verb + " this problem as " + strings.TrimSpace(st.Status)
	if !st.Date.IsZero() {
		out += " (last updated " + st.Date.UTC().Format(time.DateOnly) + ")"
	}
	out += "."
	if l := strings.TrimSpace(st.Locator); l != "" {
		out += " Source: " + l + "."
	}
	return out
}

// holdNote is the note of the staff hold of a problem imported as open on the given day whose
// source now marks it solved, or whose sources disagree.
func (st SourceStatus) holdNote(importedOn time.Time) string {
	what := st.says("now records")
	if m := strings.TrimSpace(st.Mismatch); m != "" {
		what = strings.TrimRight(m, ". ") + "."
	}
	return what + " It was imported as open on " + importedOn.UTC().Format(time.DateOnly) +
		"; staff decide whether it stays open."
}

// ImportSolved is the trusted import path for a record its source marks solved. An operator
// runs it. A new key is created through intake as Import creates it and, in the same
// transaction, given the source's answer claim (an established claim that RESOLVES the
// problem, citing the source's status and date) and held for staff with that claim: the policy
// sends an answer claim to staff, who compare its scope with the statement and archive the
// problem or correct the binding (review policy v5). No stake is escrowed. A new key whose
// sources disagree (st.Mismatch) is imported as open and held for staff. An existing key that is
// prospecting or accepted — imported as open — keeps its content and is held for staff with a
// note saying what the source now says, once: while that hold is open, or after staff settled a
// hold with the same note, a re-import changes nothing. Archived, merged and removed problems
// are left alone.
func (s *Service) ImportSolved(ctx context.Context, actor *ent.Account, key, source string, in ProblemInput, st SourceStatus) (*ent.Problem, ImportOutcome, error) {
	ok, err := s.validateImport(actor, key, source, in, st.validate)
	if err != nil {
		return nil, "", err
	}
	if IsAgent(actor) {
		return nil, "", refuse(CodeAgentCannotResolve, "an agent account cannot import an answer claim that RESOLVES a problem", "sourceStatus")
	}
	var (
		p       *ent.Problem
		outcome ImportOutcome
	)
	err = s.inTx(ctx, func(ctx context.Context, t *tx) error {
		existing, err := t.importedProblem(ctx, key)
		if err != nil {
			return err
		}
		if existing == nil {
			if p, err = t.createImported(ctx, actor, key, source, ok); err != nil {
				return err
			}
			if strings.TrimSpace(st.Mismatch) != "" {
				outcome = HeldForStaff
				_, err = t.openHold(ctx, p, holdInput{reason: hold.ReasonSOURCE_STATUS, authority: AuthorityImport,
					note: st.holdNote(p.SubmittedAt), actorID: actor.ID})
				return err
			}
			outcome = AnswerHeld
			return t.holdImportedAnswer(ctx, actor, key, p, st)
		}
		p, outcome = existing, Unchanged
		switch p.State {
		case problem.StatePROSPECTING, problem.StateACCEPTED:
		default:
			return nil
		}
		// The source's answer claim is already on record (staff have it, or settled it): the
		// same status imported again changes nothing.
		answered, err := t.Claim.Query().Where(claim.ProblemID(p.ID), claim.Summary(st.says("records"))).Exist(ctx)
		if err != nil {
			return fmt.Errorf("import %s: claims: %w", key, err)
		}
		if answered {
			return nil
		}
		note := st.holdNote(p.SubmittedAt)
		seen, err := t.Hold.Query().Where(hold.ProblemID(p.ID), hold.ReasonEQ(hold.ReasonSOURCE_STATUS),
			hold.Or(hold.ReleasedAtIsNil(), hold.Note(note))).Exist(ctx)
		if err != nil {
			return fmt.Errorf("import %s: holds: %w", key, err)
		}
		if seen {
			return nil
		}
		outcome = HeldForStaff
		_, err = t.openHold(ctx, p, holdInput{reason: hold.ReasonSOURCE_STATUS, authority: AuthorityImport,
			note: note, actorID: actor.ID})
		return err
	})
	if err != nil {
		return nil, "", importError(key, err)
	}
	p, err = s.client.Problem.Get(ctx, p.ID)
	return p, outcome, err
}

// holdImportedAnswer attaches the source's answer claim to a problem just imported, bound by
// RESOLVES on the trusted import's authority, and holds the problem for staff with that claim.
func (t *tx) holdImportedAnswer(ctx context.Context, actor *ent.Account, key string, p *ent.Problem, st SourceStatus) error {
	now := t.s.Now()
	says := st.says("records")
	c, err := t.Claim.Create().SetProblemID(p.ID).SetAuthorID(actor.ID).SetObjectType(claim.ObjectTypeCLAIM).
		SetStatus(claim.StatusESTABLISHED).SetSummary(says).SetScope(ImportedAnswerScope).SetCreatedAt(now).Save(ctx)
	if err != nil {
		return fmt.Errorf("import %s: answer claim: %w", key, err)
	}
	b, err := t.Binding.Create().SetClaimID(c.ID).SetProblemID(p.ID).SetRelation(binding.RelationRESOLVES).
		SetCreatedAt(now).Save(ctx)
	if err != nil {
		return fmt.Errorf("import %s: answer binding: %w", key, err)
	}
	if _, err := t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityImport, kind: KindClaimAttached,
		subject: p.ID, payload: map[string]any{"claim": c.ID, "binding": b.ID, "relation": b.Relation, "status": c.Status}}); err != nil {
		return err
	}
	_, err = t.openHold(ctx, p, holdInput{reason: hold.ReasonANSWER_CLAIM, authority: AuthorityImport, claimID: c.ID, actorID: actor.ID,
		note: says + " Staff compare the answer's scope with the statement, then archive the problem as a known answer or correct the binding."})
	return err
}
