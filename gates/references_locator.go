package gates

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// What a row's locator, relevance note and citation say of each other and of the dated search.
// A page the locator names lies in the page range the citation gives, or the locator points
// outside the work: that fails when the page could not be a page counted from the article's
// start either and the locator names no other edition. A note that quotes a numbered result
// ("its Theorem 3.2 shows …") over an empty locator keeps the place out of the field a reader
// looks in, and a work the citation dates after the day the reference search ended cannot have
// been found by it; both go to a person.

var (
	// refCitedPagesRe reads the page range of a citation: "pp. 335–344", "pages 12-30", or the
	// range after a year in brackets ("9 (2005), 335–344").
	refCitedPagesRe = regexp.MustCompile(`(?i)(?:\bpp?\.|\bpages?)\s*([0-9]{1,5})\s*(?:–|—|--|-)\s*([0-9]{1,5})\b|\((?:1[6-9]|20)[0-9]{2}\)\s*,?\s*(?:no\.\s*[0-9]+\s*,\s*)?([0-9]{1,5})\s*(?:–|—|--|-)\s*([0-9]{1,5})\b`)
	// refLocatorPagesRe reads the pages a locator names: "p. 371", "pages 12–14", "page 7".
	refLocatorPagesRe = regexp.MustCompile(`(?i)\b(?:pp?\.|pages?)\s*([0-9]{1,5})(?:\s*(?:–|—|--|-)\s*([0-9]{1,5}))?\b`)
	// refOtherEdition are words of a locator that count pages in another version of the work.
	refOtherEdition = []string{"arxiv", "preprint", "version", "edition", "reprint", "reprinted", "collected", "translation", "pdf", "thesis", "online", "book", "volume", "vol",
		"supplement", "supplementary", "erratum", "corrigendum", "addendum"}
)

// pageRange expands an abbreviated range ("1121–74" is 1121–1174).
func pageRange(a, b string) (int, int, bool) {
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	if hi < lo && len(b) < len(a) {
		p := 1
		for range len(b) {
			p *= 10
		}
		hi = lo/p*p + hi
	}
	return lo, hi, hi >= lo
}

// refsLocatorPages checks each page a row's locator names against the page range its citation
// gives. It returns how many rows failed and how many it asked a person about.
func refsLocatorPages(r *Revision, out *Report) (fails, asks int) {
	n := 0
	for i, ref := range r.References {
		if n >= maxRefFindings {
			break
		}
		ranges := refCitedPagesRe.FindAllStringSubmatch(withoutIDs(ref.Citation), 3)
		if len(ranges) != 1 || strings.TrimSpace(ref.Locator) == "" {
			continue // no range, or several (a reprint, an erratum): which one the locator counts is a reading
		}
		m := ranges[0]
		a, b := m[1], m[2]
		if a == "" {
			a, b = m[3], m[4]
		}
		lo, hi, ok := pageRange(a, b)
		if !ok || hi-lo > 5000 {
			continue
		}
		low := strings.ToLower(ref.Locator)
		for _, pm := range refLocatorPagesRe.FindAllStringSubmatchIndex(ref.Locator, 4) {
			p, _ := strconv.Atoi(ref.Locator[pm[2]:pm[3]])
			q := p
			if pm[4] >= 0 {
				q, _ = strconv.Atoi(ref.Locator[pm[4]:pm[5]])
			}
			if p >= lo && q <= hi {
				continue
			}
			field := ReferenceField(i, "locator")
			sp := SpanOf(field, ref.Locator, pm[0], pm[1])
			shown := ref.Locator[pm[0]:pm[1]]
			n++
			if p <= hi-lo+1 || containsAnyWord(low, refOtherEdition) {
				asks++
				out.NeedsHuman(checkRefsRow, sp,
					fmt.Sprintf("%s points to “%s”, outside the pages %d–%d that %s gives, unless it counts pages from the article's start or in another version; a person must confirm the place.", field, shown, lo, hi, ReferenceField(i, "citation")),
					"Give the page in the numbering of the cited work, or say in the locator which version it counts in.")
				break
			}
			fails++
			out.Fail(checkRefsRow, sp,
				fmt.Sprintf("%s points to “%s”, but %s gives the work the pages %d–%d, so the place lies outside the work.", field, shown, ReferenceField(i, "citation"), lo, hi),
				fmt.Sprintf("Correct the page in %s (the work runs from p. %d to p. %d), or the citation's page range.", field, lo, hi))
			break
		}
	}
	return fails, asks
}

// refNumberedResultRe finds a numbered result a relevance note quotes: "Theorem 3.2", "its
// Lemma IV.1", "Proposition 5".
var refNumberedResultRe = regexp.MustCompile(`\b(?:Theorem|Thm\.|Lemma|Proposition|Prop\.|Corollary|Cor\.)\s+(?:[0-9]+(?:\.[0-9]+)*[a-z]?|[IVXLC]+(?:\.[0-9]+)*)\b`)

// refsQuotedResults asks a person about a row whose locator is empty while its relevance note
// quotes a numbered result of the work: the place belongs in the locator, where the record
// plane confirms it (references.record) and a reader looks for it; in the note it escapes both. It returns how many rows it asked about.
func refsQuotedResults(r *Revision, out *Report) int {
	n := 0
	for i, ref := range r.References {
		if n >= maxRefFindings {
			break
		}
		if strings.TrimSpace(ref.Locator) != "" || !stableIdentifier(ref.Identifier) {
			continue // a row without identifier or locator fails already
		}
		loc := refNumberedResultRe.FindStringIndex(ref.Relevance)
		if loc == nil {
			continue
		}
		n++
		field := ReferenceField(i, "relevance")
		out.NeedsHuman(checkRefsRow, SpanOf(field, ref.Relevance, loc[0], loc[1]),
			fmt.Sprintf("%s quotes “%s” of the work, but %s is empty, so the row's place is not where a reader and the record check look for it; a person must confirm the place and move it to the locator.", field, ref.Relevance[loc[0]:loc[1]], ReferenceField(i, "locator")),
			"Write “"+ref.Relevance[loc[0]:loc[1]]+"” (or the exact place of the result) in "+ReferenceField(i, "locator")+".")
	}
	return n
}

// refFullDateRe reads a full date of a citation: "24 April 2026", "April 24, 2026",
// "2026-04-24".
var refFullDateRe = regexp.MustCompile(`(?i)\b([0-9]{1,2})\s+(January|February|March|April|May|June|July|August|September|October|November|December)\s+((?:19|20)[0-9]{2})\b|\b(January|February|March|April|May|June|July|August|September|October|November|December)\s+([0-9]{1,2}),?\s+((?:19|20)[0-9]{2})\b|\b((?:19|20)[0-9]{2})-([01][0-9])-([0-3][0-9])\b`)

// refForthcoming are words of a citation that date a work ahead of its appearance.
var refForthcoming = []string{"to appear", "forthcoming", "in press", "accepted", "submitted"}

func monthNumber(name string) int {
	for m := 1; m <= 12; m++ {
		if strings.EqualFold(monthName(m), name) {
			return m
		}
	}
	return 0
}

// refsAfterSearch asks a person about a cited work the citation dates after the day the
// reference search ended: the search cannot have found it, so either the date or the search
// record is wrong, or the row was added after the search and the search must be brought up to
// date. It returns how many rows it asked about.
func refsAfterSearch(r *Revision, out *Report) int {
	checked := r.ReferenceSearch.CheckedOn
	if checked.IsZero() {
		return 0
	}
	day := time.Date(checked.Year(), checked.Month(), checked.Day(), 0, 0, 0, 0, time.UTC)
	n := 0
	for i, ref := range r.References {
		if n >= maxRefFindings {
			break
		}
		cit := withoutIDs(ref.Citation)
		if containsFold(cit, "to appear") || findPhrasesAny(cit, refForthcoming) {
			continue
		}
		field := ReferenceField(i, "citation")
		asked := false
		for _, m := range refFullDateRe.FindAllStringSubmatchIndex(cit, 3) {
			var y, mo, d int
			switch {
			case m[2] >= 0:
				d, _ = strconv.Atoi(cit[m[2]:m[3]])
				mo = monthNumber(cit[m[4]:m[5]])
				y, _ = strconv.Atoi(cit[m[6]:m[7]])
			case m[8] >= 0:
				mo = monthNumber(cit[m[8]:m[9]])
				d, _ = strconv.Atoi(cit[m[10]:m[11]])
				y, _ = strconv.Atoi(cit[m[12]:m[13]])
			default:
				y, _ = strconv.Atoi(cit[m[14]:m[15]])
				mo, _ = strconv.Atoi(cit[m[16]:m[17]])
				d, _ = strconv.Atoi(cit[m[18]:m[19]])
			}
			if mo < 1 || mo > 12 || d < 1 || d > 31 {
				continue
			}
			if !time.Date(y, time.Month(mo), d, 0, 0, 0, 0, time.UTC).After(day) {
				continue
			}
			n++
			shown := cit[m[0]:m[1]]
			sp := Whole(field, ref.Citation)
			if k := strings.Index(ref.Citation, shown); k >= 0 {
				sp = SpanOf(field, ref.Citation, k, k+len(shown))
			}
			out.NeedsHuman(checkRefsRow, sp,
				fmt.Sprintf("%s dates the work %s, after the reference search ended (%s), so the search cannot have found it; a person must confirm the date and bring the search record up to date.", field, shown, day.Format("2 January 2006")),
				"Correct the citation's date, or repeat the reference search and date it on or after the newest work it cites.")
			asked = true
			break
		}
		if asked || n >= maxRefFindings {
			continue
		}
		for _, y := range citationYears(ref.Citation) {
			if y <= day.Year() {
				continue
			}
			n++
			out.NeedsHuman(checkRefsRow, Whole(field, ref.Citation),
				fmt.Sprintf("%s dates the work %d, after the year the reference search ended (%s), so the search cannot have found it; a person must confirm the date and bring the search record up to date.", field, y, day.Format("2 January 2006")),
				"Correct the citation's year, or repeat the reference search and date it on or after the newest work it cites.")
			break
		}
	}
	return n
}

// findPhrasesAny reports whether the text holds one of the phrases, case folded.
func findPhrasesAny(s string, phrases []string) bool {
	for _, p := range phrases {
		if containsFold(s, p) {
			return true
		}
	}
	return false
}
