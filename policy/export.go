package policy

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/account"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/ent/slug"
	"github.com/theoremdb/theoremdb/packet"
)

// The export format: what a download of the public record says it is, and under which licence
// it may be reused. A change that a reader of version 1 could misread raises the version.
const (
	ExportFormat     = "theoremdb-export"
	ExportVersion    = 1
	ExportLicence    = "CC BY-SA 4.0"
	ExportLicenceURL = "https://creativecommons.org/licenses/by-sa/4.0/"
)

// exportBatch is how many problems an export reads from the database at a time.
const exportBatch = 100

// ExportHeader is the first line of a JSONL export.
type ExportHeader struct {
	Format     string    `json:"format"`
	Version    int       `json:"version"`
	Licence    string    `json:"licence"`
	LicenceURL string    `json:"licenceUrl"`
	Site       string    `json:"site,omitempty"`
	ExportedAt time.Time `json:"exportedAt"`
}

// ExportProblem is one public problem of an export: its lifecycle, its current revision with
// that revision's references, the earlier revisions and every decision on them.
type ExportProblem struct {
	ID                  string           `json:"id"`
	Number              int              `json:"number"`
	Slug                string           `json:"slug"`
	URL                 string           `json:"url,omitempty"`
	Slugs               []ExportSlug     `json:"slugs"`
	ImportKey           string           `json:"importKey,omitempty"`
	State               string           `json:"state"`
	AcceptanceAuthority string           `json:"acceptanceAuthority,omitempty"`
	SubmittedAt         time.Time        `json:"submittedAt"`
	Deadline            time.Time        `json:"deadline"`
	UpdatedAt           time.Time        `json:"updatedAt"`
	AcceptedAt          *time.Time       `json:"acceptedAt,omitempty"`
	ArchivedAt          *time.Time       `json:"archivedAt,omitempty"`
	MergedAt            *time.Time       `json:"mergedAt,omitempty"`
	MergedInto          string           `json:"mergedInto,omitempty"`
	MergedFrom          []string         `json:"mergedFrom,omitempty"`
	Proposer            string           `json:"proposer"`
	Revision            ExportRevision   `json:"revision"`
	References          []ExportRef      `json:"references"`
	EarlierRevisions    []ExportRevision `json:"earlierRevisions,omitempty"`
	Decisions           []ExportDecision `json:"decisions"`
}

// ExportSlug is a slug the problem has had, and since when.
type ExportSlug struct {
	Slug      string    `json:"slug"`
	CreatedAt time.Time `json:"createdAt"`
}

// ExportRevision is the content of one revision. References is set on earlier revisions only;
// the current revision's are the problem's References.
type ExportRevision struct {
	Number          int                      `json:"number"`
	Title           string                   `json:"title"`
	Statement       string                   `json:"statement"`
	Exposition      []packet.ExpositionEntry `json:"exposition"`
	Acceptance      packet.Acceptance        `json:"acceptance"`
	Provenance      packet.Provenance        `json:"provenance"`
	ReferenceSearch packet.ReferenceSearch   `json:"referenceSearch"`
	OpenStatus      *packet.OpenStatus       `json:"openStatus,omitempty"`
	Computation     *packet.Computation      `json:"computation,omitempty"`
	Hero            *packet.Hero             `json:"hero,omitempty"`
	Tags            []string                 `json:"tags"`
	Note            string                   `json:"note,omitempty"`
	Author          string                   `json:"author"`
	CreatedAt       time.Time                `json:"createdAt"`
	References      []ExportRef              `json:"references,omitempty"`
}

// ExportRef is one reference: the source's normalised identifier and kind, and why and where
// the revision cites it.
type ExportRef struct {
	Identifier string `json:"identifier"`
	Kind       string `json:"kind"`
	Citation   string `json:"citation"`
	Locator    string `json:"locator,omitempty"`
	Relevance  string `json:"relevance"`
	Role       string `json:"role"`
}

// ExportDecision is one reviewer decision, oldest first, with the number of the revision it
// decided.
type ExportDecision struct {
	Action           string               `json:"action"`
	ReasonCode       string               `json:"reasonCode,omitempty"`
	Authority        string               `json:"authority"`
	CreatedAt        time.Time            `json:"createdAt"`
	Revision         int                  `json:"revision"`
	Reviewer         string               `json:"reviewer,omitempty"` // in an export with ExportOptions.Reviewers only
	Notes            packet.DecisionNotes `json:"notes"`
	RevisionRequests []string             `json:"revisionRequests,omitempty"`
	MergeInto        string               `json:"mergeInto,omitempty"`
	Disagreement     string               `json:"disagreement,omitempty"`
	PolicyVersion    string               `json:"policyVersion"`
}

// ExportOptions say how an export is written.
type ExportOptions struct {
	// BaseURL is the site's public address; problems get their permanent URL under it.
	BaseURL string
	// Flush, when set, is called after each batch is written, so a download reaches the
	// reader as it is made.
	Flush func()
	// Reviewers names each decision's reviewer: the operator's export on the command line,
	// which a restore reads back. The public download leaves them out, as the pages and
	// GraphQL do for anyone who does not see reviewers (SeesReviewers).
	Reviewers bool
}

// EachPublicProblem calls fn with every public problem (every one not removed; a merged one
// stays, naming its survivor) in number order. It reads the database a batch at a time, so
// the whole record is never in memory. Revisions proposed after the current one and their
// decisions are not public record yet and are left out.
func (s *Service) EachPublicProblem(ctx context.Context, base string, fn func(*ExportProblem) error) error {
	last := 0
	for {
		ps, err := s.client.Problem.Query().Where(Listed(), problem.NumberGT(last)).Order(ent.Asc(problem.FieldNumber)).
			Limit(exportBatch).
			WithProposer(func(q *ent.AccountQuery) { q.Select(account.FieldHandle) }).
			WithSlugs(func(q *ent.SlugQuery) { q.Order(ent.Asc(slug.FieldCreatedAt), ent.Asc(slug.FieldSlug)) }).
			WithMergedFrom(func(q *ent.ProblemQuery) { q.Select(problem.FieldID).Order(ent.Asc(problem.FieldNumber)) }).
			WithRevisions(func(q *ent.RevisionQuery) {
				q.Order(ent.Asc(revision.FieldNumber)).
					WithAuthor(func(q *ent.AccountQuery) { q.Select(account.FieldHandle) }).
					WithReferences(func(q *ent.ReferenceQuery) { q.Order(ent.Asc(reference.FieldPosition)).WithSource() })
			}).
			WithDecisions(func(q *ent.DecisionQuery) {
				q.Order(ent.Asc(decision.FieldCreatedAt), ent.Asc(decision.FieldID)).
					WithReviewer(func(q *ent.AccountQuery) { q.Select(account.FieldHandle) }).
					WithRevision(func(q *ent.RevisionQuery) { q.Select(revision.FieldNumber) })
			}).All(ctx)
		if err != nil {
			return fmt.Errorf("export: problems after number %d: %w", last, err)
		}
		for _, p := range ps {
			e, err := exportProblem(p, base)
			if err != nil {
				return err
			}
			if err := fn(e); err != nil {
				return err
			}
			last = p.Number
		}
		if len(ps) < exportBatch {
			return nil
		}
	}
}

// exportProblem flattens a problem loaded with its edges.
func exportProblem(p *ent.Problem, base string) (*ExportProblem, error) {
	e := &ExportProblem{ID: p.ID, Number: p.Number, Slug: p.Slug, State: string(p.State),
		SubmittedAt: p.SubmittedAt.UTC(), Deadline: p.Deadline.UTC(), UpdatedAt: p.UpdatedAt.UTC(),
		AcceptedAt: utcPtr(p.AcceptedAt), MergedInto: deref(p.MergedIntoID), ImportKey: deref(p.ImportKey),
		Slugs: []ExportSlug{}, References: []ExportRef{}, Decisions: []ExportDecision{}}
	if base != "" {
		e.URL = strings.TrimRight(base, "/") + "/p/" + p.ID
	}
	if p.AcceptanceAuthority != nil {
		e.AcceptanceAuthority = string(*p.AcceptanceAuthority)
	}
	if a := p.Edges.Proposer; a != nil {
		e.Proposer = a.Handle
	}
	for _, sl := range p.Edges.Slugs {
		e.Slugs = append(e.Slugs, ExportSlug{Slug: sl.Slug, CreatedAt: sl.CreatedAt.UTC()})
	}
	for _, m := range p.Edges.MergedFrom {
		e.MergedFrom = append(e.MergedFrom, m.ID)
	}
	current := 0
	for _, r := range p.Edges.Revisions {
		if p.CurrentRevisionID != nil && r.ID == *p.CurrentRevisionID {
			current = r.Number
		}
	}
	if current == 0 {
		return nil, fmt.Errorf("export %s: no current revision", p.ID)
	}
	for _, r := range p.Edges.Revisions {
		switch {
		case r.Number == current:
			e.Revision = exportRevision(r)
			e.References = exportRefs(r)
		case r.Number < current:
			er := exportRevision(r)
			er.References = exportRefs(r)
			e.EarlierRevisions = append(e.EarlierRevisions, er)
		}
	}
	for _, d := range p.Edges.Decisions {
		n := 0
		if r := d.Edges.Revision; r != nil {
			n = r.Number
		}
		if n > current {
			continue
		}
		ed := ExportDecision{Action: string(d.Action), Authority: string(d.Authority), CreatedAt: d.CreatedAt.UTC(),
			Revision: n, Notes: d.Notes, RevisionRequests: d.RevisionRequests, MergeInto: deref(d.MergeIntoID),
			PolicyVersion: d.PolicyVersion}
		if d.ReasonCode != nil {
			ed.ReasonCode = string(*d.ReasonCode)
		}
		if d.Disagreement != nil {
			ed.Disagreement = string(*d.Disagreement)
		}
		if a := d.Edges.Reviewer; a != nil {
			ed.Reviewer = a.Handle
		}
		e.Decisions = append(e.Decisions, ed)
		at := ed.CreatedAt
		switch {
		case d.Action == decision.ActionARCHIVE && p.State == problem.StateARCHIVED:
			e.ArchivedAt = &at
		case d.Action == decision.ActionMERGE && p.State == problem.StateMERGED:
			e.MergedAt = &at
		}
	}
	return e, nil
}

func exportRevision(r *ent.Revision) ExportRevision {
	er := ExportRevision{Number: r.Number, Title: r.Title, Statement: r.Statement, Exposition: r.Exposition,
		Acceptance: r.Acceptance, Provenance: r.Provenance, ReferenceSearch: r.ReferenceSearch,
		Computation: r.Computation, Tags: r.Tags, Note: r.Note, CreatedAt: r.CreatedAt.UTC()}
	if er.Exposition == nil {
		er.Exposition = []packet.ExpositionEntry{}
	}
	if er.Tags == nil {
		er.Tags = []string{}
	}
	if r.OpenStatus != (packet.OpenStatus{}) {
		os := r.OpenStatus
		er.OpenStatus = &os
	}
	if h := HeroOf(r); h != (packet.Hero{}) {
		er.Hero = &h
	}
	if a := r.Edges.Author; a != nil {
		er.Author = a.Handle
	}
	return er
}

func exportRefs(r *ent.Revision) []ExportRef {
	out := []ExportRef{}
	for _, f := range r.Edges.References {
		er := ExportRef{Citation: f.Citation, Locator: f.Locator, Relevance: f.Relevance, Role: string(f.Role)}
		if src := f.Edges.Source; src != nil {
			er.Identifier, er.Kind = src.Identifier, string(src.Kind)
		}
		out = append(out, er)
	}
	return out
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// ExportJSONL writes the public record as JSON lines: the header (ExportHeader), then one
// ExportProblem per line in number order.
func (s *Service) ExportJSONL(ctx context.Context, w io.Writer, o ExportOptions) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	h := ExportHeader{Format: ExportFormat, Version: ExportVersion, Licence: ExportLicence, LicenceURL: ExportLicenceURL,
		Site: strings.TrimRight(o.BaseURL, "/"), ExportedAt: s.Now().UTC()}
	if err := enc.Encode(h); err != nil {
		return fmt.Errorf("export: header: %w", err)
	}
	n := 0
	err := s.EachPublicProblem(ctx, o.BaseURL, func(p *ExportProblem) error {
		o.anonymise(p)
		if err := enc.Encode(p); err != nil {
			return fmt.Errorf("export %s: %w", p.ID, err)
		}
		n++
		if n%exportBatch == 0 {
			return flushExport(bw, o)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return flushExport(bw, o)
}

// anonymise leaves the reviewers out of p unless the export names them.
func (o ExportOptions) anonymise(p *ExportProblem) {
	if o.Reviewers {
		return
	}
	for i := range p.Decisions {
		p.Decisions[i].Reviewer = ""
	}
}

// ExportCSVColumns are the columns of a CSV export, in order. Structured values (exposition,
// acceptance, provenance, reference search, tags, references, decisions, slugs, merged-from)
// are JSON in their cell, spelled as in the JSONL export.
var ExportCSVColumns = []string{
	"id", "number", "slug", "url", "state", "acceptance_authority", "submitted_at", "deadline", "accepted_at",
	"archived_at", "merged_at", "merged_into", "merged_from", "updated_at", "proposer", "revision", "revision_date",
	"title", "statement", "exposition", "acceptance_kind", "acceptance", "provenance_kind", "provenance",
	"reference_search", "tags", "references", "decisions",
}

// ExportCSV writes the public record as CSV: a header row of ExportCSVColumns, then one row per
// problem in number order. Times are RFC 3339 in UTC.
func (s *Service) ExportCSV(ctx context.Context, w io.Writer, o ExportOptions) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	cw := csv.NewWriter(bw)
	if err := cw.Write(ExportCSVColumns); err != nil {
		return fmt.Errorf("export: header: %w", err)
	}
	n := 0
	err := s.EachPublicProblem(ctx, o.BaseURL, func(p *ExportProblem) error {
		o.anonymise(p)
		if err := cw.Write(csvRow(p)); err != nil {
			return fmt.Errorf("export %s: %w", p.ID, err)
		}
		n++
		if n%exportBatch == 0 {
			cw.Flush()
			return flushExport(bw, o)
		}
		return nil
	})
	if err != nil {
		return err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return flushExport(bw, o)
}

func flushExport(bw *bufio.Writer, o ExportOptions) error {
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("export: write: %w", err)
	}
	if o.Flush != nil {
		o.Flush()
	}
	return nil
}

func csvRow(p *ExportProblem) []string {
	js := func(v any) string {
		b, _ := json.Marshal(v)
		return string(b)
	}
	tm := func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return t.Format(time.RFC3339Nano)
	}
	r := p.Revision
	mergedFrom := ""
	if len(p.MergedFrom) > 0 {
		mergedFrom = js(p.MergedFrom)
	}
	row := []string{
		p.ID, strconv.Itoa(p.Number), p.Slug, p.URL, p.State, p.AcceptanceAuthority, tm(&p.SubmittedAt),
		tm(&p.Deadline), tm(p.AcceptedAt), tm(p.ArchivedAt), tm(p.MergedAt), p.MergedInto, mergedFrom,
		tm(&p.UpdatedAt), p.Proposer, strconv.Itoa(r.Number), tm(&r.CreatedAt), r.Title, r.Statement,
		js(r.Exposition), string(r.Acceptance.Kind), js(r.Acceptance), string(r.Provenance.Kind), js(r.Provenance),
		js(r.ReferenceSearch), js(r.Tags), js(p.References), js(p.Decisions),
	}
	for i, c := range row {
		row[i] = csvCell(c)
	}
	return row
}

// TagCount is a tag with the number of public problems carrying it.
type TagCount struct {
	Name string
	N    int
}

// TagCounts lists every tag with its count of public problems, by name; tags no public problem
// carries are left out.
func (s *Service) TagCounts(ctx context.Context) ([]TagCount, error) {
	tags, err := s.client.Tag.Query().WithProblems(func(q *ent.ProblemQuery) {
		q.Where(Listed()).Select(problem.FieldID)
	}).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("tag counts: %w", err)
	}
	out := make([]TagCount, 0, len(tags))
	for _, t := range tags {
		if n := len(t.Edges.Problems); n > 0 {
			out = append(out, TagCount{Name: t.Name, N: n})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}
