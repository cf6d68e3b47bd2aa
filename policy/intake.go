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

// p0 is p, or the zero provenance when p is nil.
func p0(p *packet.Provenance) packet.Provenance {
	if p == nil {
		return packet.Provenance{}
	}
	return *p
}

// intake is a validated ProblemInput with its parsed identifiers.
type intake struct {
	ProblemInput
	ids []records.Identifier
}

// validate checks in deterministically and returns every field error at
// once. generated marks a submission by an agent, which must say who
// generated it. Every string is checked as a single-line (v.line) or a
// multi-line (v.text) field: what heads a page or a list, names, locates or
// identifies something, or is one item of a list, is one line; prose a
// reader reads as paragraphs is not.
func (in ProblemInput) validate(now time.Time, generated bool) (*intake, error) {
	var v validator
	v.line(in.Title, true, MaxTitle, "title")
	v.text(in.Statement, true, MaxStatement, "statement")

	if len(in.Exposition) > MaxExposition {
		v.add(CodeTooLong, fmt.Sprintf("has %d entries; the limit is %d", len(in.Exposition), MaxExposition), "exposition")
	}
	for i, e := range in.Exposition {
		f := []string{"exposition", strconv.Itoa(i)}
		if !e.Kind.Valid() {
			v.add(CodeInvalid, "kind must be DEFINITION, CONVENTION, REMARK or EXAMPLE", append(f, "kind")...)
		}
		switch {
		case e.Kind == packet.Definition && strings.TrimSpace(e.Term) == "":
			v.add(CodeRequired, "a definition names the term or symbol it defines", append(f, "term")...)
		case e.Kind != packet.Definition && e.Term != "":
			v.add(CodeInvalid, "only a definition names a term", append(f, "term")...)
		default:
			v.line(e.Term, false, MaxTerm, append(f, "term")...)
		}
		v.text(e.Body, true, MaxExpositionBody, append(f, "body")...)
	}

	if a := in.Acceptance; a == nil {
		v.add(CodeRequired, "say exactly what evidence would settle the problem", "acceptance")
	} else {
		f := "acceptance"
		if !a.Kind.Valid() {
			v.add(CodeInvalid, "kind must be PROOF, NUMERICAL, SEARCH or CLASSIFICATION", f, "kind")
		}
		v.text(a.Criterion, true, MaxCriterion, f, "criterion")
		need := func(val, name, why string) {
			if strings.TrimSpace(val) == "" {
				v.add(CodeRequired, why, f, name)
			}
		}
		switch a.Kind {
		case packet.Numerical:
			need(a.Precision, "precision", "a numerical target states its precision and certification requirement")
		case packet.Search:
			need(a.SearchSpace, "searchSpace", "a search target states its search space")
			need(a.Certificate, "certificate", "a search target states the witness or impossibility certificate")
		case packet.Classification:
			need(a.Equivalence, "equivalence", "a classification target states its equivalence and completeness")
		}
		for _, part := range []struct{ name, val string }{{"precision", a.Precision},
			{"searchSpace", a.SearchSpace}, {"certificate", a.Certificate}, {"equivalence", a.Equivalence}} {
			v.text(part.val, false, MaxAcceptancePart, f, part.name)
		}
	}

	if p := in.Provenance; p == nil {
		v.add(CodeRequired, "say whether the problem is imported, a reformulation or original, and on what rights basis", "provenance")
	} else {
		f := "provenance"
		if !p.Kind.Valid() {
			v.add(CodeInvalid, "kind must be IMPORTED, REFORMULATION or ORIGINAL", f, "kind")
		}
		v.line(p.Attribution, true, MaxProvenancePart, f, "attribution")
		v.line(p.SourceLocator, p.Kind != packet.Original, MaxProvenancePart, f, "sourceLocator")
		v.text(p.RightsBasis, true, MaxProvenancePart, f, "rightsBasis")
		v.text(p.GeneratedBy, generated, MaxProvenancePart, f, "generatedBy")
	}

	var ids []records.Identifier
	if len(in.References) > MaxReferences {
		v.add(CodeTooLong, fmt.Sprintf("has %d rows; the limit is %d", len(in.References), MaxReferences), "references")
	}
	if len(in.References) == 0 && in.Provenance != nil && in.Provenance.Kind != packet.Original {
		v.add(CodeRequired, "an imported or reformulated problem cites at least one source", "references")
	}
	seen := map[string]int{}
	for i, r := range in.References {
		f := []string{"references", strconv.Itoa(i)}
		var id records.Identifier
		if v.line(r.Identifier, true, MaxIdentifier, append(f, "identifier")...) {
			var err error
			if id, err = records.Parse(r.Identifier); err != nil {
				v.add(CodeInvalid, err.Error(), append(f, "identifier")...)
			} else {
				key := id.Key + "\x00" + strings.TrimSpace(r.Locator)
				if j, dup := seen[key]; dup {
					v.add(CodeConflict, fmt.Sprintf("repeats reference %d (same source and locator)", j), append(f, "identifier")...)
				}
				seen[key] = i
			}
		}
		ids = append(ids, id)
		v.line(r.Citation, true, MaxCitation, append(f, "citation")...)
		v.line(r.Locator, false, MaxLocator, append(f, "locator")...)
		v.text(r.Relevance, true, MaxRelevance, append(f, "relevance")...)
		if reference.RoleValidator(r.Role) != nil {
			v.add(CodeInvalid, "role must be PRIMARY, SECONDARY or STATUS_EVIDENCE", append(f, "role")...)
		}
		v.line(r.Title, generated, MaxCitation, append(f, "title")...)
		if len(r.Authors) > MaxAuthors {
			v.add(CodeTooLong, fmt.Sprintf("has %d names; the limit is %d", len(r.Authors), MaxAuthors), append(f, "authors")...)
		}
		if generated && len(trimAll(r.Authors)) == 0 {
			v.add(CodeRequired, "an agent names the source's authors, which the record plane checks", append(f, "authors")...)
		}
		for j, a := range r.Authors {
			v.line(a, false, MaxAuthorName, append(f, "authors", strconv.Itoa(j))...)
		}
		switch y := r.Year; {
		case y == nil && generated:
			v.add(CodeRequired, "an agent gives the source's year, which the record plane checks", append(f, "year")...)
		case y != nil && (*y < 1000 || *y > now.Year()+1):
			v.add(CodeInvalid, fmt.Sprintf("%d is not a year of publication", *y), append(f, "year")...)
		}
	}

	if rs := in.ReferenceSearch; rs == nil {
		v.add(CodeRequired, "record the dated prior-art search: when, where, with what queries, and its boundary", "referenceSearch")
	} else {
		f := "referenceSearch"
		switch {
		case rs.CheckedOn.IsZero():
			v.add(CodeRequired, "is required", f, "checkedOn")
		case rs.CheckedOn.After(now.Add(24 * time.Hour)):
			v.add(CodeInvalid, "is in the future", f, "checkedOn")
		}
		list := func(items []string, name string) {
			if len(items) == 0 {
				v.add(CodeRequired, "list at least one", f, name)
			}
			if len(items) > MaxSearchItems {
				v.add(CodeTooLong, fmt.Sprintf("has %d items; the limit is %d", len(items), MaxSearchItems), f, name)
			}
			for i, it := range items {
				v.line(it, true, MaxSearchItem, f, name, strconv.Itoa(i))
			}
		}
		list(rs.Databases, "databases")
		list(rs.Queries, "queries")
		v.text(rs.Coverage, true, MaxCoverage, f, "coverage")
	}
	v.text(p0(in.Provenance).Motivation, false, MaxProvenancePart, "provenance", "motivation")
	v.text(in.Hero.Brief, false, MaxHeroBrief, "hero", "brief")
	v.text(in.Hero.Alt, false, MaxHeroPart, "hero", "alt")
	v.line(in.Hero.Caption, false, MaxHeroPart, "hero", "caption")
	v.text(in.Hero.RightsBasis, false, MaxProvenancePart, "hero", "rightsBasis")
	v.text(in.OpenStatus.StrongestKnown, false, MaxAcceptancePart, "openStatus", "strongestKnown")
	v.text(in.OpenStatus.UnresolvedTarget, false, MaxAcceptancePart, "openStatus", "unresolvedTarget")
	if c := in.Computation; c != nil {
		for _, part := range []struct{ name, val string }{{"instance", c.Instance}, {"equivalence", c.Equivalence},
			{"whyNotBruteForce", c.WhyNotBruteForce}, {"smallCases", c.SmallCases},
			{"certification", c.Certification}, {"parameterOrigin", c.ParameterOrigin}} {
			v.text(part.val, false, MaxAcceptancePart, "computation", part.name)
		}
		if code := c.Code; code != nil {
			v.line(code.Repository, false, MaxIdentifier, "computation", "code", "repository")
			v.line(code.Revision, false, MaxSearchItem, "computation", "code", "revision")
			v.text(code.Inputs, false, MaxAcceptancePart, "computation", "code", "inputs")
			v.line(code.ExpectedDigest, false, MaxSearchItem, "computation", "code", "expectedDigest")
		}
	}
	tags, tagErrs := normaliseTags(in.Tags)
	for _, fe := range tagErrs {
		v.add(fe.Code, fe.Message, fe.Field...)
	}
	in.Tags = tags
	if err := v.err(); err != nil {
		return nil, err
	}
	return &intake{ProblemInput: in, ids: ids}, nil
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
