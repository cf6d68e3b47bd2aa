package server

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/viewer"
)

// auditStore is what the audit, quality and report pages read and write;
// *corpus.Service satisfies it.
type auditStore interface {
	AuditSamples(ctx context.Context, a *viewer.Account, month string, first int, after string) (*corpus.AuditPage, error)
	AuditSample(ctx context.Context, a *viewer.Account, id string) (*corpus.AuditItem, error)
	RecordAudit(ctx context.Context, a *viewer.Account, in corpus.AuditInput) (*corpus.AuditItem, error)
	Rates(ctx context.Context, month string) ([]corpus.RateRow, error)
	Snapshots(ctx context.Context, limit int) ([]*corpus.Snapshot, error)
	ReportProblem(ctx context.Context, a *viewer.Account, in corpus.ReportInput) (*corpus.ReportView, error)
	Quarantined(ctx context.Context, id string) (string, error)
	ReviewBudget(ctx context.Context, month string) (*corpus.Budget, error)
	ReportsFor(ctx context.Context, a *viewer.Account, limit int) ([]*corpus.ReportView, error)
	DecideReport(ctx context.Context, a *viewer.Account, id string, confirm bool) error
	Stops(ctx context.Context, limit int) ([]*corpus.StopView, error)
	DecideQuarantine(ctx context.Context, a *viewer.Account, in corpus.QuarantineDecision) (*corpus.StopView, error)
	LiftStop(ctx context.Context, a *viewer.Account, stopID, reason string) (*corpus.StopView, error)
}

var _ auditStore = (*corpus.Service)(nil)

// monthParam is ?month=YYYY-MM, or the current month.
func (s *Server) monthParam(r *http.Request) string {
	if m, err := corpus.ParseMonth(r.URL.Query().Get("month")); err == nil {
		return m.String()
	}
	return corpus.MonthOf(s.policy.Now()).String()
}

// auditList is /audit: the month's samples, for auditors.
func (s *Server) auditList(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	month := s.monthParam(r)
	p, err := s.audits.AuditSamples(r.Context(), viewer.From(r.Context()), month, corpus.MaxPage, r.URL.Query().Get("after"))
	if err != nil {
		return err
	}
	v := ui.AuditListView{Month: month, Items: p.Items, Total: p.TotalCount}
	if p.HasNext && len(p.Items) > 0 {
		v.Next = "/audit?month=" + month + "&after=" + p.Items[len(p.Items)-1].ID
	}
	s.render(w, r, http.StatusOK, page(r, "Audit of "+month), ui.AuditListPage(v))
	return nil
}

// auditSample is /audit/{id}: one sample's blind audit.
func (s *Server) auditSample(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	it, err := s.audits.AuditSample(r.Context(), viewer.From(r.Context()), r.PathValue("id"))
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "Audit sample "+it.ID),
		ui.AuditSamplePage(ui.AuditSampleView{Item: it, Started: s.policy.Now().Unix(), Errors: map[string]string{}}))
	return nil
}

// recordAudit records one property's answer from the sample's page; the
// time taken runs from when the page was rendered.
func (s *Server) recordAudit(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	if err := parseForm(r); err != nil {
		return err
	}
	a, id, f := viewer.From(r.Context()), r.PathValue("id"), r.PostForm
	in := corpus.AuditInput{Sample: id, Property: f.Get("property"), Note: strings.TrimSpace(f.Get("note"))}
	if v := f.Get("verdict"); v != "ok" && v != "" {
		in.Error, in.ErrorClass = true, v
	}
	if started, err := strconv.ParseInt(f.Get("started"), 10, 64); err == nil {
		in.Seconds = int(s.policy.Now().Sub(time.Unix(started, 0)).Seconds())
	}
	var err error
	if f.Get("verdict") != "" {
		_, err = s.audits.RecordAudit(r.Context(), a, in)
	}
	if errors.Is(err, corpus.ErrAudit) || f.Get("verdict") == "" {
		it, ierr := s.audits.AuditSample(r.Context(), a, id)
		if ierr != nil {
			return ierr
		}
		msg := "Choose a verdict."
		if err != nil {
			msg = err.Error()
		}
		s.render(w, r, http.StatusUnprocessableEntity, page(r, "Audit sample "+id), ui.AuditSamplePage(ui.AuditSampleView{Item: it,
			Started: s.policy.Now().Unix(), Errors: map[string]string{in.Property: msg}}))
		return nil
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, "/audit/"+id, "Recorded.")
	return nil
}

// quality is /quality: the month's published rates with their chart.
func (s *Server) quality(w http.ResponseWriter, r *http.Request) error {
	month := s.monthParam(r)
	rows, err := s.audits.Rates(r.Context(), month)
	if err != nil {
		return err
	}
	snaps, err := s.audits.Snapshots(r.Context(), feedEntries)
	if err != nil {
		return err
	}
	budget, err := s.audits.ReviewBudget(r.Context(), month)
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "Corpus quality "+month),
		ui.QualityPage(ui.QualityView{Month: month, Rows: rows, Chart: ui.NewChart(rows), Snapshots: snaps, Budget: budget}))
	return nil
}

// qualityJSON is /quality.json: the month's rates as the snapshots hold them.
func (s *Server) qualityJSON(w http.ResponseWriter, r *http.Request) error {
	month := s.monthParam(r)
	rows, err := s.audits.Rates(r.Context(), month)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(corpus.Document(month, rows))
}

// qualityCSV is /quality.csv: one row per stratum and property.
func (s *Server) qualityCSV(w http.ResponseWriter, r *http.Request) error {
	month := s.monthParam(r)
	rows, err := s.audits.Rates(r.Context(), month)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="quality-`+month+`.csv"`)
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"month", "kind", "writer", "model", "prompt_version", "layer", "property", "n", "errors",
		"low", "high", "method", "threshold", "stopped", "pending", "confirmed_reports"})
	ff := func(v float64) string { return strconv.FormatFloat(v, 'f', 6, 64) }
	for _, x := range rows {
		// The values come from the record and may begin with = or +: quoted
		// as text so a spreadsheet never runs them.
		_ = cw.Write([]string{month, x.Stratum.Kind, csvText(x.Stratum.Writer), csvText(x.Stratum.Model),
			csvText(x.Stratum.PromptVersion), csvText(x.Stratum.Layer), x.Property, strconv.Itoa(x.N), strconv.Itoa(x.Errors),
			ff(x.Low), ff(x.High), x.Method, ff(x.Threshold), strconv.FormatBool(x.Stopped), strconv.Itoa(x.Pending),
			strconv.Itoa(x.Reports)})
	}
	cw.Flush()
	return cw.Error()
}

// csvText defuses a cell a spreadsheet would read as a formula.
func csvText(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}

// feedQuality is /feeds/quality.atom: an entry per release's snapshot of
// the rates, with its month and hash.
func (s *Server) feedQuality(w http.ResponseWriter, r *http.Request) error {
	snaps, err := s.audits.Snapshots(r.Context(), feedEntries)
	if err != nil {
		return err
	}
	f := s.feed("/feeds/quality.atom", "TheoremDB corpus quality", "The corpus's audited error rates, one entry per release")
	docs := make([]corpus.RatesDocument, len(snaps))
	for i, sn := range snaps {
		_ = json.Unmarshal([]byte(sn.Content), &docs[i])
	}
	for i, sn := range snaps {
		doc := docs[i]
		stopped := 0
		for _, x := range doc.Rates {
			if x.Stopped {
				stopped++
			}
		}
		link := s.baseURL() + "/quality?month=" + sn.Month
		f.Entries = append(f.Entries, atomEntry{ID: s.baseURL() + "/quality/releases/" + sn.Release, Title: "Release " + sn.Release + ": the " + sn.Month + " rates",
			Updated: atomTime(sn.CreatedAt), Published: atomTime(sn.CreatedAt), Links: []atomLink{{Rel: "alternate", Href: link, Type: "text/html"}},
			Summary: atomText{Type: "text", Body: strconv.Itoa(len(doc.Rates)) + " rates, " + strconv.Itoa(stopped) +
				" stopped; " + thresholdsNote(doc, docs[i+1:]) + "; SHA-256 of the snapshot " + sn.SHA256}})
	}
	return s.writeFeed(w, r, f)
}

// thresholdsNote is a release note on the thresholds the release judged by:
// their version, and the decision when they changed since the release
// before (older ones follow, newest first).
func thresholdsNote(doc corpus.RatesDocument, older []corpus.RatesDocument) string {
	note := "thresholds " + doc.Thresholds
	if len(older) > 0 && older[0].Thresholds != doc.Thresholds {
		note += ", changed from " + older[0].Thresholds
		if doc.ThresholdsDecided != "" {
			note += " by the decision of " + doc.ThresholdsDecided + ": " + strings.TrimSuffix(doc.ThresholdsReason, ".")
		}
	}
	return note
}

// reportForm is /n/{ref}/report: which property of the node is wrong.
func (s *Server) reportForm(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	v, err := s.corpus.Node(r.Context(), r.PathValue("ref"))
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "Report "+v.ID), ui.ReportPage(ui.ReportView{NodeID: v.ID, Title: v.Title,
		Errors: map[string]string{}}))
	return nil
}

func (s *Server) report(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	v, err := s.corpus.Node(r.Context(), r.PathValue("ref"))
	if err != nil {
		return err
	}
	if err := parseForm(r); err != nil {
		return err
	}
	rv := ui.ReportView{NodeID: v.ID, Title: v.Title, Property: r.PostForm.Get("property"),
		Explanation: r.PostForm.Get("explanation"), Errors: map[string]string{}}
	_, err = s.audits.ReportProblem(r.Context(), viewer.From(r.Context()), corpus.ReportInput{Node: v.ID,
		Property: rv.Property, Explanation: rv.Explanation})
	if errors.Is(err, corpus.ErrAudit) {
		field := "explanation"
		if strings.Contains(err.Error(), "property") {
			field = "property"
		}
		rv.Errors[field] = err.Error()
		s.render(w, r, http.StatusUnprocessableEntity, page(r, "Report "+v.ID), ui.ReportPage(rv))
		return nil
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, "/n/"+v.ID, "Thank you. Your report is in the queue of reviewers and auditors.")
	return nil
}
