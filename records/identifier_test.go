package records

import (
	"errors"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Identifier
	}{
		{"10.1007/BF01940866", Identifier{DOI, "doi:10.1007/bf01940866"}},
		{"https://doi.org/10.1007/BF01940866", Identifier{DOI, "doi:10.1007/bf01940866"}},
		{"doi:10.2307/2975810", Identifier{DOI, "doi:10.2307/2975810"}},
		{"arXiv:2101.00001v2", Identifier{ArXiv, "arxiv:2101.00001v2"}},
		{"https://arxiv.org/abs/math/0406010", Identifier{ArXiv, "arxiv:math/0406010"}},
		{"1805.04512", Identifier{ArXiv, "arxiv:1805.04512"}},
		{"zbl:0012.05201", Identifier{ZbMATH, "zbmath:0012.05201"}},
		{"ISBN 978-0-387-95385-4", Identifier{ISBN, "isbn:9780387953854"}},
		{"0-387-95385-X", Identifier{ISBN, "isbn:9780387953854"}},
		{"https://Example.org/a?b=1#frag", Identifier{URL, "url:https://example.org/a?b=1"}},
		{"OEIS:A001220", Identifier{URL, "url:https://oeis.org/A001220"}},
		{"MR2308490", Identifier{URL, "url:https://mathscinet.ams.org/mathscinet-getitem?mr=2308490"}},
		{"MR 0123456", Identifier{URL, "url:https://mathscinet.ams.org/mathscinet-getitem?mr=123456"}},
		{"mr:2308490", Identifier{URL, "url:https://mathscinet.ams.org/mathscinet-getitem?mr=2308490"}},
		{"oeis a000594", Identifier{URL, "url:https://oeis.org/A000594"}},
		{"https://oeis.org/A000594", Identifier{URL, "url:https://oeis.org/A000594"}},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Parse(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "hello", "10.1/x", "978-0-387-95385-5", "ftp://x.org", "https://", "zbl:abc", "OEIS:A12345", "OEIS:B000001", "oeis:", "MR", "MR2308490a", "Mrs Smith", "MR123456789"} {
		if got, err := Parse(bad); !errors.Is(err, ErrUnrecognised) {
			t.Errorf("Parse(%q) = %v, %v; want ErrUnrecognised", bad, got, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"10.1007/BF01940866", "arXiv:2101.00001", "ISBN 0-387-95385-X", "https://a.b/c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := Parse(s)
		if err != nil {
			return
		}
		if id.Kind == URL {
			return
		}
		// A normalised key parses to itself: normalisation is idempotent.
		again, err := Parse(id.Key)
		if err != nil || again != id {
			t.Fatalf("Parse(%q) = %v; Parse(%q) = %v, %v", s, id, id.Key, again, err)
		}
	})
}
