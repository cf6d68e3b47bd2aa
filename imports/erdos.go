package imports

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/goccy/go-yaml"
)

// ErdosProblem is one entry of the Erdős problems database.
type ErdosProblem struct {
	// Number is the problem's number on erdosproblems.com, as written.
	Number string
	// Prize is the prize Erdős offered, as written ("$500"); empty for "no".
	Prize string
	// Status is the derived status: its state ("open", "proved (Lean)")
	// and the date it was last updated.
	Status ErdosStatus
	// OEIS are the A-numbers of related sequences.
	OEIS     []string
	Tags     []string
	Comments string
	Loc      Location
}

// ErdosStatus is a state with the date it was last updated.
type ErdosStatus struct {
	State      string
	LastUpdate time.Time
	Note       string
}

// Open reports whether the state says the problem is unsolved. The database
// calls a problem that a finite computation could settle falsifiable,
// verifiable or decidable; those are still open. A " (Lean)" suffix only
// says the state is formalised.
func (s ErdosStatus) Open() bool {
	switch strings.TrimSuffix(s.State, " (Lean)") {
	case "open", "falsifiable", "verifiable", "decidable":
		return true
	}
	return false
}

// erdosEntry is the YAML shape of an entry (problems.schema.json); unknown
// fields are refused, as the schema does.
type erdosEntry struct {
	Number         *string      `yaml:"number"`
	Prize          string       `yaml:"prize"`
	InformalStatus *erdosState  `yaml:"informal_status"`
	FormalStatus   *erdosFormal `yaml:"formal_status"`
	Status         *erdosState  `yaml:"status"`
	OEIS           []string     `yaml:"oeis"`
	Formalized     *erdosState  `yaml:"formalized"`
	Comments       string       `yaml:"comments"`
	Tags           []string     `yaml:"tags"`
}

type erdosState struct {
	State      string `yaml:"state"`
	LastUpdate string `yaml:"last_update"`
	Note       string `yaml:"note"`
}

type erdosFormal struct {
	State      string `yaml:"state"`
	LastUpdate string `yaml:"last_update"`
	URL        string `yaml:"url"`
	Note       string `yaml:"note"`
}

var (
	erdosNumberRe = regexp.MustCompile(`^[0-9][0-9-]*$`)
	oeisRe        = regexp.MustCompile(`^A[0-9]{6}$`)
	// oeisNotes are the words the database writes where no sequence is
	// known yet; they cite nothing.
	oeisNotes = map[string]bool{"n/a": true, "possible": true, "in progress": true, "none": true, "": true}
)

// ParseErdos reads problems.yaml. Each top-level "- " item is decoded on
// its own, so a malformed entry (bad YAML, an unknown field, a bad number,
// date or OEIS A-number, a repeated number) is reported with its line and
// skipped while the others are kept.
func ParseErdos(name string, data []byte) ([]ErdosProblem, []Issue) {
	var (
		out    []ErdosProblem
		issues []Issue
		seen   = map[string]int{}
	)
	for _, c := range erdosChunks(data) {
		loc := Location{name, c.line}
		if c.header {
			if hasContent(c.text) {
				issues = append(issues, Issue{loc, "text before the first entry: want a list of entries starting with \"- \""})
			}
			continue
		}
		var entries []erdosEntry
		if err := yaml.UnmarshalWithOptions(c.text, &entries, yaml.Strict()); err != nil {
			issues = append(issues, Issue{loc, "malformed entry: " + firstLine(err.Error())})
			continue
		}
		if len(entries) != 1 {
			issues = append(issues, Issue{loc, fmt.Sprintf("want one entry, found %d", len(entries))})
			continue
		}
		p, err := entries[0].problem(loc)
		if err != nil {
			issues = append(issues, Issue{loc, err.Error()})
			continue
		}
		if prev, dup := seen[p.Number]; dup {
			issues = append(issues, Issue{loc, fmt.Sprintf("problem %s repeats the entry at line %d", p.Number, prev)})
			continue
		}
		seen[p.Number] = loc.Line
		out = append(out, p)
	}
	return out, issues
}

func (e erdosEntry) problem(loc Location) (ErdosProblem, error) {
	if e.Number == nil || strings.TrimSpace(*e.Number) == "" {
		return ErdosProblem{}, fmt.Errorf("entry without a number")
	}
	p := ErdosProblem{Number: strings.TrimSpace(*e.Number), Comments: strings.TrimSpace(e.Comments), Loc: loc}
	if !erdosNumberRe.MatchString(p.Number) {
		return ErdosProblem{}, fmt.Errorf("number %q: want digits", p.Number)
	}
	if prize := strings.TrimSpace(e.Prize); prize != "" && !strings.EqualFold(prize, "no") {
		p.Prize = prize
	}
	st := e.Status
	if st == nil {
		st = e.InformalStatus
	}
	if st == nil || strings.TrimSpace(st.State) == "" {
		return ErdosProblem{}, fmt.Errorf("problem %s: no status state", p.Number)
	}
	p.Status = ErdosStatus{State: strings.TrimSpace(st.State), Note: strings.TrimSpace(st.Note)}
	if st.LastUpdate != "" {
		d, err := time.Parse(time.DateOnly, st.LastUpdate)
		if err != nil {
			return ErdosProblem{}, fmt.Errorf("problem %s: status last_update %q: want a date such as 2025-08-31", p.Number, st.LastUpdate)
		}
		p.Status.LastUpdate = d
	}
	for _, a := range e.OEIS {
		a = strings.TrimSpace(a)
		switch {
		case oeisRe.MatchString(a):
			p.OEIS = append(p.OEIS, a)
		case !oeisNotes[strings.ToLower(a)]:
			return ErdosProblem{}, fmt.Errorf("problem %s: OEIS %q: want an A-number such as A000045", p.Number, a)
		}
	}
	for _, t := range e.Tags {
		if t = strings.TrimSpace(t); t != "" {
			p.Tags = append(p.Tags, t)
		}
	}
	return p, nil
}

// chunk is the text of one top-level list item, or of what precedes the
// first one, with the line it starts on.
type chunk struct {
	text   []byte
	line   int
	header bool
}

// erdosChunks splits a YAML list into its top-level items at lines that
// start with "- " in the first column.
func erdosChunks(data []byte) []chunk {
	var out []chunk
	cur := chunk{line: 1, header: true}
	line := 1
	for len(data) > 0 {
		l := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l = data[:i+1]
		}
		if bytes.HasPrefix(l, []byte("- ")) || bytes.Equal(bytes.TrimRight(l, "\r\n"), []byte("-")) {
			out = append(out, cur)
			cur = chunk{line: line}
		}
		cur.text = append(cur.text, l...)
		data = data[len(l):]
		line++
	}
	return append(out, cur)
}

// hasContent reports whether YAML text has anything but blank lines,
// comments and a document marker.
func hasContent(b []byte) bool {
	for _, l := range strings.Split(string(b), "\n") {
		t := strings.TrimSpace(l)
		if t != "" && !strings.HasPrefix(t, "#") && t != "---" {
			return true
		}
	}
	return false
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}
