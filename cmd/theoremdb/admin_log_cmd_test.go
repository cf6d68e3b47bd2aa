package main

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
)

// TestAdminAccountAndVerifyLog makes an account, refuses a role that does not exist and a handle
// taken, verifies the event log's hash chain, and reports the first event whose payload was
// changed behind the log's back, with how many events verified before it, exiting non-zero.
func TestAdminAccountAndVerifyLog(t *testing.T) {
	ctx := context.Background()
	url := dbtest.URL(t, "sqlite3")
	t.Setenv("DATABASE_URL", url)
	t.Setenv("THEOREMDB_LOG_LEVEL", "error")
	out, errs, err := admin(ctx, "", "account", "create", "--handle", "grace", "--name", "Grace", "--role", "reviewer", "--role", "member")
	if err != nil || !strings.HasPrefix(out, "created account @grace (acc_") || !strings.Contains(out, "REVIEWER") {
		t.Fatalf("account create = %q, %v\n%s", out, err, errs)
	}
	if _, _, err := admin(ctx, "", "account", "create", "--handle", "grace"); err == nil {
		t.Error("a second account @grace was created")
	}
	if _, errs, err := admin(ctx, "", "account", "create", "--handle", "bob", "--role", "wizard"); err == nil || !strings.Contains(errs, "wizard") {
		t.Errorf("role wizard: %v, %q", err, errs)
	}
	if _, _, err := admin(ctx, "", "token", "create", "--handle", "nobody"); err == nil {
		t.Error("a token was made for an account that does not exist")
	}
	if _, _, err := admin(ctx, "", "token", "create", "--handle", "grace", "--label", "ci"); err != nil {
		t.Fatal(err)
	}
	out, _, err = admin(ctx, "", "verify-log")
	if err != nil || !strings.HasPrefix(out, "event log OK: ") || !strings.HasSuffix(out, " events, hash chain intact\n") {
		t.Fatalf("verify-log = %q, %v", out, err)
	}
	var events int
	d, err := db.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.QueryRowContext(ctx, "SELECT COUNT(*) FROM events").Scan(&events); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, " "+strconv.Itoa(events)+" events") {
		t.Errorf("verify-log = %q; the log holds %d events", out, events)
	}
	var seq int64
	if err := d.QueryRowContext(ctx, "SELECT MAX(seq) FROM events").Scan(&seq); err != nil {
		t.Fatal(err)
	}
	if _, err := d.ExecContext(ctx, "UPDATE events SET payload = '{\"handle\":\"mallory\"}' WHERE seq = ?", seq); err != nil {
		t.Fatal(err)
	}
	out, _, err = admin(ctx, "", "verify-log")
	want := "event log BROKEN at seq " + strconv.Itoa(int(seq)) + ": "
	if err == nil || err.Error() != "event log broken at seq "+strconv.Itoa(int(seq)) || !strings.HasPrefix(out, want) ||
		!strings.HasSuffix(out, "("+strconv.Itoa(events-1)+" events verified before it)\n") {
		t.Errorf("verify-log after tampering = %q, %v; want %q… and an error", out, err, want)
	}
}
