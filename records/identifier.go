package records

import (
	"cmp"
	"errors"
	"net/url"
	"regexp"
	"strings"
)

// Kind of identifier, as stored on a Source.
type Kind string

// Identifier kinds.
const (
	DOI    Kind = "DOI"
	ArXiv  Kind = "ARXIV"
	ZbMATH Kind = "ZBMATH"
	ISBN   Kind = "ISBN"
	URL    Kind = "URL"
)

// Identifier is a parsed, normalised identifier. Key is unique per work:
// "doi:10.1000/xyz" (lower case), "arxiv:2101.00001", "zbmath:1234.56789",
// "isbn:9780000000000", "url:https://host/path".
type Identifier struct {
	Kind Kind
	Key  string
}

var (
	doiRe      = regexp.MustCompile(`^10\.\d{4,9}/\S+$`)
	arxivNewRe = regexp.MustCompile(`^\d{4}\.\d{4,5}(v\d+)?$`)
	arxivOldRe = regexp.MustCompile(`^[a-z-]+(\.[A-Z]{2})?/\d{7}(v\d+)?$`)
	zblRe      = regexp.MustCompile(`^\d{4}\.\d{5}$|^\d{8}$`)
)

// catalogues are the reference databases whose entries people name by a number of their own:
// an OEIS sequence by its A-number ("OEIS:A001220", "OEIS A001220"), a review of Mathematical
// Reviews by its MR number ("MR2308490", "MR 2308490", "MR:2308490"). Each names the URL of its
// entry, so that it and the entry's address are one source.
var catalogues = []struct {
	prefixes []string
	number   *regexp.Regexp
	url      func(number string) string
}{
	{[]string{"oeis:", "oeis "}, regexp.MustCompile(`^[Aa]\d{6}$`),
		func(n string) string { return "https://oeis.org/A" + n[1:] }},
	{[]string{"mr:", "mr ", "mr"}, regexp.MustCompile(`^\d{1,8}$`),
		func(n string) string {
			return "https://mathscinet.ams.org/mathscinet-getitem?mr=" + cmp.Or(strings.TrimLeft(n, "0"), "0")
		}},
}

// ErrUnrecognised is returned for a string that is no known identifier.
var ErrUnrecognised = errors.New("not a DOI (10.…), arXiv ID, zbMATH ID (zbl:…), ISBN, OEIS sequence (OEIS:A…), MR number (MR…) or http(s) URL")

// Parse recognises s in the forms people write: bare or prefixed ("doi:",
// "arXiv:", "zbl:", "ISBN ", "ISBN-13:", and the URN forms "urn:isbn:" (RFC
// 3187), "urn:doi:" and "info:doi/"), or as a doi.org, arxiv.org (abstract
// or PDF) or zbmath.org URL. An entry of a catalogue named by its number (an
// OEIS sequence, an MR number) is the URL of its entry (catalogues).
func Parse(s string) (Identifier, error) {
	s = strings.TrimSpace(s)
	lower := strings.ToLower(s)
	for _, p := range []string{"https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi:", "urn:doi:", "info:doi/"} {
		if strings.HasPrefix(lower, p) {
			return doi(s[len(p):])
		}
	}
	if doiRe.MatchString(s) {
		return doi(s)
	}
	for _, p := range []string{"https://arxiv.org/abs/", "http://arxiv.org/abs/", "https://arxiv.org/pdf/", "http://arxiv.org/pdf/",
		"https://www.arxiv.org/abs/", "https://www.arxiv.org/pdf/", "arxiv:"} {
		if strings.HasPrefix(lower, p) {
			return arxiv(s[len(p):])
		}
	}
	if arxivNewRe.MatchString(s) {
		return arxiv(s)
	}
	// zbMATH's own address of a document, the URL its record gives.
	if rest, ok := strings.CutPrefix(lower, "https://zbmath.org/"); ok && zblRe.MatchString(rest) {
		return Identifier{ZbMATH, "zbmath:" + rest}, nil
	}
	for _, p := range []string{"zbl:", "zbmath:", "https://zbmath.org/?q=an:", "zbl ", "zbmath "} {
		if strings.HasPrefix(lower, p) {
			id := strings.TrimSpace(s[len(p):])
			if zblRe.MatchString(id) {
				return Identifier{ZbMATH, "zbmath:" + id}, nil
			}
			return Identifier{}, ErrUnrecognised
		}
	}
	for _, c := range catalogues {
		for _, p := range c.prefixes {
			if strings.HasPrefix(lower, p) {
				n := strings.TrimSpace(s[len(p):])
				if !c.number.MatchString(n) {
					return Identifier{}, ErrUnrecognised
				}
				return Identifier{URL, "url:" + c.url(n)}, nil
			}
		}
	}
	for _, p := range []string{"isbn:", "isbn ", "isbn-13:", "isbn-10:", "isbn-13 ", "isbn-10 ", "isbn13:", "isbn10:", "urn:isbn:"} {
		if strings.HasPrefix(lower, p) {
			return isbn(s[len(p):])
		}
	}
	if strings.HasPrefix(lower, "https://") || strings.HasPrefix(lower, "http://") {
		u, err := url.Parse(s)
		if err != nil || u.Host == "" || strings.ContainsAny(s, " \t\n") {
			return Identifier{}, ErrUnrecognised
		}
		u.Scheme = strings.ToLower(u.Scheme)
		u.Host = strings.ToLower(u.Host)
		u.Fragment = ""
		return Identifier{URL, "url:" + u.String()}, nil
	}
	if id, err := isbn(s); err == nil {
		return id, nil
	}
	return Identifier{}, ErrUnrecognised
}

func doi(s string) (Identifier, error) {
	s = strings.TrimSpace(s)
	if !doiRe.MatchString(s) {
		return Identifier{}, ErrUnrecognised
	}
	return Identifier{DOI, "doi:" + strings.ToLower(s)}, nil
}

func arxiv(s string) (Identifier, error) {
	s = strings.TrimSpace(strings.TrimSuffix(s, ".pdf"))
	if !arxivNewRe.MatchString(s) && !arxivOldRe.MatchString(s) {
		return Identifier{}, ErrUnrecognised
	}
	return Identifier{ArXiv, "arxiv:" + s}, nil
}

// isbn accepts ISBN-10 and ISBN-13 with hyphens or spaces and checks the
// check digit; ISBN-10s are stored as their ISBN-13.
func isbn(s string) (Identifier, error) {
	var d []byte
	for _, r := range strings.TrimSpace(s) {
		switch {
		case r >= '0' && r <= '9':
			d = append(d, byte(r))
		case (r == 'X' || r == 'x') && len(d) == 9:
			d = append(d, 'X')
		case r == '-' || r == ' ':
		default:
			return Identifier{}, ErrUnrecognised
		}
	}
	switch len(d) {
	case 10:
		sum := 0
		for i, c := range d {
			v := int(c - '0')
			if c == 'X' {
				v = 10
			}
			sum += (10 - i) * v
		}
		if sum%11 != 0 {
			return Identifier{}, ErrUnrecognised
		}
		d13 := append([]byte("978"), d[:9]...)
		return Identifier{ISBN, "isbn:" + string(d13) + string(isbn13Check(d13))}, nil
	case 13:
		if d[12] == 'X' || isbn13Check(d[:12]) != d[12] {
			return Identifier{}, ErrUnrecognised
		}
		return Identifier{ISBN, "isbn:" + string(d)}, nil
	}
	return Identifier{}, ErrUnrecognised
}

func isbn13Check(d []byte) byte {
	sum := 0
	for i, c := range d {
		w := 1
		if i%2 == 1 {
			w = 3
		}
		sum += w * int(c-'0')
	}
	return byte('0' + (10-sum%10)%10)
}
