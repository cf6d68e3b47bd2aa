package records

import (
	"context"
	"testing"
	"time"
)

// TestCrossrefFields reads the parts of a Crossref work that vary between records: a subtitle
// kept apart, an author known only by a name, a year only in the print date, several licences
// of which the published version's counts. Then, end to end, a claim written as people write it
// is confirmed against what was read, and a claim of another paper is not.
func TestCrossrefFields(t *testing.T) {
	t.Parallel()
	body := `={"status":"ok","message-type":"work","message":{"DOI":"10.1000/zeta","URL":"https://doi.org/10.1000/zeta",
		"title":["Zeros of <i>L</i>-functions"],"subtitle":["the \u03b6 case"],
		"author":[{"given":"Ada","family":"Lovelace"},{"name":"The Analytic Number Theory Consortium"},{"family":"Noether"}],
		"issued":{"date-parts":[[null]]},"published-print":{"date-parts":[[2019,3]]},"published-online":{"date-parts":[[2018,11]]},
		"license":[{"URL":"https://example.org/tdm","content-version":"tdm"},{"URL":"https://creativecommons.org/licenses/by/4.0/","content-version":"vor"},
			{"URL":"https://example.org/am","content-version":"am"}]}}`
	want := Record{ID: Identifier{DOI, "doi:10.1000/zeta"}, Title: "Zeros of <i>L</i>-functions: the ζ case",
		Authors: []string{"Lovelace, Ada", "The Analytic Number Theory Consortium", "Noether"}, Year: 2019,
		Licence: "https://creativecommons.org/licenses/by/4.0/", URL: "https://doi.org/10.1000/zeta"}
	runResolverCases(t, []resolverCase{{name: "varied fields", id: "doi:10.1000/ZETA", want: StatusFound, rec: &want,
		routes: map[string][]answer{"/works/10.1000/zeta": {{200, body, nil}}}}},
		func(c *Client, base string) Resolver {
			return DOIResolver{Client: c, CrossrefURL: base, DataCiteURL: base}
		})

	c, _, _, base := testClient(t, map[string][]answer{"/works/10.1000/zeta": {{200, body, nil}}}, Config{MaxAttempts: 1, BaseDelay: time.Second})
	res := DOIResolver{Client: c, CrossrefURL: base, DataCiteURL: base}.Resolve(context.Background(), mustParse(t, "10.1000/zeta"), nil)
	for _, tt := range []struct {
		name    string
		claimed Claimed
		want    Confirmation
	}{
		{"as cited, in TeX and without the subtitle", Claimed{`Zeros of $L$-functions`, []string{"A. Lovelace, The Analytic Number Theory Consortium and E. Noether"}, 2018}, Confirmed},
		{"with the subtitle in TeX", Claimed{`Zeros of $L$-functions: the $\zeta$ case`, []string{"Lovelace et al."}, 2019}, Confirmed},
		{"another paper's title", Claimed{`Zeros of $L$-functions in the critical strip`, nil, 0}, Mismatch},
		{"a year three years off", Claimed{`Zeros of $L$-functions`, nil, 2022}, Mismatch},
		{"an author too few", Claimed{"", []string{"Lovelace and Noether"}, 0}, Mismatch},
	} {
		if got := Confirm(res, tt.claimed); got.Confirmation != tt.want {
			t.Errorf("%s: Confirm = %+v; want %s", tt.name, got, tt.want)
		}
	}
}
