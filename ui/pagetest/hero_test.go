package pagetest

import (
	"html"
	"strconv"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/ui/hero"
)

// TestHeroPasses puts every motif of the hero visual in a page: the
// inline SVG must pass both the accessibility audit and the validator.
func TestHeroPasses(t *testing.T) {
	var b strings.Builder
	b.WriteString("<main><h1>Heroes</h1>")
	for i, k := range []packet.AcceptanceKind{packet.Proof, packet.Numerical, packet.Search, packet.Classification, ""} {
		v := hero.Draw(hero.Input{ID: "TDB-" + strconv.Itoa(i+1), Title: "t", Kind: k, Tags: []string{"x"}})
		b.WriteString("<figure>" + v.SVG + "<figcaption>" + html.EscapeString(v.Caption) + "</figcaption></figure>")
	}
	b.WriteString("</main>")
	r := &recorder{TB: t}
	Check(r, "heroes", page(b.String()))
	if len(r.errors) > 0 {
		t.Errorf("Check(page of heroes) reported:\n%s", strings.Join(r.errors, "\n"))
	}
}
