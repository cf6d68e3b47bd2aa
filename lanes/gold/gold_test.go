package gold_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/lanes/gold"
)

// allQualify is an answer that confirms every check of the role's latest prompt and qualifies.
func allQualify(t *testing.T, role lanes.Role) *lanes.Answer {
	t.Helper()
	p, err := lanes.LatestPrompt(role)
	if err != nil {
		t.Fatal(err)
	}
	a := &lanes.Answer{Recommendation: lanes.Qualify, Blockers: []string{}, Concerns: []string{}, Unknowns: []string{}}
	for _, c := range p.Checks {
		a.Checks = append(a.Checks, lanes.CheckAnswer{ID: c, Confirmed: true, Reason: "Confirmed."})
	}
	return a
}

// unconfirm is a with check id unconfirmed and recommendation rec.
func unconfirm(a *lanes.Answer, id string, rec lanes.Recommendation) *lanes.Answer {
	b := *a
	b.Checks = slices.Clone(a.Checks)
	for i := range b.Checks {
		if b.Checks[i].ID == id {
			b.Checks[i].Confirmed = false
		}
	}
	b.Recommendation = rec
	return &b
}

// TestSet: the compiled-in set parses, every role has clean and planted packets, and a packet's
// ID is its input's.
func TestSet(t *testing.T) {
	set, err := gold.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, role := range lanes.Roles {
		kinds := map[gold.Kind]int{}
		for _, p := range set.For(role) {
			kinds[p.Kind]++
		}
		if kinds[gold.KindClean] == 0 || kinds[gold.KindPlanted] == 0 {
			t.Errorf("%s has %v gold packets; want clean and planted ones", role, kinds)
		}
	}
	for _, p := range set.Packets {
		if p.ID != gold.IDOf(p.Input) || !strings.HasPrefix(p.Input.Packet.ProblemID, "TDB-") ||
			!strings.HasPrefix(p.Input.Packet.RevisionID, "rev_") {
			t.Errorf("packet %s: problem %q, revision %q", p.ID, p.Input.Packet.ProblemID, p.Input.Packet.RevisionID)
		}
		for role := range p.Expect {
			if _, err := p.Request(role, "v1"); err != nil {
				t.Errorf("packet %s: Request(%s) = %v", p.ID, role, err)
			}
		}
	}
}

// TestParseRefuses: a set whose packet's ID is not its input's, or whose expectation names a check
// the role does not have, is refused.
func TestParseRefuses(t *testing.T) {
	set, err := gold.Load()
	if err != nil {
		t.Fatal(err)
	}
	p := set.Packets[0]
	for name, change := range map[string]func(*gold.Packet){
		"id": func(p *gold.Packet) { p.ID = "gold-0000000000000000" },
		"check": func(p *gold.Packet) {
			p.Expect[lanes.PriorArt] = gold.Expectation{Accept: []lanes.Recommendation{lanes.Archive}, Failing: []string{"sideways"}}
		},
		"kind":   func(p *gold.Packet) { p.Kind = "guessed" },
		"accept": func(p *gold.Packet) { p.Expect[lanes.PriorArt] = gold.Expectation{Failing: []string{"dated_search"}} },
	} {
		q := p
		q.Expect = map[lanes.Role]gold.Expectation{}
		for r, e := range p.Expect {
			q.Expect[r] = e
		}
		change(&q)
		b, _ := json.Marshal(gold.Set{Packets: []gold.Packet{q}})
		if _, err := gold.Parse(b); err == nil {
			t.Errorf("Parse accepted a packet with a bad %s", name)
		}
	}
}

// TestGrade grades right and wrong answers on every packet: qualifying with every check
// confirmed is right exactly on clean packets; on a planted or decided one, the right
// recommendation with a bearing check unconfirmed is right, and with only an unrelated check
// unconfirmed it is wrong.
func TestGrade(t *testing.T) {
	set, err := gold.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range set.Packets {
		for role, e := range p.Expect {
			yes := allQualify(t, role)
			g, err := p.Grade(role, yes)
			if err != nil || g.Right != (p.Kind == gold.KindClean) {
				t.Errorf("%s %s (%s): all-qualify graded %+v, %v", p.ID, role, p.Kind, g, err)
			}
			if p.Kind == gold.KindClean {
				g, _ := p.Grade(role, unconfirm(yes, yes.Checks[0].ID, lanes.Qualify))
				if g.Right {
					t.Errorf("%s %s: qualify with %s unconfirmed graded right", p.ID, role, yes.Checks[0].ID)
				}
				g, _ = p.Grade(role, unconfirm(yes, yes.Checks[0].ID, lanes.KeepProspecting))
				if g.Right {
					t.Errorf("%s %s: keep_prospecting on a clean packet graded right", p.ID, role)
				}
				continue
			}
			caught := unconfirm(yes, e.Failing[0], e.Accept[0])
			if g, _ := p.Grade(role, caught); !g.Right {
				t.Errorf("%s %s (%s): %s with %s unconfirmed graded wrong: %s", p.ID, role, p.Kind, e.Accept[0], e.Failing[0], g.Reason)
			}
			var unrelated string
			for _, c := range yes.Checks {
				if !slices.Contains(e.Failing, c.ID) {
					unrelated = c.ID
					break
				}
			}
			if unrelated != "" {
				if g, _ := p.Grade(role, unconfirm(yes, unrelated, e.Accept[0])); g.Right {
					t.Errorf("%s %s: only the unrelated %s unconfirmed graded right", p.ID, role, unrelated)
				}
			}
			if !slices.Contains(e.Accept, lanes.Merge) {
				if g, _ := p.Grade(role, unconfirm(yes, e.Failing[0], lanes.Merge)); g.Right {
					t.Errorf("%s %s: merge graded right", p.ID, role)
				}
			}
		}
	}
}

// TestBaselineOnGold runs the deterministic baseline lane on every packet: it can never be right
// on a clean packet (it cannot confirm what the gates leave to a person), and it catches every
// planted defect the gates report.
func TestBaselineOnGold(t *testing.T) {
	set, err := gold.Load()
	if err != nil {
		t.Fatal(err)
	}
	right := map[gold.Kind][2]int{}
	for _, p := range set.Packets {
		for role := range p.Expect {
			l, err := lanes.New(lanes.Config{Identity: "baseline-" + strings.ToLower(string(role)), Role: role,
				Provider: lanes.Baseline, PromptVersion: "v1"})
			if err != nil {
				t.Fatal(err)
			}
			req, err := p.Request(role, "v1")
			if err != nil {
				t.Fatal(err)
			}
			res, err := l.Review(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if res.PacketDigest != p.Digest() {
				t.Errorf("%s: the review read %s, the packet is %s", p.ID, res.PacketDigest, p.Digest())
			}
			g, err := p.Grade(role, res.Answer)
			if err != nil {
				t.Fatal(err)
			}
			c := right[p.Kind]
			if g.Right {
				c[0]++
			}
			c[1]++
			right[p.Kind] = c
			if p.Kind == gold.KindClean && g.Right {
				t.Errorf("%s %s: the baseline was right on a clean packet", p.ID, role)
			}
			if p.Kind == gold.KindPlanted && !g.Right && plantedCaught(p) {
				t.Errorf("%s %s: the gates caught %s but the baseline was wrong: %s", p.ID, role, p.Planted, g.Reason)
			}
		}
	}
	t.Logf("baseline on gold (right of graded): %v", right)
}

// plantedCaught reports whether a gate reported the planted check as anything but a pass.
func plantedCaught(p gold.Packet) bool {
	for _, g := range p.Input.Gates {
		for _, f := range g.Findings {
			if f.Check == p.Planted {
				return true
			}
		}
	}
	return false
}
