package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/identity"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

func runAdmin(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	sub := func(n int) string {
		if len(args) > n {
			return args[n]
		}
		return ""
	}
	switch {
	case sub(0) == "account" && sub(1) == "create":
		return adminAccountCreate(ctx, args[2:], stdout, stderr)
	case sub(0) == "token" && sub(1) == "create":
		return adminTokenCreate(ctx, args[2:], stdout, stderr)
	case sub(0) == "token" && sub(1) == "list":
		return adminTokenList(ctx, args[2:], stdout, stderr)
	case sub(0) == "token" && sub(1) == "revoke":
		return adminTokenRevoke(ctx, args[2:], stdout, stderr)
	case sub(0) == "password" && sub(1) == "set":
		return adminPasswordSet(ctx, args[2:], stdin, stdout, stderr)
	case sub(0) == "verify-log":
		return adminVerifyLog(ctx, stdout, stderr)
	case sub(0) == "lane" || sub(0) == "switch":
		return laneCommand(ctx, args[0], args[1:], stdout, stderr)
	}
	fmt.Fprint(stderr, usage)
	return fmt.Errorf("unknown admin command %q", args)
}

func adminAccountCreate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("admin account create", flag.ContinueOnError)
	fs.SetOutput(stderr)
	handle := fs.String("handle", "", "the account's handle (required)")
	name := fs.String("name", "", "display name")
	var roles []role.Role
	fs.Func("role", "a role: member, reviewer, moderator, operator or agent (repeatable)", func(s string) error {
		r, err := role.Parse(s)
		roles = append(roles, r)
		return err
	})
	if err := fs.Parse(args); err != nil {
		return err
	}
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	acc, err := a.policy.CreateAccount(ctx, *handle, *name, roles)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "created account @%s (%s) with roles %v\n", acc.Handle, acc.ID, acc.Roles)
	return nil
}

// adminPasswordSet reads a password from standard input (one line), so it
// never appears in the process list or shell history. The account's
// sessions end with the old password (policy.SetPassword).
func adminPasswordSet(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("admin password set", flag.ContinueOnError)
	fs.SetOutput(stderr)
	handle := fs.String("handle", "", "the account (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("read password from standard input: %w", err)
	}
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	acc, err := a.policy.AccountByHandle(ctx, *handle)
	if err != nil {
		return err
	}
	if err := a.policy.SetPassword(ctx, acc, strings.TrimRight(line, "\r\n")); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "password set for @%s; every session it had is ended\n", acc.Handle)
	return nil
}

func adminTokenCreate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("admin token create", flag.ContinueOnError)
	fs.SetOutput(stderr)
	handle := fs.String("handle", "", "the account the token acts as (required)")
	label := fs.String("label", "", "what the token is for")
	if err := fs.Parse(args); err != nil {
		return err
	}
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	acc, err := a.policy.AccountByHandle(ctx, *handle)
	if err != nil {
		return err
	}
	tok, tk, err := a.policy.IssueToken(ctx, acc, *label)
	if err != nil {
		return err
	}
	// The token alone goes to standard output, for scripts; its ID, the
	// name it is revoked by, goes to the operator on standard error.
	fmt.Fprintln(stdout, tok)
	fmt.Fprintf(stderr, "created token %s for @%s; revoke it with: theoremdb admin token revoke %s\n", tk.ID, acc.Handle, tk.ID)
	return nil
}

// adminTokenList prints an account's tokens by ID, the name token revoke
// takes; the tokens themselves are not stored and cannot be shown.
func adminTokenList(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("admin token list", flag.ContinueOnError)
	fs.SetOutput(stderr)
	handle := fs.String("handle", "", "the account whose tokens to list (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *handle == "" || fs.NArg() > 0 {
		return errors.New("usage: theoremdb admin token list --handle H")
	}
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	acc, err := a.policy.AccountByHandle(ctx, *handle)
	if err != nil {
		return err
	}
	tks, err := a.policy.Tokens(ctx, acc)
	if err != nil {
		return err
	}
	if len(tks) == 0 {
		fmt.Fprintf(stdout, "@%s has no tokens\n", acc.Handle)
		return nil
	}
	for _, tk := range tks {
		state := "live"
		if tk.RevokedAt != nil {
			state = "revoked " + tk.RevokedAt.UTC().Format(time.RFC3339)
		}
		fmt.Fprintf(stdout, "%s\tcreated %s\t%s\t%q\n", tk.ID, tk.CreatedAt.UTC().Format(time.RFC3339), state, tk.Label)
	}
	return nil
}

const tokenRevokeUsage = "usage: theoremdb admin token revoke TOKEN_ID (or the token itself), " +
	"or theoremdb admin token revoke --handle H --label LABEL"

// adminTokenRevoke revokes one token, named by the ID that token create
// and token list print, by the token itself (as token create printed it),
// or by an account and the label it was made with.
func adminTokenRevoke(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("admin token revoke", flag.ContinueOnError)
	fs.SetOutput(stderr)
	handle := fs.String("handle", "", "with --label: the account the token belongs to")
	label := fs.String("label", "", "with --handle: the label the token was made with")
	// The ID may come before or after the flags.
	var id string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		id, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if id == "" && fs.NArg() == 1 {
		id = fs.Arg(0)
	} else if fs.NArg() > 0 {
		return fmt.Errorf("%s (got %q)", tokenRevokeUsage, fs.Args())
	}
	byLabel := *handle != "" || *label != ""
	switch {
	case id != "" && byLabel:
		return fmt.Errorf("name the token by its ID or by --handle and --label, not both; %s", tokenRevokeUsage)
	case id == "" && (*handle == "" || *label == ""):
		return errors.New(tokenRevokeUsage)
	}
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	if strings.HasPrefix(id, identity.TokenPrefix) {
		// The token itself, as token create printed it (a leaked one, say).
		tk, err := a.policy.TokenBySecret(ctx, id)
		if err != nil {
			return err
		}
		id = tk.ID
	}
	if byLabel {
		acc, err := a.policy.AccountByHandle(ctx, *handle)
		if err != nil {
			return err
		}
		tk, err := a.policy.TokenByLabel(ctx, acc, *label)
		if err != nil {
			return err
		}
		id = tk.ID
	}
	tk, err := a.policy.RevokeToken(ctx, id)
	if errors.Is(err, policy.ErrNotFound) {
		return fmt.Errorf("no token %s (theoremdb admin token list --handle H shows an account's tokens): %w", id, policy.ErrNotFound)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "revoked token %s of @%s (%q)\n", tk.ID, tk.Edges.Account.Handle, tk.Label)
	return nil
}

func adminVerifyLog(ctx context.Context, stdout, stderr io.Writer) error {
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	n, err := a.policy.VerifyLog(ctx)
	var ce *policy.ChainError
	if errors.As(err, &ce) {
		fmt.Fprintf(stdout, "event log BROKEN at seq %d: %s (%d events verified before it)\n", ce.Seq, ce.Reason, n)
		return fmt.Errorf("event log broken at seq %d", ce.Seq)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "event log OK: %d events, hash chain intact\n", n)
	return nil
}
