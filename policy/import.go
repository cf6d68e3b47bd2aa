package policy

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/packet"
)

// Kinds of events and authority of the trusted import path.
const (
	KindProblemImported = "problem.imported"
	AuthorityImport     = "trusted_import"
)

// Limits on an import's key and the name of its source, in characters.
const (
	MaxImportKey    = 500
	MaxImportSource = 200
)

// ImportOutcome says what an import did with one record.
type ImportOutcome string

// Import outcomes.
const (
	Created   ImportOutcome = "created"
	Updated   ImportOutcome = "updated"
	Unchanged ImportOutcome = "unchanged"
)

// Import is the trusted import path for a record from an outside
// collection, keyed by the source's own identifier (erdos:123). An operator
// runs it. The first import goes through intake like any submission — a
// permanent ID, a challenge period, the deadline job — but stakes no
// reputation, since it is not an ordinary submission. Importing the same
// key again changes nothing when the content is the same, and otherwise
// adds a revision whose note says it was re-imported, keeping the ID,
// earlier revisions and decisions. Problems that were archived, merged or
// removed are left alone.
func (s *Service) Import(ctx context.Context, actor *ent.Account, key, source string, in ProblemInput) (*ent.Problem, ImportOutcome, error) {
	ok, err := s.validateImport(actor, key, source, in, nil)
	if err != nil {
		return nil, "", err
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
			p, err = t.createImported(ctx, actor, key, source, ok)
			outcome = Created
			return err
		}
		p = existing
		outcome = Unchanged
		switch p.State {
		case problem.StateARCHIVED, problem.StateMERGED, problem.StateREMOVED:
			return nil
		}
		cur, err := t.Revision.Query().Where(revision.ID(*p.CurrentRevisionID)).WithReferences(func(q *ent.ReferenceQuery) {
			q.WithSource().Order(ent.Asc(reference.FieldPosition))
		}).Only(ctx)
		if err != nil {
			return fmt.Errorf("import %s: current revision: %w", key, err)
		}
		if contentDigest(revisionContent(cur)) == contentDigest(ok) {
			return nil
		}
		p, err = t.addRevision(ctx, actor, p, "Re-imported from "+source, AuthorityImport, ok)
		outcome = Updated
		return err
	})
	if err != nil {
		return nil, "", importError(key, err)
	}
	p, err = s.client.Problem.Get(ctx, p.ID)
	return p, outcome, err
}

// validateImport checks that actor may import and that the key, the source's name, anything
// more checks, and the record are valid, and returns the record as intake.
func (s *Service) validateImport(actor *ent.Account, key, source string, in ProblemInput, more func(*validator)) (*intake, error) {
	if actor == nil {
		return nil, ErrUnauthenticated
	}
	if !CanImport(actor) {
		return nil, fmt.Errorf("importing needs the operator role: %w", ErrForbidden)
	}
	var v validator
	if strings.TrimSpace(key) == "" {
		v.add(CodeRequired, "an import names the source's key of the record", "importKey")
	} else {
		v.line(key, true, MaxImportKey, "importKey")
	}
	v.line(source, false, MaxImportSource, "source")
	if more != nil {
		more(&v)
	}
	ok, err := in.validateWith(s.Now(), false, false)
	if err := v.with(err); err != nil {
		return nil, err
	}
	return ok, nil
}

// importedProblem returns the problem imported under key, locked, or nil when there is none.
func (t *tx) importedProblem(ctx context.Context, key string) (*ent.Problem, error) {
	existing, err := t.Problem.Query().Where(problem.ImportKey(key)).Only(ctx)
	switch {
	case ent.IsNotFound(err):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("import %s: %w", key, err)
	}
	return t.lockProblem(ctx, existing.ID)
}

// createImported creates the problem of a new import key through intake: a permanent ID, a
// challenge period and the deadline job, with no stake.
func (t *tx) createImported(ctx context.Context, actor *ent.Account, key, source string, ok *intake) (*ent.Problem, error) {
	n, _, err := t.nextCounter(ctx, "problem")
	if err != nil {
		return nil, err
	}
	ps, err := t.createProblems(ctx, []newProblem{{actorID: actor.ID, n: n, in: ok, now: t.s.Now(), importKey: key}})
	if err != nil {
		return nil, err
	}
	payload := createdPayload(ps[0])
	payload["importKey"] = key
	payload["source"] = source
	if _, err := t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityImport, kind: KindProblemImported,
		subject: ps[0].ID, payload: payload}); err != nil {
		return nil, err
	}
	return ps[0], nil
}

// importError says that a constraint error of an import came from a concurrent write of the
// same key.
func importError(key string, err error) error {
	var ve *ValidationError
	if !errors.As(err, &ve) && ent.IsConstraintError(err) {
		return fmt.Errorf("import %s: written concurrently, run the import again: %w", key, err)
	}
	return err
}

// revisionContent rebuilds the intake a stored revision came from, with
// parsed identifiers, so it can be compared with a new one.
func revisionContent(r *ent.Revision) *intake {
	in := &intake{ProblemInput: ProblemInput{Title: r.Title, Statement: r.Statement, Exposition: r.Exposition,
		Acceptance: &r.Acceptance, Provenance: &r.Provenance, ReferenceSearch: &r.ReferenceSearch,
		Tags: r.Tags, Hero: HeroOf(r), OpenStatus: r.OpenStatus, Computation: r.Computation}}
	for _, ref := range r.Edges.References {
		in.References = append(in.References, ReferenceInput{Identifier: ref.Edges.Source.Identifier,
			Citation: ref.Citation, Locator: ref.Locator, Relevance: ref.Relevance, Role: ref.Role})
	}
	return in
}

// contentDigest is a digest of the content of an intake, with references
// keyed by their normalised identifier and text trimmed as it is stored.
func contentDigest(in *intake) string {
	type ref struct{ Key, Citation, Locator, Relevance, Role string }
	refs := make([]ref, len(in.References))
	for i, r := range in.References {
		key := r.Identifier
		if i < len(in.ids) {
			key = in.ids[i].Key
		}
		refs[i] = ref{key, strings.TrimSpace(r.Citation), strings.TrimSpace(r.Locator), strings.TrimSpace(r.Relevance), string(r.Role)}
	}
	exp := in.Exposition
	if len(exp) == 0 {
		exp = nil
	}
	tags := in.Tags
	if len(tags) == 0 {
		tags = nil
	}
	rs := *in.ReferenceSearch
	rs.CheckedOn = rs.CheckedOn.UTC()
	parts := []any{strings.TrimSpace(in.Title), in.Statement, exp, in.Acceptance, in.Provenance, refs, rs, tags, in.Hero.Brief}
	// Parts added later count only when set, so the digest of content
	// imported before they existed does not change.
	if extra := (packet.Hero{Alt: in.Hero.Alt, Caption: in.Hero.Caption, RightsBasis: in.Hero.RightsBasis,
		Bespoke: in.Hero.Bespoke}); extra != (packet.Hero{}) {
		parts = append(parts, extra)
	}
	if in.OpenStatus != (packet.OpenStatus{}) {
		parts = append(parts, in.OpenStatus)
	}
	if in.Computation != nil {
		parts = append(parts, in.Computation)
	}
	b, _ := json.Marshal(parts)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
