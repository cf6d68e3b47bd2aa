package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/theoremdb/theoremdb/server"
)

// shutdownGrace is how long in-flight requests and jobs get to finish.
const shutdownGrace = 30 * time.Second

func runServe(ctx context.Context, args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", ":8080", "address to listen on")
	noWorkers := fs.Bool("no-workers", false, "do not run background workers in this process")
	metricsAddr := fs.String("metrics-addr", os.Getenv("THEOREMDB_METRICS_ADDR"),
		"address to serve Prometheus /metrics on, for operators only (default $THEOREMDB_METRICS_ADDR; none when empty)")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	base, err := loadBaseURL(os.Getenv)
	if err != nil {
		return err
	}
	a, err := open(ctx, stderr, !*noWorkers)
	if err != nil {
		return err
	}
	defer a.close()
	log := a.cfg.log

	if !*noWorkers {
		if err := a.jobs.Start(ctx); err != nil {
			return fmt.Errorf("start workers: %w", err)
		}
	}
	liveCtx, stopLive := context.WithCancel(context.WithoutCancel(ctx))
	defer stopLive()
	go func() {
		if err := a.live.Run(liveCtx); err != nil {
			log.Error("live updates stopped", "err", err)
		}
	}()
	if a.db.DSN != "" {
		go func() {
			if err := a.live.ListenPostgres(liveCtx, a.db.DSN); err != nil {
				log.Error("live updates: LISTEN failed; other instances' events arrive by polling", "err", err)
			}
		}()
	}
	opts := []server.Option{server.WithLimits(a.cfg.limits), server.WithBaseURL(base), server.WithResponseCache(a.cfg.responseMB << 20)}
	if a.copies != nil {
		opts = append(opts, server.WithCopies(a.copies))
	}
	opts = append(opts, server.WithCorpusQueue(a.jobs))
	site := server.New(a.policy, a.live, log, opts...)
	srv := &http.Server{
		Handler:           site,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		IdleTimeout:       120 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	log.Info("serving", "addr", ln.Addr().String(), "database", a.db.URL, "workers", !*noWorkers,
		"challenge_window", a.policy.Config().ChallengeWindow.String())
	errc := make(chan error, 2)
	go func() { errc <- srv.Serve(ln) }()
	if *metricsAddr != "" {
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", site.MetricsHandler())
		msrv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
		mln, err := net.Listen("tcp", *metricsAddr)
		if err != nil {
			return fmt.Errorf("metrics address: %w", err)
		}
		log.Info("serving metrics", "addr", mln.Addr().String())
		go func() { errc <- msrv.Serve(mln) }()
		defer msrv.Close()
	}

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing requests and jobs in flight")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	stopLive() // ends subscriptions, so their connections can close
	herr := srv.Shutdown(sctx)
	var jerr error
	if !*noWorkers {
		jerr = a.jobs.Stop(sctx)
	}
	if err := errors.Join(herr, jerr); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	log.Info("stopped")
	return nil
}

func runWork(ctx context.Context, args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("work", flag.ContinueOnError)
	fs.SetOutput(stderr)
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	a, err := open(ctx, stderr, true)
	if err != nil {
		return err
	}
	defer a.close()
	if err := a.jobs.Start(ctx); err != nil {
		return fmt.Errorf("start workers: %w", err)
	}
	a.cfg.log.Info("working jobs", "database", a.db.URL)
	<-ctx.Done()
	a.cfg.log.Info("shutting down: finishing jobs in flight")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	return a.jobs.Stop(sctx)
}

func runMigrate(ctx context.Context, args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	a, err := open(ctx, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	a.cfg.log.Info("database is up to date", "database", a.db.URL)
	return nil
}

// parseNoArgs parses the flags of a command that takes no arguments: a word left over (such as
// a port written without --addr) is an error, never silently ignored.
func parseNoArgs(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%s takes no arguments, only flags; got %q", fs.Name(), fs.Args())
	}
	return nil
}
