package server

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"
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
