package kernel

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
)

// metamathFile is the name the database gets in the C verifier's working directory. The
// program's read command takes a path with "/" only in quotes; a plain name in quotes needs
// neither.
const metamathFile = "db.mm"

// MetamathArgs is the command line of one run of Debian's `metamath`: continuous scrolling so
// that it never waits for a key, a wide screen so that no message is wrapped, then read, verify
// every proof, and list every label with its type.
func MetamathArgs() []string {
	return []string{"metamath", "set scroll continuous", "set width 9999",
		`read "` + metamathFile + `"`, "verify proof *", "show label * /all", "exit"}
}

// MetamathReport is what the C verifier said about a database.
type MetamathReport struct {
	// Labels are the $p statements it read, in order.
	Labels []string
	// Failed holds, for each $p it found wrong, its first message.
	Failed map[string]string
	// Incomplete are the $p statements it reports as not proved (a proof with `?`).
	Incomplete map[string]bool
	// DatabaseErrors are errors it found while reading that belong to no $p statement; they
	// make every proof of the database fail.
	DatabaseErrors []string
}

// Verdicts turns the report into one Verdict per $p label.
func (r *MetamathReport) Verdicts() []Verdict {
	out := make([]Verdict, 0, len(r.Labels))
	for _, l := range r.Labels {
		v := Verdict{Label: l, Status: Pass}
		switch {
		case r.Failed[l] != "":
			v.Status, v.Reason = Fail, r.Failed[l]
		case r.Incomplete[l]:
			v.Status, v.Reason = Incomplete, "metamath: the proof is incomplete (not proved)"
		case len(r.DatabaseErrors) > 0:
			v.Status, v.Reason = Fail, "the database has errors: "+r.DatabaseErrors[0]
		}
		out = append(out, v)
	}
	return out
}

// RunMetamath checks a database with the C verifier through run (SandboxExec when nil).
func RunMetamath(ctx context.Context, run Exec, src []byte) (*MetamathReport, error) {
	if run == nil {
		run = SandboxExec
	}
	out, err := run(ctx, MetamathArgs(), map[string][]byte{metamathFile: src})
	if err != nil {
		return nil, fmt.Errorf("metamath: %w", err)
	}
	return ParseMetamath(out)
}

var (
	errorHeader = regexp.MustCompile(`^\?Error on line \d+ of file "[^"]*"(?: at statement \d+, label "([^"]*)", type "\$(.)")?`)
	caretLine   = regexp.MustCompile(`^\s*\^+\s*$`)
)

// ParseMetamath reads the output of a run of MetamathArgs. An output that does not reach the
// end of the run is an error, never a pass.
func ParseMetamath(out []byte) (*MetamathReport, error) {
	r := &MetamathReport{Failed: map[string]string{}, Incomplete: map[string]bool{}}
	var (
		section string
		block   []string // the lines of the error being read
		label   string
		kind    string
		located bool // the error names a line of the source, which it shows next
		ended   bool
	)
	flush := func() {
		if block == nil {
			return
		}
		msg := errorMessage(block, located)
		switch {
		case label != "" && kind == "p":
			if r.Failed[label] == "" {
				r.Failed[label] = msg
			}
		case label != "":
			r.DatabaseErrors = append(r.DatabaseErrors, fmt.Sprintf("statement %s: %s", label, msg))
		default:
			r.DatabaseErrors = append(r.DatabaseErrors, msg)
		}
		block, label, kind, located = nil, "", "", false
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<16), 1<<26)
	for sc.Scan() {
		line := sc.Text()
		if cmd, ok := strings.CutPrefix(line, "MM> "); ok {
			flush()
			section = strings.ToLower(strings.Fields(cmd + " x")[0])
			if section == "exit" {
				ended = true
			}
			continue
		}
		if i := strings.Index(line, "?Error"); i >= 0 {
			flush()
			line = line[i:]
			block = []string{}
			if m := errorHeader.FindStringSubmatch(line); m != nil {
				label, kind, located = m[1], m[2], true
			} else if rest := strings.TrimLeft(strings.TrimPrefix(line, "?Error"), ": "); rest != "" {
				block = append(block, rest)
			}
			continue
		}
		if strings.HasPrefix(line, "?") && !strings.HasPrefix(line, "?Warning") {
			// a one-line complaint: "?Source was not read due to error(s)", "?No source file
			// has been read in", "?End of comment not found".
			flush()
			r.DatabaseErrors = append(r.DatabaseErrors, strings.TrimPrefix(line, "?"))
			continue
		}
		if block != nil {
			if strings.TrimSpace(line) == "" {
				flush()
			} else {
				block = append(block, line)
			}
			continue
		}
		switch section {
		case "verify":
			if rest, ok := strings.CutPrefix(line, "Warning: The following $p statement(s) were not proved:"); ok {
				for _, l := range strings.Fields(rest) {
					r.Incomplete[l] = true
				}
			}
		case "show":
			f := strings.Fields(line)
			for i := 2; i < len(f); i++ {
				if f[i] == "$p" && isNumber(f[i-2]) {
					r.Labels = append(r.Labels, f[i-1])
				}
			}
		}
	}
	flush()
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("metamath output: %w", err)
	}
	if !ended {
		return nil, fmt.Errorf("metamath output ends before the run does (no exit): %q", tail(out))
	}
	return r, nil
}

// errorMessage is the text of an error block on one line. An error located in the source shows
// the source line first, which is dropped; carets under it are dropped too, and so are lines of
// dots alone: the progress bar of `verify proof *` goes on after each error, on the line that
// follows its message.
func errorMessage(block []string, located bool) string {
	if located && len(block) > 0 {
		block = block[1:]
	}
	var parts []string
	for _, l := range block {
		if l = strings.TrimSpace(l); l != "" && strings.Trim(l, ".") != "" && !caretLine.MatchString(l) {
			parts = append(parts, l)
		}
	}
	if len(parts) == 0 {
		return "metamath reports an error without a message"
	}
	return strings.Join(parts, " ")
}

func tail(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 300 {
		s = "…" + s[len(s)-300:]
	}
	return s
}

func isNumber(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
