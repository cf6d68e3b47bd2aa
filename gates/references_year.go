package gates

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// A bibliography row's identifier often carries a date: a new-style arXiv identifier its month
// of posting (arXiv:1711.10325 was posted in November 2017, math/0701397 in January 2007), and
// many DOIs the year of the issue ("10.4007/annals.2014.179.3.7", "10.4153/CJM-1960-016-5").
// A citation whose year no such date allows may cite one work under another's identifier. A
// work posted to the arXiv appears in print in the same year or some years later, most within
// three; a longer gap happens (refereeing in mathematics can take years) but is rare enough that
// asking a person about it costs little (0.1% of the 1,452 clean packets of the calibration get a
// references.row question at all), while a citation's year four or more years after its arXiv
// identifier is also how one work cited under another's identifier shows. An issue's DOI names the
// year of the issue or one near it. Neither is certain — an old paper may be posted late, a
// journal may take years — so the row goes to a person with the identifier's span, never to a
// FAIL.

// maxPrintLagYears is how many years after its arXiv posting a cited year may lie.
const maxPrintLagYears = 3

// maxDOIYearGap is how far from the year in its DOI a cited year may lie.
const maxDOIYearGap = 2

var (
	// refArxivNewRe reads a new-style arXiv identifier's year and month (from April 2007).
	refArxivNewRe = regexp.MustCompile(`(?i)(?:^|arxiv[:/]\s*|abs/)([0-9]{2})([0-9]{2})\.[0-9]{4,5}(?:v[0-9]+)?\b`)
	// refArxivOldRe reads an old-style one ("math/0701397", "quant-ph/0512154").
	refArxivOldRe = regexp.MustCompile(`(?i)\b[a-z-]+(?:\.[a-z]{2})?/([0-9]{2})([0-9]{2})[0-9]{3}(?:v[0-9]+)?\b`)
	// refDOIYearRe reads a year the suffix of a DOI sets between separators.
	refDOIYearRe = regexp.MustCompile(`[./-]((?:19|20)[0-9]{2})[./-]`)
	// refYearRe reads the years of a citation: four digits not part of a larger number, a
	// power or a page range.
	refYearRe = regexp.MustCompile(`(?:^|[^0-9.^/·×–-])((?:1[6-9]|20)[0-9]{2})(?:$|[^0-9.^/–-]|\.(?:$|[^0-9]))`)
)

// identifierDate is the date an identifier carries: the year, whether it is an arXiv posting
// (else the year of a DOI), and how it was read, for the finding.
type identifierDate struct {
	year  int
	arxiv bool
	shown string
}

func identifierDateOf(identifier string) (identifierDate, bool) {
	key := refIDKey(identifier)
	switch {
	case strings.HasPrefix(key, "arxiv:"):
		if year, month, ok := refArxivMonth(identifier); ok {
			return identifierDate{year: year, arxiv: true, shown: fmt.Sprintf("was posted to the arXiv in %s %d", monthName(month), year)}, true
		}
	case strings.HasPrefix(key, "doi:"):
		if m := refDOIYearRe.FindStringSubmatch(key); m != nil {
			y, _ := strconv.Atoi(m[1])
			return identifierDate{year: y, shown: "names the year " + m[1]}, true
		}
	}
	return identifierDate{}, false
}

func monthName(m int) string {
	return time.Month(m).String()
}

// citationYears are the years a citation states, its identifiers left out.
func citationYears(citation string) []int {
	var out []int
	for _, m := range refYearRe.FindAllStringSubmatch(withoutIDs(citation), 10) {
		if y, err := strconv.Atoi(m[1]); err == nil {
			out = append(out, y)
		}
	}
	return out
}

// refsIdentifierYears asks a person about each row whose citation states years of which none
// fits the date its identifier carries. It returns how many rows it asked about.
func refsIdentifierYears(r *Revision, out *Report) int {
	n := 0
	for i, ref := range r.References {
		if n >= maxRefFindings {
			break
		}
		d, years, fits, before := identifierYears(ref)
		if fits {
			continue
		}
		n++
		row := "references[" + strconv.Itoa(i) + "]"
		cited := strconv.Itoa(years[len(years)-1])
		var why string
		switch {
		case d.arxiv && before:
			why = "which is earlier than the identifier's posting: an old work may be posted late, but the identifier may also be another work's"
		case d.arxiv:
			why = fmt.Sprintf("more than %d years after the identifier's posting: a journal may take that long, but the identifier may also be another work's", maxPrintLagYears)
		default:
			why = "far from the DOI's year, so the DOI may be another work's"
		}
		out.NeedsHuman(checkRefsRow, spanOrAbsent(ReferenceField(i, "identifier"), ref.Identifier),
			fmt.Sprintf("%s cites a work of %s, %s; its identifier “%s” %s. A person must confirm that the identifier and the citation name one work.",
				row, cited, why, clipText(ref.Identifier, 60), d.shown),
			"Check "+row+" against the work's own record: correct the year in "+ReferenceField(i, "citation")+" or the identifier in "+ReferenceField(i, "identifier")+" so that both name the same work.")
	}
	return n
}

// identifierYears reads a row's identifier date against its citation's years: whether one of
// them fits the date (true too when there is nothing to compare), and whether one is earlier.
func identifierYears(ref Reference) (d identifierDate, years []int, fits, before bool) {
	d, ok := identifierDateOf(ref.Identifier)
	if !ok {
		return d, nil, true, false
	}
	years = citationYears(ref.Citation)
	if len(years) == 0 {
		return d, nil, true, false
	}
	for _, y := range years {
		switch {
		case d.arxiv && y >= d.year && y-d.year <= maxPrintLagYears, !d.arxiv && abs(y-d.year) <= maxDOIYearGap:
			fits = true
		case y < d.year:
			before = true
		}
	}
	return d, years, fits, before
}

// identifierYearDisagrees reports whether a row's citation gives no year its identifier's date
// allows: the row's year is already a person's question.
func identifierYearDisagrees(ref Reference) bool {
	_, _, fits, _ := identifierYears(ref)
	return !fits
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
