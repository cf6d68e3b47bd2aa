package server_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/live/livetest"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/server"
)

// qualityStrata and qualityNodes shape the month BenchmarkQualityPage publishes: agent
// configurations of 30 theorems each, every sample answered on the four properties.
const (
	qualityStrata = 8
	qualityNodes  = 30
)

// BenchmarkQualityPage measures /quality warm (K09 9.7's goal: 50 ms) on each database, over a
// month of qualityStrata strata whose every sample is answered: the rates with their intervals,
// the chart drawn on the server, the releases and the audit's hours.
func BenchmarkQualityPage(b *testing.B) {
	for _, d := range dbtest.Dialects {
		b.Run("db="+d, func(b *testing.B) {
			ctx := context.Background()
			svc := policy.New(dbtest.Open(b, d), policy.Config{})
			cs := corpus.New(svc)
			for s := range qualityStrata {
				w := corpus.Writer{Kind: corpus.WriterAgent, ID: fmt.Sprintf("lane_%d", s%4), Model: fmt.Sprintf("model-%d", s/4),
					PromptVersion: "p-1"}
				var drafts []corpus.Draft
				for i := range qualityNodes {
					drafts = append(drafts, corpus.Draft{Kind: corpus.Theorem, Label: fmt.Sprintf("q-%d-%d", s, i),
						Title: fmt.Sprintf("Identity %d.%d", s, i),
						Body:  fmt.Sprintf("A group of order %d has exactly one identity element.", 1000*s+i+2)})
				}
				res, err := cs.Open(ctx, corpus.Request{Writer: w, Drafts: drafts})
				if err != nil || res.Request.State != corpus.StateMerged {
					b.Fatalf("Open = %+v, %v", res, err)
				}
			}
			month := time.Now().UTC().Format("2006-01")
			if _, err := cs.Draw(ctx, "acc_op", month, "bench"); err != nil {
				b.Fatal(err)
			}
			auditor, err := svc.CreateAccount(ctx, "audrey", "", []role.Role{role.Auditor})
			if err != nil {
				b.Fatal(err)
			}
			for after := ""; ; {
				page, err := cs.AuditSamples(ctx, auditor, month, corpus.MaxPage, after)
				if err != nil {
					b.Fatal(err)
				}
				for _, it := range page.Items {
					for _, p := range []string{corpus.PropertyCorrectness, corpus.PropertyFidelity, corpus.PropertySourcing, corpus.PropertyStyle} {
						if _, err := cs.RecordAudit(ctx, auditor, corpus.AuditInput{Sample: it.ID, Property: p, Seconds: 60}); err != nil {
							b.Fatal(err)
						}
					}
				}
				if !page.HasNext || len(page.Items) == 0 {
					break
				}
				after = page.Items[len(page.Items)-1].ID
			}
			srv := httptest.NewServer(server.New(svc, livetest.Start(b, svc.Client()), quiet))
			b.Cleanup(srv.Close)
			get := func() {
				resp, err := http.Get(srv.URL + "/quality?month=" + month)
				if err != nil {
					b.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK || len(body) == 0 {
					b.Fatalf("GET /quality = %d", resp.StatusCode)
				}
			}
			get() // warm
			lat := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for range b.N {
				start := time.Now()
				get()
				lat = append(lat, time.Since(start))
			}
			b.StopTimer()
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(lat[len(lat)*95/100].Microseconds())/1000, "p95-ms")
			b.ReportMetric(qualityStrata*4, "rates")
		})
	}
}
