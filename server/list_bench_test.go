package server_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/live/livetest"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/seed"
	"github.com/theoremdb/theoremdb/server"
)

// BenchmarkListPage measures the HTML list page /problems, warm, on the demo data on PostgreSQL:
// what one request costs the server with its caches full (run with -cpuprofile to see where).
func BenchmarkListPage(b *testing.B) {
	d := dbtest.OpenCopy(b, "postgres", "demo bench", func(ctx context.Context, d *db.DB) error {
		_, err := seed.Run(ctx, d, policy.Config{}, nil, time.Now(), nil)
		return err
	})
	svc := policy.New(d, policy.Config{})
	srv := httptest.NewServer(server.New(svc, livetest.Start(b, svc.Client()), quiet))
	b.Cleanup(srv.Close)
	get := func() {
		resp, err := http.Get(srv.URL + "/problems")
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			b.Fatalf("GET /problems = %d", resp.StatusCode)
		}
	}
	get()
	b.ResetTimer()
	for range b.N {
		get()
	}
}
