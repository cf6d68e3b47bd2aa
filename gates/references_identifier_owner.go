package gates

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A row's identifier names one work; the packet's prose may name the same identifier as another
// person's work: "Baber's flag-algebra bound of about 0.6032 (arXiv:1201.3587)" in the coverage
// note, while the row with that identifier cites a paper by Balogh, Hu, Lidický and Liu. One of
// the two is wrong, and a row whose identifier resolves to another work cites what it does not
// describe. The shape is an identifier in brackets right after a phrase that gives it an author
// ("X's …", "by X"), where X is none of the row's authors. It goes to a person: the prose may
// credit a result to someone who is not an author of the work it cites for it.

// ownerBeforeIDRe reads, at the end of the text before an identifier, a phrase that gives it an
// author: "Baber's flag-algebra bound of about 0.6032 (", "the computation by Baber (", "the bound
// R(5, 5) ≤ 46 of Angeltveit and McKay (". Group 1 is a surname with its possessive and group 2
// the words after it; group 3 is "by" or a noun and "of", group 4 the names after it.
var ownerBeforeIDRe = regexp.MustCompile(`(?:(\p{Lu}[\p{L}'’-]*\p{Ll})(?:'s|’s)\s+((?:[\p{L}0-9.,≈~-]+\s+){0,6}?)|(?:^|\s)(by|[^\s(\[]+\s+of)\s+((?:\p{Lu}\.\s*)*\p{Lu}[\p{L}'’-]*\p{Ll}(?:\s*(?:,|\band\b|&)\s*(?:\p{Lu}\.\s*)*\p{Lu}[\p{L}'’-]*\p{Ll}){0,3}(?:\s+et\s+al\.?)?)\s*)[\(\[]\s*(?:see\s+)?(?i:doi|arxiv|isbn|zbl|zbmath|url)?\s*:?\s*$`)

// ownerNamesRe splits the names after "by" or "of" ("Angeltveit and McKay", "A. Smith, B. Jones
// et al.") into surnames.
var ownerNamesRe = regexp.MustCompile(`\p{Lu}[\p{L}'’-]*\p{Ll}`)

// ownerNotWorks are nouns after a possessive that name what is named after a person, not a
// work of theirs: "Erdős's conjecture (arXiv:…)" cites whoever settled it.
var ownerNotWorks = stWordSet(`conjecture conjectures problem problems question questions constant constants number numbers
	sequence sequences theorem function graph graphs inequality method lemma hypothesis`)

// refsIdentifierOwners asks a person about a row whose identifier the packet's prose gives to
// someone who is none of the row's authors. It returns how many rows it asked about.
func refsIdentifierOwners(r *Revision, out *Report) int {
	n := 0
	fields := refClaimFields(r)
	for i, ref := range r.References {
		if n >= maxRefFindings {
			break
		}
		key := refIDKey(ref.Identifier)
		authors, end := citationAuthors(ref.Citation)
		if key == "" || len(authors) == 0 {
			continue
		}
	search:
		for _, t := range fields {
			for _, id := range quotedIDs(t.Body, 50) {
				if id.Key != key {
					continue
				}
				mi := ownerBeforeIDRe.FindStringSubmatchIndex(t.Body[:id.Start])
				if mi == nil {
					continue
				}
				group := func(g int) string {
					if mi[2*g] < 0 {
						return ""
					}
					return t.Body[mi[2*g]:mi[2*g+1]]
				}
				names := []string{group(1)}
				if group(1) == "" {
					if noun, _, ok := strings.Cut(group(3), " "); ok && ownerNotWorks[strings.ToLower(noun)] {
						continue // "the conjecture of Erdős (…)" cites whoever settled it
					}
					names = ownerNamesRe.FindAllString(group(4), 4)
				}
				if first := strings.Fields(group(2)); len(first) > 0 && ownerNotWorks[strings.ToLower(strings.Trim(first[0], ".,"))] {
					continue
				}
				if slices.ContainsFunc(names, func(name string) bool {
					return refHas(authors, refNameKey(name)) || strings.Contains(refNameKey(ref.Citation), refNameKey(name))
				}) || len(names) == 0 {
					continue
				}
				name := strings.Join(names, " and ")
				field := ReferenceField(i, "identifier")
				out.NeedsHuman(checkRefsRow, Whole(field, ref.Identifier),
					fmt.Sprintf("%s is “%s”, which %s gives as %s's work (“%s”), but the row cites a work by %s: the identifier may belong to another work than the one cited; a person must confirm which.", field, ref.Identifier, t.Field, name, clipText(t.Body[mi[0]:id.End], 120), ref.Citation[:end]),
					fmt.Sprintf("Give %s the identifier of the cited work, or correct the attribution in %s.", field, t.Field))
				n++
				break search
			}
		}
	}
	return n
}
