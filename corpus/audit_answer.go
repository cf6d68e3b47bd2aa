package corpus

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/auditanswer"
	"github.com/theoremdb/theoremdb/ent/auditsample"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// CanAudit says whether a may read the blind samples and answer them: an
// auditor who is a person.
func CanAudit(a *ent.Account) bool {
	return a != nil && !policy.IsAgent(a) && role.Has(a.Roles, role.Auditor)
}

func mayAudit(a *ent.Account) error {
	if a == nil {
		return policy.ErrUnauthenticated
	}
	if !CanAudit(a) {
		return fmt.Errorf("only an auditor reads and answers the audit samples: %w", policy.ErrForbidden)
	}
	return nil
}

// BlindNode is a sampled node as its auditor sees it: what it says, what
// it rests on and its sources, and nothing of who or what wrote it (no
// writer, model, prompt, layer, stratum or change request).
type BlindNode struct {
	ID         string
	Kind       string
	Label      string
	Title      string
	Body       string
	Term       string
	Uses       []NodeRef
	UsedBy     []NodeRef
	Proves     *NodeRef
	ExampleOf  *NodeRef
	References []ReferenceView
}

// AuditItem is one sample of a month on an auditor's list.
type AuditItem struct {
	ID        string
	Month     string
	Node      BlindNode
	Checklist []ChecklistItem
	// Answers are the caller's own answers so far, by property.
	Answers map[string]Answer
}

// Answer is a recorded answer.
type Answer struct {
	Property   string
	Error      bool
	ErrorClass string
	Note       string
	Seconds    int
}

// AuditPage is a page of a month's samples in drawing order.
type AuditPage struct {
	Items      []*AuditItem
	TotalCount int
	HasNext    bool
}

// AuditSamples lists month's samples for an auditor, first (0 to MaxPage)
// at a time after the sample ID after (a cursor; "" from the start), blind.
func (s *Service) AuditSamples(ctx context.Context, a *ent.Account, month string, first int, after string) (*AuditPage, error) {
	if err := mayAudit(a); err != nil {
		return nil, err
	}
	if first < 0 || first > MaxPage {
		return nil, fmt.Errorf("a page of samples holds 0 to %d, not %d: %w", MaxPage, first, ErrAudit)
	}
	m, err := ParseMonth(month)
	if err != nil {
		return nil, err
	}
	q := s.client.AuditSample.Query().Where(auditsample.MonthEQ(m.String()))
	total, err := q.Clone().Count(ctx)
	if err != nil {
		return nil, fmt.Errorf("samples of %s: %w", month, err)
	}
	if after != "" {
		q = q.Where(auditsample.IDGT(after))
	}
	// Ordered by ID, a ULID: the draw's order, never grouped by anything
	// an auditor could read a writer from.
	rows, err := q.Order(ent.Asc(auditsample.FieldID)).Limit(first + 1).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("samples of %s: %w", month, err)
	}
	p := &AuditPage{TotalCount: total, HasNext: len(rows) > first}
	rows = rows[:min(len(rows), first)]
	for _, r := range rows {
		it, err := s.auditItem(ctx, a, r)
		if err != nil {
			return nil, err
		}
		p.Items = append(p.Items, it)
	}
	return p, nil
}

// AuditSample is one sample as its auditor's page shows it.
func (s *Service) AuditSample(ctx context.Context, a *ent.Account, id string) (*AuditItem, error) {
	if err := mayAudit(a); err != nil {
		return nil, err
	}
	r, err := s.client.AuditSample.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, fmt.Errorf("audit sample %q: %w", id, policy.ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	return s.auditItem(ctx, a, r)
}

func (s *Service) auditItem(ctx context.Context, a *ent.Account, r *ent.AuditSample) (*AuditItem, error) {
	v, err := s.Node(ctx, r.NodeID)
	if err != nil {
		return nil, err
	}
	it := &AuditItem{ID: r.ID, Month: r.Month, Checklist: Checklist(v.Kind), Answers: map[string]Answer{},
		Node: BlindNode{ID: v.ID, Kind: v.Kind, Label: v.Label, Title: v.Title, Body: v.Body, Term: v.Term, Uses: v.Uses,
			UsedBy: v.UsedBy, Proves: v.Proves, ExampleOf: v.ExampleOf, References: v.References}}
	as, err := s.client.AuditAnswer.Query().Where(auditanswer.SampleID(r.ID), auditanswer.AuditorID(a.ID)).All(ctx)
	if err != nil {
		return nil, err
	}
	for _, x := range as {
		an := Answer{Property: string(x.Property), Error: x.Error, Note: x.Note, Seconds: x.Seconds}
		if x.ErrorClass != nil {
			an.ErrorClass = string(*x.ErrorClass)
		}
		it.Answers[string(x.Property)] = an
	}
	return it, nil
}

// AuditInput is one answer on one property of one sample.
type AuditInput struct {
	Sample     string
	Property   string
	Error      bool
	ErrorClass string // required with an error
	Note       string
	Seconds    int // the time taken, as the page or the client measured it
}

// RecordAudit records an auditor's answer, with the time taken, and with
// it the stratum's rate: when its upper end now passes the threshold the
// configuration stops and its unconfirmed output is quarantined, in the
// same transaction. An auditor answers a property of a sample once, and
// never on a node they wrote.
func (s *Service) RecordAudit(ctx context.Context, a *ent.Account, in AuditInput) (*AuditItem, error) {
	if err := mayAudit(a); err != nil {
		return nil, err
	}
	if !slices.Contains([]string{PropertyCorrectness, PropertyFidelity, PropertySourcing, PropertyStyle}, in.Property) {
		return nil, fmt.Errorf("property %q is none of CORRECTNESS, FIDELITY, SOURCING, STYLE: %w", in.Property, ErrAudit)
	}
	if in.Error && !slices.Contains(ErrorClasses, in.ErrorClass) {
		return nil, fmt.Errorf("an error needs its class (%s): %w", strings.Join(ErrorClasses, ", "), ErrAudit)
	}
	if !in.Error && in.ErrorClass != "" {
		return nil, fmt.Errorf("an answer without an error has no error class: %w", ErrAudit)
	}
	in.Seconds = max(0, in.Seconds)
	err := s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		c := w.Client()
		sm, err := c.AuditSample.Get(ctx, in.Sample)
		if ent.IsNotFound(err) {
			return fmt.Errorf("audit sample %q: %w", in.Sample, policy.ErrNotFound)
		}
		if err != nil {
			return err
		}
		wrote, err := c.CorpusNode.Query().Where(corpusnode.ID(sm.NodeID), corpusnode.Writer(a.ID)).Exist(ctx)
		if err != nil {
			return err
		}
		if wrote {
			return fmt.Errorf("no one audits a node they wrote: %w", policy.ErrForbidden)
		}
		cr := c.AuditAnswer.Create().SetSampleID(sm.ID).SetProperty(auditanswer.Property(in.Property)).SetError(in.Error).
			SetNote(in.Note).SetAuditorID(a.ID).SetSeconds(in.Seconds).SetCreatedAt(s.now())
		if in.Error {
			cr.SetErrorClass(auditanswer.ErrorClass(in.ErrorClass))
		}
		if err := cr.Exec(ctx); err != nil {
			if ent.IsConstraintError(err) {
				return fmt.Errorf("you answered %s on this sample already: %w", in.Property, ErrAudit)
			}
			return fmt.Errorf("audit answer: %w", err)
		}
		// The event names the sample, never the stratum: the log is public.
		if _, err := w.Append(ctx, a.ID, AuthorityAuditor, KindAuditAnswered, sm.ID, map[string]any{
			"month": sm.Month, "property": in.Property, "error": in.Error, "errorClass": in.ErrorClass, "seconds": in.Seconds}); err != nil {
			return err
		}
		m, _ := ParseMonth(sm.Month)
		return s.enforce(ctx, w, m, sm.Stratum)
	})
	if err != nil {
		return nil, err
	}
	return s.AuditSample(ctx, a, in.Sample)
}
