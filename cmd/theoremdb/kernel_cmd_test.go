package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/kernel"
	"github.com/theoremdb/theoremdb/sandbox"
)

// useKernelExec runs the C verifier in the sandbox where the machine has one (always under
// CI=true), else directly.
func useKernelExec(t *testing.T) {
	t.Helper()
	ci := os.Getenv("CI") == "true"
	if _, err := exec.LookPath("metamath"); err != nil {
		if ci {
			t.Fatalf("Debian's metamath is not installed: %v", err)
		}
		t.Skip("Debian's metamath is not installed")
	}
	if err := sandbox.Available(); err != nil {
		if ci {
			t.Fatal(err)
		}
		old := kernelExec
		kernelExec = kernel.DirectExec(time.Minute)
		t.Cleanup(func() { kernelExec = old })
	}
}

// TestKernelCheckCommand: `theoremdb kernel check` passes a good database with a summary and
// exit status 0, and fails a broken one, naming the label, both verdicts and the reason, in
// the human report and in JSON lines.
func TestKernelCheckCommand(t *testing.T) {
	useKernelExec(t)
	ctx := context.Background()
	testdata := filepath.Join("..", "..", "kernel", "testdata")
	var out, errs bytes.Buffer
	if err := runKernel(ctx, []string{"check", filepath.Join(testdata, "good", "compressed.mm")}, &out, &errs); err != nil {
		t.Fatalf("kernel check good: %v\n%s", err, errs.String())
	}
	for _, want := range []string{"2 proofs", "metamath  2     0     0", "second    2     0     0", "disagreements: 0", "every proof passes both checkers"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("kernel check good printed\n%s\nwant %q", out.String(), want)
		}
	}

	broken := filepath.Join(testdata, "broken", "missing-dv.mm")
	out.Reset()
	err := runKernel(ctx, []string{"check", broken}, &out, &errs)
	if err == nil || !strings.Contains(err.Error(), "1 of 2 proofs fail or the checkers disagree") {
		t.Errorf("kernel check broken = %v; want a failure", err)
	}
	if !strings.Contains(out.String(), "th1 (line 16)  metamath: fail  second: fail") || !strings.Contains(out.String(), "$d x y must hold here") {
		t.Errorf("kernel check broken printed\n%s", out.String())
	}

	out.Reset()
	if err := runKernel(ctx, []string{"check", "--json", broken}, &out, &errs); err == nil {
		t.Error("kernel check --json broken = nil error; want a failure")
	}
	var lines []kernelLine
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var kl kernelLine
		if err := json.Unmarshal([]byte(l), &kl); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		lines = append(lines, kl)
	}
	want := []kernelLine{{Label: "th0", Metamath: "pass", Second: "pass", Agree: true}, {Label: "th1", Metamath: "fail", Second: "fail", Agree: true}}
	if len(lines) != 2 {
		t.Fatalf("kernel check --json printed %d lines; want 2:\n%s", len(lines), out.String())
	}
	for i := range want {
		got := lines[i]
		got.Reason = ""
		if got != want[i] {
			t.Errorf("line %d = %+v; want %+v", i, lines[i], want[i])
		}
	}
	if !strings.Contains(lines[1].Reason, "disjoint variable") || !strings.Contains(lines[1].Reason, "second checker: step 4") {
		t.Errorf("th1's reason = %q; want both checkers' reasons", lines[1].Reason)
	}

	if err := runKernel(ctx, []string{"check"}, &out, &errs); err == nil || !strings.Contains(err.Error(), "usage") {
		t.Errorf("kernel check with no file = %v; want the usage", err)
	}
}
