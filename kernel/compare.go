package kernel

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Row is one $p label as both checkers saw it.
type Row struct {
	Label    string
	Metamath Verdict // Debian's C verifier
	Second   Verdict // this package's verifier
	// Agree says whether both reached the same verdict.
	Agree bool
}

// OK says both checkers passed the proof.
func (r Row) OK() bool { return r.Agree && r.Metamath.Status == Pass }

// Reason says, for a person, why the row is not a pass for both, or "".
func (r Row) Reason() string {
	m, s := r.Metamath, r.Second
	switch {
	case m.Status == Pass && s.Status == Pass:
		return ""
	case m.Status == Pass:
		return "the checkers disagree: metamath passes it; the second checker: " + s.Reason
	case s.Status == Pass:
		return "the checkers disagree: the second checker passes it; metamath: " + m.Reason
	case !r.Agree:
		return fmt.Sprintf("the checkers disagree: metamath says %s (%s); the second checker says %s (%s)", m.Status, m.Reason, s.Status, s.Reason)
	}
	return "second checker: " + s.Reason + "; metamath: " + m.Reason
}

// Comparison is a database checked by both checkers.
type Comparison struct {
	Rows []Row
	// MetamathErr and SecondErr say why a checker produced no verdicts of its own (it could not
	// run, or the database does not parse); its column then fails every row with that reason.
	MetamathErr, SecondErr error
}

// Failed counts rows that are not a pass for both checkers.
func (c *Comparison) Failed() int {
	n := 0
	for _, r := range c.Rows {
		if !r.OK() {
			n++
		}
	}
	return n
}

// Disagreements counts rows where the checkers differ.
func (c *Comparison) Disagreements() int {
	n := 0
	for _, r := range c.Rows {
		if !r.Agree {
			n++
		}
	}
	return n
}

// ErrNoProofs says a database holds no $p statement, so neither checker proved anything.
var ErrNoProofs = errors.New("the database holds no $p statement: there is nothing to check")

// Compare checks src with both checkers and joins their verdicts per $p label, in the order of
// the source. run executes the C verifier (SandboxExec when nil).
func Compare(ctx context.Context, run Exec, src []byte) (*Comparison, error) {
	c := &Comparison{}
	var second []Verdict
	if rep, err := Check(src, 0); err != nil {
		c.SecondErr = err
	} else {
		second = rep.Verdicts
	}
	var first []Verdict
	if mm, err := RunMetamath(ctx, run, src); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		c.MetamathErr = err
	} else if len(mm.Labels) == 0 && len(mm.DatabaseErrors) > 0 {
		c.MetamathErr = fmt.Errorf("metamath could not read the database: %s", strings.Join(mm.DatabaseErrors, "; "))
	} else {
		first = mm.Verdicts()
	}
	c.Rows = join(first, second, c.MetamathErr, c.SecondErr)
	if len(c.Rows) == 0 && c.MetamathErr == nil && c.SecondErr == nil {
		return c, ErrNoProofs
	}
	return c, nil
}

// join pairs the verdicts by label; a label one checker lacks fails in its column.
func join(first, second []Verdict, firstErr, secondErr error) []Row {
	byLabel := map[string]int{}
	var rows []Row
	row := func(label string) *Row {
		i, ok := byLabel[label]
		if !ok {
			i = len(rows)
			byLabel[label] = i
			rows = append(rows, Row{Label: label})
		}
		return &rows[i]
	}
	for _, v := range second {
		row(v.Label).Second = v
	}
	for _, v := range first {
		row(v.Label).Metamath = v
	}
	for i := range rows {
		r := &rows[i]
		if r.Metamath.Label == "" {
			r.Metamath = missing(r.Label, firstErr, "metamath")
		}
		if r.Second.Label == "" {
			r.Second = missing(r.Label, secondErr, "the second checker")
		}
		r.Agree = verdictClass(r.Metamath.Status) == verdictClass(r.Second.Status)
	}
	return rows
}

func missing(label string, err error, who string) Verdict {
	if err != nil {
		return Verdict{Label: label, Status: Fail, Reason: err.Error()}
	}
	return Verdict{Label: label, Status: Fail, Reason: who + " found no $p statement " + label}
}

// verdictClass is what agreement compares: a pass, or not a pass. An incomplete proof and a
// wrong one both prove nothing.
func verdictClass(s Status) bool { return s == Pass }
