package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// flagMutation raises a flag; its explanation is a variable so one account
// can flag several problems.
const flagMutation = `mutation($id: String!, $e: String!) { flagProblem(input: {problemId: $id, reason: OTHER, explanation: $e}) {
	flag { id } case { id } userErrors { message code } } }`

// wsUpdate is one line printed by graphqlws_client.mjs.
type wsUpdate struct {
	Connected  bool   `json:"connected"`
	Subscribed bool   `json:"subscribed"`
	Kind       string `json:"kind"`
	Case       struct {
		ID      string `json:"id"`
		Problem struct {
			ID string `json:"id"`
		} `json:"problem"`
	} `json:"case"`
	Event struct {
		Seq  int    `json:"seq"`
		Kind string `json:"kind"`
	} `json:"event"`
}

// needNodeModules skips the test when the npm packages are not installed,
// or fails it in CI.
func needNodeModules(t *testing.T, pkgs ...string) {
	t.Helper()
	for _, p := range pkgs {
		if _, err := os.Stat("node_modules/" + p); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("e2e/node_modules/%s is missing: run make e2e/deps", p)
			}
			t.Skipf("e2e/node_modules/%s is missing; run make e2e/deps (CI=true fails instead)", p)
		}
	}
}

// flagThrough raises a flag on problem id through s as the token's account
// and reports the user error, if any.
func flagThrough(t testing.TB, s *proc, token, id, explanation string) string {
	t.Helper()
	r := s.graphql(t, token, flagMutation, map[string]any{"id": id, "e": explanation})
	if len(r.Errors) > 0 {
		t.Fatalf("flagProblem(%s): %+v", id, r.Errors)
	}
	if ues, _ := path(r.Data, "flagProblem", "userErrors").([]any); len(ues) > 0 {
		return fmt.Sprint(ues)
	}
	return ""
}

// TestGraphQLWSClient subscribes to the moderation queue of the binary with
// the npm graphql-ws client (graphql-transport-ws, bearer token in
// connection_init) and checks that a flag raised by another client over
// HTTP reaches it within a second.
func TestGraphQLWSClient(t *testing.T) {
	t.Parallel()
	needNodeModules(t, "graphql-ws", "ws")
	env := []string{"DATABASE_URL=" + seededDB(t)}
	mustCLI(t, env, "admin", "account", "create", "--handle", "wsmod", "--role", "moderator")
	mustCLI(t, env, "admin", "account", "create", "--handle", "wsmember")
	modTok := strings.TrimSpace(mustCLI(t, env, "admin", "token", "create", "--handle", "wsmod"))
	memberTok := strings.TrimSpace(mustCLI(t, env, "admin", "token", "create", "--handle", "wsmember"))
	s := serve(t, env)

	// One warm-up flag and the measured one make four updates.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ws := "ws" + strings.TrimPrefix(s.URL, "http") + "/graphql"
	cmd := exec.CommandContext(ctx, "node", "graphqlws_client.mjs", ws, modTok, "4", "30000")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan wsUpdate, 16)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			var u wsUpdate
			if err := json.Unmarshal(sc.Bytes(), &u); err != nil {
				continue // not an update; the client prints only JSON
			}
			lines <- u
		}
	}()
	// until reads the client's lines until one satisfies ok, or d passes.
	until := func(d time.Duration, ok func(wsUpdate) bool) (wsUpdate, bool) {
		timeout := time.After(d)
		for {
			select {
			case u, open := <-lines:
				if !open {
					t.Fatalf("the graphql-ws client exited: %v\n%s", cmd.Wait(), stderr.String())
				}
				if ok(u) {
					return u, true
				}
			case <-timeout:
				return wsUpdate{}, false
			}
		}
	}
	if _, ok := until(20*time.Second, func(u wsUpdate) bool { return u.Connected }); !ok {
		t.Fatalf("the graphql-ws client did not connect\n%s", stderr.String())
	}

	// The subscription registers on the server some time after the
	// client sends it: flag problems until one reaches the client.
	problems := []string{"TDB-2", "TDB-3", "TDB-4", "TDB-5", "TDB-6"}
	warm := false
	for _, id := range problems {
		if ue := flagThrough(t, s, memberTok, id, "Warm-up flag on "+id+"."); ue != "" {
			t.Logf("flag %s: %s", id, ue)
			continue
		}
		if _, warm = until(2*time.Second, func(u wsUpdate) bool { return u.Kind == "FLAG_ADDED" && u.Case.Problem.ID == id }); warm {
			break
		}
	}
	if !warm {
		t.Fatalf("no warm-up flag reached the graphql-ws client\n%s", stderr.String())
	}

	start := time.Now()
	if ue := flagThrough(t, s, memberTok, "TDB-1", "Settled in a 2025 preprint; see arXiv."); ue != "" {
		t.Fatalf("flag TDB-1: %s", ue)
	}
	var kinds []string
	for len(kinds) < 2 {
		u, ok := until(time.Second-time.Since(start), func(u wsUpdate) bool { return u.Case.Problem.ID == "TDB-1" })
		if !ok {
			t.Fatalf("after %v the client printed %v for TDB-1; want CASE_OPENED and FLAG_ADDED within 1s\n%s",
				time.Since(start), kinds, stderr.String())
		}
		kinds = append(kinds, u.Kind)
	}
	took := time.Since(start)
	if kinds[0] != "CASE_OPENED" || kinds[1] != "FLAG_ADDED" {
		t.Errorf("updates for TDB-1 = %v; want [CASE_OPENED FLAG_ADDED]", kinds)
	}
	t.Logf("flag raised over HTTP reached the graphql-ws client in %v", took)
	if err := cmd.Wait(); err != nil {
		t.Errorf("graphql-ws client: %v\n%s", err, stderr.String())
	}
}
