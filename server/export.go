package server

import (
	"context"
	"io"
	"net/http"
	"strconv"

	"github.com/theoremdb/theoremdb/policy"
)

// countingWriter knows whether anything of the answer was written, after which a failure can
// no longer become the error page.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// exportJSONL is /export/problems.jsonl: every public problem, one JSON object a line after a
// header line naming the format, its version and the licence.
func (s *Server) exportJSONL(w http.ResponseWriter, r *http.Request) error {
	return s.export(w, r, "application/x-ndjson; charset=utf-8", "theoremdb-problems.jsonl", s.policy.ExportJSONL)
}

// exportCSV is /export/problems.csv: the same record, one row a problem.
func (s *Server) exportCSV(w http.ResponseWriter, r *http.Request) error {
	return s.export(w, r, "text/csv; charset=utf-8; header=present", "theoremdb-problems.csv", s.policy.ExportCSV)
}

// export streams a download, flushing after each batch of problems. The licence is stated in
// the Link (rel="license") and Content-License headers as well as in the file.
func (s *Server) export(w http.ResponseWriter, r *http.Request, contentType, filename string,
	write func(ctx context.Context, w io.Writer, o policy.ExportOptions) error) error {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Disposition", `attachment; filename="`+filename+`"`)
	h.Set("Content-License", policy.ExportLicence)
	h.Set("Link", "<"+policy.ExportLicenceURL+`>; rel="license"`)
	h.Set("X-Export-Format", policy.ExportFormat+"; version="+strconv.Itoa(policy.ExportVersion))
	h.Set("Cache-Control", "public, max-age=300")
	rc := http.NewResponseController(w)
	cw := &countingWriter{w: w}
	err := write(r.Context(), cw, policy.ExportOptions{BaseURL: s.baseURL(), Flush: func() { _ = rc.Flush() }})
	if err != nil && cw.n > 0 {
		if !gone(r, err) {
			s.log.ErrorContext(r.Context(), "export broke off", "path", r.URL.Path, "bytes", cw.n, "err", err)
		}
		return nil
	}
	return err
}
