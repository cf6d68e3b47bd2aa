package policy

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/records"
)

// Limits on submitted content, in characters or items. They are generous for
// real problems and stop abuse; GraphQL and pages show them in errors.
const (
	MaxTitle           = 200
	MaxStatement       = 20000
	MaxExposition      = 50
	MaxExpositionBody  = 10000
	MaxTerm            = 200
	MaxCriterion       = 5000
	MaxAcceptancePart  = 2000
	MaxProvenancePart  = 1000
	MaxReferences      = 100
	MaxIdentifier      = 2000
	MaxCitation        = 1000
	MaxLocator         = 200
	MaxAuthors         = 50
	MaxAuthorName      = 200
	MaxRelevance       = 2000
	MaxSearchItems     = 50
	MaxSearchItem      = 500
	MaxCoverage        = 5000
	MaxHeroBrief       = 5000
	MaxHeroPart        = 1000
	MaxRevisionNote    = 1000
	MaxNoteSection     = 10000
	MaxRevisionRequest = 1000
	MaxRevisionReqs    = 20
	MaxIdempotencyKey  = 200
	MaxTags            = 12
	MaxTag             = 60
)

// normaliseTags lower-cases, trims and de-duplicates tags, keeping their
// order, and reports the ones that are empty, too long or hold characters
// a single-line field may not (checked as given, so the position in the
// message is the one the caller typed).
func normaliseTags(in []string) ([]string, []FieldError) {
	var (
		out  []string
		errs []FieldError
		seen = map[string]bool{}
	)
	if len(in) > MaxTags {
		errs = append(errs, FieldError{Field: []string{"tags"}, Code: CodeTooLong,
			Message: fmt.Sprintf("has %d tags; the limit is %d", len(in), MaxTags)})
	}
	for i, t := range in {
		fault := textFault(t, singleLine)
		t = strings.Join(strings.Fields(strings.ToLower(t)), " ")
		switch n := len([]rune(t)); {
		case n == 0:
			errs = append(errs, FieldError{Field: []string{"tags", strconv.Itoa(i)}, Code: CodeRequired, Message: "is empty"})
		case fault != "":
			errs = append(errs, FieldError{Field: []string{"tags", strconv.Itoa(i)}, Code: CodeInvalid, Message: fault})
		case n > MaxTag:
			errs = append(errs, FieldError{Field: []string{"tags", strconv.Itoa(i)}, Code: CodeTooLong,
				Message: fmt.Sprintf("is %d characters; the limit is %d", n, MaxTag)})
		case !seen[t]:
			seen[t] = true
			out = append(out, t)
		}
	}
	return out, errs
}

// ProblemInput is the content of a submission or a revision.
type ProblemInput struct {
	Title           string
	Statement       string
	Exposition      []packet.ExpositionEntry
	Acceptance      *packet.Acceptance
	Provenance      *packet.Provenance
	References      []ReferenceInput
	ReferenceSearch *packet.ReferenceSearch
	// Tags are subject labels, lower case ("number theory").
	Tags []string
	// Hero is the hero-visual handoff; OpenStatus and Computation are
	// optional at intake: the gates judge them.
	Hero        packet.Hero
	OpenStatus  packet.OpenStatus
	Computation *packet.Computation
}

// ReferenceInput is one bibliography row as submitted.
type ReferenceInput struct {
	Identifier string
	Citation   string
	Locator    string
	Relevance  string
	Role       reference.Role
	// What the proposer claims the source is, which the record plane checks against the
	// source's record: optional for members, required of agents.
	Title   string
	Authors []string
	Year    *int
}

// intake is a validated ProblemInput with its parsed identifiers.
type intake struct {
	ProblemInput
	ids []records.Identifier
}

// validate checks in deterministically against ProblemFields, in form
// order, and returns every field error at once. generated marks a
// submission by an agent, which must say who generated it and what it
// claims each source is. Beyond the table, an identifier must parse and
// not repeat a source and locator, and tags are normalised (normaliseTags).
func (in ProblemInput) validate(now time.Time, generated bool) (*intake, error) {
	return in.validateWith(now, generated, true)
}

// validateWith is validate, reading the TeX of every field the page renders as TeX when readTeX
// is set: a submission or a revision whose TeX cannot be read is refused with the place. A
// trusted import is not refused for it, since the source's text is what it is; the statement
// gate records the malformed TeX as a failing check for a reviewer instead.
func (in ProblemInput) validateWith(now time.Time, generated, readTeX bool) (*intake, error) {
	c := Circumstances{Agent: generated}
	if in.Acceptance != nil {
		c.Acceptance = in.Acceptance.Kind
	}
	if in.Provenance != nil {
		c.Provenance = in.Provenance.Kind
	}
	w := &intakeCheck{in: &in, now: now, c: c, seen: map[string]int{}, readTeX: readTeX}
	for _, f := range ProblemFields {
		if !strings.Contains(f.Name, "#") {
			w.field(f, nil)
		}
	}
	if err := w.v.err(); err != nil {
		return nil, err
	}
	return &intake{ProblemInput: in, ids: w.ids}, nil
}

// intakeCheck is one run of validate.
type intakeCheck struct {
	v    validator
	in   *ProblemInput
	now  time.Time
	c    Circumstances
	ids  []records.Identifier
	seen map[string]int // a reference's source and locator: its row
	// readTeX refuses TeX that cannot be read (see validateWith).
	readTeX bool
}

const identifierField = "references.#.identifier"

// field checks the field f at the indexes at, then the rows or items it holds.
func (w *intakeCheck) field(f ProblemField, at []int) {
	path := f.path(at)
	c := w.c
	if f.group() == "exposition" && len(at) > 0 {
		c.Exposition = w.in.Exposition[at[0]].Kind
	}
	required := f.Required.Holds(c)
	missing := f.Missing
	if missing == "" {
		missing = "is required"
	}
	switch f.Kind {
	case Part:
		if !f.present(w.in) && required {
			w.v.add(CodeRequired, missing, path...)
		}
	case Line, Text:
		p := f.text(w.in, at, false)
		if p == nil {
			return
		}
		kind := multiLine
		if f.Kind == Line {
			kind = singleLine
		}
		ok := false
		switch {
		case required && strings.TrimSpace(*p) == "":
			w.v.add(CodeRequired, missing, path...)
		case !required && f.Required.Only != "" && *p != "":
			w.v.add(CodeInvalid, f.Required.Only, path...)
		default:
			ok = w.v.check(kind, *p, false, f.Max, path...)
			if ok && f.TeX && w.readTeX {
				if fault := texFault(*p); fault != "" {
					ok = false
					w.v.add(CodeInvalid, fault, path...)
				}
			}
		}
		if f.Name == identifierField {
			w.identifier(ok, *p, at, path)
		}
	case Choice:
		if p := f.text(w.in, at, false); p != nil && !f.Choices.Has(*p) {
			w.v.add(CodeInvalid, path[len(path)-1]+" must be "+orList(f.Choices.Values()), path...)
		}
	case Date:
		switch p := f.date(w.in, at, false); {
		case p == nil:
		case p.IsZero():
			if required {
				w.v.add(CodeRequired, missing, path...)
			}
		case p.After(w.now.Add(24 * time.Hour)):
			w.v.add(CodeInvalid, "is in the future", path...)
		}
	case Year:
		switch p := f.year(w.in, at, false); {
		case p == nil:
		case *p == nil:
			if required {
				w.v.add(CodeRequired, missing, path...)
			}
		case **p < 1000 || **p > w.now.Year()+1:
			w.v.add(CodeInvalid, fmt.Sprintf("%d is not a year of publication", **p), path...)
		}
	case List:
		p := f.list(w.in, at, false)
		if p == nil {
			return
		}
		if f.Name == "tags" {
			tags, errs := normaliseTags(*p)
			for _, fe := range errs {
				w.v.add(fe.Code, fe.Message, fe.Field...)
			}
			*p = tags
			return
		}
		itemField, _, _ := FieldAt(f.Name + ".#")
		if len(*p) > f.Max {
			w.v.add(CodeTooLong, fmt.Sprintf("has %d %s; the limit is %d", len(*p), f.Count, f.Max), path...)
		}
		// A list is missing with no item; with no item that has text, too,
		// unless its items are required, when each empty one is refused.
		if required && (len(*p) == 0 || !itemField.Required.Always && len(trimAll(*p)) == 0) {
			w.v.add(CodeRequired, missing, path...)
		}
		for j := range *p {
			w.field(itemField, append(append([]int(nil), at...), j))
		}
	case Repeated:
		n := f.rows(w.in)
		if n > f.Max {
			w.v.add(CodeTooLong, fmt.Sprintf("has %d %s; the limit is %d", n, f.Count, f.Max), path...)
		}
		if n == 0 && required {
			w.v.add(CodeRequired, missing, path...)
		}
		for i := range n {
			for _, rf := range ProblemFields {
				if rest, ok := strings.CutPrefix(rf.Name, f.Name+".#."); ok && !strings.Contains(rest, ".") {
					w.field(rf, []int{i})
				}
			}
		}
	}
}

// identifier parses a reference's identifier, which must not repeat the
// source and locator of an earlier row; ok says the text passed its checks.
func (w *intakeCheck) identifier(ok bool, s string, at []int, path []string) {
	var id records.Identifier
	if ok {
		var err error
		if id, err = records.Parse(s); err != nil {
			w.v.add(CodeInvalid, err.Error(), path...)
		} else {
			key := id.Key + "\x00" + strings.TrimSpace(w.in.References[at[0]].Locator)
			if j, dup := w.seen[key]; dup {
				w.v.add(CodeConflict, fmt.Sprintf("repeats reference %d (same source and locator)", j), path...)
			}
			w.seen[key] = at[0]
		}
	}
	w.ids = append(w.ids, id)
}

// trimAll trims each string and drops the empty ones.
func trimAll(ss []string) []string {
	var out []string
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
