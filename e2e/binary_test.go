package e2e

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
)

const submit = `mutation($in: SubmitProblemInput!) { submitProblem(input: $in) {
	problem { id deadline state } userErrors { field message code } } }`

func submitInput(title string) map[string]any {
	return map[string]any{"in": map[string]any{
		"title": title, "statement": "For every integer $k \\ge 1$ and distinct positive speeds, is some runner lonely?",
		"acceptance": map[string]any{"kind": "PROOF", "criterion": "A proof for every k, or a counterexample."},
		"provenance": map[string]any{"kind": "IMPORTED", "attribution": "J. M. Wills, 1967", "sourceLocator": "Wills 1967", "rightsBasis": "Own words."},
		"references": []map[string]any{{"identifier": "arXiv:1909.03562", "citation": "A paper.", "relevance": "States the problem.", "role": "PRIMARY",
			"title": "A paper", "authors": []string{"A. Author"}, "year": 2019}},
		"referenceSearch": map[string]any{"checkedOn": "2026-11-01T00:00:00Z", "databases": []string{"arXiv"},
			"queries": []string{"lonely runner"}, "coverage": "Titles and abstracts."},
	}}
}

// TestLifecycleThroughTheBinary walks a newcomer's path on both databases:
// accounts and a token from the command line, a submission over GraphQL,
// default acceptance by the in-process worker once the (short) challenge
// window elapses, a graceful stop, and the event log verified and then
// caught after tampering.
func TestLifecycleThroughTheBinary(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		// River's scheduler wakes every 5 s and readies jobs due within the
		// next 5 s, so a job inserted at least 5 s before its time is ready
		// by then and a worker takes it within a poll (200 ms). An 8 s window
		// keeps the test clear of that edge.
		env := []string{"DATABASE_URL=" + dbtest.URL(t, dialectName), "THEOREMDB_CHALLENGE_WINDOW=8s"}
		mustCLI(t, env, "migrate")
		mustCLI(t, env, "admin", "account", "create", "--handle", "ada", "--role", "agent")
		tok := mustCLI(t, env, "admin", "token", "create", "--handle", "ada")
		if !strings.HasPrefix(tok, "tdb_") || strings.Count(tok, "\n") != 1 {
			t.Fatalf("token create printed %q; want the token alone on one line", tok)
		}
		tok = strings.TrimSpace(tok)
		if _, err := cli(t, env, "admin", "account", "create", "--handle", "ada"); err == nil {
			t.Error("creating a taken handle succeeded")
		}

		s := serve(t, env)
		in := submitInput("Lonely runner conjecture")
		r := s.graphql(t, tok, submit, in)
		// An agent must say who generated the record.
		if errs := path(r.Data, "submitProblem", "userErrors").([]any); len(errs) != 1 ||
			!strings.Contains(path(errs[0], "field").([]any)[1].(string), "generatedBy") {
			t.Fatalf("agent submission without generatedBy: %+v %+v", r.Data, r.Errors)
		}
		in["in"].(map[string]any)["provenance"].(map[string]any)["generatedBy"] = "import agent v1 from Wills 1967"
		r = s.graphql(t, tok, submit, in)
		id, _ := path(r.Data, "submitProblem", "problem", "id").(string)
		if id != "TDB-1" {
			t.Fatalf("submitProblem = %+v %+v", r.Data, r.Errors)
		}
		deadline, _ := time.Parse(time.RFC3339Nano, path(r.Data, "submitProblem", "problem", "deadline").(string))

		// The worker accepts it within a second of its deadline.
		var acceptedAt time.Time
		for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
			r = s.graphql(t, "", `{ problem(id: "TDB-1") { state acceptedAt acceptanceAuthority stake { state } } }`, nil)
			if path(r.Data, "problem", "state") == "ACCEPTED" {
				acceptedAt, _ = time.Parse(time.RFC3339Nano, path(r.Data, "problem", "acceptedAt").(string))
				break
			}
		}
		if acceptedAt.IsZero() {
			t.Fatalf("TDB-1 not accepted: %+v", r.Data)
		}
		if late := acceptedAt.Sub(deadline); late < 0 || late > time.Second {
			t.Errorf("accepted %v after its deadline; want within 1s", late)
		}
		if path(r.Data, "problem", "acceptanceAuthority") != "CHALLENGE_WINDOW_ELAPSED" || path(r.Data, "problem", "stake", "state") != "RETURNED" {
			t.Errorf("accepted problem = %+v", r.Data)
		}

		if err := s.stop(t); err != nil {
			t.Errorf("serve exit after SIGTERM = %v; want a clean exit", err)
		}
		if !strings.Contains(s.Logs(), "msg=stopped") {
			t.Errorf("serve did not report a clean stop:\n%s", s.Logs())
		}

		out := mustCLI(t, env, "admin", "verify-log")
		// account, token, submission, nine gate completions, the closed publication_gate record
		// (every switch starts off), acceptance
		if !strings.Contains(out, "event log OK: 14 events") {
			t.Errorf("verify-log = %q", out)
		}
		if err := tamper(t, dialectName, env); err != nil {
			t.Fatal(err)
		}
		out, err := cli(t, env, "admin", "verify-log")
		if err == nil || !strings.Contains(out, "BROKEN at seq 3") {
			t.Errorf("verify-log after tampering = %q, %v; want BROKEN at seq 3 and a failure", out, err)
		}
	})
}

// tamper edits event 3 behind the application's back.
func tamper(t *testing.T, dialectName string, env []string) error {
	t.Helper()
	url := strings.TrimPrefix(env[0], "DATABASE_URL=")
	q := `UPDATE events SET payload = '{"forged":true}' WHERE seq = 3`
	var cmd *exec.Cmd
	if dialectName == "postgres" {
		cmd = exec.Command("psql", url, "-c", q)
	} else {
		cmd = exec.Command("go", "run", "./internal/sqlexec", strings.TrimPrefix(url, "sqlite:"), q)
	}
	cmd.Stderr = os.Stderr
	return cmd.Run()
}
