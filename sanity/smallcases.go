// Package sanity holds the corpus's sanity checks (K09 9.3) that need no
// model: they catch a false statement before a person spends time on it,
// and never raise an evidence level or count as a review. A pass says "no
// problem was found", nothing more.
package sanity

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/sandbox"
)

// The checks' ids, as findings carry them.
const (
	CheckSmallCases = "sanity.small-cases"
	CheckSandbox    = "sanity.sandbox"
)

// Policy is the section of the corpus policy the checks apply.
const Policy = "K09 9.3.1"

// Language is what a small-case program is written in.
type Language string

// The languages a small-case program may be written in.
const (
	Python Language = "PYTHON" // Python 3; the bound is sys.argv[1]
	GP     Language = "GP"     // PARI/GP; the bound is the variable bound
)

// MaxProgram is the longest small-case program, in bytes.
const MaxProgram = 64 << 10

// SmallCases is a statement's small-case test: a program that enumerates
// instances up to Bound and prints "COUNTEREXAMPLE <witness>" on a line of
// its own when one contradicts the statement, else "NONE UP TO <N>".
type SmallCases struct {
	Language Language
	Program  string
	Bound    int // the bound the writer claims the search reaches; 0 when the program fixes its own
}

// Outcome is what a small-case run came to: its findings (one for
// sanity.small-cases, and one for sanity.sandbox when the program broke a
// rule or a bound), the counterexample when there is one, and the run.
type Outcome struct {
	Findings []gates.Finding
	Witness  string // the text after COUNTEREXAMPLE; empty when none was found
	Reached  int    // N of NONE UP TO N
	Run      sandbox.Result
}

// Counterexample says the program found an instance that contradicts the statement.
func (o Outcome) Counterexample() bool { return o.Witness != "" }

const (
	criterionSmallCases = "No instance the small-case program enumerates up to its bound contradicts the statement; the program ends and says so in its protocol."
	criterionSandbox    = "The small-case program keeps to the sandbox: no network, no writes outside its /tmp, and within its bounds of time, memory, processes and output."
	field               = "smallCases.program"
)

// Check runs sc in the sandbox under limits (zero fields: the sandbox's
// defaults, 20 s of wall-clock time at most) and reads its protocol. A
// counterexample is a FAIL; a run that breaks a sandbox rule or bound is a
// FAIL of sanity.sandbox; a crash, or output in neither form, is UNKNOWN
// (the check could not decide), never a pass. An error means the check
// could not run at all: a malformed SmallCases, or no sandbox on this
// machine (sandbox.ErrUnavailable).
func Check(ctx context.Context, sc SmallCases, limits sandbox.Limits) (Outcome, error) {
	spec, err := sc.spec()
	if err != nil {
		return Outcome{}, err
	}
	spec.Limits = limits
	run, err := sandbox.Run(ctx, spec)
	if err != nil {
		return Outcome{}, err
	}
	o := Outcome{Run: run}
	if !run.OK() && run.Stop != sandbox.Exited {
		o.add(CheckSandbox, gates.Fail, gates.Contradicts, sc.Program,
			"The program "+run.Reason()+".",
			"Make the program work offline, write only under /tmp, and stay within its bounds; search a smaller range if it needs more.")
		o.add(CheckSmallCases, gates.Unknown, gates.Insufficient, "", "The program did not finish, so no small case was decided.", "")
		return o, nil
	}
	if !run.OK() {
		o.add(CheckSmallCases, gates.Unknown, gates.Insufficient, lastLines(run.Stderr),
			"The program failed: it "+run.Reason()+".", "Fix the program so that it runs to the end and prints its verdict.")
		return o, nil
	}
	return o.read(sc, run.Stdout), nil
}

// read applies the protocol to what a run printed.
func (o Outcome) read(sc SmallCases, stdout []byte) Outcome {
	const protocol = `Print "COUNTEREXAMPLE <witness>" on a line of its own when an instance contradicts the statement, else "NONE UP TO <N>".`
	var verdicts []string
	sn := bufio.NewScanner(strings.NewReader(string(stdout)))
	sn.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sn.Scan() {
		line := strings.TrimSpace(sn.Text())
		if strings.HasPrefix(line, "COUNTEREXAMPLE") || strings.HasPrefix(line, "NONE UP TO") {
			verdicts = append(verdicts, line)
		}
	}
	switch {
	case len(verdicts) == 0:
		o.add(CheckSmallCases, gates.Unknown, gates.Insufficient, lastLines(stdout),
			"The program ended without a verdict line.", protocol)
	case len(verdicts) > 1:
		o.add(CheckSmallCases, gates.Unknown, gates.Insufficient, strings.Join(verdicts, "\n"),
			fmt.Sprintf("The program printed %d verdict lines; the protocol has one.", len(verdicts)), protocol)
	case strings.HasPrefix(verdicts[0], "COUNTEREXAMPLE"):
		w := strings.TrimSpace(strings.TrimPrefix(verdicts[0], "COUNTEREXAMPLE"))
		if w == "" {
			o.add(CheckSmallCases, gates.Unknown, gates.Insufficient, verdicts[0],
				"The program reported a counterexample without the instance.", protocol)
			break
		}
		o.Witness = w
		o.add(CheckSmallCases, gates.Fail, gates.Contradicts, verdicts[0],
			"The small-case program found an instance that contradicts the statement: "+w+".",
			"Correct the statement (or its hypotheses) so that the instance is excluded, or show that the program is wrong.")
	default:
		n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(verdicts[0], "NONE UP TO")))
		switch {
		case err != nil || n < 0:
			o.add(CheckSmallCases, gates.Unknown, gates.Insufficient, verdicts[0],
				"The program's NONE UP TO line does not end in a whole number.", protocol)
		case n < sc.Bound:
			o.add(CheckSmallCases, gates.Unknown, gates.Insufficient, verdicts[0],
				fmt.Sprintf("The program searched up to %d, short of the bound %d it was given.", n, sc.Bound),
				"Search up to the bound, or give the bound the program reaches.")
		default:
			o.Reached = n
			o.add(CheckSmallCases, gates.Pass, gates.Supports, verdicts[0],
				fmt.Sprintf("No counterexample up to %d; this finds no problem and proves nothing beyond the cases run.", n), "")
		}
	}
	return o
}

func (o *Outcome) add(check string, v gates.Verdict, ev gates.Evidence, quote, behaviour, fix string) {
	crit := criterionSmallCases
	if check == CheckSandbox {
		crit = criterionSandbox
	}
	f := gates.Finding{Check: check, Criterion: crit, Policy: Policy, Verdict: v, Evidence: ev, Behaviour: behaviour,
		Span: gates.Span{Field: field, End: len(quote), Quote: quote}}
	if check == CheckSmallCases && quote != "" {
		f.Span = gates.Span{Field: "smallCases.output", End: len(quote), Quote: quote}
	}
	if v != gates.Pass {
		f.Fix = fix
	}
	if v == gates.Fail {
		f.Consequence = "blocks merge"
	}
	o.Findings = append(o.Findings, f)
}

// spec is the sandbox run of sc.
func (sc SmallCases) spec() (sandbox.Spec, error) {
	switch {
	case strings.TrimSpace(sc.Program) == "":
		return sandbox.Spec{}, errors.New("small cases: the program is empty")
	case len(sc.Program) > MaxProgram:
		return sandbox.Spec{}, fmt.Errorf("small cases: the program is %d bytes; at most %d", len(sc.Program), MaxProgram)
	case sc.Bound < 0:
		return sandbox.Spec{}, fmt.Errorf("small cases: the bound %d is negative", sc.Bound)
	}
	bound := strconv.Itoa(sc.Bound)
	switch sc.Language {
	case Python:
		return sandbox.Spec{Argv: []string{"python3", "-I", "-S", "main.py", bound},
			Files: map[string][]byte{"main.py": []byte(sc.Program)}}, nil
	case GP:
		// recover=0: an error ends gp with a non-zero status; gp otherwise reports it and reads on,
		// so that a program whose search broke could still print its verdict line.
		return sandbox.Spec{Argv: []string{"gp", "-q", "-f", "--default", "parisizemax=268435456", "--default", "recover=0", "main.gp"},
			Files: map[string][]byte{"main.gp": []byte("bound = " + bound + ";\n" + sc.Program + "\nquit\n")}}, nil
	}
	return sandbox.Spec{}, fmt.Errorf("small cases: language %q is none of PYTHON, GP", sc.Language)
}

// lastLines is the end of a program's output, for a finding's quote.
func lastLines(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 300 {
		s = "…" + s[len(s)-300:]
	}
	return s
}
