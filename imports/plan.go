package imports

import (
	"fmt"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/records"
)

// Version is the importer's version, named in every record's generatedBy.
// Change it when what the importer writes changes, so that re-imported
// revisions can be told apart.
const Version = "2"

// GeneratedBy names the importer in a record's provenance.
const GeneratedBy = "theoremdb imports v" + Version + " (statements from formal-conjectures docstrings, metadata from the Erdős problems database)"

// Acceptance criterion of every imported problem: neither source states
// another.
const Criterion = "A proof of the statement or of its negation"

// Sources as the policy's import event names them.
const (
	SourceErdos  = "erdosproblems"
	SourceFormal = "formal-conjectures"
)

const (
	formalRepo = "https://github.com/google-deepmind/formal-conjectures"
	erdosRepo  = "github.com/teorth/erdosproblems"
)

// Record is one problem ready for the trusted import path.
type Record struct {
	Key    string
	Loc    Location
	Source string
	Input  policy.ProblemInput
	// Status is what the sources say when they do not both call the problem open: solved at
	// its source, or disputed between them (Status.Mismatch). Nil for an open problem.
	Status *policy.SourceStatus
}

// Skip is a candidate that was not imported, and why.
type Skip struct {
	Key    string
	Loc    Location
	Reason string
}

func (s Skip) String() string {
	if s.Key == "" {
		return s.Loc.String() + ": " + s.Reason
	}
	return s.Loc.String() + ": " + s.Key + ": " + s.Reason
}

// Plan is what an import will do: records to hand to the policy, and the
// candidates skipped before that, malformed entries included.
type Plan struct {
	Records []Record
	Skips   []Skip
	// Solved are the candidates skipped because their source says they are
	// solved, with their statement: the catalogue the known-answer check
	// searches.
	Solved []policy.Solved
}

// Statuses counts the plan's records by what their sources say: open, solved, and disputed
// between the two sources.
func (p Plan) Statuses() (open, solved, disputed int) {
	for _, r := range p.Records {
		switch {
		case r.Status == nil:
			open++
		case r.Status.Mismatch != "":
			disputed++
		default:
			solved++
		}
	}
	return open, solved, disputed
}

// Options are what the sources do not say about themselves.
type Options struct {
	// Commit is the formal-conjectures revision the files come from; it
	// goes into their URLs. Empty means "main".
	Commit string
	// AsOf is the date of that revision. It dates the reference search of
	// records that have no Erdős status date.
	AsOf time.Time
}

func (o Options) fileURL(p string) string {
	c := o.Commit
	if c == "" {
		c = "main"
	}
	return formalRepo + "/blob/" + c + "/FormalConjectures/" + p
}

// ReadFormal parses every .lean file below the FormalConjectures directory
// fsys, in path order. A file that cannot be read is an issue, not an
// error; only an unreadable directory is.
func ReadFormal(fsys fs.FS) ([]LeanFile, []Issue, error) {
	var (
		files  []LeanFile
		issues []Issue
	)
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == "." {
				return err
			}
			issues = append(issues, Issue{Location{p, 0}, err.Error()})
			return nil
		}
		if d.IsDir() || !strings.HasSuffix(p, ".lean") {
			return nil
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			issues = append(issues, Issue{Location{p, 0}, err.Error()})
			return nil
		}
		f, is := ParseLean(p, b)
		files = append(files, f)
		issues = append(issues, is...)
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("read formal-conjectures: %w", err)
	}
	return files, issues, nil
}

var erdosFileRe = regexp.MustCompile(`^ErdosProblems/([0-9]+)\.lean$`)

// erdosNumber returns N for ErdosProblems/N.lean.
func erdosNumber(p string) (string, bool) {
	m := erdosFileRe.FindStringSubmatch(p)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// formalKey is the import key of a theorem: erdos:N for the main theorem
// erdos_N of ErdosProblems/N.lean, which is the Erdős problem itself, and
// formal-conjectures:PATH#NAME for the others.
func formalKey(f LeanFile, th Theorem) (key string, erdos string) {
	if n, ok := erdosNumber(f.Path); ok && th.Name == "erdos_"+n {
		return "erdos:" + n, n
	}
	return "formal-conjectures:" + f.Path + "#" + th.Name, ""
}

func issueSkips(issues []Issue) []Skip {
	out := make([]Skip, len(issues))
	for i, is := range issues {
		out[i] = Skip{Loc: is.Loc, Reason: "malformed: " + is.Msg}
	}
	return out
}

// PlanFormal plans the import of the research theorems of files, open and
// solved. erdos, when not nil, is the Erdős database by number, joined to
// ErdosProblems/N.lean.
func PlanFormal(files []LeanFile, issues []Issue, erdos map[string]ErdosProblem, opt Options) Plan {
	plan := Plan{Skips: issueSkips(issues)}
	seen := map[string]Location{}
	for _, f := range files {
		for _, th := range f.Theorems {
			key, n := formalKey(f, th)
			loc := Location{f.Path, th.Line}
			switch th.Research() {
			case "":
				continue
			case "solved":
				plan.Solved = appendSolved(plan.Solved, key, "formal-conjectures", f, th, "research solved", opt)
			}
			if prev, dup := seen[key]; dup {
				plan.Skips = append(plan.Skips, Skip{key, loc, "repeats the import key of " + prev.String()})
				continue
			}
			seen[key] = loc
			var ep *ErdosProblem
			if p, ok := erdos[n]; ok && n != "" {
				ep = &p
			}
			r, reason := buildFormal(f, th, key, ep, sourceStatus(f, th, ep, opt), opt)
			if reason != "" {
				plan.Skips = append(plan.Skips, Skip{key, loc, reason})
				continue
			}
			plan.Records = append(plan.Records, r)
		}
	}
	return plan
}

// PlanErdos plans the import of the Erdős database. Its entries have no
// statement text, so an entry is imported only when formal-conjectures
// (files, nil when not given) has its statement in ErdosProblems/N.lean.
func PlanErdos(problems []ErdosProblem, issues []Issue, files []LeanFile, opt Options) Plan {
	plan := Plan{Skips: issueSkips(issues)}
	byNumber := map[string]LeanFile{}
	for _, f := range files {
		if n, ok := erdosNumber(f.Path); ok {
			byNumber[n] = f
		}
	}
	for _, p := range problems {
		key := "erdos:" + p.Number
		skip := func(format string, args ...any) {
			reason := fmt.Sprintf(format, args...)
			if !p.Status.Open() {
				reason = fmt.Sprintf("not open (%s in the Erdős problems database), and %s", p.Status.State, reason)
			}
			plan.Skips = append(plan.Skips, Skip{key, p.Loc, reason})
		}
		f, ok := byNumber[p.Number]
		var (
			th    Theorem
			found bool
		)
		for _, t := range f.Theorems {
			if t.Name == "erdos_"+p.Number {
				th, found = t, true
				break
			}
		}
		if found && !p.Status.Open() {
			plan.Solved = appendSolved(plan.Solved, key, "erdosproblems", f, th, p.Status.State, opt)
		}
		switch {
		case files == nil:
			skip("no statement text: the Erdős problems database has none; give --formal-conjectures DIR to take statements from formal-conjectures")
			continue
		case !ok:
			skip("no statement text: formal-conjectures has no ErdosProblems/%s.lean", p.Number)
			continue
		case !found && researchCount(f) > 0:
			skip("no statement text for the problem as a whole: ErdosProblems/%s.lean states it in parts, which import formal-conjectures imports", p.Number)
			continue
		case !found:
			skip("no statement text: ErdosProblems/%s.lean has no theorem erdos_%s", p.Number, p.Number)
			continue
		case th.Research() == "":
			skip("ErdosProblems/%s.lean:%d is not a research theorem", p.Number, th.Line)
			continue
		}
		ep := p
		r, reason := buildFormal(f, th, key, &ep, sourceStatus(f, th, &ep, opt), opt)
		if reason != "" {
			skip("%s", reason)
			continue
		}
		plan.Records = append(plan.Records, r)
	}
	return plan
}

// Sources as a record's status cites them.
const (
	erdosSays  = "the Erdős problems database"
	formalSays = "the formal-conjectures repository"
)

// sourceStatus is what the sources say of the research theorem th of f, joined with its Erdős
// problem when ep is not nil: nil when none of them says it is solved; the status of the
// source that says so when none says it is open; and, when the Erdős database and
// formal-conjectures disagree, the status of the one that says solved with the disagreement as
// its mismatch.
func sourceStatus(f LeanFile, th Theorem, ep *ErdosProblem, opt Options) *policy.SourceStatus {
	formalSolved := th.Research() == "solved"
	formal := policy.SourceStatus{Source: formalSays, Status: "solved (category research solved)",
		Locator: opt.fileURL(f.Path) + "#L" + strconv.Itoa(th.Line)}
	if ep == nil {
		if formalSolved {
			return &formal
		}
		return nil
	}
	erdos := policy.SourceStatus{Source: erdosSays, Status: ep.Status.State, Date: ep.Status.LastUpdate,
		Locator: "https://www.erdosproblems.com/" + ep.Number}
	says := ep.Status.State
	if !ep.Status.LastUpdate.IsZero() {
		says += " (last updated " + ep.Status.LastUpdate.Format(time.DateOnly) + ")"
	}
	switch erdosOpen := ep.Status.Open(); {
	case erdosOpen && !formalSolved:
		return nil
	case !erdosOpen && formalSolved:
		return &erdos
	case !erdosOpen:
		erdos.Mismatch = fmt.Sprintf("The Erdős problems database says %s while formal-conjectures still marks %s category research %s.",
			says, th.Name, th.Research())
		return &erdos
	default:
		formal.Mismatch = fmt.Sprintf("formal-conjectures marks %s category research solved while the Erdős problems database says %s.",
			th.Name, says)
		return &formal
	}
}

// prizeWords writes a dollar prize ("$500") in words ("500 US dollars"): a bare $ in a body
// opens a formula in TeX.
func prizeWords(p string) string {
	if n, ok := strings.CutPrefix(p, "$"); ok && n != "" && strings.Trim(n, "0123456789,.") == "" {
		return n + " US dollars"
	}
	return p
}

// appendSolved keeps a solved candidate with a statement for the known-answer catalogue.
func appendSolved(out []policy.Solved, key, source string, f LeanFile, th Theorem, status string, opt Options) []policy.Solved {
	doc := strings.TrimSpace(th.Doc)
	if doc == "" {
		return out
	}
	return append(out, policy.Solved{Key: key, Source: source, Title: oneLine(f.Heading), Statement: doc,
		Status: status, Locator: opt.fileURL(f.Path) + "#L" + strconv.Itoa(th.Line)})
}

// titleOf is the title of the research theorem th of f: the file's heading, and when the
// file states more than one research theorem, what tells this one apart — the bold lead of
// its docstring ("**Odd Perfect Number Conjecture.**"), else its name in words
// ("Erdős Problem 7, strong variant" for erdos_7.variants.strong). The Erdős problem itself
// (key erdos:N) has the heading alone. Titles within a file are distinct.
func titleOf(f LeanFile, th Theorem, key string) string {
	heading := oneLine(f.Heading)
	if heading == "" {
		heading = strings.TrimSuffix(f.Path, ".lean")
	}
	if researchCount(f) < 2 || strings.HasPrefix(key, "erdos:") {
		return heading
	}
	// The parts each research theorem of the file would take, to tell clashes apart.
	var (
		mine  string
		count = map[string]int{}
	)
	for _, t := range f.Theorems {
		if t.Research() == "" {
			continue
		}
		part := boldLead(t.Doc)
		if part == "" {
			part = nameWords(t.Name)
		}
		count[strings.ToLower(part)]++
		if t.Name == th.Name {
			mine = part
		}
	}
	if count[strings.ToLower(mine)] > 1 && nameWords(th.Name) != mine {
		mine = nameWords(th.Name)
	}
	switch lm, lh := strings.ToLower(mine), strings.ToLower(heading); {
	case lm == lh:
		// The file's main conjecture, under its own name; the others are told apart from it.
		return heading
	case mine == "":
		return heading + " (" + th.Name + ")"
	case strings.HasPrefix(lm, lh):
		// "**Erdős Problem 567 (Q3)**" under the heading "Erdős Problem 567".
		return heading + mine[len(heading):]
	}
	// The qualifier in parentheses: the duplicate search reads "Heading (qualifier)" as a
	// variant of the problem the heading names (gates.simBaseTitle).
	return heading + " (" + mine + ")"
}

var boldLeadRe = regexp.MustCompile(`^\*\*([^*\n$]{3,120})\*\*`)

// boldLead is the bold phrase a docstring opens with, without its closing full stop.
func boldLead(doc string) string {
	m := boldLeadRe.FindStringSubmatch(strings.TrimSpace(doc))
	if m == nil {
		return ""
	}
	return strings.TrimRight(strings.TrimSpace(m[1]), ".:")
}

var erdosNameRe = regexp.MustCompile(`^erdos_[0-9]+$`)

// nameWords writes a Lean theorem name in words: the Erdős problem's own name left out,
// "variants" and "parts" read as such, underscores and camel case split
// (erdos_1.variants.least_N_5 is "least N 5 variant", erdos_1064.parts.i is "part i").
func nameWords(name string) string {
	var before, after []string
	kind := ""
	for i, c := range strings.Split(name, ".") {
		switch {
		case i == 0 && erdosNameRe.MatchString(c):
		case kind == "" && (c == "variants" || c == "parts"):
			kind = c
		case kind == "":
			before = append(before, identWords(c))
		default:
			after = append(after, identWords(c))
		}
	}
	out := strings.Join(before, " ")
	var tail string
	switch {
	case kind == "parts":
		tail = "part " + strings.Join(after, " ")
	case kind == "variants" && len(after) > 0:
		tail = strings.Join(after, " ") + " variant"
	case kind == "variants":
		tail = "variant"
	}
	switch {
	case out == "":
		return tail
	case tail == "":
		return out
	}
	return out + ", " + tail
}

// identWords splits one component of a Lean name into words at underscores, at a change
// from a lower-case letter or digit to an upper-case one, and before the number that ends a
// word of three or more letters (conjecture1 is "conjecture 1"; k4 stays).
func identWords(c string) string {
	var b strings.Builder
	prev, letters := rune(0), 0
	for _, r := range c {
		switch {
		case r == '_':
			r = ' '
		case unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsDigit(prev)):
			b.WriteByte(' ')
		case unicode.IsDigit(r) && unicode.IsLetter(prev) && letters >= 3:
			b.WriteByte(' ')
		}
		if unicode.IsLetter(r) {
			letters++
		} else {
			letters = 0
		}
		b.WriteRune(r)
		prev = r
	}
	return oneLine(b.String())
}

// researchCount is the number of research theorems in f; a file with more
// than one names the theorem in each title.
func researchCount(f LeanFile) int {
	n := 0
	for _, t := range f.Theorems {
		if t.Research() != "" {
			n++
		}
	}
	return n
}

// shareAlikeDirs hold material from Wikipedia, MathOverflow and the OEIS,
// which formal-conjectures publishes under CC-BY-SA-4.0.
var shareAlikeDirs = []string{"Wikipedia/", "Mathoverflow/", "OEIS/"}

func rightsBasis(p string) string {
	for _, d := range shareAlikeDirs {
		if strings.HasPrefix(p, d) {
			return "formal-conjectures text under CC-BY-SA-4.0 (material derived from Wikipedia, MathOverflow or the OEIS); its Lean code under Apache-2.0"
		}
	}
	return "formal-conjectures text under CC-BY-4.0; its Lean code under Apache-2.0"
}

// buildFormal makes the record of one research theorem, joined with its
// Erdős problem when ep is not nil, with what its sources say of its status
// (st, nil when open). A non-empty reason says why there is none.
func buildFormal(f LeanFile, th Theorem, key string, ep *ErdosProblem, st *policy.SourceStatus, opt Options) (Record, string) {
	loc := Location{f.Path, th.Line}
	stmt, cited := SplitSources(Statement(th.Doc))
	switch n := utf8.RuneCountInString(stmt); {
	case n == 0:
		return Record{}, "no statement text: the theorem has no docstring"
	case n > policy.MaxStatement:
		return Record{}, fmt.Sprintf("statement is %d characters; the limit is %d", n, policy.MaxStatement)
	}

	title := truncate(titleOf(f, th, key), policy.MaxTitle)

	fileURL := opt.fileURL(f.Path)
	var in refList
	if ep != nil {
		in.add(policy.ReferenceInput{Identifier: "https://www.erdosproblems.com/" + ep.Number, Role: reference.RolePRIMARY,
			Citation:  "Erdős problems database, problem " + ep.Number,
			Relevance: "The problem's page in the Erdős problems database, the source of its status, tags and OEIS links."})
	}
	fileRole := reference.RoleSECONDARY
	if ep == nil && !hasParseable(f.Links) {
		fileRole = reference.RolePRIMARY
	}
	relevance := "The source of the statement text (the theorem's docstring) and a Lean formalisation of the statement."
	if len(cited) > 0 {
		relevance = truncate(relevance+" The docstring also cites: "+strings.Join(cited, " "), policy.MaxRelevance)
	}
	in.add(policy.ReferenceInput{Identifier: fileURL, Role: fileRole,
		Citation:  "The Formal Conjectures Authors, formal-conjectures, " + f.Path + ", theorem " + th.Name,
		Relevance: relevance})
	for i, l := range f.Links {
		role := reference.RoleSECONDARY
		if i == 0 && ep == nil {
			role = reference.RolePRIMARY
		}
		in.add(policy.ReferenceInput{Identifier: l.URL, Role: role, Citation: citation(l),
			Relevance: "Cited as a reference by the formal-conjectures file " + f.Path + "."})
	}
	for _, l := range links(th.Doc) {
		in.add(policy.ReferenceInput{Identifier: l.URL, Role: reference.RoleSECONDARY, Citation: citation(l),
			Relevance: "Cited in the formal-conjectures docstring of " + th.Name + "."})
	}

	var (
		exp       []packet.ExpositionEntry
		tags      []string
		attrib    = "formal-conjectures (The Formal Conjectures Authors), " + f.Path + ", theorem " + th.Name
		rights    = rightsBasis(f.Path)
		databases = []string{"formal-conjectures (" + strings.TrimPrefix(formalRepo, "https://") + ")"}
		checkedOn = opt.AsOf
		asOfWhat  = "the formal-conjectures revision " + commitName(opt.Commit)
	)
	if intro := Statement(f.Intro); intro != "" && utf8.RuneCountInString(intro) <= policy.MaxExpositionBody-100 {
		exp = append(exp, packet.ExpositionEntry{Kind: packet.Remark,
			Body: "From the introduction of the source file " + f.Path + " in formal-conjectures:\n\n" + intro})
	}
	if ep != nil {
		for _, a := range ep.OEIS {
			in.add(policy.ReferenceInput{Identifier: "https://oeis.org/" + a, Role: reference.RoleSECONDARY,
				Citation:  "OEIS " + a,
				Relevance: "A sequence the Erdős problems database links to problem " + ep.Number + "."})
		}
		status := "Status in the Erdős problems database: " + ep.Status.State
		if !ep.Status.LastUpdate.IsZero() {
			status += " (last updated " + ep.Status.LastUpdate.Format(time.DateOnly) + ")"
			checkedOn = ep.Status.LastUpdate
			asOfWhat = "the Erdős problems database's status date"
		}
		status += "."
		if ep.Status.Note != "" {
			status += " " + ep.Status.Note
		}
		exp = append(exp, packet.ExpositionEntry{Kind: packet.Remark, Body: status})
		if ep.Prize != "" {
			exp = append(exp, packet.ExpositionEntry{Kind: packet.Remark,
				Body: "Erdős offered a prize of " + prizeWords(ep.Prize) + " for this problem, as recorded in the Erdős problems database."})
		}
		if ep.Comments != "" {
			exp = append(exp, packet.ExpositionEntry{Kind: packet.Remark,
				Body: "Erdős problems database comment: " + ep.Comments})
		}
		tags = append(tags, ep.Tags...)
		attrib = "Erdős problems database (T. Tao et al.), problem " + ep.Number + "; statement from " + attrib
		rights = "Erdős problems database under Apache-2.0; " + rights
		databases = append([]string{"Erdős problems database (" + erdosRepo + ", erdosproblems.com)"}, databases...)
	}
	for _, n := range th.AMS {
		if t, ok := mscTags[n]; ok {
			tags = append(tags, t)
		}
	}
	if checkedOn.IsZero() {
		return Record{}, "no date for the reference search: give the date of the formal-conjectures revision with --as-of"
	}
	source := SourceFormal
	if ep != nil {
		source = SourceErdos + " + " + SourceFormal
	}
	status := "its references and its open status are the ones the source gives."
	switch {
	case st != nil && st.Mismatch != "":
		status = "its references are the ones the sources give, and they disagree on whether it is open."
	case st != nil:
		status = "its references and its solved status are the ones the source gives."
	}
	return Record{Key: key, Loc: loc, Source: source, Status: st, Input: policy.ProblemInput{
		Title:      title,
		Statement:  stmt,
		Exposition: exp,
		Acceptance: &packet.Acceptance{Kind: packet.Proof, Criterion: Criterion},
		Provenance: &packet.Provenance{Kind: packet.Imported, Attribution: attrib, SourceLocator: fileURL,
			RightsBasis: rights, GeneratedBy: GeneratedBy},
		References: in.refs,
		ReferenceSearch: &packet.ReferenceSearch{
			CheckedOn: checkedOn.UTC(),
			Databases: databases,
			Queries:   []string{key},
			Coverage: "No literature search was done for this record. It was imported from " + strings.Join(databases, " and ") +
				" as of " + checkedOn.Format(time.DateOnly) + " (" + asOfWhat + "); " + status,
		},
		Tags: normaliseTags(tags),
	}}, ""
}

func commitName(c string) string {
	if c == "" {
		return "main"
	}
	return c
}

// refList collects references once per parsed identifier, in order, up to
// the policy's limit; identifiers records.Parse does not accept are left
// out.
type refList struct {
	refs []policy.ReferenceInput
	seen map[string]bool
}

func (l *refList) add(r policy.ReferenceInput) {
	id, err := records.Parse(r.Identifier)
	if err != nil || len(l.refs) >= policy.MaxReferences {
		return
	}
	if l.seen == nil {
		l.seen = map[string]bool{}
	}
	if l.seen[id.Key] {
		return
	}
	l.seen[id.Key] = true
	r.Citation = truncate(oneLine(r.Citation), policy.MaxCitation)
	l.refs = append(l.refs, r)
}

func hasParseable(ls []Link) bool {
	for _, l := range ls {
		if _, err := records.Parse(l.URL); err == nil {
			return true
		}
	}
	return false
}

func citation(l Link) string {
	if t := oneLine(l.Text); t != "" && t != l.URL {
		return t + " (" + l.URL + ")"
	}
	return l.URL
}

// normaliseTags lower-cases tags and keeps the first of each, as many as
// the policy allows, leaving out any too long to be a tag.
func normaliseTags(in []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range in {
		t = strings.Join(strings.Fields(strings.ToLower(t)), " ")
		if t == "" || seen[t] || utf8.RuneCountInString(t) > policy.MaxTag || len(out) == policy.MaxTags {
			continue
		}
		seen[t] = true
		out = append(out, t)
	}
	return out
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// truncate shortens s to at most n characters, marking the cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
