package server_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/lanes/lanestest"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestLanesPageShowsJudges: a judge lane measured on the labelled set built from the corpus's
// imported proofs appears on /admin/lanes with its rate of rejecting planted wrong steps, its
// Wilson interval and whether it may judge; one that rejects nothing may not.
func TestLanesPageShowsJudges(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d string) {
		s := newSite(t, d)
		ctx := context.Background()
		staff, _ := s.signedIn(t, "otto", role.Operator)
		_, body, _ := s.get(staff, "/admin/lanes")
		if len(pagetest.Select(t, body, "judges-empty")) != 1 {
			t.Fatal("/admin/lanes does not say that no judge was measured")
		}

		cs := corpus.New(s.svc)
		importer := corpus.Writer{Kind: corpus.WriterImporter, ID: "openlogic", Layer: "import"}
		for i := range 8 {
			res, err := cs.Open(ctx, corpus.Request{Writer: importer, Drafts: []corpus.Draft{
				{Kind: corpus.Theorem, Label: fmt.Sprintf("bound-%d", i), Title: fmt.Sprintf("A bound %d", i),
					Body: fmt.Sprintf("For every finite set $A$ with $%d$ elements, $|A| \\le %d$.", i+2, i+3)},
				{Kind: corpus.Proof, Label: fmt.Sprintf("bound-%d-proof", i), Title: fmt.Sprintf("Proof of bound %d", i), Proves: fmt.Sprintf("bound-%d", i),
					Body: fmt.Sprintf("Since $A$ is finite, $|A| = %d$. Because $%d < %d$, we have $|A| \\le %d$ as claimed.", i+2, i+2, i+3, i+3)}}})
			if err != nil || res.Request.State != corpus.StateMerged {
				t.Fatalf("import %d: %v %+v", i, err, res)
			}
		}
		set, err := cs.CorpusJudgeSet(ctx, 7)
		if err != nil || len(set.Items) < 12 {
			t.Fatalf("CorpusJudgeSet = %d items, %v; want the 8 proofs and their planted twins", len(set.Items), err)
		}
		wrong := map[string]bool{}
		for _, it := range set.Items {
			wrong[strings.Join(lanes.SplitSteps(it.Text), "\n")] = it.Wrong()
		}
		reads := lanestest.New(func(c lanestest.Call) lanestest.Reply {
			var in lanes.JudgeInput
			if err := lanestest.Document(c.User, &in); err != nil {
				return lanestest.Reply{Status: 400}
			}
			if wrong[strings.Join(in.Steps, "\n")] {
				return lanestest.Reply{Text: lanestest.JudgeAnswer(len(in.Steps), 1)}
			}
			return lanestest.Reply{Text: lanestest.JudgeAnswer(len(in.Steps))}
		})
		t.Cleanup(reads.Close)
		nods := lanestest.New(func(c lanestest.Call) lanestest.Reply {
			var in lanes.JudgeInput
			_ = lanestest.Document(c.User, &in)
			return lanestest.Reply{Text: lanestest.JudgeAnswer(len(in.Steps))}
		})
		t.Cleanup(nods.Close)
		for _, j := range []struct{ id, url string }{{"judge.reads", reads.URL}, {"judge.nods", nods.URL}} {
			jl, err := lanes.NewJudge(lanes.Config{Identity: j.id, Provider: lanes.OpenAI, BaseURL: j.url, Model: "m-2026",
				ModelVersion: "m-2026-01", PromptVersion: "v1", Timeout: 2 * time.Second},
				lanes.WithEnv(func(string) (string, bool) { return "sk-test", true }))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := cs.MeasureJudge(ctx, "acc_otto", jl, set); err != nil {
				t.Fatal(err)
			}
		}

		code, body, _ := s.get(staff, "/admin/lanes")
		if code != http.StatusOK {
			t.Fatalf("/admin/lanes = %d", code)
		}
		rows := map[string]string{}
		for _, r := range pagetest.Select(t, body, "judge-row") {
			txt := pagetest.Text(r)
			rows[strings.Fields(txt)[0]] = txt
		}
		if got := rows["judge.reads"]; !strings.Contains(got, "100% (") || !strings.Contains(got, "May judge.") ||
			!strings.Contains(got, "m-2026-01") {
			t.Errorf("judge.reads row = %q; want 100%% with its interval, its model version, and may judge", got)
		}
		if got := rows["judge.nods"]; !strings.Contains(got, "0 of ") || !strings.Contains(got, "May not judge") {
			t.Errorf("judge.nods row = %q; want 0 caught and may not judge", got)
		}
	})
}
