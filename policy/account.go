package policy

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/account"
	"github.com/theoremdb/theoremdb/ent/schema"
	"github.com/theoremdb/theoremdb/ent/token"
	"github.com/theoremdb/theoremdb/identity"
	"github.com/theoremdb/theoremdb/role"
)

// Limits on account and token text, in characters; the schema holds the
// same limits.
const (
	MaxDisplayName = 100
	MaxTokenLabel  = 100
)

// CreateAccount makes an account with the given roles. Every account is a
// member; more roles are added to that.
func (s *Service) CreateAccount(ctx context.Context, handle, displayName string, roles []role.Role) (*ent.Account, error) {
	var v validator
	// The pattern alone would refuse every character textFault refuses, but
	// not say which one or where.
	handle = strings.TrimSpace(handle)
	if fault := textFault(handle, singleLine); fault != "" {
		v.add(CodeInvalid, fault, "handle")
	} else if handle = strings.ToLower(handle); !schema.HandlePattern.MatchString(handle) {
		v.add(CodeInvalid, "a handle is 2 to 32 characters: lower-case letters, digits, _ and -, starting with a letter or digit", "handle")
	}
	v.line(displayName, false, MaxDisplayName, "displayName")
	if err := v.err(); err != nil {
		return nil, err
	}
	all := []role.Role{role.Member}
	for _, r := range roles {
		if !role.Has(all, r) {
			all = append(all, r)
		}
	}
	var a *ent.Account
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		exists, err := t.Account.Query().Where(account.Handle(handle)).Exist(ctx)
		if err != nil {
			return err
		}
		if exists {
			return refuse(CodeConflict, fmt.Sprintf("the handle %q is taken", handle), "handle")
		}
		a, err = t.Account.Create().SetHandle(handle).SetDisplayName(strings.TrimSpace(displayName)).
			SetRoles(all).SetCreatedAt(s.Now()).Save(ctx)
		if err != nil {
			return fmt.Errorf("create account: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityOperator,
			kind: KindAccountCreated, subject: a.ID, payload: map[string]any{"handle": handle, "roles": all}})
		return err
	})
	if ent.IsConstraintError(err) {
		return nil, refuse(CodeConflict, fmt.Sprintf("the handle %q is taken", handle), "handle")
	}
	if err != nil {
		return nil, err
	}
	return s.client.Account.Get(ctx, a.ID)
}

// AccountByHandle finds an account.
func (s *Service) AccountByHandle(ctx context.Context, handle string) (*ent.Account, error) {
	if !storable(handle) {
		return nil, fmt.Errorf("account @%s: %w", handle, ErrNotFound)
	}
	a, err := s.client.Account.Query().Where(account.Handle(strings.ToLower(strings.TrimSpace(handle)))).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fmt.Errorf("account @%s: %w", handle, ErrNotFound)
	}
	return a, err
}

// CreateToken makes a bearer token for an account and returns it. Only its
// digest is stored, so this is the one time it can be seen.
func (s *Service) CreateToken(ctx context.Context, a *ent.Account, label string) (string, error) {
	tok, _, err := s.IssueToken(ctx, a, label)
	return tok, err
}

// IssueToken is CreateToken that also returns the stored record, whose ID
// is how an operator names the token later (to revoke it) without ever
// seeing the token again. The label is one line of text: operators list
// tokens by it.
func (s *Service) IssueToken(ctx context.Context, a *ent.Account, label string) (string, *ent.Token, error) {
	var v validator
	v.line(label, false, MaxTokenLabel, "label")
	if err := v.err(); err != nil {
		return "", nil, err
	}
	tok, err := identity.NewSecret(identity.TokenPrefix)
	if err != nil {
		return "", nil, err
	}
	var tk *ent.Token
	err = s.inTx(ctx, func(ctx context.Context, t *tx) error {
		tk, err = t.Token.Create().SetAccountID(a.ID).SetDigest(identity.Digest(tok)).SetLabel(label).
			SetCreatedAt(s.Now()).Save(ctx)
		if err != nil {
			return fmt.Errorf("create token: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityOperator,
			kind: KindTokenCreated, subject: a.ID, payload: map[string]any{"token": tk.ID, "label": label}})
		return err
	})
	if err != nil {
		return "", nil, err
	}
	return tok, tk, nil
}

// Tokens lists an account's tokens, revoked ones included, oldest first,
// so an operator can tell them apart by ID, label and age.
func (s *Service) Tokens(ctx context.Context, a *ent.Account) ([]*ent.Token, error) {
	tks, err := s.client.Token.Query().Where(token.AccountID(a.ID)).
		Order(ent.Asc(token.FieldCreatedAt), ent.Asc(token.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("list tokens: %w", err)
	}
	return tks, nil
}

// ErrRevoked: the token was revoked before.
var ErrRevoked = errors.New("already revoked")

// TokenByLabel finds the one live token of an account with a label, for
// operators who named a token when making it. Labels need not be unique,
// so several live tokens with the label are refused rather than guessed
// between; a label only revoked tokens carry is ErrRevoked.
func (s *Service) TokenByLabel(ctx context.Context, a *ent.Account, label string) (*ent.Token, error) {
	if !storable(label) {
		return nil, fmt.Errorf("@%s has no token labelled %q: %w", a.Handle, label, ErrNotFound)
	}
	tks, err := s.client.Token.Query().Where(token.AccountID(a.ID), token.LabelEQ(label)).
		Order(ent.Asc(token.FieldCreatedAt), ent.Asc(token.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("find token: %w", err)
	}
	var live []string
	var found *ent.Token
	for _, tk := range tks {
		if tk.RevokedAt == nil {
			live = append(live, tk.ID)
			found = tk
		}
	}
	switch {
	case len(tks) == 0:
		return nil, fmt.Errorf("@%s has no token labelled %q: %w", a.Handle, label, ErrNotFound)
	case len(live) == 0:
		return nil, fmt.Errorf("every token of @%s labelled %q: %w", a.Handle, label, ErrRevoked)
	case len(live) > 1:
		return nil, fmt.Errorf("@%s has %d live tokens labelled %q (%s); name one by its ID",
			a.Handle, len(live), label, strings.Join(live, ", "))
	}
	return found, nil
}

// TokenBySecret finds the record of a bearer token itself, revoked or not,
// so an operator who comes upon a leaked token can revoke it without first
// finding out whose it is.
func (s *Service) TokenBySecret(ctx context.Context, bearer string) (*ent.Token, error) {
	tk, err := s.client.Token.Query().Where(token.Digest(identity.Digest(strings.TrimSpace(bearer)))).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fmt.Errorf("no such token was ever issued: %w", ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("find token: %w", err)
	}
	return tk, nil
}

// RevokeToken ends a bearer token by its ID (tok_…): from the commit on,
// identity's Authenticate refuses it, on HTTP and on websockets alike. The token row
// stays, with its revocation time, and a token.revoked event records who
// revoked it on what authority. A token already revoked is ErrRevoked and
// nothing is written, so the first revocation's time and event stand.
func (s *Service) RevokeToken(ctx context.Context, id string) (*ent.Token, error) {
	if !storable(id) {
		return nil, fmt.Errorf("token %q: %w", id, ErrNotFound)
	}
	var tk *ent.Token
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		q := t.Token.Query().Where(token.ID(id)).WithAccount()
		if t.s.db.Dialect == dialect.Postgres {
			q = q.ForUpdate()
		}
		cur, err := q.Only(ctx)
		if ent.IsNotFound(err) {
			return fmt.Errorf("token %s: %w", id, ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("revoke token: %w", err)
		}
		if cur.RevokedAt != nil {
			return fmt.Errorf("token %s was revoked at %s: %w", id, cur.RevokedAt.UTC().Format(time.RFC3339), ErrRevoked)
		}
		now := s.Now()
		if tk, err = cur.Update().SetRevokedAt(now).Save(ctx); err != nil {
			return fmt.Errorf("revoke token: %w", err)
		}
		tk.Edges.Account = cur.Edges.Account
		_, err = t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityOperator,
			kind: KindTokenRevoked, subject: cur.AccountID, payload: map[string]any{"token": id, "label": cur.Label}})
		return err
	})
	if err != nil {
		return nil, err
	}
	return tk, nil
}
