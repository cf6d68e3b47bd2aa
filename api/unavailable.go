package api

import (
	"net/http"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/graph"
	"github.com/theoremdb/theoremdb/throttle"
)

// unavailable makes the answer 503 with Retry-After when one of its errors is the database
// refusing a connection (UNAVAILABLE): a client and a load balancer read "try again", not a
// server fault.
func (info *requestInfo) unavailable(errs gqlerror.List) {
	for _, e := range errs {
		if code, _ := e.Extensions["code"].(string); code == graph.CodeUnavailable {
			info.status = http.StatusServiceUnavailable
			info.header.Set("Retry-After", throttle.RetrySeconds(db.RetryAfter))
			return
		}
	}
}

// statusWriter writes the status requestInfo asks for in place of a 200.
type statusWriter struct {
	http.ResponseWriter
	info    *requestInfo
	written bool
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.written && code == http.StatusOK && w.info.status != 0 {
		code = w.info.status
	}
	w.written = true
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if !w.written {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Flush passes a flush on (incremental delivery).
func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		if !w.written {
			w.WriteHeader(http.StatusOK)
		}
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
