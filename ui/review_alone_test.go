package ui

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/theoremdb/theoremdb/policy"
)

// TestReviewStatementAlone holds the review page's "statement alone" section to the isolated
// statement: link text stays, addresses go, and a statement with nothing to hide keeps the
// spans its findings mark.
func TestReviewStatementAlone(t *testing.T) {
	tests := []struct {
		name, statement string
		want            string // the section's statement text
		testID          string // the element that holds it
	}{
		{"links", "Is every even $n > 2$ a sum of two [primes](https://example.org/primes)? See https://example.org/goldbach.",
			"Is every even $n > 2$ a sum of two primes? See", "statement-alone"},
		{"plain", "Is every even $n > 2$ a sum of two primes?", "Is every even $n > 2$ a sum of two primes?", "flagged-statement"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := DecisionView{Problem: ProblemView{P: &policy.ProblemView{ID: "TDB-1", Title: "Goldbach",
				State: policy.StateProspecting, Revision: policy.RevisionView{Statement: tt.statement}}},
				Values: map[string]string{}, Errors: map[string]string{}}
			var buf bytes.Buffer
			if err := ReviewPage(d).Render(context.Background(), &buf); err != nil {
				t.Fatal(err)
			}
			doc, err := html.Parse(&buf)
			if err != nil {
				t.Fatal(err)
			}
			section := byTestID(doc, "isolated-statement")
			if section == nil {
				t.Fatal("the review page has no statement-alone section")
			}
			held := byTestID(section, tt.testID)
			if held == nil {
				t.Fatalf("the statement-alone section has no %s", tt.testID)
			}
			if got := strings.TrimSpace(textOf(held)); got != tt.want {
				t.Errorf("statement alone = %q; want %q", got, tt.want)
			}
			if strings.Contains(textOf(section), "https://") {
				t.Errorf("the statement alone shows an address: %q", textOf(section))
			}
		})
	}
}

// byTestID is the first element under n with the data-testid id.
func byTestID(n *html.Node, id string) *html.Node {
	if n.Type == html.ElementNode && attrOf(n, "data-testid") == id {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if found := byTestID(c, id); found != nil {
			return found
		}
	}
	return nil
}
