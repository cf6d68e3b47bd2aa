package server

import (
	"bytes"
	"encoding/json"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/gorilla/websocket"

	"github.com/theoremdb/theoremdb/api"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/viewer"
)

// wantsExplorer reports whether a request to /graphql is a browser opening
// the page rather than a GraphQL client: a GET (or HEAD) with no operation
// and no websocket upgrade, from a client that asks for HTML.
func wantsExplorer(r *http.Request) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	q := r.URL.Query()
	if q.Has("query") || q.Has("extensions") || websocket.IsWebSocketUpgrade(r) {
		return false
	}
	return acceptsHTML(r.Header.Get("Accept"))
}

// acceptsHTML reports whether an Accept header names text/html with a
// weight of at least that of any JSON type it names, as browsers' do; */*
// alone is not enough, since every GraphQL client may send it.
func acceptsHTML(accept string) bool {
	html, js := -1.0, -1.0
	for _, part := range strings.Split(accept, ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		q := 1.0
		if v, ok := params["q"]; ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		switch {
		case mt == "text/html":
			html = max(html, q)
		case mt == "application/json", strings.HasSuffix(mt, "+json"):
			js = max(js, q)
		}
	}
	return html > 0 && html >= js
}

// withExplorer serves the explorer page to browsers that open /graphql and
// passes every other request, GraphQL over HTTP or websockets, to gql (the
// transport, api.Handler).
func withExplorer(p *policy.Service, gql http.Handler) http.Handler {
	tabs, err := json.Marshal(examples)
	if err != nil {
		panic("explorer tabs: " + err.Error())
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !wantsExplorer(r) {
			gql.ServeHTTP(w, r)
			return
		}
		nonce := newNonce()
		// The editor (Monaco) writes <style> elements, which carry the
		// nonce (ui/explorer/nonce.mjs), and lays out its lines with style
		// attributes; GraphiQL's stylesheet has its fonts inline, as data:
		// URLs. Scripts stay as strict as on every page.
		setSecurityHeaders(w.Header(), contentSecurityPolicy(nonce,
			"'self' 'nonce-"+nonce+"'; style-src-attr 'unsafe-inline'", "'self' data:"))
		pg := ui.Page{Title: "GraphQL explorer", Nonce: nonce, Viewer: policy.ViewerOf(viewer.From(r.Context())), Return: returnPath(r),
			ChallengeWindow: p.Config().ChallengeWindow, Head: ui.ExplorerHead(nonce)}
		var b bytes.Buffer
		if err := ui.Layout(pg, ui.ExplorerPage(ui.ExplorerView{Endpoint: "/graphql", Schema: schemaPath, Tabs: string(tabs)})).Render(r.Context(), &b); err != nil {
			http.Error(w, "the explorer page could not be rendered", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Add("Vary", "Accept")
		_, _ = w.Write(b.Bytes())
	})
}

// schemaPath is where the schema's SDL is downloaded.
const schemaPath = "/graphql/schema.graphql"

// schemaFile downloads the served schema as SDL (/graphql/schema.graphql),
// with its descriptions (api.Schema).
func (s *Server) schemaFile(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="schema.graphql"`)
	w.Header().Set("Cache-Control", cachePlain)
	_, _ = w.Write(api.Schema())
	return nil
}
