package gates

import (
	"regexp"
	"strings"
	"unicode"
)

// A caption may state a result in words no list of bound words foresees ("has between 867 and
// 872 letters", "the minimum is 153", "needs 31 colours"). What such sentences share is a number
// that belongs to neither the picture nor the question: one the alt text and the brief do not
// show and the statement does not pose. The setup's own numbers ("the 720 permutations", "a
// 7-cycle") are in the statement; a number of the picture ("the pairs below 50") is in its
// brief. Any other number goes to a person with its sentence, who decides whether it is a result.

// heroCaptionNumber asks a person about a number in the caption that neither the statement nor
// the picture's alt text and brief name. It reports whether it recorded a finding.
func heroCaptionNumber(r *Revision, out *Report) bool {
	c := r.Hero.Caption
	shown := r.Hero.Alt + " " + r.Hero.Brief + " " + r.Title + " " + r.Statement
	for _, m := range captionNumberRe.FindAllStringIndex(c, 20) {
		num := strings.TrimRight(c[m[0]:m[1]], ".,")
		if num == "" || hasNumber(shown, num) || heroCaptionIndex(c, m[0], m[1]) {
			continue
		}
		from, to := sentenceAround(c, m[0])
		sp := SpanOf(fieldHeroCaption, c, from, to)
		out.NeedsHuman(checkHeroCaption, sp,
			"hero.caption names "+num+" (“"+clipText(sp.Quote, 100)+"”), a number neither the statement nor the picture's alt text and brief name: it may state a value, bound or result; a person must confirm that it describes the setup.",
			"If the number is a result, bound or record, rewrite hero.caption to say only how the picture relates to the setup and move the number to the Research tab.")
		return true
	}
	return false
}

// heroCaptionIndex reports whether the number at c[i:j] is an index or exponent of a formula
// ("x_1", "2^n"), part of a name ("C60", "K4") or a one-digit dimension of a compound
// ("2-complex"): notation, not a value.
func heroCaptionIndex(c string, i, j int) bool {
	if i > 0 && strings.ContainsRune("_^{", rune(c[i-1])) {
		return true
	}
	if i > 0 && (c[i-1] >= 'A' && c[i-1] <= 'Z' || c[i-1] >= 'a' && c[i-1] <= 'z') {
		return true
	}
	if j+1 < len(c) && j-i == 1 && c[j] == '-' && (c[j+1] >= 'a' && c[j+1] <= 'z') {
		return true // a dimension or a size in a compound: "1-skeleton", "2-complex", "4-cycle"
	}
	return j < len(c) && (c[j] >= 'A' && c[j] <= 'Z' || c[j] >= 'a' && c[j] <= 'z')
}

// A caption may also state the open statement, or its negation, as a fact, in words that name no
// number and no bound: "Every bridgeless graph has one", "196 never becomes a palindrome", "No
// such tiling exists". What such sentences share is a claim about the whole of the statement's
// objects or about all time, in a finite verb: a sentence led by "every", "all" or "no" whose
// verb follows within a few words, or a word after "never" or "always", about a word the
// statement uses; a quantified subject must be the statement's own ("every bridgeless graph" where
// the statement asks about every bridgeless graph), not the picture's ("every vertex of the cube"). A caption that describes the picture ("Each edge of a bridgeless graph, traced
// by two cycles") has no such verb; one that asks ("Is there more than one?") asserts nothing.

// captionAssertRe finds a caption sentence that asserts a claim about every object or all time.
var captionAssertRe = regexp.MustCompile(`(?i)(?:^|[.;:!]\s+)((?:every|all|no)\s+(?:[\p{L}\p{N}-]+\s+){0,4}?(?:has|have|is|are|admits?|contains?|exists?|lies|lie|reach(?:es)?|becomes?|can(?:not)?|does|do|holds?|satisf(?:y|ies)|must)\b)|\b((?:never|always)\s+\p{L}{2,})`)

// heroCaptionAsserts asks a person about a caption sentence that asserts a claim about every
// object or all time on a word the statement uses. It reports whether it recorded a finding.
func heroCaptionAsserts(r *Revision, out *Report) bool {
	c := r.Hero.Caption
	stmt := strings.ToLower(r.Statement)
	for _, m := range captionAssertRe.FindAllStringSubmatchIndex(c, 4) {
		i, j := m[2], m[3]
		if i < 0 {
			i, j = m[4], m[5]
		}
		from, to := sentenceAround(c, i)
		if strings.HasSuffix(strings.TrimSpace(c[from:to]), "?") || !captionSharesWord(c[from:to], stmt) {
			continue
		}
		if m[2] >= 0 && !captionQuantifiesAsStatement(c[m[2]:m[3]], stmt) {
			continue
		}
		sp := SpanOf(fieldHeroCaption, c, i, j)
		out.NeedsHuman(checkHeroCaption, sp,
			"hero.caption says “"+sp.Quote+"” (“"+clipText(strings.TrimSpace(c[from:to]), 100)+"”), a claim about every object or for all time on what the statement asks: it may state the open statement or its negation as a fact; a person must confirm that it describes the picture.",
			"Rewrite hero.caption to say how the picture relates to the setup (what it shows), not what holds of every object or always.")
		return true
	}
	return false
}

// captionSharesWord reports whether the sentence uses a word of four letters or more, or a
// number, that the statement (lower-cased) uses.
func captionSharesWord(sentence, stmt string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(sentence), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' }) {
		if len([]rune(w)) >= 4 && !stStopWords[w] && strings.Contains(stmt, w) || unicode.IsDigit([]rune(w)[0]) && hasNumber(stmt, w) {
			return true
		}
	}
	return false
}

// captionPictureWords refer a quantified subject to the picture: "every vertex of the cube", "no
// three of them", "every pair of marks shown".
var captionPictureWords = stWordSet(`the this these those them its their it shown drawn here pictured marked coloured colored black white red blue green grey gray`)

// captionQuantifiesAsStatement reports whether a quantified caption clause ("Every bridgeless
// graph has") quantifies over what the statement quantifies over: no word of its subject refers
// to the picture, and the statement puts a quantifier before the subject's last word ("every
// bridgeless graph").
func captionQuantifiesAsStatement(clause, stmt string) bool {
	words := strings.Fields(strings.ToLower(clause))
	if len(words) < 3 {
		return false
	}
	subject := words[1 : len(words)-1]
	for _, w := range subject {
		if captionPictureWords[strings.Trim(w, ",;:")] {
			return false
		}
	}
	head := strings.Trim(subject[len(subject)-1], ",;:")
	return regexp.MustCompile(`(?:^|[^\p{L}])(?:every|all|any|each|no)\s+(?:\S+\s+){0,3}?` + regexp.QuoteMeta(head) + `(?:$|[^\p{L}])`).MatchString(stPlainWords(stmt))
}
