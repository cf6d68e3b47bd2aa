package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/chromedp"
)

// chromiumPath is Debian's Chromium unless CHROMIUM names another binary.
func chromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

// browserTimeout bounds one browser test from launch to the last check.
const browserTimeout = 2 * time.Minute

// newBrowser launches a headless Chromium with a fresh profile and returns a
// context for its first tab. Without Chromium the test is skipped, unless
// CI=true, where it fails.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	exe := chromiumPath()
	if _, err := exec.LookPath(exe); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("browser tests need Chromium at %s (apt-get install chromium, or set CHROMIUM): %v", exe, err)
		}
		t.Skipf("Chromium not found at %s (apt-get install chromium, or set CHROMIUM); CI=true fails instead", exe)
	}
	profile := t.TempDir()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.UserDataDir(profile),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1280, 800),
	)
	ctx, cancelTimeout := context.WithTimeout(context.Background(), browserTimeout)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	// Cleanups run last-in first-out: the browser exits before its profile
	// directory is removed.
	t.Cleanup(func() {
		cancelBrowser()
		cancelAlloc()
		cancelTimeout()
	})
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("start Chromium at %s: %v", exe, err)
	}
	return bctx
}

// do performs browser steps and fails the test on the first error, naming
// the step.
func do(t *testing.T, ctx context.Context, step string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", step, err)
	}
}

// get runs one browser action and returns its value, failing the test on an
// error.
func get[T any](t *testing.T, ctx context.Context, step string, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatalf("%s: %v", step, err)
	}
	return v
}

// byTestID selects the first element with the data-testid.
func byTestID(id string) chromedp.CSS {
	return chromedp.CSS(fmt.Sprintf(`[data-testid=%q]`, id))
}

// text is the visible text of the first element with the data-testid.
func text(t *testing.T, ctx context.Context, testid string) string {
	t.Helper()
	return strings.TrimSpace(innerText(t, ctx, "read "+testid, byTestID(testid)))
}

// innerText waits up to 15 s for the first element the selector matches and
// returns its visible text. It reads through the page's own script rather than
// through a node id, which a navigation that has just finished (a form's
// redirect) can still invalidate between the query and the read.
func innerText(t *testing.T, ctx context.Context, step string, sel chromedp.CSS) string {
	t.Helper()
	quoted, _ := json.Marshal(string(sel)) // a JavaScript string literal
	js := fmt.Sprintf(`(() => { const el = document.querySelector(%s); return el ? [true, el.innerText] : [false, ""]; })()`, quoted)
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		r, err := chromedp.Run(ctx, chromedp.Evaluate[[]any](js))
		if err == nil && len(r) == 2 && r[0] == true {
			s, _ := r[1].(string)
			return s
		}
		if ctx.Err() != nil || time.Now().After(deadline) {
			t.Fatalf("%s: no element matches %s (last error: %v)", step, sel, err)
		}
	}
}

// doubleClick presses the mouse button twice on the element, as a person
// does: two press and release pairs, the second with a click count of 2, so
// that the page sees two clicks and then a dblclick (chromedp.DoubleClick
// sends one pair with a click count of 2, which the page sees as one click).
// The between func runs after the first click.
func doubleClick(sel chromedp.CSS, between func(context.Context) error) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := chromedp.Query(sel, chromedp.NodeVisible)(ctx, t); err != nil {
			return err
		}
		c, err := chromedp.Evaluate[struct{ X, Y float64 }](fmt.Sprintf(`(() => {
			const el = document.querySelector(%q);
			el.scrollIntoView({block: "center"});
			const b = el.getBoundingClientRect();
			return {X: b.left + b.width / 2, Y: b.top + b.height / 2};
		})()`, string(sel)))(ctx, t)
		if err != nil {
			return err
		}
		if _, err := chromedp.MouseClickXY(c.X, c.Y, chromedp.ClickCount(1))(ctx, t); err != nil {
			return err
		}
		if err := between(ctx); err != nil {
			return err
		}
		_, err = chromedp.MouseClickXY(c.X, c.Y, chromedp.ClickCount(2))(ctx, t)
		return err
	})
}

// seededSite serves a SQLite database of its own, migrated and seeded with the demo data: a copy
// of one that the first caller of the test process migrated and seeded through the binary.
func seededSite(t *testing.T) (*proc, []string) {
	t.Helper()
	env := []string{"DATABASE_URL=" + seededDB(t)}
	return serve(t, env), env
}

// seededDB returns the URL of a copy of the migrated and seeded demo database, the test's own.
func seededDB(t *testing.T) string {
	t.Helper()
	seeded.Do(func() {
		env := []string{"DATABASE_URL=sqlite:" + filepath.Join(workDir, "seeded.db")}
		if _, seeded.err = cli(t, env, "migrate"); seeded.err == nil {
			_, seeded.err = cli(t, env, "seed")
		}
	})
	if seeded.err != nil {
		t.Fatalf("migrate and seed the demo site: %v", seeded.err)
	}
	file := filepath.Join(t.TempDir(), "test.db")
	for _, suffix := range []string{"", "-wal"} {
		b, err := os.ReadFile(filepath.Join(workDir, "seeded.db"+suffix))
		if suffix != "" && errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file+suffix, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return "sqlite:" + file
}

// seeded is the demo site that seededSite copies, made once per test process.
var seeded struct {
	sync.Once
	err error
}

// createReviewer makes a reviewer account with a password, as an operator
// does from the command line.
func createReviewer(t *testing.T, env []string, handle, password string) {
	t.Helper()
	mustCLI(t, env, "admin", "account", "create", "--handle", handle, "--role", "reviewer")
	setPassword(t, env, handle, password)
}

// setPassword sets an account's password from the command line.
func setPassword(t *testing.T, env []string, handle, password string) {
	t.Helper()
	cmd := exec.Command(binary, "admin", "password", "set", "--handle", handle)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = strings.NewReader(password + "\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("theoremdb admin password set --handle %s: %v\n%s", handle, err, out)
	}
}

// signUp creates an account through the sign-up form.
func signUp(t *testing.T, ctx context.Context, base, handle, password string) {
	t.Helper()
	do(t, ctx, "sign up",
		chromedp.Navigate(base+"/signup"),
		chromedp.WaitVisible(chromedp.CSS(`#handle`)),
		chromedp.SendKeys(chromedp.CSS(`#handle`), handle),
		chromedp.SendKeys(chromedp.CSS(`#password`), password),
		chromedp.Click(byTestID("auth-form")+` button[type=submit]`),
		chromedp.WaitVisible(byTestID("nav-account")),
	)
	settle(t, ctx, "the page after signing up as "+handle, "/signup")
}

// signIn signs in through the form and waits for the signed-in header.
func signIn(t *testing.T, ctx context.Context, base, handle, password string) {
	t.Helper()
	do(t, ctx, "sign in as "+handle,
		chromedp.Navigate(base+"/signin"),
		chromedp.WaitVisible(chromedp.CSS(`#handle`)),
		chromedp.SendKeys(chromedp.CSS(`#handle`), handle),
		chromedp.SendKeys(chromedp.CSS(`#password`), password),
		chromedp.Click(byTestID("auth-form")+` button[type=submit]`),
		chromedp.WaitVisible(byTestID("nav-account")),
	)
	settle(t, ctx, "the page after signing in as "+handle, "/signin")
}

// settle waits up to 15 s until the page has finished loading away from the form at path, so that
// the next step does not query the document a redirect is about to replace (its node ids would be
// gone by the time it acts: "Could not find node with given id").
func settle(t *testing.T, ctx context.Context, step, path string) {
	t.Helper()
	js := fmt.Sprintf(`document.readyState === "complete" && location.pathname !== %q`, path)
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		done, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
		if err == nil && done {
			return
		}
		if ctx.Err() != nil || time.Now().After(deadline) {
			t.Fatalf("%s: still loading (last error: %v)", step, err)
		}
	}
}

// waitMath waits until KaTeX has rendered inside the element with the
// data-testid.
func waitMath(testid string) chromedp.Action[chromedp.Void] {
	return chromedp.WaitVisible(byTestID(testid) + ` .katex`)
}

// screenshotDir holds the screenshots, kept as test artifacts (git-ignored).
const screenshotDir = "testdata/screenshots"

// screenshot saves a PNG of the whole page as testdata/screenshots/NAME.png.
func screenshot(t *testing.T, ctx context.Context, name string) string {
	t.Helper()
	png := get(t, ctx, "screenshot "+name, chromedp.FullScreenshot(100))
	if err := os.MkdirAll(screenshotDir, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(screenshotDir, name+".png")
	if err := os.WriteFile(p, png, 0o644); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Errorf("screenshot %s is not a PNG", p)
	}
	return p
}

// overflow reports how far the page is wider than the viewport, and the
// widest elements that stick out, to name the culprit in a failure.
func overflow(t *testing.T, ctx context.Context) (excess int, culprits []string) {
	t.Helper()
	type measure struct {
		Scroll, Inner int
		Culprits      []string
	}
	r := get(t, ctx, "measure overflow", chromedp.Evaluate[measure](`(() => {
		const inner = window.innerWidth;
		const out = [];
		for (const el of document.querySelectorAll("body *")) {
			const b = el.getBoundingClientRect();
			if (b.right > inner + 0.5 && out.length < 5) {
				const id = el.getAttribute("data-testid") || el.id || el.className || "";
				out.push(el.tagName.toLowerCase() + (id ? "[" + id + "]" : "") + " right=" + Math.round(b.right));
			}
		}
		return {Scroll: document.documentElement.scrollWidth, Inner: inner, Culprits: out};
	})()`))
	return r.Scroll - r.Inner, r.Culprits
}

// heldResponses holds the browser's responses to requests for one URL
// until released: the server has answered, but the page has not seen it,
// as on a slow connection.
type heldResponses struct {
	paused chan fetch.RequestID
	held   []fetch.RequestID
	cancel context.CancelFunc
}

// holdResponses starts holding the responses for the URL.
func holdResponses(t *testing.T, ctx context.Context, url string) *heldResponses {
	t.Helper()
	ectx, cancel := context.WithCancel(ctx)
	h := &heldResponses{paused: make(chan fetch.RequestID, 16), cancel: cancel}
	events := chromedp.Events(ectx, fetch.RequestPaused)
	go func() {
		for ev, err := range events {
			if err != nil {
				return
			}
			h.paused <- ev.RequestID
		}
	}()
	_, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{
		{URLPattern: url, RequestStage: fetch.RequestStageResponse}}})
	if err != nil {
		cancel()
		t.Fatalf("hold responses for %s: %v", url, err)
	}
	t.Cleanup(cancel)
	return h
}

// next waits until the server has answered one more request.
func (h *heldResponses) next(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	select {
	case id := <-h.paused:
		h.held = append(h.held, id)
		return nil
	case <-ctx.Done():
		return fmt.Errorf("no response came after %d: %w", len(h.held), ctx.Err())
	}
}

// release lets the held responses through and stops holding. A response
// whose navigation the page has since replaced is gone, so its error is
// ignored.
func (h *heldResponses) release(t *testing.T, ctx context.Context) {
	t.Helper()
	for _, id := range h.held {
		_, _ = chromedp.Call(ctx, fetch.ContinueResponse, fetch.ContinueResponseParams{RequestID: id})
	}
	if _, err := chromedp.Call(ctx, fetch.Disable, cdp.Empty{}); err != nil {
		t.Fatalf("stop holding responses: %v", err)
	}
	h.cancel()
}
