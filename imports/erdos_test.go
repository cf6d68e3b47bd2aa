package imports

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestParseErdos(t *testing.T) {
	t.Parallel()
	day := func(s string) time.Time {
		d, err := time.Parse(time.DateOnly, s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	tests := []struct {
		name       string
		src        string
		want       []ErdosProblem
		wantIssues []Issue
	}{
		{
			name: "well formed",
			src: `# a comment
- number: "1"
  prize: "$500"
  status:
    state: "open"
    last_update: "2025-08-31"
  oeis: ["A276661", "N/A"]
  tags: ["number theory", "additive combinatorics"]

- number: "2"
  prize: "no"
  informal_status:
    state: "disproved"
    last_update: "2025-08-31"
  comments: "covering systems"
`,
			want: []ErdosProblem{
				{Number: "1", Prize: "$500", Status: ErdosStatus{State: "open", LastUpdate: day("2025-08-31")},
					OEIS: []string{"A276661"}, Tags: []string{"number theory", "additive combinatorics"},
					Loc: Location{"p.yaml", 2}},
				{Number: "2", Status: ErdosStatus{State: "disproved", LastUpdate: day("2025-08-31")},
					Comments: "covering systems", Loc: Location{"p.yaml", 10}},
			},
		},
		{
			name: "malformed entries are skipped with their lines",
			src: `- number: "1"
  status: {state: "open"}
- number: "2"
  colour: "blue"
- number: "3"
  status: {state: "open", last_update: "yesterday"}
- number: "4"
  status: [unclosed
- number: "x5"
  status: {state: "open"}
- prize: "$10"
- number: "6"
  status: {state: "open"}
  oeis: ["B12"]
- number: "1"
  status: {state: "proved"}
- number: "7"
`,
			want: []ErdosProblem{{Number: "1", Status: ErdosStatus{State: "open"}, Loc: Location{"p.yaml", 1}}},
			wantIssues: []Issue{
				{Location{"p.yaml", 3}, "malformed entry: [2:3] unknown field \"colour\""},
				{Location{"p.yaml", 5}, `problem 3: status last_update "yesterday": want a date such as 2025-08-31`},
				{Location{"p.yaml", 7}, "malformed entry: [2:11] sequence end token ']' not found"},
				{Location{"p.yaml", 9}, `number "x5": want digits`},
				{Location{"p.yaml", 11}, "entry without a number"},
				{Location{"p.yaml", 12}, `problem 6: OEIS "B12": want an A-number such as A000045`},
				{Location{"p.yaml", 15}, "problem 1 repeats the entry at line 1"},
				{Location{"p.yaml", 17}, "problem 7: no status state"},
			},
		},
		{
			name:       "not a list",
			src:        "number: 1\n",
			wantIssues: []Issue{{Location{"p.yaml", 1}, `text before the first entry: want a list of entries starting with "- "`}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, issues := ParseErdos("p.yaml", []byte(tt.src))
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("ParseErdos() mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantIssues, issues, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("ParseErdos() issues mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestErdosStatusOpen(t *testing.T) {
	t.Parallel()
	for state, want := range map[string]bool{"open": true, "open (Lean)": true, "falsifiable": true, "decidable": true,
		"verifiable": true, "proved": false, "disproved (Lean)": false, "solved": false, "independent": false, "not provable": false} {
		if got := (ErdosStatus{State: state}).Open(); got != want {
			t.Errorf("ErdosStatus{%q}.Open() = %v; want %v", state, got, want)
		}
	}
}
