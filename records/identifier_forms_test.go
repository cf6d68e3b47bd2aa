package records

import (
	"errors"
	"testing"
)

// TestParseForms: each work is recognised in every form people write its identifier in —
// bare, with a prefix in any case, as the catalogue's own address — and every form gives the
// one key, so that two rows citing the work in different forms are one source.
func TestParseForms(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		key   string
		forms []string
	}{
		{"doi:10.1007/bf01444162", []string{"10.1007/BF01444162", "doi:10.1007/BF01444162", "DOI: 10.1007/BF01444162",
			"https://doi.org/10.1007/BF01444162", "http://dx.doi.org/10.1007/bf01444162", "  10.1007/BF01444162\n",
			"urn:doi:10.1007/BF01444162", "info:doi/10.1007/BF01444162"}},
		{"arxiv:2101.00001", []string{"2101.00001", "arXiv:2101.00001", "ARXIV:2101.00001", "https://arxiv.org/abs/2101.00001",
			"https://arxiv.org/pdf/2101.00001", "https://arxiv.org/pdf/2101.00001.pdf", "http://arxiv.org/pdf/2101.00001",
			"https://www.arxiv.org/abs/2101.00001"}},
		{"arxiv:2101.00001v3", []string{"arXiv:2101.00001v3", "https://arxiv.org/pdf/2101.00001v3.pdf"}},
		{"arxiv:math/0211159", []string{"arXiv:math/0211159", "https://arxiv.org/abs/math/0211159", "https://arxiv.org/pdf/math/0211159"}},
		{"arxiv:math.NT/0406010", []string{"arXiv:math.NT/0406010"}},
		{"zbmath:0103.16301", []string{"zbl:0103.16301", "Zbl 0103.16301", "zbMATH 0103.16301", "zbmath:0103.16301",
			"https://zbmath.org/?q=an:0103.16301", "https://zbmath.org/0103.16301"}},
		{"zbmath:01234567", []string{"zbl:01234567", "https://zbmath.org/01234567"}},
		{"isbn:9780387953854", []string{"ISBN 978-0-387-95385-4", "ISBN: 9780387953854", "ISBN-13: 978-0-387-95385-4",
			"ISBN-10: 0-387-95385-X", "isbn10:038795385x", "ISBN-13 978 0 387 95385 4", "038795385X", "978-0387953854",
			"urn:isbn:9780387953854", "URN:ISBN:0-387-95385-X"}},
		{"url:https://stacks.math.columbia.edu/tag/0A1B", []string{"https://stacks.math.columbia.edu/tag/0A1B",
			"HTTPS://Stacks.Math.Columbia.edu/tag/0A1B", "https://stacks.math.columbia.edu/tag/0A1B#comments"}},
		// zbMATH's pages that are not a document are addresses like any other.
		{"url:https://zbmath.org/authors/?q=ai:erdos.paul", []string{"https://zbmath.org/authors/?q=ai:erdos.paul"}},
	} {
		for _, f := range tt.forms {
			got, err := Parse(f)
			if err != nil || got.Key != tt.key {
				t.Errorf("Parse(%q) = %v, %v; want the key %s", f, got, err, tt.key)
			}
		}
	}
}

// TestParseRefuses: strings close to an identifier that are not one are refused, never taken
// for a neighbouring work.
func TestParseRefuses(t *testing.T) {
	t.Parallel()
	for _, s := range []string{
		"10.12/abc",                           // a DOI prefix of two digits
		"doi:10.1007",                         // no suffix
		"doi: see the paper",                  // a prefix with nothing after it
		"arXiv:2101.001",                      // three digits after the dot
		"arXiv:21010.00001",                   // five before it
		"https://arxiv.org/abs/",              // the listing, not a paper
		"https://arxiv.org/pdf/Perelman",      // not an ID
		"zbl:0103.1630",                       // four digits after the dot
		"zbl:Erdos-Renyi",                     //
		"ISBN 978-0-387-95385-3",              // a wrong check digit
		"urn:isbn:978-0-387-95385-3",          // a wrong check digit in the URN form
		"urn:doi:see the paper",               // a URN with no DOI
		"ISBN-10: 0-387-95385-1",              // a wrong check digit
		"ISBN 0-387-9538",                     // too short
		"ISBN 97803879538540",                 // too long
		"mailto:editor@example.org",           // not http(s)
		"https://exa mple.org/x",              // a space in the host
		"Ann. of Math. 179 (2014), 1121–1174", // a citation, not an identifier
	} {
		if got, err := Parse(s); !errors.Is(err, ErrUnrecognised) {
			t.Errorf("Parse(%q) = %v, %v; want ErrUnrecognised", s, got, err)
		}
	}
}
