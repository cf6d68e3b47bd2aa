package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRunUsage prints the usage on standard output when asked and on standard error with an
// error otherwise, and the usage names every command run dispatches.
func TestRunUsage(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		var out, errs bytes.Buffer
		if err := run(context.Background(), args, &out, &errs); err != nil || out.String() != usage || errs.Len() != 0 {
			t.Errorf("run(%q) = %v, %d bytes out, %d bytes err; want the usage on standard output", args, err, out.Len(), errs.Len())
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{{nil, "no command given"}, {[]string{"bogus"}, `unknown command "bogus"`}, {[]string{"Serve"}, `unknown command "Serve"`}} {
		var out, errs bytes.Buffer
		err := run(context.Background(), tc.args, &out, &errs)
		if err == nil || err.Error() != tc.want || errs.String() != usage || out.Len() != 0 {
			t.Errorf("run(%q) = %v; want %q and the usage on standard error", tc.args, err, tc.want)
		}
	}
	for _, cmd := range []string{"serve", "work", "migrate", "seed", "admin", "corpus", "copycheck", "export", "import", "gates",
		"records", "kernel", "report", "audit"} {
		if !strings.Contains(usage, "theoremdb "+cmd) {
			t.Errorf("the usage does not name %q", cmd)
		}
	}
}

// TestCommandUsageErrors refuses a command line that names no command, an unknown one or lacks
// an argument, before any database is opened (DATABASE_URL points nowhere), with an error that
// says what is wanted.
func TestCommandUsageErrors(t *testing.T) {
	t.Setenv("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none?connect_timeout=1&sslmode=disable")
	t.Setenv("THEOREMDB_CORPUS", t.TempDir())
	missing := filepath.Join(t.TempDir(), "absent.mm")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"kernel"}, "missing or unknown subcommand"},
		{[]string{"kernel", "verify", "x.mm"}, "missing or unknown subcommand"},
		{[]string{"kernel", "check"}, "usage: theoremdb kernel check [--json] FILE"},
		{[]string{"kernel", "check", "a.mm", "b.mm"}, "usage: theoremdb kernel check"},
		{[]string{"kernel", "check", missing}, "no such file"},
		{[]string{"records"}, "usage: theoremdb records import FILE"},
		{[]string{"records", "export"}, "usage: theoremdb records"},
		{[]string{"audit"}, "audit: name a command (draw, verify, publish or budget)"},
		{[]string{"audit", "frob", "--month", "2026-11"}, `audit: unknown command "frob"`},
		{[]string{"audit", "draw"}, "--month YYYY-MM is required"},
		{[]string{"audit", "draw", "--month", "2026-11", "extra"}, "--month YYYY-MM is required"},
		{[]string{"report"}, "report: name a report (lanes)"},
		{[]string{"report", "problems"}, "report: name a report (lanes)"},
		{[]string{"gates"}, "usage: theoremdb gates rerun"},
		{[]string{"export"}, "export: want one FILE, got 0"},
		{[]string{"import"}, "import: name a source, erdos or formal-conjectures"},
		{[]string{"import", "export"}, "import export: want one FILE, got 0"},
		{[]string{"import", "openlogic"}, "import openlogic: want one DIR, got 0 arguments"},
		{[]string{"import", "hott", "a", "b"}, "import hott: want one DIR"},
		{[]string{"import", "metamath", missing}, "no such file"},
		{[]string{"admin"}, "unknown admin command []"},
		{[]string{"admin", "frob"}, `unknown admin command ["frob"]`},
		{[]string{"admin", "lane"}, "admin lane: name a command"},
		{[]string{"admin", "lane", "frob"}, `admin lane: unknown command "frob"`},
		{[]string{"admin", "switch", "frob"}, `admin switch: unknown command "frob"`},
		{[]string{"corpus", "frob"}, `unknown subcommand "frob"`},
		{[]string{"serve", "8081"}, `serve takes no arguments, only flags; got ["8081"]`},
		{[]string{"work", "now"}, "work takes no arguments"},
		{[]string{"migrate", "up"}, "migrate takes no arguments"},
	} {
		var out, errs bytes.Buffer
		err := run(context.Background(), tc.args, &out, &errs)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("run(%q) = %v; want an error with %q", tc.args, err, tc.want)
		}
		if out.Len() != 0 {
			t.Errorf("run(%q) printed %q on standard output", tc.args, out.String())
		}
		if strings.Contains(errs.String(), "level=") || strings.Contains(err.Error(), "connect") {
			t.Errorf("run(%q) reached the database: %v %s", tc.args, err, errs.String())
		}
	}
	if _, err := os.Stat("data"); err == nil {
		t.Error("a refused command left a data directory behind")
	}
}

// TestUnknownFlags are an error the flag package reports, with the command's flags on standard
// error.
func TestUnknownFlags(t *testing.T) {
	t.Setenv("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none?connect_timeout=1&sslmode=disable")
	for _, args := range [][]string{{"serve", "--bogus"}, {"seed", "--bogus"}, {"export", "--bogus"}, {"copycheck", "--bogus"}, {"migrate", "-x"}} {
		var errs bytes.Buffer
		err := run(context.Background(), args, io.Discard, &errs)
		if err == nil || !strings.Contains(err.Error(), "flag provided but not defined") || !strings.Contains(errs.String(), "flag provided but not defined") {
			t.Errorf("run(%q) = %v, %q", args, err, errs.String())
		}
	}
	var errs bytes.Buffer
	if err := run(context.Background(), []string{"serve", "-h"}, io.Discard, &errs); !errors.Is(err, flag.ErrHelp) || !strings.Contains(errs.String(), "-addr") {
		t.Errorf("serve -h = %v; want flag.ErrHelp and the flags", err)
	}
}

// TestArgumentErrors refuses malformed options of the commands that take them (dates, formats,
// gates, flags given to the wrong source) before any database is opened.
func TestArgumentErrors(t *testing.T) {
	t.Setenv("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none?connect_timeout=1&sslmode=disable")
	t.Setenv("THEOREMDB_BASE_URL", "")
	dir := t.TempDir()
	missing := filepath.Join(dir, "absent")
	notJSON := filepath.Join(dir, "catalogue.jsonl")
	if err := os.WriteFile(notJSON, []byte("{not json\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"report", "lanes", "extra"}, `report lanes: unexpected argument "extra"`},
		{[]string{"report", "lanes", "--since", "yesterday"}, "report lanes: --since"},
		{[]string{"report", "lanes", "--since", "2026-12-01", "--until", "2026-11-01"}, "report lanes:"},
		{[]string{"import", "bogus", "x"}, `import: unknown source "bogus"; want erdos or formal-conjectures`},
		{[]string{"import", "erdos"}, "import erdos: want one FILE or DIR, got 0"},
		{[]string{"import", "erdos", "a", "b"}, "import erdos: want one FILE or DIR, got 2"},
		{[]string{"import", "erdos", "--as-of", "May", "x"}, `import: --as-of "May": want a date such as 2026-05-01`},
		{[]string{"import", "erdos", "--erdos", "y", "x"}, "import erdos: --erdos is for import formal-conjectures"},
		{[]string{"import", "erdos", missing}, "no such file"},
		{[]string{"import", "formal-conjectures", dir}, "import formal-conjectures: --as-of YYYY-MM-DD is required"},
		{[]string{"import", "formal-conjectures", "--formal-conjectures", dir, dir}, "--formal-conjectures is for import erdos"},
		{[]string{"import", "export", missing}, "import export:"},
		{[]string{"gates", "rerun", "now"}, `gates rerun: unexpected argument "now"`},
		{[]string{"gates", "rerun", "--gate", "nope"}, `gates rerun: no gate "nope"; the gates are`},
		{[]string{"records", "import"}, "usage: theoremdb records import FILE (JSON Lines"},
		{[]string{"records", "import", missing}, "no such file"},
		{[]string{"records", "import", notJSON}, "records import " + notJSON},
		{[]string{"export", "--format", "xml", "out"}, `export: --format "xml": want jsonl or csv`},
		{[]string{"export", "a", "b"}, "export: want one FILE, got 2"},
	} {
		var out, errs bytes.Buffer
		err := run(context.Background(), tc.args, &out, &errs)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("run(%q) = %v; want an error with %q", tc.args, err, tc.want)
			continue
		}
		if strings.Contains(errs.String(), "level=") || strings.Contains(err.Error(), "connect") {
			t.Errorf("run(%q) reached the database: %v %s", tc.args, err, errs.String())
		}
	}
	t.Setenv("THEOREMDB_BASE_URL", "ftp://example.org")
	if err := run(context.Background(), []string{"export", "out"}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "THEOREMDB_BASE_URL") {
		t.Errorf("export with a malformed base URL = %v", err)
	}
}

// TestGateEnvWithoutIndex runs the gates without a copy check, and says so in the log, when no
// index is built; the freshness window is passed on.
func TestGateEnvWithoutIndex(t *testing.T) {
	t.Setenv("THEOREMDB_CORPUS", t.TempDir())
	var logs bytes.Buffer
	env, done, err := gateEnv(config{freshness: 90 * 24 * time.Hour}, slog.New(slog.NewTextHandler(&logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	if env.Copies != nil || env.FreshnessWindow != 90*24*time.Hour || !strings.Contains(logs.String(), "no copy-check index is built") {
		t.Errorf("gateEnv = %+v; log %q", env, logs.String())
	}
}

// TestCorpusAndCopycheckArguments refuses what the reference corpus's commands cannot take before
// they read or write anything.
func TestCorpusAndCopycheckArguments(t *testing.T) {
	corpusDir := t.TempDir()
	t.Setenv("THEOREMDB_CORPUS", corpusDir)
	body := filepath.Join(t.TempDir(), "body.md")
	if err := os.WriteFile(body, []byte("A body."), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"corpus", "add", "dir", "--licence", "open"}, "corpus add needs one DIR, --licence and --source"},
		{[]string{"corpus", "add", "a", "b", "--licence", "open", "--source", "s"}, "corpus add needs one DIR"},
		{[]string{"corpus", "build", "extra"}, "corpus build takes no arguments"},
		{[]string{"corpus", "build", "--shard-size", "0"}, "--shard-size must be between 1 and"},
		{[]string{"corpus", "build", "--shard-size", "-5"}, "--shard-size must be between 1 and"},
		{[]string{"copycheck", "a.md", "b.md"}, "usage: theoremdb copycheck"},
		{[]string{"copycheck", filepath.Join(corpusDir, "absent.md")}, "read body:"},
		{[]string{"copycheck", "--format", "html", body}, `--format must be latex or markdown, not "html"`},
	} {
		err := run(context.Background(), tc.args, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("run(%q) = %v; want an error with %q", tc.args, err, tc.want)
		}
	}
	if entries, _ := os.ReadDir(corpusDir); len(entries) != 0 {
		t.Errorf("refused commands wrote %d entries to the corpus directory", len(entries))
	}
}
