package records

import (
	"regexp"
	"strings"
)

// LicenceClass is what a record's licence lets TheoremDB do with the work's text; the values are
// a source's licence_class.
type LicenceClass string

// The licence classes. Only OPEN and SHARE_ALIKE text may be reused with attribution (TheoremDB
// publishes under CC BY-SA 4.0); the others block a copy-check match.
const (
	// LicenceOpen: public domain, CC0, or CC BY.
	LicenceOpen LicenceClass = "OPEN"
	// LicenceRecord: no licence that allows reuse, or none stated: the bibliographic record only.
	LicenceRecord LicenceClass = "RECORD"
	// LicenceVerbatim: copies allowed only unchanged (CC BY-ND and the like).
	LicenceVerbatim LicenceClass = "VERBATIM"
	// LicenceShareAlikeNC: non-commercial terms (CC BY-NC, BY-NC-SA).
	LicenceShareAlikeNC LicenceClass = "SHARE_ALIKE_NC"
	// LicenceShareAlike: CC BY-SA, any version.
	LicenceShareAlike LicenceClass = "SHARE_ALIKE"
	// LicenceGFDL: the GNU Free Documentation License.
	LicenceGFDL LicenceClass = "GFDL"
)

// ccTerms finds the terms of a Creative Commons licence by its URL
// (creativecommons.org/licenses/by-nc-sa/4.0/) or its name ("CC BY-NC-SA 4.0").
var ccTerms = regexp.MustCompile(`(?:creativecommons\.org/licenses/|\bcc[ -])(by(?:[- ](?:nc|nd|sa))*)\b`)

// LicenceClassOf classes the licence a record states, as a URL or a name. A licence it does not
// recognise, or none, is RECORD: the text is not ours to reuse.
func LicenceClassOf(licence string) LicenceClass {
	l := strings.ToLower(strings.TrimSpace(licence))
	switch {
	case l == "":
		return LicenceRecord
	case strings.Contains(l, "publicdomain") || strings.Contains(l, "public domain") || strings.Contains(l, "cc0"):
		return LicenceOpen
	case strings.Contains(l, "gnu.org/licenses/fdl") || strings.Contains(l, "gfdl") ||
		strings.Contains(l, "gnu free documentation"):
		return LicenceGFDL
	}
	m := ccTerms.FindStringSubmatch(l)
	if m == nil {
		return LicenceRecord
	}
	terms := strings.FieldsFunc(m[1], func(r rune) bool { return r == '-' || r == ' ' })
	has := func(t string) bool {
		for _, x := range terms {
			if x == t {
				return true
			}
		}
		return false
	}
	switch {
	case has("nc"):
		return LicenceShareAlikeNC
	case has("nd"):
		return LicenceVerbatim
	case has("sa"):
		return LicenceShareAlike
	}
	return LicenceOpen
}
