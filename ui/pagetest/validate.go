package pagetest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// ErrNoValidator means the validator cannot run here: ui/node_modules (or
// Node itself) is missing.
var ErrNoValidator = errors.New("html validator not installed")

// validateTimeout bounds one page's validation, so that a wedged Node
// process fails the test instead of hanging it.
const validateTimeout = 2 * time.Minute

// Validate runs html-validate on page with the configuration in
// ui/validate.mjs and returns its errors. It returns an error wrapping
// ErrNoValidator when the validator is not installed.
func Validate(page []byte) ([]Violation, error) {
	return shared.validate("page.html", page)
}

// checkValidity reports the validator's errors through t, or skips the
// validator (failing instead under CI=true) when it is not installed.
func checkValidity(t testing.TB, name string, page []byte) {
	t.Helper()
	checkWith(t, &shared, name, page)
}

func checkWith(t testing.TB, v *validator, name string, page []byte) {
	t.Helper()
	vs, err := v.validate(name, page)
	switch {
	case errors.Is(err, ErrNoValidator) && os.Getenv("CI") != "true":
		t.Logf("%s: html validation skipped: %v (run make assets to install it)", name, err)
		return
	case err != nil:
		t.Errorf("%s: html validation: %v", name, err)
		return
	}
	for _, x := range vs {
		t.Errorf("%s: %s", name, x)
	}
}

// validator is one Node process running validate.mjs --serve, shared by
// the tests of a package and serving one page at a time. It ends when the
// test binary exits and its stdin closes.
type validator struct {
	mu      sync.Mutex
	started bool
	err     error // why it cannot run, once known
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Reader
	stderr  *bytes.Buffer
}

var shared validator

// uiDir returns the ui/ directory of the source tree this package is in.
func uiDir() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return ""
	}
	return filepath.Dir(filepath.Dir(file))
}

func (v *validator) start() error {
	dir := uiDir()
	script := filepath.Join(dir, "validate.mjs")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "html-validate", "package.json")); err != nil {
		return fmt.Errorf("%w: %s/node_modules/html-validate is missing", ErrNoValidator, dir)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return fmt.Errorf("%w: node is not on PATH", ErrNoValidator)
	}
	cmd := exec.Command(node, script, "--serve")
	cmd.Dir = dir
	v.stderr = new(bytes.Buffer)
	cmd.Stderr = v.stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return fmt.Errorf("start validator: %w", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("start validator: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start validator: %w", err)
	}
	v.cmd, v.in, v.out = cmd, in, bufio.NewReaderSize(out, 1<<16)
	return nil
}

type request struct {
	Name string `json:"name"`
	HTML string `json:"html"`
}

type response struct {
	Messages []struct {
		RuleID   string `json:"ruleId"`
		Severity int    `json:"severity"`
		Message  string `json:"message"`
		Line     int    `json:"line"`
		Column   int    `json:"column"`
		Selector string `json:"selector"`
	} `json:"messages"`
	Error string `json:"error"`
}

func (v *validator) validate(name string, page []byte) ([]Violation, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if !v.started {
		v.started = true
		v.err = v.start()
	}
	if v.err != nil {
		return nil, v.err
	}
	req, err := json.Marshal(request{Name: name, HTML: string(page)})
	if err != nil {
		return nil, fmt.Errorf("encode request: %w", err)
	}
	type result struct {
		line []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		if _, err := v.in.Write(append(req, '\n')); err != nil {
			done <- result{err: err}
			return
		}
		line, err := v.out.ReadBytes('\n')
		done <- result{line, err}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(validateTimeout):
		_ = v.cmd.Process.Kill()
		r = <-done
		r.err = fmt.Errorf("no answer in %v", validateTimeout)
	}
	if r.err != nil {
		v.err = fmt.Errorf("validator stopped: %v: %s", r.err, strings.TrimSpace(v.stderr.String()))
		return nil, v.err
	}
	var resp response
	if err := json.Unmarshal(r.line, &resp); err != nil {
		return nil, fmt.Errorf("decode validator answer %q: %w", r.line, err)
	}
	if resp.Error != "" {
		return nil, fmt.Errorf("validator: %s", resp.Error)
	}
	var vs []Violation
	for _, m := range resp.Messages {
		if m.Severity < 2 {
			continue
		}
		where := fmt.Sprintf("line %d:%d", m.Line, m.Column)
		if m.Selector != "" {
			where += " " + m.Selector
		}
		vs = append(vs, Violation{Rule: "html-validate/" + m.RuleID, Where: where, What: m.Message})
	}
	return vs, nil
}
