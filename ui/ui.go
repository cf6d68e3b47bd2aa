// Package ui holds the pages of the site as templ components, and the static
// files they use (our CSS and scripts; KaTeX built by `make assets` into
// static/dist). Components render what handlers give them and decide
// nothing: every rule lives in policy/. User text is escaped by templ;
// statements are shown as plain paragraphs whose TeX KaTeX renders in the
// browser, so the raw TeX stays readable without scripts.
package ui

import (
	"bytes"
	"context"
	"embed"
	"io"
	"strings"
	"time"

	"github.com/a-h/templ"

	"github.com/theoremdb/theoremdb/policy"
)

//go:generate go tool templ generate

// Static is served under /static/.
//
//go:embed static
var Static embed.FS

// Page is what every page's frame needs.
type Page struct {
	Title  string
	Nonce  string
	Viewer *policy.Viewer
	Flash  string
	// Refresh, when positive, reloads the page after that many seconds:
	// the Checks section while gates are still running, with or without
	// scripts.
	Refresh int
	// ChallengeWindow is the configured time from submission to default
	// acceptance (policy.Config.ChallengeWindow). Copy that names the
	// challenge period words it from this, in the frame and, through
	// framed, in the body.
	ChallengeWindow time.Duration
	// Head, when not nil, adds to the page's head: its description, canonical link, citation
	// and Open Graph tags, feed links.
	Head templ.Component
	// Return is the same-site path that signing in or up from this page
	// returns to.
	Return string
	// Math loads KaTeX whatever the body holds. Without it, Layout loads
	// KaTeX only for a body with TeX in it (mathMarkers).
	Math bool
}

// mathMarkers mark a body that needs KaTeX: an element whose TeX math.js
// renders, or the moderation queue, whose live refresh brings in cases with
// TeX.
var mathMarkers = [][]byte{[]byte(" data-math"), []byte(" data-live-moderation")}

// Layout frames body as a whole page. The body is rendered first, so that
// the head loads KaTeX only where the body has TeX.
func Layout(p Page, body templ.Component) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		var b bytes.Buffer
		if err := framed(p, body).Render(ctx, &b); err != nil {
			return err
		}
		for _, m := range mathMarkers {
			p.Math = p.Math || bytes.Contains(b.Bytes(), m)
		}
		return layout(p, templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
			_, err := w.Write(b.Bytes())
			return err
		})).Render(ctx, w)
	})
}

// Signed reports whether someone is signed in.
func (p Page) Signed() bool { return p.Viewer != nil }

type frameKey struct{}

// framed renders body with the Page of its frame in the context, so that a
// body's copy reads the configuration (the challenge window) from the same
// Page as the frame, and no handler passes it twice.
func framed(p Page, body templ.Component) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		return body.Render(context.WithValue(ctx, frameKey{}, p), w)
	})
}

// frame is the Page a component is rendered in; outside Layout it is the
// zero Page, whose copy names no window length.
func frame(ctx context.Context) Page {
	p, _ := ctx.Value(frameKey{}).(Page)
	return p
}

// When formats a time the way every page shows it: UTC, to the minute.
func When(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") }

// Day formats a date.
func Day(t time.Time) string { return t.UTC().Format("2 January 2006") }

// ISO is the machine-readable form for <time datetime>.
func ISO(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// Words shows an enum value in words: ACCEPTANCE_KIND → "acceptance kind".
func Words(s string) string { return strings.ReplaceAll(strings.ToLower(s), "_", " ") }

func httpStatusText(code int) string {
	switch code {
	case 400:
		return "That request cannot be served"
	case 401:
		return "Please sign in"
	case 403:
		return "Not allowed"
	case 404:
		return "Not found"
	case 429:
		return "Too many attempts"
	}
	return "Something went wrong"
}
