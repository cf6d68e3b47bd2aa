package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/throttle"
)

// TestDownloadOutlivesThePageDeadline: a download's context survives the page's deadline while it
// keeps writing, ends once nothing has been written for the idle time, and ends at once when the
// client goes away.
func TestDownloadOutlivesThePageDeadline(t *testing.T) {
	t.Parallel()
	const idle = 2 * time.Second // far longer than a pause between writes, even under load

	t.Run("writing", func(t *testing.T) {
		t.Parallel()
		page, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		ctx, progress, stop := downloadContext(httptest.NewRequest("GET", "/export/problems.jsonl", nil).WithContext(page), idle)
		defer stop()
		for end := time.Now().Add(idle * 3 / 2); time.Now().Before(end); time.Sleep(idle / 20) {
			progress()
			if ctx.Err() != nil {
				t.Fatalf("the download ended while writing: %v", context.Cause(ctx))
			}
		}
		if page.Err() == nil {
			t.Fatal("the page's deadline never passed; the test proves nothing")
		}
	})

	t.Run("idle", func(t *testing.T) {
		t.Parallel()
		ctx, _, stop := downloadContext(httptest.NewRequest("GET", "/", nil), idle)
		defer stop()
		select {
		case <-ctx.Done():
		case <-time.After(10 * idle):
			t.Fatal("a download that writes nothing never ended")
		}
	})

	t.Run("client gone", func(t *testing.T) {
		t.Parallel()
		client, leave := context.WithCancel(context.Background())
		ctx, progress, stop := downloadContext(httptest.NewRequest("GET", "/", nil).WithContext(client), time.Hour)
		defer stop()
		progress()
		leave()
		select {
		case <-ctx.Done():
		case <-time.After(5 * time.Second):
			t.Fatal("the download went on after its client left")
		}
	})
}

// TestExportBrokenOffFailsTheDownload: an export that fails after writing part of the file breaks
// the connection, so the client sees a failed download rather than a file that reads as whole.
func TestExportBrokenOffFailsTheDownload(t *testing.T) {
	t.Parallel()
	s := &Server{log: slog.New(slog.NewTextHandler(io.Discard, nil)), guard: newGuard(throttle.Limits{})}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = s.export(w, r, "application/x-ndjson", "x.jsonl", func(ctx context.Context, w io.Writer, o policy.ExportOptions) error {
			for i := range 100 {
				fmt.Fprintf(w, `{"n":%d}`+"\n", i)
			}
			o.Flush()
			return errors.New("the database went away")
		})
	}))
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err == nil {
		t.Fatalf("the client read %d bytes and no error; want the download to fail", len(body))
	}
	if !strings.Contains(string(body), `{"n":99}`) {
		t.Errorf("the client read %q; want what was written before the failure", body)
	}
}
