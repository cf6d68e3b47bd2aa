package corpus_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/lanes/lanestest"
	"github.com/theoremdb/theoremdb/sanity"
)

// TestJudgeReadsTheDraftAndItsLinks: a qualified judge reads a statement
// with the nodes it uses (stored ones by ID, with their current
// statement), a proof with the statement it proves (a draft of the same
// request by its label) and its sources, and a revision under its node's
// ID; never the request's writer, model or note.
func TestJudgeReadsTheDraftAndItsLinks(t *testing.T) {
	t.Parallel()
	set := sanity.BuildJudgeSet(boundProofs(8), 7)
	wrong := map[string]bool{}
	for _, it := range set.Items {
		wrong[strings.Join(lanes.SplitSteps(it.Text), "\n")] = it.Wrong()
	}
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		ctx := context.Background()
		var (
			mu     sync.Mutex
			inputs = map[string]lanes.JudgeInput{}
			raw    []string
		)
		srv := lanestest.New(func(c lanestest.Call) lanestest.Reply {
			var in lanes.JudgeInput
			if err := lanestest.Document(c.User, &in); err != nil {
				return lanestest.Reply{Status: 400}
			}
			if strings.HasPrefix(in.Node, "item:") {
				if wrong[strings.Join(in.Steps, "\n")] {
					return lanestest.Reply{Text: lanestest.JudgeAnswer(len(in.Steps), 1)}
				}
				return lanestest.Reply{Text: lanestest.JudgeAnswer(len(in.Steps))}
			}
			mu.Lock()
			inputs[in.Node] = in
			raw = append(raw, c.System+"\n"+c.User)
			mu.Unlock()
			return lanestest.Reply{Text: lanestest.JudgeAnswer(len(in.Steps))}
		})
		t.Cleanup(srv.Close)
		judge := newTestJudge(t, "judge.reader", lanes.OpenAI, srv.URL)
		f := newFixture(t, dialectName, clearCopies{})
		f.svc = corpus.New(f.pol, corpus.WithCopies(clearCopies{}), corpus.WithJudges(judge))
		if m, err := f.svc.MeasureJudge(ctx, "acc_operator", judge, set); err != nil || !m.Qualified {
			t.Fatalf("MeasureJudge = %+v, %v; want qualified", m, err)
		}
		group := f.mustMerge(t, person, definition("group"))[0]

		th := theorem("unique", "group")
		pr := proofDraft("unique-proof", "unique", "If $e$ and $f$ are identities then $e = ef = f$.")
		pr.Uses = []string{group}
		pr.References = []corpus.Reference{{Identifier: "arXiv:2101.00001", Citation: "A. Author, Groups (2021)", Locator: "Thm. 1"}}
		res, err := f.svc.Open(ctx, corpus.Request{Writer: agent, Note: "a note only the writer keeps", Drafts: []corpus.Draft{th, pr}})
		if err != nil || res.Request.State != corpus.StateMerged {
			t.Fatalf("Open = %+v, %v; want MERGED", res, err)
		}
		mu.Lock()
		tin, pin := inputs["unique"], inputs["unique-proof"]
		mu.Unlock()
		groupLink := lanes.JudgeLinked{Node: group, Kind: corpus.Definition, Title: "Group group", Statement: definition("group").Body}
		if tin.Kind != corpus.Theorem || tin.Statement != th.Body || len(tin.Linked) != 1 || tin.Linked[0] != groupLink || len(tin.Sources) != 0 {
			t.Errorf("the theorem's input = %+v; want its statement and the stored definition it uses", tin)
		}
		want := []lanes.JudgeLinked{{Node: "unique", Kind: corpus.Theorem, Title: th.Title, Statement: th.Body}, groupLink}
		if pin.Kind != corpus.Proof || pin.Statement != th.Body || len(pin.Linked) != 2 || pin.Linked[0] != want[0] || pin.Linked[1] != want[1] ||
			len(pin.Sources) != 1 || pin.Sources[0] != "arXiv:2101.00001 A. Author, Groups (2021) Thm. 1" || len(pin.Steps) == 0 {
			t.Errorf("the proof's input = %+v; want the statement it proves, its links and its source", pin)
		}

		rev := theorem("", "group")
		rev.Revises = res.Request.Nodes[0]
		rev.Body = "The identity element of a group is unique, and so is the inverse of each element."
		if res := f.open(t, person, rev); res.Request.State != corpus.StateMerged {
			t.Fatalf("revision: %s at %s", res.Request.State, res.Request.FailedGate)
		}
		mu.Lock()
		rin, ok := inputs[res.Request.Nodes[0]]
		all := strings.Join(raw, "\n")
		mu.Unlock()
		if !ok || rin.Statement != rev.Body {
			t.Errorf("the revision's input = %+v (found %v); want it under %s", rin, ok, res.Request.Nodes[0])
		}
		for _, secret := range []string{agent.ID, agent.Model, agent.PromptVersion, "a note only the writer keeps", person.ID} {
			if strings.Contains(all, secret) {
				t.Errorf("a judge read %q", secret)
			}
		}
		if b, _ := json.Marshal(pin); strings.Contains(string(b), "acc_") {
			t.Errorf("the proof's input names an account: %s", b)
		}
	})
}
