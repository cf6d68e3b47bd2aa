package gates

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// A problem about a named sequence, number or constant ("the Euclid–Mullin sequence", "a
// quasiperfect number") has neighbours of the same kind under another name ("Sylvester's
// sequence", "an odd perfect number"), and a relevance note about a neighbour shares most of its
// words with the problem. What sets it apart is the name before the shared kind: the word that
// says which sequence or which numbers, where the problem's title says another one and the
// problem never uses it. Such a note goes to a person with the named object quoted.

// relevanceKindRe finds a kind of object a title or a note names, with the word before it:
// "Euclid–Mullin sequence", "Sylvester's sequence", "perfect number", "Landau's constant".
var relevanceKindRe = regexp.MustCompile(`([\p{L}][\p{L}0-9’'–-]*)\s+(sequences?|numbers?|constants?)\b`)

// relevanceKindSkip are words before a kind that name no particular object: articles,
// quantifiers, the kind's usual adjectives.
var relevanceKindSkip = stWordSet(`the a an this that these those its their each every any all some no
	such same other whole real complex natural rational integer prime positive negative large small
	first last next least largest smallest given fixed finite infinite total known new exact
	of in on for and or with whose`)

// relevanceKindName folds the word before a kind for comparison: lower case, a possessive off.
func relevanceKindName(w string) string {
	w = strings.ToLower(w)
	for _, s := range []string{"'s", "’s", "'", "’"} {
		w = strings.TrimSuffix(w, s)
	}
	return w
}

// relevanceNamedObject returns the span of a note's named object of the kind the title names
// under another name the problem never uses, or ok false.
func relevanceNamedObject(title, note string, problem map[string]bool) (start, end int, ok bool) {
	names, titled := map[string]bool{}, map[string]bool{}
	for _, m := range relevanceKindRe.FindAllStringSubmatch(title, 4) {
		if w := relevanceKindName(m[1]); !relevanceKindSkip[w] {
			names[strings.TrimSuffix(m[2], "s")] = true
		}
	}
	for _, w := range strings.Fields(title) {
		titled[relevanceKindName(strings.Trim(w, ".,;:?!()"))] = true
	}
	if len(names) == 0 {
		return 0, 0, false
	}
	for _, m := range relevanceKindRe.FindAllStringSubmatchIndex(note, 6) {
		kind := strings.TrimSuffix(note[m[4]:m[5]], "s")
		w := relevanceKindName(note[m[2]:m[3]])
		if !names[kind] || relevanceKindSkip[w] || textHasDigit(w) || titled[w] {
			continue
		}
		// A name of several parts (Euler–Gompertz) is known when every part is: the problem's
		// Euler's constant is not the Euler–Gompertz constant.
		known := true
		for _, s := range stContentStems(w) {
			if !problem[s] {
				known = false
			}
		}
		if !known {
			return m[2], m[5], true
		}
	}
	return 0, 0, false
}

// A note may also be about another problem named after a person: "Kirkman's schoolgirl problem",
// "the Riesel numbers", "Lehmer's conjecture". The shape is a capitalised name before a kind of
// named object (a problem, conjecture, question, sequence, number or constant), with at most one
// word between, where the name occurs nowhere in the problem's own fields. Such a note goes to a
// person with the named object quoted; a neighbour the problem names (its own Sierpiński
// numbers) does not, nor does a list of problems named after someone ("Landau's four
// problems"), which may hold this one.

// relevanceProperKindRe finds a capitalised name before a named kind: "Kirkman's schoolgirl
// problem", "Riesel numbers", "the Collatz conjecture".
var relevanceProperKindRe = regexp.MustCompile(`(?:^|[\s(“"])(\p{Lu}[\p{L}’'–-]*?)(?:'s|’s|')?\s+(?:(\p{Ll}[\p{Ll}-]+)\s+)?(problems?|conjectures?|questions?|puzzles?|sequences?|numbers?|constants?)\b`)

// relevanceForeignName returns the span of a note's object named after a name the problem never
// uses, or ok false. The first word of a sentence is read as no name.
func relevanceForeignName(note string, problem map[string]bool) (start, end int, ok bool) {
	for _, m := range relevanceProperKindRe.FindAllStringSubmatchIndex(note, 6) {
		if before := strings.TrimRight(note[:m[2]], " (“\""); before == "" || strings.ContainsAny(before[len(before)-1:], ".:;!?") {
			continue // the first word of the note or of a sentence
		}
		// A list of problems named after someone ("Landau's four problems", "Hilbert's
		// problems") may hold this one.
		if kind := note[m[6]:m[7]]; strings.HasSuffix(kind, "s") && !strings.HasPrefix(kind, "number") && !strings.HasPrefix(kind, "sequence") && !strings.HasPrefix(kind, "constant") {
			continue
		}
		name := note[m[2]:m[3]]
		if relevanceKindSkip[strings.ToLower(name)] || stStopWords[strings.ToLower(name)] || utf8.RuneCountInString(name) < 3 ||
			strings.ToUpper(name) == name {
			// an article, a word of no name, or an acronym (an OEIS sequence, a SAT problem)
			continue
		}
		// A name of several parts (Euclid–Mullin, Euler–Gompertz) is known when every part that
		// is a word is: an object named after two people, one of whom the problem never names,
		// is another object than the problem's.
		known := true
		for _, part := range strings.FieldsFunc(name, func(r rune) bool { return r == '–' || r == '-' }) {
			for _, s := range stContentStems(strings.ToLower(part)) {
				if !problem[s] {
					known = false
				}
			}
		}
		if !known {
			return m[2], m[7], true
		}
	}
	return 0, 0, false
}

// A row's citation may itself name the object the work is about ("A001620: Decimal expansion of
// Euler's constant gamma", "Open Problem Garden, Total Colouring conjecture"); a note that names
// another object ("the decimal expansion of the Euler–Gompertz constant", "States Vizing's
// theorem that the edges …") and never the cited one describes another object than the work's.
// It goes to a person with the note's object quoted.

// relevanceCitedKindRe finds a named object of a citation, with up to four words before it:
// "Euler's constant", "Total Colouring conjecture".
var relevanceCitedKindRe = regexp.MustCompile(`([\p{L}][\p{L}0-9’'–-]*(?:\s+[\p{L}][\p{L}0-9’'–-]*){0,3})\s+(sequences?|numbers?|constants?|conjectures?|problems?|theorems?)\b`)

// relevanceNoteProperRe finds an object a note names after someone or something capitalised:
// "Vizing's theorem", "the Collatz conjecture", "Euler–Gompertz constant".
var relevanceNoteProperRe = regexp.MustCompile(`(?:^|[\s(“"])(\p{Lu}[\p{L}’'–-]*?)(?:'s|’s|')?\s+(?:(\p{Ll}[\p{Ll}-]+)\s+)?(problems?|conjectures?|questions?|theorems?|sequences?|numbers?|constants?)\b`)

// relevanceCitedObject returns the span of an object a note names after someone while it never
// names the object its row's citation names after someone, or ok false. Objects are compared by
// their names: "Kakeya's needle problem" is the citation's "Kakeya's problem", "Landau's four
// problems" its "Landau's problems", and "the Euler–Gompertz constant" is not "Euler's constant".
func relevanceCitedObject(citation, note string) (start, end int, ok bool) {
	var cited []string // names, as keys: "euler", "total colouring"
	for _, m := range relevanceCitedKindRe.FindAllStringSubmatch(citation, 4) {
		words := strings.Fields(m[1])
		k := len(words)
		for k > 0 && stCapitalised(strings.Trim(words[k-1], "’'")) {
			k--
		}
		name := words[k:]
		for len(name) > 0 && stStopWords[strings.ToLower(name[0])] {
			name = name[1:] // "On Kakeya's problem" names Kakeya's
		}
		if len(name) == 0 || len(name) == 1 && (relevanceKindSkip[relevanceKindName(name[0])] || stStopWords[relevanceKindName(name[0])] || textHasDigit(name[0])) {
			continue // no name: "algebraic numbers", "union closed conjecture"
		}
		cited = append(cited, relevanceNameKey(strings.Join(name, " ")))
	}
	if len(cited) == 0 {
		return 0, 0, false
	}
	low := strings.ToLower(note)
	for _, c := range cited {
		if strings.Contains(relevanceNameKey(low), c) && !strings.Contains(c, "-") && len(strings.Fields(c)) > 1 {
			return 0, 0, false // the note names the cited object in words ("total colouring")
		}
	}
	var found []int
	for _, m := range relevanceNoteProperRe.FindAllStringSubmatchIndex(note, 6) {
		name := note[m[2]:m[3]]
		if slices.Contains(cited, relevanceNameKey(name)) {
			return 0, 0, false // the note names the cited object
		}
		if relevanceKindSkip[strings.ToLower(name)] || stStopWords[strings.ToLower(name)] || strings.ToUpper(name) == name || len([]rune(name)) < 3 {
			continue
		}
		if before := strings.TrimRight(note[:m[2]], " (“\""); before == "" || strings.ContainsAny(before[len(before)-1:], ".:;!?") {
			continue // the first word of the note or of a sentence
		}
		if found == nil {
			found = m
		}
	}
	if found == nil {
		return 0, 0, false
	}
	return found[2], found[7], true
}

// relevanceNameKey folds a name for comparison: lower case, possessives off, dashes as hyphens.
func relevanceNameKey(s string) string {
	s = strings.ToLower(s)
	for _, p := range []string{"'s", "’s", "'", "’"} {
		s = strings.ReplaceAll(s, p, "")
	}
	return strings.ReplaceAll(s, "–", "-")
}

// A problem named after someone ("Brouwer's conjecture", "the Collatz problem") has neighbours
// named after others, which the packet may mention in a remark ("a sharpening of the Grone–Merris
// bound"); a relevance note whose subject is such a neighbour ("Concerns the Grone–Merris
// conjecture that …") and never names the problem's own describes another problem, even when
// every word of it occurs in the packet. It goes to a person with the neighbour quoted.

// relevanceTitleNamedRe finds the object a title names after someone: "Brouwer's conjecture",
// "the Collatz problem", "Kadison's similarity problem".
var relevanceTitleNamedRe = regexp.MustCompile(`(?:^|[\s(“"])(\p{Lu}[\p{L}’'–-]*?)(?:'s|’s|')?\s+(?:(\p{Ll}[\p{Ll}-]+)\s+)?(problem|conjecture|question|hypothesis)\b`)

// relevanceOtherNamedProblem returns the span of the conjecture, problem or question a note
// names, as its subject (within its first words), after another name than the one the title's
// does, when the note never names the title's, or ok false.
func relevanceOtherNamedProblem(title, note string) (start, end int, ok bool) {
	var own []string
	for _, m := range relevanceTitleNamedRe.FindAllStringSubmatch(title, 3) {
		if w := relevanceNameKey(m[1]); !relevanceKindSkip[w] && !stStopWords[w] && len([]rune(w)) >= 3 {
			// "Hadwiger–Nelson" is named by either part: "Nelson's question" is the same one.
			for _, part := range strings.Split(w, "-") {
				if len([]rune(part)) >= 3 {
					own = append(own, part)
				}
			}
		}
	}
	if len(own) == 0 {
		return 0, 0, false
	}
	key := relevanceNameKey(note)
	for _, w := range own {
		if strings.Contains(key, w) {
			return 0, 0, false
		}
	}
	for _, m := range relevanceTitleNamedRe.FindAllStringSubmatchIndex(note, 6) {
		name := note[m[2]:m[3]]
		w := relevanceNameKey(name)
		if relevanceKindSkip[w] || stStopWords[w] || strings.ToUpper(name) == name || len([]rune(name)) < 3 {
			continue
		}
		before := strings.TrimRight(note[:m[2]], " (“\"")
		if before == "" || strings.ContainsAny(before[len(before)-1:], ".:;!?") {
			continue // the first word of the note or of a sentence
		}
		if len(strings.Fields(before)) > 3 {
			continue // not the note's subject: "… under the Elliott–Halberstam conjecture"
		}
		return m[2], m[7], true
	}
	return 0, 0, false
}
