package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/live/livetest"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/server"
	"github.com/theoremdb/theoremdb/throttle"
)

// TestBehindNginx runs the server behind a real nginx (Debian's), reached by two clients from
// two addresses. With nginx's network trusted (THEOREMDB_TRUSTED_PROXIES), one client that uses
// up its allowance of refused requests is answered 429 while the other is still served; with
// nothing trusted, every client is the proxy's one address and one client's refusals refuse
// the other, which is what trusting the proxy fixes. A client's own X-Forwarded-For naming the
// other changes nothing.
func TestBehindNginx(t *testing.T) {
	t.Parallel()
	bin := nginxBinary(t)
	for _, c := range []struct {
		name       string
		trusted    string
		otherFirst bool // the other client is still served
	}{
		{"trusted proxy", "127.0.0.1/32", true},
		{"no proxy trusted", "", false},
	} {
		t.Run(strings.ReplaceAll(c.name, " ", "_"), func(t *testing.T) {
			proxies, err := throttle.ParseProxies(c.trusted)
			if err != nil {
				t.Fatal(err)
			}
			d := dbtest.Open(t, "sqlite3")
			svc := policy.New(d, policy.Config{})
			srv := httptest.NewServer(server.New(svc, livetest.Start(t, svc.Client()), quiet,
				server.WithLimits(throttle.Limits{RefusalsPerMinute: 0.001, RefusalBurst: 2, Proxies: proxies})))
			t.Cleanup(srv.Close)
			front := startNginx(t, bin, strings.TrimPrefix(srv.URL, "http://"))

			alice, bob := clientFrom(t, "127.0.0.2"), clientFrom(t, "127.0.0.3")
			bomb := `query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }`
			for i := range 3 {
				code, _ := postGraphQL(t, alice, front, bomb, map[string]string{"X-Forwarded-For": "127.0.0.3"})
				if i < 2 && code == http.StatusTooManyRequests {
					t.Fatalf("alice's refusal %d was already 429", i+1)
				}
			}
			if code, _ := postGraphQL(t, alice, front, `{ __typename }`, nil); code != http.StatusTooManyRequests {
				t.Errorf("alice after her refusals: %d; want 429", code)
			}
			code, body := postGraphQL(t, bob, front, `{ __typename }`, nil)
			if served := code == http.StatusOK; served != c.otherFirst {
				t.Errorf("bob, another client through the same proxy: %d %s; want served %v", code, body, c.otherFirst)
			}
		})
	}
}

// nginxBinary is Debian's nginx (apt-get install nginx-light); without it the test is skipped,
// or fails under CI=true.
func nginxBinary(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"nginx", "/usr/sbin/nginx"} {
		if bin, err := exec.LookPath(p); err == nil {
			return bin
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("nginx is required in CI: apt-get install nginx-light")
	}
	t.Skip("nginx not installed (apt-get install nginx-light); skipping the reverse-proxy test")
	return ""
}

// startNginx runs nginx unprivileged in the foreground on a free port of 127.0.0.1, proxying to
// upstream as a reverse proxy is configured for TheoremDB, and returns its address.
func startNginx(t *testing.T, bin, upstream string) string {
	t.Helper()
	dir := t.TempDir()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	conf := fmt.Sprintf(`daemon off;
master_process off;
worker_processes 1;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path %[1]s/body;
  proxy_temp_path %[1]s/proxy;
  fastcgi_temp_path %[1]s/fastcgi;
  uwsgi_temp_path %[1]s/uwsgi;
  scgi_temp_path %[1]s/scgi;
  server {
    listen %[2]s;
    location / {
      proxy_pass http://%[3]s;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`, dir, addr, upstream)
	path := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(path, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "-p", dir, "-c", path, "-e", filepath.Join(dir, "error.log"))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatalf("start nginx: %v", err)
	}
	t.Cleanup(func() { cancel(); _ = cmd.Wait() })
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			c.Close()
			return "http://" + addr
		}
		if time.Now().After(deadline) {
			log, _ := os.ReadFile(filepath.Join(dir, "error.log"))
			t.Fatalf("nginx did not listen on %s: %s %s", addr, out.String(), log)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// clientFrom is an HTTP client whose connections come from the loopback address ip.
func clientFrom(t *testing.T, ip string) *http.Client {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	return &http.Client{Timeout: 20 * time.Second, Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}}
}

func postGraphQL(t *testing.T, c *http.Client, base, query string, header map[string]string) (int, string) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query})
	req, _ := http.NewRequest(http.MethodPost, base+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}
