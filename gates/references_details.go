package gates

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A bibliography row's details can contradict other data of the packet or of the row itself:
// the year a citation gives its preprint against the month its arXiv identifier was posted, the
// publisher a DOI's prefix names against the journal the citation names, and the authors a
// citation names against the authors the rest of the packet gives the same work. The first is
// arithmetic and FAILs when no reading reconciles it; the others go to a person with the spans
// that disagree, since a journal may change publishers and a sentence may name a work loosely.

// refPreprintYearRe finds a year the citation gives a preprint: "preprint, 2016", "preprint
// (2016)", "arXiv preprint 2018", "arXiv, 2017".
var refPreprintYearRe = regexp.MustCompile(`(?i)\b(?:preprint|arxiv|e-print|eprint)\b[\s,:(]*((?:19|20)[0-9]{2})\b`)

// refArxivMonth reads the year and month of a row's arXiv identifier: a new-style one from April
// 2007 on, an old-style one ("math/0701397") from 1991 to 2007. It is the one reader of an
// arXiv identifier's date (identifierDateOf asks it too).
func refArxivMonth(identifier string) (year, month int, ok bool) {
	key := refIDKey(identifier)
	if !strings.HasPrefix(key, "arxiv:") {
		return 0, 0, false
	}
	id := key[len("arxiv:"):]
	if m := refArxivNewRe.FindStringSubmatch(id); m != nil {
		yy, _ := strconv.Atoi(m[1])
		mm, _ := strconv.Atoi(m[2])
		if mm < 1 || mm > 12 || yy < 7 || yy == 7 && mm < 4 {
			return 0, 0, false
		}
		return 2000 + yy, mm, true
	}
	if m := refArxivOldRe.FindStringSubmatch(id); m != nil {
		yy, _ := strconv.Atoi(m[1])
		mm, _ := strconv.Atoi(m[2])
		if mm < 1 || mm > 12 {
			return 0, 0, false
		}
		if yy >= 91 {
			return 1900 + yy, mm, true
		}
		if yy <= 7 {
			return 2000 + yy, mm, true
		}
	}
	return 0, 0, false
}

// refsPreprintYears FAILs a row whose citation dates its preprint to a year that had ended more
// than a month before the row's arXiv identifier was posted: the identifier says when the
// preprint appeared, so the year is another work's or a slip. A preprint dated the year before
// a posting in January may have circulated first and goes to a person. It returns how many rows
// FAILed and how many went to a person.
func refsPreprintYears(r *Revision, out *Report) (fails, asks int) {
	for i, ref := range r.References {
		if fails+asks >= maxRefFindings {
			break
		}
		year, month, ok := refArxivMonth(ref.Identifier)
		if !ok {
			continue
		}
		cit := withoutIDs(ref.Citation)
		for _, m := range refPreprintYearRe.FindAllStringSubmatchIndex(cit, 3) {
			y, _ := strconv.Atoi(cit[m[2]:m[3]])
			if y >= year {
				continue
			}
			row := "references[" + strconv.Itoa(i) + "]"
			quote := cit[m[0]:m[1]]
			sp := Whole(ReferenceField(i, "citation"), ref.Citation)
			if j := strings.Index(ref.Citation, quote); j >= 0 {
				sp = SpanOf(ReferenceField(i, "citation"), ref.Citation, j, j+len(quote))
			}
			fix := "Correct the year in " + ReferenceField(i, "citation") + " to the year the preprint was posted, or the identifier in " + ReferenceField(i, "identifier") + " to the work the citation names."
			if year-y >= 2 || month > 1 {
				fails++
				out.Fail(checkRefsRow, sp,
					fmt.Sprintf("%s dates its preprint %d (“%s”), but its arXiv identifier “%s” was posted in %s %d, after that year had ended: the year or the identifier is another work's.",
						row, y, quote, clipText(ref.Identifier, 60), monthName(month), year), fix)
			} else {
				asks++
				out.NeedsHuman(checkRefsRow, sp,
					fmt.Sprintf("%s dates its preprint %d (“%s”), but its arXiv identifier “%s” was posted in January %d; a preprint may circulate before it is posted, but the year or the identifier may be another work's. A person must confirm them.",
						row, y, quote, clipText(ref.Identifier, 60), year), fix)
			}
			break
		}
	}
	return fails, asks
}

// refVenue is a journal or publisher a citation may name, and the DOI prefixes its works have
// had. JSTOR's prefix (10.2307) serves the back issues of many journals and fits every venue.
type refVenue struct {
	name     string
	re       *regexp.Regexp
	prefixes []string
}

func venue(name, re string, prefixes ...string) refVenue {
	return refVenue{name: name, re: regexp.MustCompile(`(?i)` + re), prefixes: prefixes}
}

// refVenues are journals and publishers whose DOIs have kept the prefixes listed (a journal
// that changed publishers lists both). A citation that names none of them is not read.
var refVenues = []refVenue{
	venue("a journal of the American Mathematical Society", `\b(?:Bull|Proc|Trans|Mem|J)\.?\s*(?:of\s+the\s+)?Amer(?:ican)?\.?\s*Math(?:ematical)?\.?\s*Soc|\bBulletin of the American Mathematical Society|\bProceedings of the American Mathematical Society|\bTransactions of the American Mathematical Society|\bMath\.\s*Comp\.(?:\s*[0-9(]|,)|\bMathematics of Computation\b`, "10.1090"),
	venue("the Annals of Mathematics", `\bAnn(?:als)?\.?\s*(?:of\s+)?Math(?:ematics)?\.?\s*(?:\(2\)|[0-9]|,)|\bAnnals of Mathematics\b(?:\s+Studies)?`, "10.4007"),
	venue("the Duke Mathematical Journal", `\bDuke Math(?:ematical)?\.?\s*J`, "10.1215"),
	venue("a Springer journal", `\bInvent(?:iones)?\.?\s*Math|\bMath(?:ematische)?\.?\s*Ann(?:alen)?\.?\s*[0-9(]|\bIsrael J(?:ournal of)?\.?\s*Math|\bCombinatorica\b|\bComm(?:un)?\.?\s*Math\.?\s*Phys|\bGeom\.?\s*Funct\.?\s*Anal|\bPubl\.?\s*Math\.?\s*(?:de\s+l')?I\.?H\.?[EÉ]\.?S|\bMath\.?\s*Z(?:eitschrift)?\.?\s*[0-9(]|\bDiscrete\s*Comput\.?\s*Geom|\bGraphs\s*Combin|\bMath(?:ematical)?\.?\s*Intelligencer`, "10.1007"),
	venue("Acta Mathematica", `\bActa\s*Math(?:ematica)?\.?\s*[0-9(]`, "10.1007", "10.4310"),
	venue("an Elsevier journal", `\bJ(?:ournal of)?\.?\s*Combin(?:atorial)?\.?\s*Theory|\bDiscrete\s*Math(?:ematics)?\.?\s*[0-9(]|\bJ(?:ournal of)?\.?\s*Number\s*Theory|\bAdv(?:ances in)?\.?\s*Math(?:ematics)?\.?\s*[0-9(]|\bJ(?:ournal of)?\.?\s*Algebra\s*[0-9(]|\bEurop(?:ean)?\.?\s*J(?:ournal of)?\.?\s*Combin|\bLinear\s*Algebra\s*Appl|\bJ(?:ournal of)?\.?\s*Funct(?:ional)?\.?\s*Anal`, "10.1016"),
	venue("a journal of the London Mathematical Society", `\b(?:Bull|Proc|J)\.?\s*(?:of\s+the\s+)?Lond(?:on)?\.?\s*Math(?:ematical)?\.?\s*Soc`, "10.1112"),
	venue("a Cambridge journal", `\bCombin(?:atorics)?\.?,?\s*Probab(?:ility)?\.?\s*(?:and\s+)?Comput|\bMath(?:ematical)?\.?\s*Proc(?:eedings)?\.?\s*(?:of\s+the\s+)?Cambridge|\bForum\s*Math(?:ematics)?\.?,?\s*(?:Pi|Sigma)\b`, "10.1017"),
	venue("a SIAM journal", `\bSIAM\s*(?:J|Rev)`, "10.1137"),
	venue("an IEEE journal", `\bIEEE\s*Trans`, "10.1109"),
	venue("the Electronic Journal of Combinatorics", `\bElectron(?:ic)?\.?\s*J(?:ournal of)?\.?\s*Combin`, "10.37236"),
	venue("the LIPIcs series", `\bLIPIcs\b`, "10.4230"),
	venue("a journal of Mathematical Sciences Publishers", `\bGeom(?:etry)?\.?\s*(?:&\s*|and\s+)?Topol(?:ogy)?\.?\s*[0-9(]|\bAlgebra\s*(?:&\s*|and\s+)?Number\s*Theory|\bPacific\s*J(?:ournal of)?\.?\s*Math|\bAlgebr(?:aic)?\.?\s*(?:&\s*|and\s+)?Geom(?:etric)?\.?\s*Topol|\bAnal(?:ysis)?\.?\s*(?:&\s*|and\s+)?PDE\b`, "10.2140"),
	venue("a journal of Crelle", `\bJ(?:ournal)?\.?\s*(?:f(?:ür|\.)\s*)?(?:die\s+)?Reine\s*(?:u(?:nd|\.)\s*)?Angew`, "10.1515"),
	venue("the Proceedings of the National Academy of Sciences", `\bProc(?:eedings)?\.?\s*(?:of\s+the\s+)?Nat(?:ional|l)?\.?\s*Acad(?:emy)?\.?\s*(?:of\s+)?Sci|\bPNAS\b`, "10.1073"),
	venue("a journal of the Institute of Mathematical Statistics", `\bAnn(?:als of)?\.?\s*(?:Appl(?:ied)?\.?\s*)?Probab|\bAnn(?:als of)?\.?\s*Statist`, "10.1214"),
	venue("a Wiley journal", `\bRandom\s*Structures\s*(?:&\s*|and\s+)?Algorithms|\bJ(?:ournal of)?\.?\s*Graph\s*Theory`, "10.1002"),
	venue("Experimental Mathematics", `\bExperiment(?:al)?\.?\s*Math(?:ematics)?\.?\s*[0-9(]`, "10.1080"),
}

// refPublisherPrefixes name the publisher of each DOI prefix the venues use.
var refPublisherPrefixes = map[string]string{
	"10.1090": "the American Mathematical Society", "10.4007": "the Annals of Mathematics", "10.1215": "Duke University Press",
	"10.1007": "Springer", "10.4310": "International Press", "10.1016": "Elsevier", "10.1112": "the London Mathematical Society",
	"10.1017": "Cambridge University Press", "10.1137": "SIAM", "10.1109": "IEEE", "10.37236": "the Electronic Journal of Combinatorics",
	"10.4230": "Schloss Dagstuhl (LIPIcs)", "10.2140": "Mathematical Sciences Publishers", "10.1515": "De Gruyter",
	"10.1073": "the National Academy of Sciences", "10.1214": "the Institute of Mathematical Statistics", "10.1002": "Wiley",
	"10.1080": "Taylor & Francis", "10.1093": "Oxford University Press", "10.1142": "World Scientific", "10.1145": "the ACM",
	"10.1103": "the American Physical Society", "10.4171": "EMS Press",
}

// refsDOIPublishers asks a person about a row whose DOI has the prefix of one publisher while
// its citation names a journal whose DOIs have another's ("10.1007/…" for a paper in the
// Bulletin of the AMS): the DOI may be another work's. It returns how many rows it asked about.
func refsDOIPublishers(r *Revision, out *Report) int {
	n := 0
	for i, ref := range r.References {
		if n >= maxRefFindings {
			break
		}
		key := refIDKey(ref.Identifier)
		if !strings.HasPrefix(key, "doi:") {
			continue
		}
		prefix, _, _ := strings.Cut(strings.TrimPrefix(key, "doi:"), "/")
		publisher, known := refPublisherPrefixes[prefix]
		if !known {
			continue
		}
		cit := withoutIDs(ref.Citation)
		var names []string
		fits := false
		for _, v := range refVenues {
			if !v.re.MatchString(cit) {
				continue
			}
			names = append(names, v.name)
			if slices.Contains(v.prefixes, prefix) {
				fits = true
			}
		}
		if fits || len(names) == 0 {
			journal := refDOIJournal(key, cit)
			if journal == "" {
				journal = refISSNJournal(key, cit)
			}
			if journal != "" {
				n++
				row := "references[" + strconv.Itoa(i) + "]"
				out.NeedsHuman(checkRefsRow, Whole(ReferenceField(i, "identifier"), ref.Identifier),
					fmt.Sprintf("%s's DOI “%s” is one of %s, but its citation places the work in another journal: the DOI may be another work's. A person must confirm that the identifier and the citation name one work.",
						row, clipText(ref.Identifier, 60), journal),
					"Check "+row+" against the work's own record: correct the DOI in "+ReferenceField(i, "identifier")+" or the venue in "+ReferenceField(i, "citation")+".")
			}
			continue
		}
		n++
		row := "references[" + strconv.Itoa(i) + "]"
		out.NeedsHuman(checkRefsRow, Whole(ReferenceField(i, "identifier"), ref.Identifier),
			fmt.Sprintf("%s's DOI “%s” has the prefix %s of %s, but its citation places the work in %s, whose DOIs have another prefix: the DOI may be another work's. A person must confirm that the identifier and the citation name one work.",
				row, clipText(ref.Identifier, 60), prefix, publisher, names[0]),
			"Check "+row+" against the work's own record: correct the DOI in "+ReferenceField(i, "identifier")+" or the venue in "+ReferenceField(i, "citation")+".")
	}
	return n
}

// refNameRe reads one person's name: initials ("J. H. C.", "Bl.") or a first name, then a
// capitalised surname of one or two words ("A. Elvey Price") that holds a lower-case letter.
// Two names are one person's when their surnames share a word ("D. Witte" and "D. Witte
// Morris", a name changed).
var refNameRe = regexp.MustCompile(`^(?:((?:\p{Lu}\p{Ll}?\.\s*-?\s*)+)|\p{Lu}\p{Ll}+\s+)?(?:(?:de|van|von|der|den|du|la|le|di|da|del|dos|ten|ter)\s+)*((?:\p{Lu}[\p{L}'’]*\p{Ll}[\p{L}'’]*\s+)?\p{Lu}[\p{L}'’]*\p{Ll}[\p{L}'’]*(?:-\p{Lu}[\p{L}'’]*)?)`)

// refNameSepRe separates the names of a list: a comma, "and", an ampersand or a dash.
var refNameSepRe = regexp.MustCompile(`^(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*|\s*[–—]\s*)`)

// refNameKey folds a surname for comparison: lower case, accents off.
func refNameKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch r {
		case 'á', 'à', 'â', 'ä', 'ã', 'å', 'ą':
			r = 'a'
		case 'é', 'è', 'ê', 'ë', 'ę', 'ě':
			r = 'e'
		case 'í', 'ì', 'î', 'ï':
			r = 'i'
		case 'ó', 'ò', 'ô', 'ö', 'õ', 'ő', 'ø':
			r = 'o'
		case 'ú', 'ù', 'û', 'ü', 'ű', 'ů':
			r = 'u'
		case 'ç', 'č', 'ć':
			r = 'c'
		case 'ñ', 'ń', 'ň':
			r = 'n'
		case 'š', 'ś':
			r = 's'
		case 'ž', 'ź', 'ż':
			r = 'z'
		case 'ł':
			r = 'l'
		case 'ř':
			r = 'r'
		case '’':
			r = '\''
		}
		b.WriteRune(r)
	}
	return b.String()
}

// refNameList reads a list of names at the start of s: the surnames' keys and where each name
// ends. Names past the first need a separator before them.
func refNameList(s string) (keys []string, ends []int) {
	pos := 0
	withInitials := false
	for {
		rest := s[pos:]
		sep := ""
		if len(keys) > 0 {
			if sep = refNameSepRe.FindString(rest); sep == "" {
				break
			}
			rest = rest[len(sep):]
		}
		m := refNameRe.FindStringSubmatchIndex(rest)
		if m == nil {
			break
		}
		initials := m[2] >= 0
		if len(keys) == 0 {
			withInitials = initials
		} else if withInitials && !initials {
			break // a list that gives initials gives them to every name: the words after are a title ("Strongly Regular Graphs")
		}
		keys = append(keys, refNameKey(rest[m[4]:m[5]]))
		pos += len(sep) + m[1]
		ends = append(ends, pos)
	}
	return keys, ends
}

// citationAuthors are the surnames' keys of the authors a citation opens with ("L. Harrington,
// M. Makkai and S. Shelah, A proof …"), and where the list ends; nil when the citation opens
// otherwise. A title's first word may read as a name ("On adding relations …"): the list ends at
// the last name that punctuation follows.
func citationAuthors(citation string) ([]string, int) {
	keys, ends := refNameList(citation)
	for n := len(keys); n > 0; n-- {
		rest := strings.TrimLeft(citation[ends[n-1]:], " ")
		if rest != "" && strings.ContainsRune(",:(.", rune(rest[0])) {
			return keys[:n], ends[n-1]
		}
	}
	return nil, 0
}

// refMentionYearRe reads the year that follows a list of names in prose: "Morley (1970)",
// "(Harrington, Makkai and Shelah, 1984)", "asked by R. L. Vaught in 1961".
var refMentionYearRe = regexp.MustCompile(`^(?:\s*\(\s*|\s*,\s*|\s+in\s+|\s+)((?:1[6-9]|20)[0-9]{2})\b`)

// refMention is a list of names given a year, or a title, in the packet's prose.
type refMention struct {
	field, text string
	start, end  int
	keys        []string
	year        int
	title       string // the title a citation-shaped mention gives after the names ("Y. Zhang, Bounded gaps between primes, …")
}

// refMentionTitleRe reads the title a citation-shaped mention gives after its names: a comma,
// then words up to the next comma, parenthesis or period.
var refMentionTitleRe = regexp.MustCompile(`^\s*,\s*([^,().;]{12,200})`)

// refMentions finds in text every list of names followed by a year or by a title, past "et
// al." (which names a work only in part).
func refMentions(field, text string) []refMention {
	var out []refMention
	for i := 0; i < len(text); {
		c, size := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsUpper(c) || i > 0 && !strings.ContainsRune(" (,;\"“", rune(text[i-1])) {
			i += size
			continue
		}
		keys, ends := refNameList(text[i:])
		if len(keys) == 0 {
			i += size
			continue
		}
		end := ends[len(ends)-1]
		rest := text[i+end:]
		if strings.HasPrefix(strings.TrimLeft(rest, " ,"), "et al") {
			i += end
			continue
		}
		if m := refMentionYearRe.FindStringSubmatch(rest); m != nil {
			y, _ := strconv.Atoi(m[1])
			out = append(out, refMention{field: field, text: text, start: i, end: i + end, keys: keys, year: y})
		} else if m := refMentionTitleRe.FindStringSubmatch(rest); m != nil && len(strings.Fields(m[1])) >= 3 {
			out = append(out, refMention{field: field, text: text, start: i, end: i + end, keys: keys, title: strings.TrimSpace(m[1])})
		}
		i += end
	}
	return out
}

// refsAuthorMentions asks a person about a work the packet names twice and differently. A
// citation-shaped mention ("Y. Zhang, Bounded gaps between primes, …" in the source locator or a
// note) names a row's work by its title: its names must be among the row's authors, and the
// year it gives among the row's years (unless the row's identifier already questions its year).
// A list of names given a year in the prose (the provenance, the open status, the exposition, a
// relevance note: "Harrington, Makkai and Shelah, 1984", "asked by M. Bestvina in 1941") names
// the row of that year: the two are one work when they share an author, and then the mention's
// names must be among the row's authors; when they share none, the mention still names that row
// if it is the year's only one and every name is an author only of rows a generation later (a
// question given to a later author). The row's citation and the mention each get a finding. It
// returns how many disagreements it found.
func refsAuthorMentions(r *Revision, out *Report) int {
	type row struct {
		authors []string
		years   []int
		end     int
	}
	rows := make([]row, len(r.References))
	known := map[string]bool{}
	for i, ref := range r.References {
		a, end := citationAuthors(ref.Citation)
		rows[i] = row{authors: a, years: citationYears(ref.Citation), end: end}
		for _, k := range a {
			for _, w := range strings.Fields(k) {
				known[w] = true
			}
		}
	}
	texts := []Text{{fieldProvenanceAttribution, r.Provenance.Attribution}, {fieldProvenanceLocator, r.Provenance.SourceLocator}, {fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown},
		{fieldOpenUnresolved, r.OpenStatus.UnresolvedTarget}, {FieldStatement, r.Statement}}
	for i, e := range r.Exposition {
		texts = append(texts, Text{ExpositionField(i, "body"), e.Body})
	}
	for i, ref := range r.References {
		texts = append(texts, Text{ReferenceField(i, "relevance"), ref.Relevance})
	}
	n := 0
	reported := map[int]bool{}
	for _, t := range texts {
		for _, m := range refMentions(t.Field, t.Body) {
			if n >= maxRefFindings {
				return n
			}
			at := -1
			if m.title != "" {
				// A citation of a row's work by its title: the same work, whose authors must agree.
				// Two works may share a title: the mention names the one whose authors it gives.
				consistent := false
				for i, rw := range rows {
					if len(rw.authors) == 0 || !strings.Contains(strings.ToLower(r.References[i].Citation), strings.ToLower(m.title)) {
						continue
					}
					if !refSubset(m.keys, rw.authors) {
						if at < 0 {
							at = i
						}
						continue
					}
					consistent = true
					if id, ok := refArxivAfter(m.text, m.end, m.title); ok && !reported[i] && refArxivOther(r, i, id.Key) {
						reported[i] = true
						n++
						refIdentifiersDisagree(r, out, i, m, id)
						break
					}
					if y, ys, ye := refYearAfter(m.text, m.end, m.title); y != 0 && len(rw.years) > 0 && !slices.Contains(rw.years, y) && !reported[i] &&
						!identifierYearDisagrees(r.References[i]) {
						reported[i] = true
						n++
						refYearsDisagree(r, out, i, m, y, ys, ye)
					}
					break
				}
				if consistent {
					at = -1
				}
				if at >= 0 && !reported[at] {
					reported[at] = true
					n++
					refAuthorsDisagree(r, out, at, rows[at].end, m, "“"+clipText(m.title, 60)+"”")
				}
				continue
			}
			if !slices.ContainsFunc(m.keys, func(k string) bool {
				return slices.ContainsFunc(strings.Fields(k), func(w string) bool { return known[w] })
			}) {
				continue // no author of the bibliography: another work, or no names at all
			}
			var same []int
			consistent := false
			for i, rw := range rows {
				if len(rw.authors) == 0 || !slices.Contains(rw.years, m.year) {
					continue
				}
				if refSubset(m.keys, rw.authors) {
					consistent = true
					break
				}
				same = append(same, i)
			}
			if consistent || len(same) == 0 {
				continue
			}
			for _, i := range same {
				if refShares(m.keys, rows[i].authors) {
					at = i
					break
				}
			}
			if at < 0 && len(same) == 1 && refLaterAuthors(m, func(k string) [][]int {
				var ys [][]int
				for _, rw := range rows {
					if refHas(rw.authors, k) {
						ys = append(ys, rw.years)
					}
				}
				return ys
			}) {
				at = same[0] // each name is an author only of rows a generation later: a question given to a later author
			}
			if at < 0 || reported[at] {
				continue
			}
			reported[at] = true
			n++
			refAuthorsDisagree(r, out, at, rows[at].end, m, "a work of "+strconv.Itoa(m.year))
		}
	}
	return n
}

// refAuthorsDisagree reports a mention whose names disagree with the authors of row at, whose
// author list ends at end: one finding on the row's citation, one on the mention.
func refAuthorsDisagree(r *Revision, out *Report, at, end int, m refMention, work string) {
	ref := r.References[at]
	rowName := "references[" + strconv.Itoa(at) + "]"
	mention := m.text[m.start:m.end]
	authors := strings.TrimSpace(ref.Citation[:end])
	msg := fmt.Sprintf("%s names “%s” as the authors of %s, but the bibliography's row for that work, %s, gives %s: one of them names the wrong authors. A person must confirm who wrote the work.",
		m.field, mention, work, rowName, authors)
	fix := "Check " + rowName + " against the work's own record and correct its authors in " + ReferenceField(at, "citation") + ", or the names in " + m.field + "."
	out.NeedsHuman(checkRefsRow, SpanOf(ReferenceField(at, "citation"), ref.Citation, 0, end), msg, fix)
	out.NeedsHuman(checkRefsRow, SpanOf(m.field, m.text, m.start, m.end), msg, fix)
}

// refSameName reports whether two surnames' keys are one person's: they share a word.
func refSameName(a, b string) bool {
	for _, w := range strings.Fields(a) {
		if slices.Contains(strings.Fields(b), w) {
			return true
		}
	}
	return false
}

// refHas reports whether the names list holds the name k.
func refHas(list []string, k string) bool {
	return slices.ContainsFunc(list, func(x string) bool { return refSameName(x, k) })
}

func refSubset(a, b []string) bool {
	for _, x := range a {
		if !refHas(b, x) {
			return false
		}
	}
	return true
}

func refShares(a, b []string) bool {
	for _, x := range a {
		if refHas(b, x) {
			return true
		}
	}
	return false
}

// refJournalCode is a journal a DOI's suffix names by its code (Elsevier's "j.jcta", Springer's
// "s00222", the ISSN in an AMS PII), and how a citation names that journal.
type refJournalCode struct {
	code, name string
	doi, cite  *regexp.Regexp
}

func journalCode(code, name, doi, cite string) refJournalCode {
	return refJournalCode{code: code, name: name, doi: regexp.MustCompile(`(?i)^doi:` + doi), cite: regexp.MustCompile(`(?i)` + cite)}
}

// refJournalCodes are journals whose DOIs name them; a citation that names another journal of
// refVenues for such a DOI cites one work under another's identifier.
var refJournalCodes = []refJournalCode{
	journalCode("j.jcta", "the Journal of Combinatorial Theory, Series A", `10\.1016/j\.jcta\.`, `\bJ(?:ournal of)?\.?\s*Combin(?:atorial)?\.?\s*Theory,?\s*(?:Ser(?:ies)?\.?\s*)?A\b`),
	journalCode("j.jctb", "the Journal of Combinatorial Theory, Series B", `10\.1016/j\.jctb\.`, `\bJ(?:ournal of)?\.?\s*Combin(?:atorial)?\.?\s*Theory,?\s*(?:Ser(?:ies)?\.?\s*)?B\b`),
	journalCode("j.aim", "Advances in Mathematics", `10\.1016/j\.aim\.`, `\bAdv(?:ances in)?\.?\s*Math`),
	journalCode("j.disc", "Discrete Mathematics", `10\.1016/j\.disc\.`, `\bDiscrete\s*Math`),
	journalCode("j.jnt", "the Journal of Number Theory", `10\.1016/j\.jnt\.`, `\bJ(?:ournal of)?\.?\s*Number\s*Theory`),
	journalCode("j.ejc", "the European Journal of Combinatorics", `10\.1016/j\.ejc\.`, `\bEurop(?:ean)?\.?\s*J(?:ournal of)?\.?\s*Combin`),
	journalCode("j.jalgebra", "the Journal of Algebra", `10\.1016/j\.jalgebra\.`, `\bJ(?:ournal of)?\.?\s*Algebra`),
	journalCode("j.laa", "Linear Algebra and its Applications", `10\.1016/j\.laa\.`, `\bLinear\s*Algebra`),
	journalCode("j.jfa", "the Journal of Functional Analysis", `10\.1016/j\.jfa\.`, `\bJ(?:ournal of)?\.?\s*Funct`),
	journalCode("s00222", "Inventiones Mathematicae", `10\.1007/s00222-`, `\bInvent(?:iones)?\.?\s*Math`),
	journalCode("s00208", "Mathematische Annalen", `10\.1007/s00208-`, `\bMath(?:ematische)?\.?\s*Ann`),
	journalCode("s00493", "Combinatorica", `10\.1007/s00493-`, `\bCombinatorica\b`),
	journalCode("s11856", "the Israel Journal of Mathematics", `10\.1007/s11856-`, `\bIsrael\s*J`),
	journalCode("s00220", "Communications in Mathematical Physics", `10\.1007/s00220-`, `\bComm(?:un)?\.?\s*Math\.?\s*Phys`),
	journalCode("s00039", "Geometric and Functional Analysis", `10\.1007/s00039-`, `\bGeom\.?\s*Funct|\bGAFA\b`),
	journalCode("s00454", "Discrete & Computational Geometry", `10\.1007/s00454-`, `\bDiscrete\s*(?:&\s*|and\s+)?Comput`),
	journalCode("s10240", "Publications mathématiques de l'IHÉS", `10\.1007/s10240-`, `\bPubl`),
	journalCode("0273-0979", "the Bulletin of the AMS", `10\.1090/s0273-0979-`, `\bBull(?:etin)?\.?\s*(?:of\s+the\s+)?Amer`),
	journalCode("0002-9939", "the Proceedings of the AMS", `10\.1090/s0002-9939-`, `\bProc(?:eedings)?\.?\s*(?:of\s+the\s+)?Amer`),
	journalCode("0002-9947", "the Transactions of the AMS", `10\.1090/s0002-9947-`, `\bTrans(?:actions)?\.?\s*(?:of\s+the\s+)?Amer`),
	journalCode("0894-0347", "the Journal of the AMS", `10\.1090/s0894-0347-`, `\bJ(?:ournal)?\.?\s*(?:of\s+the\s+)?Amer(?:ican)?\.?\s*Math`),
	journalCode("0025-5718", "Mathematics of Computation", `10\.1090/s0025-5718-`, `\bMath(?:ematics)?\.?\s*(?:of\s+)?Comp`),
	journalCode("annals", "the Annals of Mathematics", `10\.4007/annals\.`, `\bAnn(?:als)?\.?\s*(?:of\s+)?Math`),
}

// refDOIJournal returns the journal a row's DOI names by its code when its citation names a
// known journal but not that one ("10.1016/j.disc.…" for a paper cited in J. Combin. Theory
// Ser. A), or "".
func refDOIJournal(key, citation string) string {
	for _, j := range refJournalCodes {
		if !j.doi.MatchString(key) {
			continue
		}
		if j.cite.MatchString(citation) || !slices.ContainsFunc(refVenues, func(v refVenue) bool { return v.re.MatchString(citation) }) {
			return ""
		}
		return j.name
	}
	return ""
}

// refsTwoIdentifiers asks a person about a row whose citation quotes an identifier of the kind of
// the row's own (an arXiv identifier, a DOI) that is another: the row names two works. It
// returns how many rows it asked about.
func refsTwoIdentifiers(r *Revision, out *Report) int {
	n := 0
	for i, ref := range r.References {
		if n >= maxRefFindings {
			break
		}
		key := refIDKey(ref.Identifier)
		kind, _, ok := strings.Cut(key, ":")
		if !ok || kind != "arxiv" && kind != "doi" {
			continue
		}
		for _, id := range quotedIDs(ref.Citation, 5) {
			k, _, _ := strings.Cut(id.Key, ":")
			if k != kind || id.Key == key {
				continue
			}
			n++
			row := "references[" + strconv.Itoa(i) + "]"
			out.NeedsHuman(checkRefsRow, SpanOf(ReferenceField(i, "citation"), ref.Citation, id.Start, id.End),
				fmt.Sprintf("%s's citation quotes “%s”, but the row's identifier is “%s”, another identifier of the same kind: the row may name two works. A person must confirm which one it cites.",
					row, id.Text, clipText(ref.Identifier, 60)),
				"Keep in "+row+" the identifier of the work the citation names, in "+ReferenceField(i, "identifier")+" and in the citation alike.")
			break
		}
	}
	return n
}

// refYearAfter returns the first year a citation-shaped mention gives after its title (within
// the next 100 bytes and before a semicolon), with its place, or 0.
func refYearAfter(text string, from int, title string) (year, start, end int) {
	seg, at, ok := refAfterTitle(text, from, title)
	if !ok {
		return 0, 0, 0
	}
	m := refYearRe.FindStringSubmatchIndex(seg)
	if m == nil {
		return 0, 0, 0
	}
	y, _ := strconv.Atoi(seg[m[2]:m[3]])
	return y, at + m[2], at + m[3]
}

// refAfterTitle returns what a citation-shaped mention gives after its title, found in text
// from from on: the next 100 bytes, up to a semicolon, and where they start in text.
func refAfterTitle(text string, from int, title string) (seg string, at int, ok bool) {
	i := strings.Index(text[from:], title)
	if i < 0 {
		return "", 0, false
	}
	at = from + i + len(title)
	seg = text[at:min(len(text), at+100)]
	if j := strings.IndexByte(seg, ';'); j >= 0 {
		seg = seg[:j]
	}
	return seg, at, true
}

// refArxivAfter returns the arXiv identifier a citation-shaped mention gives after its title
// (within the next 100 bytes and before a semicolon), with its place in the text.
func refArxivAfter(text string, from int, title string) (quotedID, bool) {
	seg, at, ok := refAfterTitle(text, from, title)
	if !ok {
		return quotedID{}, false
	}
	for _, id := range quotedIDs(seg, 3) {
		if strings.HasPrefix(id.Key, "arxiv:") {
			id.Start, id.End = id.Start+at, id.End+at
			return id, true
		}
	}
	return quotedID{}, false
}

// refArxivOther reports whether row at carries an arXiv identifier other than key, and no row
// carries key: the mention and the row give one work two preprints.
func refArxivOther(r *Revision, at int, key string) bool {
	own := refIDKey(r.References[at].Identifier)
	if !strings.HasPrefix(own, "arxiv:") || own == key {
		return false
	}
	for _, ref := range r.References {
		if refIDKey(ref.Identifier) == key {
			return false
		}
	}
	return true
}

// refIdentifiersDisagree reports a citation-shaped mention that gives a row's work, by its
// authors and title, another arXiv identifier than the row's: one finding on the row's
// identifier, one on the mention's.
func refIdentifiersDisagree(r *Revision, out *Report, at int, m refMention, id quotedID) {
	ref := r.References[at]
	rowName := "references[" + strconv.Itoa(at) + "]"
	msg := fmt.Sprintf("%s cites “%s” by its authors and title with the identifier “%s”, but the bibliography's row for that work, %s, carries “%s”: one of the two identifiers names another work. A person must confirm which.",
		m.field, clipText(m.title, 60), clipText(id.Text, 40), rowName, clipText(ref.Identifier, 40))
	fix := "Check both identifiers against the work's own record and correct " + ReferenceField(at, "identifier") + " or " + m.field + "."
	out.NeedsHuman(checkRefsRow, Whole(ReferenceField(at, "identifier"), ref.Identifier), msg, fix)
	out.NeedsHuman(checkRefsRow, SpanOf(m.field, m.text, id.Start, id.End), msg, fix)
}

// refYearsDisagree reports a citation-shaped mention that dates a row's work to a year the row's
// citation does not give: one finding on the row's citation, one on the mention's year.
func refYearsDisagree(r *Revision, out *Report, at int, m refMention, year, start, end int) {
	ref := r.References[at]
	rowName := "references[" + strconv.Itoa(at) + "]"
	msg := fmt.Sprintf("%s dates “%s” to %d, but the bibliography's row for that work, %s, gives no such year (“%s”): one of them dates the work wrongly. A person must confirm the year.",
		m.field, clipText(m.title, 60), year, rowName, clipText(ref.Citation, 120))
	fix := "Check " + rowName + " against the work's own record and correct the year in " + ReferenceField(at, "citation") + " or in " + m.field + "."
	out.NeedsHuman(checkRefsRow, Whole(ReferenceField(at, "citation"), ref.Citation), msg, fix)
	out.NeedsHuman(checkRefsRow, SpanOf(m.field, m.text, start, end), msg, fix)
}

// refLaterGap is how many years after a mention's year every work of its names must come for
// the mention to give one author's work to a later one: a generation, so that a work merely
// published late or forthcoming does not count.
const refLaterGap = 25

// refLaterAuthors reports whether each name of a mention is an author of rows of the
// bibliography, all of them dated refLaterGap years or more after the mention's year (works of
// names returns the years of each row the name wrote).
func refLaterAuthors(m refMention, works func(string) [][]int) bool {
	for _, k := range m.keys {
		rows := works(k)
		if len(rows) == 0 {
			return false
		}
		for _, ys := range rows {
			if len(ys) == 0 || slices.Min(ys) < m.year+refLaterGap {
				return false
			}
		}
	}
	return true
}
