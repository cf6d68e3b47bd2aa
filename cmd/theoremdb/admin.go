package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

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
	case sub(0) == "password" && sub(1) == "set":
		return adminPasswordSet(ctx, args[2:], stdin, stdout, stderr)
	case sub(0) == "verify-log":
		return adminVerifyLog(ctx, stdout, stderr)
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
// never appears in the process list or shell history.
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
	fmt.Fprintf(stdout, "password set for @%s\n", acc.Handle)
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
	tok, err := a.policy.CreateToken(ctx, acc, *label)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, tok)
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
