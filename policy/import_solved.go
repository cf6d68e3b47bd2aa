package policy

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/claim"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/hold"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/packet"
)

// Outcomes of importing a record its source marks solved.
const (
	// Archived: a new record, archived as a known answer with the source's answer claim.
	Archived ImportOutcome = "archived"
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
// problem, citing the source's status and date) and archived as a known answer on the
// authority of the trusted import; with no stake escrowed there is nothing to forfeit. A new
// key whose sources disagree (st.Mismatch) is imported as open and held for staff. An existing
// key that is prospecting or accepted — imported as open — keeps its content and is held for
// staff with a note saying what the source now says, once: while that hold is open, or after
// staff settled a hold with the same note, a re-import changes nothing. Archived, merged and
// removed problems are left alone.
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
			outcome = Archived
			p, err = t.archiveImported(ctx, actor, key, p, st)
			return err
		}
		p, outcome = existing, Unchanged
		switch p.State {
		case problem.StatePROSPECTING, problem.StateACCEPTED:
		default:
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

// archiveImported attaches the source's answer claim to a problem just imported and archives it
// as a known answer on the authority of the trusted import, recording both as a reviewer's claim
// and archive are recorded.
func (t *tx) archiveImported(ctx context.Context, actor *ent.Account, key string, p *ent.Problem, st SourceStatus) (*ent.Problem, error) {
	now := t.s.Now()
	says := st.says("records")
	c, err := t.Claim.Create().SetProblemID(p.ID).SetAuthorID(actor.ID).SetObjectType(claim.ObjectTypeCLAIM).
		SetStatus(claim.StatusESTABLISHED).SetSummary(says).SetScope(ImportedAnswerScope).SetCreatedAt(now).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("import %s: answer claim: %w", key, err)
	}
	b, err := t.Binding.Create().SetClaimID(c.ID).SetProblemID(p.ID).SetRelation(binding.RelationRESOLVES).
		SetCreatedAt(now).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("import %s: answer binding: %w", key, err)
	}
	if _, err := t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityImport, kind: KindClaimAttached,
		subject: p.ID, payload: map[string]any{"claim": c.ID, "binding": b.ID, "relation": b.Relation, "status": c.Status}}); err != nil {
		return nil, err
	}

	reason := decision.ReasonCodeKNOWN_ANSWER
	in := DecisionInput{ProblemID: p.ID, RevisionID: *p.CurrentRevisionID, Action: decision.ActionARCHIVE,
		ReasonCode: &reason, IdempotencyKey: importIdempotencyKey(key), Notes: packet.DecisionNotes{
			OpenStatus: "Not open: " + says,
			Reason: "Archived as a known answer by the trusted import: its source marks the problem solved, and the " +
				"source's answer claim (" + c.ID + ") is attached.",
			Uncertainty: "No reviewer read this record and the import did no literature search of its own; " +
				"the status is the source's.",
		}}
	if err := in.validate(); err != nil {
		return nil, fmt.Errorf("import %s: archive: %w", key, err)
	}
	d, err := t.newDecision(actor, decision.AuthorityTRUSTED_IMPORT, in, p, in.digest(actor.ID, p.ID, ""), nil).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("import %s: archive: %w", key, err)
	}
	if p, err = p.Update().SetState(problem.StateARCHIVED).SetUpdatedAt(now).Save(ctx); err != nil {
		return nil, fmt.Errorf("import %s: archive: %w", key, err)
	}
	if _, err := t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityImport, kind: KindDecisionRecorded,
		subject: p.ID, payload: map[string]any{"decision": d.ID, "action": d.Action, "authority": d.Authority,
			"revision": d.RevisionID, "policyVersion": Version, "reasonCode": reason, "state": p.State}}); err != nil {
		return nil, err
	}
	return p, nil
}

// importIdempotencyKey is the idempotency key of the archive decision of an import key:
// "import:" and the key, or its digest when that would be longer than a key may be.
func importIdempotencyKey(key string) string {
	if k := "import:" + key; len(k) <= MaxIdempotencyKey {
		return k
	}
	sum := sha256.Sum256([]byte(key))
	return "import:sha256:" + hex.EncodeToString(sum[:])
}
