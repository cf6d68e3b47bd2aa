package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/theoremdb/theoremdb/policy"
)

// countingWriter knows whether anything of the answer was written, after which a failure can
// no longer become the error page.
type countingWriter struct {
	w        io.Writer
	n        int64
	progress func() // called after each write that wrote something
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	if n > 0 && c.progress != nil {
		c.progress()
	}
	return n, err
}

// downloadContext frees a download from the page's time limit, which a download of a large site
// outgrows (100,000 problems are about 180 MB of JSON Lines): its context ends when the client
// goes away, or when nothing has been written for idle, never merely because the download is
// long. progress restarts the idle clock; stop releases the context.
func downloadContext(r *http.Request, idle time.Duration) (ctx context.Context, progress, stop func()) {
	page := r.Context()
	ctx, cancel := context.WithCancelCause(context.WithoutCancel(page))
	// The page's deadline passing is not the client leaving: only a cancellation ends it.
	unhook := context.AfterFunc(page, func() {
		if errors.Is(page.Err(), context.Canceled) {
			cancel(page.Err())
		}
	})
	clock := time.AfterFunc(idle, func() { cancel(errors.New("nothing written for " + idle.String())) })
	return ctx, func() { clock.Reset(idle) }, func() {
		unhook()
		clock.Stop()
		cancel(context.Canceled)
	}
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
	ctx, progress, stop := downloadContext(r, s.guard.RequestTimeout)
	defer stop()
	cw := &countingWriter{w: w, progress: progress}
	err := write(ctx, cw, policy.ExportOptions{BaseURL: s.baseURL(), Flush: func() { _ = rc.Flush() }})
	if err != nil && cw.n > 0 {
		if cause := context.Cause(ctx); cause != nil && !errors.Is(cause, context.Canceled) {
			err = errors.Join(err, cause)
		}
		if gone(r, err) {
			return nil
		}
		s.log.ErrorContext(r.Context(), "export broke off", "path", r.URL.Path, "bytes", cw.n, "err", err)
		// Ending the answer as usual would hand the client a file that reads as whole; breaking the
		// connection tells it the download failed.
		panic(http.ErrAbortHandler)
	}
	return err
}
