package lanes_test

import (
	"context"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/lanes/lanestest"
)

func checkConfig(proto lanes.Provider, url, id string) lanes.Config {
	cfg := laneConfig(proto, url)
	cfg.Identity, cfg.PromptVersion, cfg.Timeout = id, "v1", 300*time.Millisecond
	return cfg
}

// TestRoundTripAndHypotheses: both checks, on both APIs, read a good answer into its parts,
// and a malformed, wrongly shaped, failing or slow answer into a failure with no result, never
// a match or an unneeded hypothesis.
func TestRoundTripAndHypotheses(t *testing.T) {
	t.Parallel()
	rtIn := lanes.RoundTripInput{Node: "N-4", Informal: "For every set $A$, $A \\subseteq A$.", System: "METAMATH",
		Database: "demo.mm", Label: "ssid", Formal: "|- A C_ A", Hypotheses: []string{}}
	hyIn := lanes.HypothesesInput{Node: "N-5", Title: "Abelian", Statement: "Every finite group of order 2 is abelian.", Linked: []lanes.JudgeLinked{}}
	cases := []struct {
		name          string
		reply         lanestest.Reply
		rtOK, hyOK    bool
		rtText, hyTxt string
	}{
		{"good", lanestest.Reply{}, true, true, `{"prose": "Every class is a subclass of itself.", "differences": []}`,
			`{"hypotheses": [{"hypothesis": "finite", "needed": false, "evidence": "Every group of order 2 is finite."}]}`},
		{"malformed", lanestest.Reply{}, false, false, `{"prose": "x", "differences": [`, `{"hypotheses": [`},
		{"wrong shape", lanestest.Reply{}, false, false, `{"prose": "x", "differences": [], "verdict": "ok"}`,
			`{"hypotheses": [{"hypothesis": "finite", "needed": "no", "evidence": "e"}]}`},
		{"server error", lanestest.Reply{Status: 500}, false, false, "", ""},
		{"slow", lanestest.Reply{Hang: true}, false, false, "", ""},
	}
	for _, proto := range []lanes.Provider{lanes.OpenAI, lanes.Anthropic} {
		for _, c := range cases {
			t.Run(string(proto)+"/"+c.name, func(t *testing.T) {
				t.Parallel()
				srv := lanestest.New(func(call lanestest.Call) lanestest.Reply {
					r := c.reply
					if r.Status == 0 && !r.Hang {
						var rt lanes.RoundTripInput
						if lanestest.Document(call.User, &rt) == nil && rt.Formal != "" {
							r.Text = c.rtText
						} else {
							r.Text = c.hyTxt
						}
					}
					return r
				})
				t.Cleanup(srv.Close)
				opts := []lanes.Option{lanes.WithEnv(keyEnv("check." + string(proto))), lanes.WithSleep((&waits{}).sleep)}
				rt, err := lanes.NewRoundTrip(checkConfig(proto, srv.URL, "check."+string(proto)), opts...)
				if err != nil {
					t.Fatal(err)
				}
				hy, err := lanes.NewHypotheses(checkConfig(proto, srv.URL, "check."+string(proto)), opts...)
				if err != nil {
					t.Fatal(err)
				}
				ra, err := rt.Translate(context.Background(), rtIn)
				if (err == nil) != c.rtOK || ra.Result == nil || ra.Result.Role != lanes.RoundTripRole {
					t.Fatalf("Translate = %+v, %v; want ok %v", ra, err, c.rtOK)
				}
				if c.rtOK && (ra.Prose == "" || len(ra.Differences) != 0) || !c.rtOK && (ra.Prose != "" || ra.Result.Failure == "") {
					t.Errorf("Translate = %+v", ra)
				}
				ha, err := hy.Check(context.Background(), hyIn)
				if (err == nil) != c.hyOK || ha.Result == nil || ha.Result.ModelVersion == "" {
					t.Fatalf("Check = %+v, %v; want ok %v", ha, err, c.hyOK)
				}
				if c.hyOK && (len(ha.Hypotheses) != 1 || ha.Hypotheses[0].Needed) || !c.hyOK && len(ha.Hypotheses) != 0 {
					t.Errorf("Check = %+v", ha.Hypotheses)
				}
			})
		}
	}
}
