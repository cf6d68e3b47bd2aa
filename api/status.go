package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/gorilla/websocket"
)

// specStatus applies the GraphQL-over-HTTP status rules that gqlgen leaves
// to us. A request that fails to parse or validate is answered 200 to a
// client that accepts only application/json (it cannot tell a 4xx from a
// transport failure), and without a data entry to one that accepts
// application/graphql-response+json, since no execution happened.
func specStatus(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if websocket.IsWebSocketUpgrade(r) {
			next.ServeHTTP(w, r)
			return
		}
		sw := &specWriter{ResponseWriter: w,
			legacy: !strings.Contains(r.Header.Get("Accept"), "application/graphql-response+json")}
		next.ServeHTTP(sw, r)
		sw.flush()
	})
}

type specWriter struct {
	http.ResponseWriter
	legacy bool
	code   int
	buf    *bytes.Buffer // the body of a request error, held to be rewritten
}

func (w *specWriter) WriteHeader(code int) {
	if code == http.StatusUnprocessableEntity || code == http.StatusBadRequest {
		w.code, w.buf = code, &bytes.Buffer{}
		return
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *specWriter) Write(b []byte) (int, error) {
	if w.buf != nil {
		return w.buf.Write(b)
	}
	return w.ResponseWriter.Write(b)
}

func (w *specWriter) flush() {
	if w.buf == nil {
		return
	}
	body := w.buf.Bytes()
	var resp map[string]json.RawMessage
	if err := json.Unmarshal(body, &resp); err == nil && string(resp["data"]) == "null" {
		delete(resp, "data")
		if b, err := json.Marshal(resp); err == nil {
			body = b
		}
	}
	code := w.code
	if w.legacy && code == http.StatusUnprocessableEntity {
		code = http.StatusOK // a document error, not a malformed request
	}
	w.ResponseWriter.WriteHeader(code)
	_, _ = w.ResponseWriter.Write(body)
}
