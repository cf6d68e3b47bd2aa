package sanity_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/sandbox"
	"github.com/theoremdb/theoremdb/sanity"
)

func need(t *testing.T) {
	t.Helper()
	if err := sandbox.Available(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
}

// verdicts is each finding's check and verdict, in order.
func verdicts(o sanity.Outcome) string {
	var b strings.Builder
	for _, f := range o.Findings {
		b.WriteString(f.Check + "=" + string(f.Verdict) + " ")
	}
	return strings.TrimSpace(b.String())
}

func TestSmallCases(t *testing.T) {
	t.Parallel()
	need(t)
	const (
		// n^2 + n + 41 is prime for n = 0..39 and not for n = 40: a false "for every n".
		eulerPy = "import sys\nN = int(sys.argv[1])\nprime = lambda m: m > 1 and all(m % d for d in range(2, int(m**0.5) + 1))\n" +
			"for n in range(N + 1):\n    if not prime(n*n + n + 41):\n        print('COUNTEREXAMPLE n =', n)\n        break\nelse:\n    print('NONE UP TO', N)\n"
		eulerGP    = "for(n = 0, bound, if(!isprime(n^2 + n + 41), print(\"COUNTEREXAMPLE n = \", n); quit));\nprint(\"NONE UP TO \", bound);"
		goldbachGP = "for(k = 2, bound / 2, n = 2*k; ok = 0; forprime(p = 2, n / 2, if(isprime(n - p), ok = 1; break)); " +
			"if(!ok, print(\"COUNTEREXAMPLE \", n); quit));\nprint(\"NONE UP TO \", bound);"
	)
	for _, tt := range []struct {
		name    string
		sc      sanity.SmallCases
		limits  sandbox.Limits
		want    string
		witness string
		quote   string
	}{
		{"a false statement, Python", sanity.SmallCases{Language: sanity.Python, Program: eulerPy, Bound: 100}, sandbox.Limits{},
			"sanity.small-cases=FAIL", "n = 40", "COUNTEREXAMPLE n = 40"},
		{"a false statement, PARI/GP", sanity.SmallCases{Language: sanity.GP, Program: eulerGP, Bound: 100}, sandbox.Limits{},
			"sanity.small-cases=FAIL", "n = 40", "COUNTEREXAMPLE n = 40"},
		{"the same search short of the counterexample", sanity.SmallCases{Language: sanity.Python, Program: eulerPy, Bound: 39}, sandbox.Limits{},
			"sanity.small-cases=PASS", "", "NONE UP TO 39"},
		{"Goldbach up to 10,000, PARI/GP", sanity.SmallCases{Language: sanity.GP, Program: goldbachGP, Bound: 10000}, sandbox.Limits{},
			"sanity.small-cases=PASS", "", "NONE UP TO 10000"},
		{"no verdict line", sanity.SmallCases{Language: sanity.Python, Program: "print('all good')\n", Bound: 5}, sandbox.Limits{},
			"sanity.small-cases=UNKNOWN", "", "all good"},
		{"two verdict lines", sanity.SmallCases{Language: sanity.Python, Program: "print('NONE UP TO 5')\nprint('COUNTEREXAMPLE 3')\n", Bound: 5},
			sandbox.Limits{}, "sanity.small-cases=UNKNOWN", "", "NONE UP TO 5\nCOUNTEREXAMPLE 3"},
		{"short of its bound", sanity.SmallCases{Language: sanity.Python, Program: "print('NONE UP TO 10')\n", Bound: 1000}, sandbox.Limits{},
			"sanity.small-cases=UNKNOWN", "", "NONE UP TO 10"},
		{"a counterexample without the instance", sanity.SmallCases{Language: sanity.Python, Program: "print('COUNTEREXAMPLE')\n"},
			sandbox.Limits{}, "sanity.small-cases=UNKNOWN", "", "COUNTEREXAMPLE"},
		{"a crash", sanity.SmallCases{Language: sanity.Python, Program: "print('NONE UP TO 5')\n1/0\n", Bound: 5}, sandbox.Limits{},
			"sanity.small-cases=UNKNOWN", "", "ZeroDivisionError: division by zero"},
		{"reaches for the network", sanity.SmallCases{Language: sanity.Python,
			Program: "import socket\nsocket.create_connection(('1.1.1.1', 443), timeout=3)\nprint('NONE UP TO 1')\n"},
			sandbox.Limits{}, "sanity.sandbox=FAIL sanity.small-cases=UNKNOWN", "", ""},
		{"sleeps past its bound", sanity.SmallCases{Language: sanity.Python, Program: "import time\ntime.sleep(30)\nprint('NONE UP TO 1')\n"},
			sandbox.Limits{Wall: time.Second}, "sanity.sandbox=FAIL sanity.small-cases=UNKNOWN", "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			o, err := sanity.Check(context.Background(), tt.sc, tt.limits)
			if err != nil {
				t.Fatal(err)
			}
			if got := verdicts(o); got != tt.want || o.Witness != tt.witness {
				t.Fatalf("findings %q, witness %q; want %q, %q (run: %s)", got, o.Witness, tt.want, tt.witness, o.Run.Reason())
			}
			f := o.Findings[len(o.Findings)-1]
			if tt.quote != "" && !strings.Contains(f.Span.Quote, tt.quote) {
				t.Errorf("quote %q; want it to hold %q", f.Span.Quote, tt.quote)
			}
			if f.Verdict != gates.Pass && f.Verdict != gates.Fail && f.Fix == "" && o.Findings[0].Fix == "" {
				t.Errorf("a %s finding without a fix: %+v", f.Verdict, f)
			}
			if o.Counterexample() != (tt.witness != "") {
				t.Errorf("Counterexample() = %v", o.Counterexample())
			}
		})
	}
}

func TestSmallCasesBadInput(t *testing.T) {
	t.Parallel()
	for _, sc := range []sanity.SmallCases{
		{Language: sanity.Python, Program: "  \n"},
		{Language: "RUBY", Program: "puts 1"},
		{Language: sanity.Python, Program: "print(1)", Bound: -1},
		{Language: sanity.Python, Program: strings.Repeat("#", sanity.MaxProgram+1)},
	} {
		if _, err := sanity.Check(context.Background(), sc, sandbox.Limits{}); err == nil {
			t.Errorf("Check(%q, %.20q, %d) = nil error", sc.Language, sc.Program, sc.Bound)
		}
	}
}
