package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	binary  string
	workDir string // the test process's own files, removed when it ends
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "theoremdb-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	workDir, binary = dir, filepath.Join(dir, "theoremdb")
	build := exec.Command("go", "build", "-o", binary, "../cmd/theoremdb")
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "build theoremdb:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// cli runs the binary to completion and returns its stdout.
func cli(t testing.TB, env []string, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err != nil {
		err = fmt.Errorf("theoremdb %s: %w\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String(), err
}

func mustCLI(t testing.TB, env []string, args ...string) string {
	t.Helper()
	out, err := cli(t, env, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// proc is a running `theoremdb serve`.
type proc struct {
	URL  string
	cmd  *exec.Cmd
	done chan error
	mu   sync.Mutex
	logs bytes.Buffer
}

var servingRe = regexp.MustCompile(`msg=serving addr=(\S+)`)

// serve starts the binary on a free port and waits until it answers.
func serve(t testing.TB, env []string, args ...string) *proc {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &proc{cmd: cmd, done: make(chan error, 1)}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			s.mu.Lock()
			s.logs.WriteString(line + "\n")
			s.mu.Unlock()
			if m := servingRe.FindStringSubmatch(line); m != nil {
				addr <- m[1]
			}
		}
	}()
	go func() { s.done <- cmd.Wait() }()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			<-s.done
		}
		if t.Failed() {
			t.Logf("server log:\n%s", s.Logs())
		}
	})
	select {
	case a := <-addr:
		s.URL = "http://" + a
	case err := <-s.done:
		t.Fatalf("theoremdb serve exited: %v\n%s", err, s.Logs())
	case <-time.After(30 * time.Second):
		t.Fatalf("theoremdb serve did not start\n%s", s.Logs())
	}
	return s
}

func (s *proc) Logs() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.logs.String()
}

// stop sends SIGTERM and returns the exit error.
func (s *proc) stop(t testing.TB) error {
	t.Helper()
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.done:
		return err
	case <-time.After(45 * time.Second):
		t.Fatal("theoremdb serve did not stop within 45s of SIGTERM")
	}
	return nil
}

type gqlResult struct {
	Data   map[string]any `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
}

func (s *proc) graphql(t testing.TB, token, query string, vars map[string]any) gqlResult {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var r gqlResult
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatalf("response %d %s: %v", resp.StatusCode, b, err)
	}
	return r
}

// path digs into decoded JSON: path(m, "problem", "state").
func path(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}
