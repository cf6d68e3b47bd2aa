package gates

import "regexp"

// The older DOIs of Elsevier name their journal by its ISSN ("10.1016/0022-314X(82)90020-5" is
// the Journal of Number Theory's), as the newer ones name it by a code. A citation in the shape
// of a journal article (a volume and a year, "33 (1982)") that does not name that journal cites
// the work under another's identifier, whichever journal it names, known to the venues or not.

// refISSNJournals are journals whose older DOIs carry their ISSN.
var refISSNJournals = []refJournalCode{
	journalCode("0022-314X", "the Journal of Number Theory", `10\.1016/0022-314x\(`, `\bJ(?:ournal of)?\.?\s*Number\s*Theory`),
	journalCode("0097-3165", "the Journal of Combinatorial Theory, Series A", `10\.1016/0097-3165\(`, `\bJ(?:ournal of)?\.?\s*Combin(?:atorial)?\.?\s*Theory`),
	journalCode("0095-8956", "the Journal of Combinatorial Theory, Series B", `10\.1016/0095-8956\(`, `\bJ(?:ournal of)?\.?\s*Combin(?:atorial)?\.?\s*Theory`),
	journalCode("0012-365X", "Discrete Mathematics", `10\.1016/0012-365x\(`, `\bDiscrete\s*Math`),
	journalCode("0001-8708", "Advances in Mathematics", `10\.1016/0001-8708\(`, `\bAdv(?:ances in)?\.?\s*Math`),
	journalCode("0021-8693", "the Journal of Algebra", `10\.1016/0021-8693\(`, `\bJ(?:ournal of)?\.?\s*Algebra`),
	journalCode("0195-6698", "the European Journal of Combinatorics", `10\.1016/s?0195-6698\(`, `\bEurop(?:ean)?\.?\s*J(?:ournal of)?\.?\s*Combin`),
	journalCode("0024-3795", "Linear Algebra and its Applications", `10\.1016/0024-3795\(`, `\bLinear\s*Algebra`),
	journalCode("0022-1236", "the Journal of Functional Analysis", `10\.1016/0022-1236\(`, `\bJ(?:ournal of)?\.?\s*Funct`),
	journalCode("0022-247X", "the Journal of Mathematical Analysis and Applications", `10\.1016/0022-247x\(`, `\bJ(?:ournal of)?\.?\s*Math(?:ematical)?\.?\s*Anal`),
	journalCode("0166-218X", "Discrete Applied Mathematics", `10\.1016/0166-218x\(`, `\bDiscrete\s*Appl`),
}

// refArticleShapeRe finds the volume and year of a journal article: "33 (1982)".
var refArticleShapeRe = regexp.MustCompile(`\b[0-9]{1,4}\s*\((?:1[6-9]|20)[0-9]{2}\)`)

// refISSNJournal returns the journal a row's older DOI names by its ISSN when the citation, in
// the shape of a journal article, does not name it, or "".
func refISSNJournal(key, citation string) string {
	for _, j := range refISSNJournals {
		if !j.doi.MatchString(key) {
			continue
		}
		if j.cite.MatchString(citation) || !refArticleShapeRe.MatchString(citation) {
			return ""
		}
		return j.name
	}
	return ""
}
