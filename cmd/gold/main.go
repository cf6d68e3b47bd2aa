//go:build calibrate

// Command gold writes the blind gold set, lanes/gold/packets.json (`make gold`; it plants with
// the gates' planters, so it builds only with the calibrate tag).
//
// Its bases are real, complete packets: the demo packets and a spread of the open records of
// the formal-conjectures and Erdős imports in ../shared/data, each with its sources as the
// record plane leaves a clean packet (confirmed, the cited place found). The deterministic gates
// run on each base as the workers run them (the duplicate search among the other bases of its
// set, leaving out the base's own family, and the copy check over the shared corpus). A base
// counts for a role only when no gate bearing on that role's checks fails or cannot run on it and
// every check of those gates that can fail passed (the checks that always ask a person do not
// count against it); imported records have no open-status summary or hero handoff, so they
// count for the mathematical-critique and formal-readiness roles only.
//
// Three kinds of packet come out (gold.Kind):
//   - clean: a demo packet its reviewers qualified or let be accepted by default; right answer
//     qualify, every check confirmed. Imported records give no clean packets: nobody has
//     reviewed them, so their right answer is not known.
//   - planted: a base with one defect planted by a gate check's own planter (gates.PlanterOf),
//     the planters the gates' calibration uses; for each role with a check bearing on that gate,
//     the right answer is keep_prospecting or archive with at least one of those checks
//     unconfirmed. The planted checks rotate over the bases so that every gate is planted
//     somewhere, and the gates run again on the planted packet, so its gate outcomes are what
//     the workers would have recorded, caught or not.
//   - decided: a demo packet whose demo reviewers decided otherwise (seed/timeline.go): the
//     known answer, the duplicate, the revision requests are the right answer, for the roles
//     whose checks the decision names. A contested packet (a second review split from the first)
//     has no forced right answer and is left out.
//
// Problem and revision IDs are replaced by IDs of the same shape as real ones, drawn from the
// seed, so that nothing a lane reads says the packet is gold.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/internal/pinned"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/lanes/gold"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/seed"
	"github.com/theoremdb/theoremdb/shareddata"
	"github.com/theoremdb/theoremdb/similar"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gold build:", err)
		os.Exit(1)
	}
}

// asOf is when the gates run on the packets: the calibration's time, after the demo searches and
// within a year of the pinned formal-conjectures snapshot.
var asOf = time.Date(2026, time.December, 1, 12, 0, 0, 0, time.UTC)

// base is one real packet the gold set is built from.
type base struct {
	name   string // demo:KEY or imported:KEY
	family string
	rev    *gates.Revision
	// exempt are the gates an importer cannot satisfy; a role bearing on one of them does not
	// count this base.
	exempt map[gates.Name]bool
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("gold build", flag.ContinueOnError)
	data := fs.String("data", "", "the shared data directory (default ../shared/data beside the module root)")
	out := fs.String("out", "", "the file to write (default lanes/gold/packets.json in the module)")
	demoN := fs.Int("demo", 6, "demo bases to use for clean and planted packets")
	importedN := fs.Int("imported", 5, "imported bases to use for planted packets")
	plantedN := fs.Int("planted", 2, "planted packets per base")
	seedN := fs.Uint64("seed", 1, "random seed")
	if err := fs.Parse(args); err != nil {
		return err
	}
	root, err := shareddata.ModuleRoot()
	if err != nil {
		return err
	}
	if *data == "" {
		if *data, err = shareddata.Dir(); err != nil {
			return err
		}
	}
	if *out == "" {
		*out = filepath.Join(root, "lanes", "gold", "packets.json")
	}
	demo, err := demoBases()
	if err != nil {
		return err
	}
	imported, err := importedBases(*data)
	if err != nil {
		return err
	}
	for name := range decided { // a renamed demo packet must not turn into a clean one
		if !slices.ContainsFunc(demo, func(b *base) bool { return b.name == name }) {
			return fmt.Errorf("the demo decision of %s names no demo packet; update decided", name)
		}
	}
	checker, err := loadCorpus(filepath.Join(*data, "corpus"))
	if err != nil {
		return err
	}
	b := &builder{seed: *seedN, copies: checker}
	set := gold.Set{AsOf: asOf, Seed: *seedN}
	for _, group := range []struct {
		bases []*base
		n     int
		clean bool
	}{{demo, *demoN, true}, {imported, *importedN, false}} {
		idx := b.index(group.bases)
		for _, p := range group.bases {
			if d, ok := decided[p.name]; ok && d.expect != nil {
				set.Packets = append(set.Packets, b.decided(p, idx, d))
			}
		}
		for _, p := range b.pick(group.bases, idx, group.n) {
			if group.clean {
				set.Packets = append(set.Packets, b.clean(p, idx))
			}
			set.Packets = append(set.Packets, b.planted(p, idx, *plantedN)...)
		}
	}
	enc, err := encode(set)
	if err != nil {
		return err
	}
	if _, err := gold.Parse(enc); err != nil {
		return err
	}
	if err := os.WriteFile(*out, append(enc, '\n'), 0o644); err != nil {
		return err
	}
	counts := map[lanes.Role]map[gold.Kind]int{}
	for _, p := range set.Packets {
		for r := range p.Expect {
			if counts[r] == nil {
				counts[r] = map[gold.Kind]int{}
			}
			counts[r][p.Kind]++
		}
	}
	fmt.Fprintf(stdout, "%d gold packets (%d bytes) written to %s\n", len(set.Packets), len(enc)+1, *out)
	for _, r := range lanes.Roles {
		fmt.Fprintf(stdout, "  %-17s", r)
		for _, k := range gold.Kinds {
			fmt.Fprintf(stdout, " %3d %s", counts[r][k], k)
		}
		fmt.Fprintln(stdout)
	}
	return nil
}

// encode writes the set as compact JSON with one packet a line, so that a rebuilt set reads as
// a diff of the packets that changed.
func encode(set gold.Set) ([]byte, error) {
	packets := set.Packets
	set.Packets = nil
	head, err := json.Marshal(set)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.Write(head[:len(head)-len(`,"packets":null}`)])
	b.WriteString(`,"packets":[`)
	for i, p := range packets {
		line, err := json.Marshal(p)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n")
		b.Write(line)
	}
	b.WriteString("\n]}")
	return []byte(b.String()), nil
}

// decision is a demo decision that is not qualify, as the right answer of its packet.
type decision struct {
	line   string
	expect map[lanes.Role]gold.Expectation
}

func expect(failing []string, accept ...lanes.Recommendation) gold.Expectation {
	return gold.Expectation{Accept: accept, Failing: failing}
}

// decided are the demo packets whose demo reviewers did not qualify them (seed/timeline.go),
// with the roles whose checks the decision names.
var decided = map[string]decision{
	"demo:sensitivity": {line: "archive, KNOWN_ANSWER: resolved by H. Huang (2019), which the record's search, stopping in 2012, missed",
		expect: map[lanes.Role]gold.Expectation{
			lanes.PriorArt: expect([]string{"no_known_answer", "target_absent", "dated_search"}, lanes.Archive),
			lanes.Audit:    expect([]string{"open_status_evidence", "remaining_uncertainty"}, lanes.Archive, lanes.KeepProspecting),
		}},
	"demo:frankl-intersection": {line: "merge into the union-closed sets conjecture: its dual form, by an exact equivalence",
		expect: map[lanes.Role]gold.Expectation{
			lanes.PriorArt: expect([]string{"no_duplicate", "nearby_formulations"}, lanes.Merge),
		}},
	"demo:lonely-runner": {line: "keep_prospecting: archive the computer-assisted cases, add the sharpness example, settle integer speeds, define the norm in a convention",
		expect: map[lanes.Role]gold.Expectation{
			lanes.MathCritique:    expect([]string{"local_definitions", "objective_acceptance", "textbook_quality"}, lanes.KeepProspecting),
			lanes.FormalReadiness: expect([]string{"stable_artifacts", "conventions_fixed", "independently_checkable"}, lanes.KeepProspecting),
		}},
	// A second review split from the first (EXPERTISE): contested, so no forced right answer.
	"demo:union-closed": {},
}

// confirmed leaves r's sources as the record plane leaves a clean packet's.
func confirmed(r *gates.Revision) {
	for i := range r.References {
		r.References[i].Confirmation = "CONFIRMED"
		r.References[i].LocatorConfirmed = strings.TrimSpace(r.References[i].Locator) != ""
	}
}

func demoBases() ([]*base, error) {
	var out []*base
	for _, d := range seed.Packets() {
		r, err := policy.GateRevisionOf(d.Input, asOf, false)
		if err != nil {
			return nil, fmt.Errorf("demo packet %s: %w", d.Key, err)
		}
		confirmed(r)
		family, _, _ := strings.Cut(d.Key, "/")
		out = append(out, &base{name: "demo:" + d.Key, family: "demo:" + family, rev: r})
	}
	return out, nil
}

var erdosFile = regexp.MustCompile(`ErdosProblems/(\d+)\.lean$`)

func importedBases(data string) ([]*base, error) {
	plan, err := pinned.Plan(data)
	if err != nil {
		return nil, err
	}
	var out []*base
	for _, rec := range plan.Records {
		if rec.Status != nil {
			continue // solved records are imported archived, never reviewed
		}
		r, err := policy.GateRevisionOf(rec.Input, asOf, false)
		if err != nil {
			return nil, fmt.Errorf("imported packet %s: %w", rec.Key, err)
		}
		r.ImportKey = rec.Key
		confirmed(r)
		family := rec.Loc.File
		if m := erdosFile.FindStringSubmatch(rec.Loc.File); m != nil {
			family = "erdos-" + m[1]
		}
		out = append(out, &base{name: "imported:" + rec.Key, family: family, rev: r,
			exempt: map[gates.Name]bool{gates.OpenStatus: true, gates.Hero: true}})
	}
	return out, nil
}

// loadCorpus builds the copy check over the shared corpus, as `theoremdb corpus build` would.
func loadCorpus(root string) (*copycheck.Checker, error) {
	c, _, err := shareddata.Checker(root)
	return c, err
}

type builder struct {
	seed   uint64
	copies *copycheck.Checker
	// next rotates the planted checks over the bases.
	next int
}

func (b *builder) rng(key string) *rand.Rand { return rand.New(rand.NewPCG(b.seed, hash(key))) }

// index masks the bases' IDs and indexes their statements for the duplicate search.
func (b *builder) index(all []*base) *similar.Index {
	idx := similar.NewIndex()
	for _, p := range all {
		b.mask(p)
		idx.Add(p.rev.ProblemID, p.rev.Title, p.rev.Statement, "PROSPECTING", p.family)
	}
	return idx
}

// pick keeps n of the bases with no contrary decision that count for at least one role, spread
// evenly over them.
func (b *builder) pick(all []*base, idx *similar.Index, n int) []*base {
	var ok []*base
	for _, p := range all {
		if _, skip := decided[p.name]; skip {
			continue
		}
		if len(eligible(p, b.gates(p, p.rev, idx))) > 0 {
			ok = append(ok, p)
		}
	}
	if len(ok) <= n {
		return ok
	}
	out := make([]*base, 0, n)
	for i := range n {
		out = append(out, ok[i*len(ok)/n])
	}
	return out
}

// mask gives the base a problem and revision ID of the shape of real ones, drawn from the seed.
func (b *builder) mask(p *base) {
	rng := b.rng("id|" + p.name)
	p.rev.ProblemID = "TDB-" + strconv.Itoa(1000+rng.IntN(9000))
	p.rev.RevisionID = "rev_" + ulid.MustNew(ulid.Timestamp(p.rev.SubmittedAt), rngReader{rng}).String()
	p.rev.Number = 1
}

type rngReader struct{ r *rand.Rand }

func (r rngReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r.r.Uint32())
	}
	return len(p), nil
}

// gates runs every gate on rev as the workers would for the base.
func (b *builder) gates(p *base, rev *gates.Revision, idx *similar.Index) []gates.Result {
	env := gates.Env{Now: func() time.Time { return asOf }, Problems: family{idx, p.family}, Solved: similar.NewIndex(),
		Claims: gates.StaticClaims{}, Copies: b.copies}
	return gates.Run(context.Background(), rev, env)
}

// family drops the candidates of a packet's own duplicate family (the variants of one problem),
// which are true duplicates of it.
type family struct {
	idx    *similar.Index
	family string
}

func (f family) Similar(ctx context.Context, title, statement, exclude string, limit int) ([]gates.Candidate, error) {
	cands, err := f.idx.Similar(ctx, title, statement, exclude, limit+20)
	if err != nil {
		return nil, err
	}
	out := cands[:0]
	for _, c := range cands {
		if c.Locator != f.family {
			out = append(out, c)
		}
	}
	return out[:min(len(out), limit)], nil
}

// bears lists the gates one of a role's checks reads. The audit's remaining_uncertainty reads
// every gate, as the baseline lane reads it.
func bears(role lanes.Role, check lanes.RoleCheck) []gates.Name {
	if role == lanes.Audit && check.ID == "remaining_uncertainty" {
		var all []gates.Name
		for _, g := range gates.All() {
			all = append(all, g.Name)
		}
		return all
	}
	return check.Gates
}

// clean reports whether a gate's result leaves nothing against the packet: it ran, nothing
// failed or could not run, and every check that can fail passed.
func clean(r gates.Result) bool {
	g, _ := gates.ByName(r.Gate)
	if r.Reason != "" || r.Outcome == gates.OutcomeFail || r.Outcome == gates.OutcomeUnknown {
		return false
	}
	for _, f := range r.Findings {
		if f.Verdict != gates.Pass && (f.Verdict != gates.NeedsHuman || g.Check(f.Check).Certifies) {
			return false
		}
	}
	return true
}

// eligible are the roles for which the base is clean: every gate their checks read is clean on
// it, and none is one the base cannot satisfy.
func eligible(p *base, res []gates.Result) []lanes.Role {
	ok := map[gates.Name]bool{}
	for _, r := range res {
		ok[r.Gate] = clean(r)
	}
	var out []lanes.Role
roles:
	for _, role := range lanes.Roles {
		for _, c := range lanes.RoleChecks(role) {
			for _, g := range bears(role, c) {
				if p.exempt[g] || !ok[g] {
					continue roles
				}
			}
		}
		out = append(out, role)
	}
	return out
}

// failing are the role's checks that read gate g.
func failing(role lanes.Role, g gates.Name) []string {
	var out []string
	for _, c := range lanes.RoleChecks(role) {
		if slices.Contains(bears(role, c), g) {
			out = append(out, c.ID)
		}
	}
	return out
}

// clean is the base as it is, for every role it counts for.
func (b *builder) clean(p *base, idx *similar.Index) gold.Packet {
	res := b.gates(p, p.rev, idx)
	pk := gold.Packet{Base: p.name, Kind: gold.KindClean, Input: panelInput(p.rev, res), Expect: map[lanes.Role]gold.Expectation{}}
	for _, r := range eligible(p, res) {
		pk.Expect[r] = gold.Expectation{Accept: []lanes.Recommendation{lanes.Qualify}}
	}
	return finish(pk)
}

// decided is a demo packet with its reviewers' decision as the right answer.
func (b *builder) decided(p *base, idx *similar.Index, d decision) gold.Packet {
	return finish(gold.Packet{Base: p.name, Kind: gold.KindDecided, Decision: d.line,
		Input: panelInput(p.rev, b.gates(p, p.rev, idx)), Expect: d.expect})
}

// planted plants n defects into copies of the base, one each, of checks that passed on it and
// bear on a role it counts for.
func (b *builder) planted(p *base, idx *similar.Index, n int) []gold.Packet {
	res := b.gates(p, p.rev, idx)
	roles := eligible(p, res)
	seen, open := map[string]bool{}, map[string]bool{}
	for _, r := range res {
		for _, f := range r.Findings {
			seen[f.Check] = true
			open[f.Check] = open[f.Check] || f.Verdict != gates.Pass
		}
	}
	var out []gold.Packet
	checks := rotation()
	for tried := 0; len(out) < n && tried < len(checks); tried++ {
		id := checks[b.next%len(checks)]
		b.next++
		g := gateOf(id)
		expect := map[lanes.Role]gold.Expectation{}
		for _, r := range roles {
			if fs := failing(r, g); len(fs) > 0 {
				expect[r] = gold.Expectation{Accept: []lanes.Recommendation{lanes.KeepProspecting, lanes.Archive}, Failing: fs}
			}
		}
		planter, ok := gates.PlanterOf(id)
		if !ok || !seen[id] || open[id] || len(expect) == 0 {
			continue
		}
		rev := p.rev.Clone()
		if !planter(rev, b.rng(p.name+"|"+id)) {
			continue
		}
		rev.RevisionID = "rev_" + ulid.MustNew(ulid.Timestamp(rev.SubmittedAt), rngReader{b.rng("rev|" + p.name + "|" + id)}).String()
		out = append(out, finish(gold.Packet{Base: p.name, Kind: gold.KindPlanted, Planted: id,
			Input: panelInput(rev, b.gates(p, rev, idx)), Expect: expect}))
	}
	return out
}

// rotation lists the checks with a planter gate by gate: the first of each gate, then the
// second of each, and so on, so that consecutive planted packets land on different gates.
func rotation() []string {
	var byGate [][]string
	for _, g := range gates.All() {
		var ids []string
		for _, c := range g.Checks {
			if _, ok := gates.PlanterOf(c.ID); ok {
				ids = append(ids, c.ID)
			}
		}
		byGate = append(byGate, ids)
	}
	var out []string
	for round := 0; len(out) < len(gates.PlantedChecks()); round++ {
		for _, ids := range byGate {
			if round < len(ids) {
				out = append(out, ids[round])
			}
		}
	}
	return out
}

func gateOf(check string) gates.Name {
	for _, g := range gates.All() {
		for _, c := range g.Checks {
			if c.ID == check {
				return g.Name
			}
		}
	}
	panic("gold build: no gate has the check " + check)
}

// finish gives the packet its ID and, when it is meant for the audit, the panel's answers: three
// qualify answers with every check confirmed, which the audit should affirm on a clean packet and
// refuse on any other.
func finish(p gold.Packet) gold.Packet {
	p.ID = gold.IDOf(p.Input)
	if _, ok := p.Expect[lanes.Audit]; ok {
		for _, role := range lanes.PanelRoles {
			pr, err := lanes.LatestPrompt(role)
			if err != nil {
				panic(err)
			}
			a := lanes.Answer{Recommendation: lanes.Qualify, Blockers: []string{}, Concerns: []string{}, Unknowns: []string{}}
			for _, c := range pr.Checks {
				a.Checks = append(a.Checks, lanes.CheckAnswer{ID: c, Confirmed: true, Reason: "The packet supports this check."})
			}
			p.Panel = append(p.Panel, lanes.PanelAnswer{Role: role, Answer: a})
		}
	}
	return p
}

// panelInput is what a panel role reads of the revision, shaped as the panel job shapes it
// (policy's panelInput): the gates' outcomes, no claims, the cited sources as cited and the
// dated search.
func panelInput(rev *gates.Revision, res []gates.Result) lanes.PanelInput {
	in := lanes.PanelInput{Packet: *rev, Gates: []lanes.GateOutcome{}, Claims: []lanes.Claim{}, Evidence: []lanes.Evidence{}}
	for _, r := range res {
		in.Gates = append(in.Gates, lanes.GateOutcomeOf(r))
	}
	for _, r := range rev.References {
		in.Evidence = append(in.Evidence, lanes.Evidence{Kind: "reference", Label: r.Identifier, Locator: r.Locator,
			Text: strings.TrimSpace(r.Citation + "\n" + r.Relevance)})
	}
	if rs := rev.ReferenceSearch; !rs.CheckedOn.IsZero() {
		in.Evidence = append(in.Evidence, lanes.Evidence{Kind: "search", Label: "checked on " + rs.CheckedOn.Format("2006-01-02"),
			Text: strings.Join(rs.Databases, ", ") + "\n" + strings.Join(rs.Queries, "\n") + "\n" + rs.Coverage})
	}
	return in
}

func hash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return h
}
