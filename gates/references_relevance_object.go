package gates

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A relevance note usually opens with what the work does and to what: "Tabulates the prime
// knots with at most 16 crossings", "Proves the conjecture for ω-stable theories". The object of
// that first verb is the note's subject. When every subject word of it is foreign to the problem
// ("Lists the two-component links …" in a packet about knots, "Describes Kirkman's schoolgirl
// problem …" in one about Steiner systems), the note is about another problem even if a word or
// two further on ("crossings", "diagrams") is shared, as long as the note names five or more
// foreign subject words and they outnumber its shared ones.

// relevanceObjectStops end the object of a note's first verb: a preposition, a relative word, a
// conjunction.
var relevanceObjectStops = stWordSet(`of for with in on by from to up among under over into onto at as via whose that
	which where who when while and or but than using without within between through after before`)

// relevanceObjectForeign reports whether the object of the verb a note opens with names subject
// words, none of them the problem's (problem) and none only a tag's field (field).
func relevanceObjectForeign(note string, problem, field map[string]bool) bool {
	words := strings.Fields(stPlainWords(withoutIDs(note)))
	if len(words) < 3 {
		return false
	}
	verb := strings.ToLower(strings.Trim(words[0], ".,;:()"))
	r0, _ := utf8.DecodeRuneInString(words[0])
	if !unicode.IsUpper(r0) || !strings.HasSuffix(verb, "s") || strings.HasSuffix(verb, "ss") || stStopWords[verb] ||
		utf8.RuneCountInString(verb) < 4 {
		return false // not a verb in the third person ("Textbook account of …", "This …")
	}
	var object []string
	for _, w := range words[1:] {
		low := strings.ToLower(w)
		trimmed := strings.Trim(low, ".,;:()")
		if relevanceObjectStops[trimmed] {
			break
		}
		object = append(object, trimmed)
		if trimmed != low || len(object) >= 6 {
			break // punctuation ends the phrase
		}
	}
	subject := 0
	for _, w := range stContentStems(strings.Join(object, " ")) {
		switch {
		case relevanceGeneric[w] || stWeakTitleWords[w] || vagueRelevance[w] || strings.HasSuffix(w, "ly"):
		case problem[w] || field[w]:
			return false
		default:
			subject++
		}
	}
	return subject > 0
}
