// Command theoremdb is the one binary of the platform: the web and GraphQL
// server with its workers, the workers alone, migrations, demo data, imports,
// the copy check and administration. This file only reads flags and the
// environment and calls the packages that do the work.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/theoremdb/theoremdb/throttle"
)

var usage = `theoremdb — open problems with permanent IDs and a challenge period

Usage:
  theoremdb serve [--addr :8080] [--no-workers]   web, GraphQL and workers
  theoremdb work                                   workers only
  theoremdb migrate                                apply database migrations
  theoremdb seed                                   load the demo problems (only into an empty database)
  theoremdb admin account create --handle H --role ROLE [--name NAME]
  theoremdb admin token create --handle H [--label LABEL]   prints the token alone (its ID on stderr)
  theoremdb admin token list --handle H            the account's tokens by ID, label and state
  theoremdb admin token revoke TOKEN_ID            or the token itself, or --handle H --label LABEL; it stops working
  theoremdb admin password set --handle H          reads the password from standard input; ends the account's sessions
  theoremdb admin verify-log                       check the event log's hash chain
  theoremdb admin lane add --role ROLE --provider ` + providerArgs("|") + ` --base-url URL --model NAME
                     --model-version V [--prompt-version P] --identity ID   register a model lane (unapproved)
  theoremdb admin lane approve|disable ID          approve a lane's provider and model version, or take it out
  theoremdb admin lane list                        the lanes, their approval, and whether their key is set
  theoremdb admin lane qualify ID [--seed N]       measure a judge lane on the labelled set (it judges at 75% or more)
  theoremdb admin switch set ` + switchArgs("|") + ` on|off [--reason TEXT]
  theoremdb admin switch list                      the switches of automated review
  theoremdb corpus add DIR --licence CLASS --source URI
  theoremdb corpus build
  theoremdb copycheck [--json] FILE
  theoremdb import erdos FILE [--formal-conjectures DIR]   Erdős problems whose statement DIR has
  theoremdb import formal-conjectures DIR [--erdos FILE] [--as-of DATE]   open research problems
  theoremdb export [--format jsonl|csv] FILE      every public problem, as /export/problems.jsonl (or .csv)
  theoremdb import export FILE                     load an export into a database with no problems yet
  theoremdb import openlogic DIR                   the Open Logic Project into the corpus, through change requests
  theoremdb import hott DIR                        the HoTT book into the corpus, through change requests
  theoremdb import metamath FILE                   a Metamath database's proved theorems as formal nodes, through change requests
  theoremdb gates rerun [--gate NAME] [--problem TDB-n]   run the publication gates again (after a
                               version change, or once the copy-check index is built)
  theoremdb kernel check [--json] FILE   check every proof of a Metamath database with Debian's metamath
                               (in the sandbox) and with the independent second checker; one verdict
                               of each per $p label; fails when a proof fails or the checkers disagree
  theoremdb records import FILE   load a local catalogue (JSON Lines: identifier, title, authors,
                               year, licence); its records answer for their sources first
  theoremdb records resolve [--pending]   confirm every reference's source now (or the pending ones)
  theoremdb audit draw --month YYYY-MM [--seed S]   draw the month's corpus audit samples per stratum
                               (once; again it prints the recorded draw); audit verify --month M holds
                               them to their draw; audit publish --release R --month M freezes the rates
  theoremdb report lanes [--since DATE] [--until DATE] [--json]   each lane's reviews, failures, latency,
                               agreement with humans, escalations and accuracy on blind gold

Environment:
  DATABASE_URL                 postgres://… or sqlite:PATH (default sqlite:data/theoremdb.db)
  THEOREMDB_BASE_URL           the site's public address, for permanent URLs in feeds, exports,
                               citations and the sitemap (default http://localhost:8080)
  THEOREMDB_CHALLENGE_WINDOW   challenge period, a Go duration (default 168h)
  THEOREMDB_LOG_LEVEL          debug, info, warn or error (default info)
  THEOREMDB_PACKET_CACHE_MB    memory for cached problem packets (default 256)
  THEOREMDB_RESPONSE_CACHE_MB  memory for GraphQL answers kept beside the packets (default 64)
  THEOREMDB_CORPUS             copy-check index directory (default data/corpus)
  THEOREMDB_LANE_KEY_<ID>      a model lane's API key; ID is its identity upper-cased, other characters as _
  THEOREMDB_AUDIT_SEED         the secret that draws the audit sample of agent-assisted review
  THEOREMDB_GOLD_EVERY         how often every enabled lane is sent blind gold, aligned to UTC (default 24h; off)
  THEOREMDB_GOLD_PER_LANE      gold packets per lane and run (default 3)
  THEOREMDB_PEOPLE_GOLD        blind gold items in each reviewer's queue a day (default 0: none)
  THEOREMDB_PANEL_PARAPHRASE   on: run the panel again on the reworded packet; a flip is contested
  THEOREMDB_CANARIES           canaries the corpus receives each month, retired when it ends (default off)
  THEOREMDB_FRESHNESS_WINDOW   how old a reference search may be for the open-status gate
                               (default 365d)
  THEOREMDB_CROSSREF_URL, THEOREMDB_DATACITE_URL, THEOREMDB_ARXIV_URL, THEOREMDB_ZBMATH_URL,
  THEOREMDB_OPENLIBRARY_URL    the record plane's resolvers (default the public APIs)
  THEOREMDB_RECORDS_CONTACT    contact address in the User-Agent (Crossref's polite pool)
  THEOREMDB_RECORDS_RATE       requests per second per resolver host (default 5)
  THEOREMDB_REFERENCE_TEXTS    directory of the open reference texts (HoTT book, OpenLogic, Stacks)
  THEOREMDB_REQUEST_TIMEOUT    longest a page or GraphQL request may run (default 15s)
  THEOREMDB_WRITES_PER_MINUTE  mutations and forms per account or address (default 30, bursts of
                               THEOREMDB_WRITE_BURST, default 20)
  THEOREMDB_SIGNUPS_PER_HOUR   accounts made per client address (default 5, bursts of
                               THEOREMDB_SIGNUP_BURST, default 3)
  THEOREMDB_WS_CONNECTIONS_PER_ADDRESS, THEOREMDB_WS_CONNECTIONS_PER_ACCOUNT,
  THEOREMDB_WS_SUBSCRIPTIONS_PER_CONNECTION   websocket limits (default 20, 10, 50)
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "theoremdb:", err)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("no command given")
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "serve":
		return runServe(ctx, rest, stderr)
	case "work":
		return runWork(ctx, rest, stderr)
	case "migrate":
		return runMigrate(ctx, rest, stderr)
	case "seed":
		return runSeed(ctx, rest, stdout, stderr)
	case "admin":
		return runAdmin(ctx, rest, os.Stdin, stdout, stderr)
	case "corpus":
		return runCorpus(ctx, rest, stdout, stderr)
	case "copycheck":
		return runCopycheck(ctx, rest, stdout, stderr)
	case "export":
		return runExport(ctx, rest, stdout, stderr)
	case "import":
		if len(rest) > 0 && rest[0] == "export" {
			return runRestore(ctx, rest[1:], stdout, stderr)
		}
		if len(rest) > 0 && (rest[0] == "openlogic" || rest[0] == "hott" || rest[0] == "metamath") {
			return runCorpusImport(ctx, rest[0], rest[1:], stdout, stderr)
		}
		return runImport(ctx, rest, stdout, stderr)
	case "gates":
		return runGates(ctx, rest, stdout, stderr)
	case "records":
		return runRecords(ctx, rest, stdout, stderr)
	case "kernel":
		return runKernel(ctx, rest, stdout, stderr)
	case "report":
		return runReport(ctx, rest, stdout, stderr)
	case "audit":
		return runAudit(ctx, rest, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return fmt.Errorf("unknown command %q", cmd)
}

// config is what every database command reads from the environment.
type config struct {
	databaseURL     string
	challengeWindow time.Duration
	packetCacheMB   int
	peopleGold      int
	responseMB      int
	gateWorkers     int
	freshness       time.Duration
	auditSeed       string
	log             *slog.Logger
	limits          throttle.Limits
	pools           poolSizes
}

func loadConfig(stderr io.Writer) (config, error) {
	c := config{databaseURL: os.Getenv("DATABASE_URL")}
	level := slog.LevelInfo
	if v := os.Getenv("THEOREMDB_LOG_LEVEL"); v != "" {
		if err := level.UnmarshalText([]byte(v)); err != nil {
			return c, fmt.Errorf("THEOREMDB_LOG_LEVEL: %w", err)
		}
	}
	c.log = slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	if v := os.Getenv("THEOREMDB_CHALLENGE_WINDOW"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return c, fmt.Errorf("THEOREMDB_CHALLENGE_WINDOW=%q: want a positive duration such as 168h", v)
		}
		c.challengeWindow = d
	}
	if v := os.Getenv("THEOREMDB_PACKET_CACHE_MB"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return c, fmt.Errorf("THEOREMDB_PACKET_CACHE_MB=%q: want a positive number of megabytes such as 256", v)
		}
		c.packetCacheMB = n
	}
	if v := os.Getenv("THEOREMDB_PEOPLE_GOLD"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return c, fmt.Errorf("THEOREMDB_PEOPLE_GOLD=%q: want how many blind gold items a reviewer's queue holds a day, such as 2 (0: none)", v)
		}
		c.peopleGold = n
	}
	if v := os.Getenv("THEOREMDB_RESPONSE_CACHE_MB"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return c, fmt.Errorf("THEOREMDB_RESPONSE_CACHE_MB=%q: want a positive number of megabytes such as 64", v)
		}
		c.responseMB = n
	}
	if v := os.Getenv("THEOREMDB_GATE_WORKERS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return c, fmt.Errorf("THEOREMDB_GATE_WORKERS=%q: want how many gate runs are worked at once, such as 2", v)
		}
		c.gateWorkers = n
	}
	c.auditSeed = os.Getenv("THEOREMDB_AUDIT_SEED")
	if v := os.Getenv("THEOREMDB_FRESHNESS_WINDOW"); v != "" {
		d, err := parseFreshness(v)
		if err != nil {
			return c, err
		}
		c.freshness = d
	}
	pools, err := loadPools(os.Getenv)
	if err != nil {
		return c, err
	}
	c.pools = pools
	l, err := loadLimits(os.Getenv)
	c.limits = l
	return c, err
}

// loadLimits reads the server's limits; an unset variable keeps the
// default, a malformed one is an error that names it.
func loadLimits(getenv func(string) string) (throttle.Limits, error) {
	var l throttle.Limits
	ints := []struct {
		name string
		to   *int
	}{
		{"THEOREMDB_WRITE_BURST", &l.WriteBurst},
		{"THEOREMDB_SIGNUP_BURST", &l.SignUpBurst},
		{"THEOREMDB_WS_CONNECTIONS_PER_ADDRESS", &l.ConnectionsPerAddress},
		{"THEOREMDB_WS_CONNECTIONS_PER_ACCOUNT", &l.ConnectionsPerAccount},
		{"THEOREMDB_WS_SUBSCRIPTIONS_PER_CONNECTION", &l.SubscriptionsPerConnection},
		{"THEOREMDB_SUBSCRIBE_BURST", &l.SubscribeBurst},
		{"THEOREMDB_REFUSAL_BURST", &l.RefusalBurst},
		{"THEOREMDB_SIGNIN_FREE_FAILURES", &l.SignInFreeFailures},
		{"THEOREMDB_SIGNIN_FREE_FAILURES_PER_HANDLE", &l.SignInFreeFailuresPerHandle},
	}
	for _, e := range ints {
		if v := getenv(e.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n <= 0 {
				return l, fmt.Errorf("%s=%q: want a positive whole number", e.name, v)
			}
			*e.to = n
		}
	}
	rates := []struct {
		name string
		to   *float64
	}{
		{"THEOREMDB_WRITES_PER_MINUTE", &l.WritesPerMinute},
		{"THEOREMDB_SIGNUPS_PER_HOUR", &l.SignUpsPerHour},
		{"THEOREMDB_SUBSCRIBES_PER_SECOND", &l.SubscribesPerSecond},
		{"THEOREMDB_REFUSALS_PER_MINUTE", &l.RefusalsPerMinute},
	}
	for _, e := range rates {
		if v := getenv(e.name); v != "" {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || f <= 0 {
				return l, fmt.Errorf("%s=%q: want a positive number", e.name, v)
			}
			*e.to = f
		}
	}
	if v := getenv("THEOREMDB_TRUSTED_PROXIES"); v != "" {
		p, err := throttle.ParseProxies(v)
		if err != nil {
			return l, fmt.Errorf("THEOREMDB_TRUSTED_PROXIES=%q: %w", v, err)
		}
		l.Proxies = p
	}
	if v := getenv("THEOREMDB_REQUEST_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return l, fmt.Errorf("THEOREMDB_REQUEST_TIMEOUT=%q: want a positive duration such as 15s", v)
		}
		l.RequestTimeout = d
	}
	return l, nil
}
