package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/theoremdb/theoremdb/api/apitest"
)

// BenchmarkCachedProblem times problem(id:) answered from kept answers, in
// process (no socket): what one read costs the server's CPU once the
// packet and its answer are in memory. Run:
// go test -run '^$' -bench CachedProblem -benchmem ./api
func BenchmarkCachedProblem(b *testing.B) {
	a := newAPIWithLog(b, "sqlite3", quiet)
	var sub submitData
	if r := a.do(a.member, apitest.SubmitMutation, apitest.SubmitVars("A read all day", 3), &sub); len(r.Errors) > 0 {
		b.Fatal(r.Errors)
	}
	body, _ := json.Marshal(map[string]any{"query": `query($id: String!) { problem(id: $id) { id title state deadline
		currentRevision { statement references { source { identifier } } } } }`, "variables": map[string]any{"id": sub.SubmitProblem.Problem.ID}})
	h := a.srv.Config.Handler
	for b.Loop() {
		req := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
	}
}
