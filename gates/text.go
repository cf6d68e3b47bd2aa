package gates

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/records"
)

// The helpers below are the small amount of text handling the acceptance, provenance, open
// status, references, consistency, hero and computational gates share. They read prose the way a
// reviewer skims it: words, placeholders, whole-word phrases and identifiers, never stems or
// meaning, so that a check built on them is predictable and a proposer can see why it fired.

// textScanLimit bounds how many bytes of one field the text helpers read. Fields are far shorter at
// intake; the bound keeps a pathological packet from costing more than a linear pass over it.
const textScanLimit = 1 << 20

// scanPart returns the part of s the helpers read.
func scanPart(s string) string {
	if len(s) <= textScanLimit {
		return s
	}
	cut := textScanLimit
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

// lowerASCII lower-cases the ASCII letters of s only, so that byte offsets into the result are
// byte offsets into s; every phrase the gates look for is ASCII.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// textWordRune is what words are made of: letters and digits of any script.
func textWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// textWords splits s into its runs of letters and digits, lower-cased, stopping after limit words
// (limit <= 0 means no limit).
func textWords(s string, limit int) []string {
	s = scanPart(s)
	var out []string
	start := -1
	for i, r := range s {
		if textWordRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, strings.ToLower(s[start:i]))
			start = -1
			if limit > 0 && len(out) >= limit {
				return out
			}
		}
	}
	if start >= 0 {
		out = append(out, strings.ToLower(s[start:]))
	}
	return out
}

// gateStopwords carry no content of their own; a field whose words are all stopwords or vague words
// says nothing.
var gateStopwords = wordSet("a", "an", "the", "of", "to", "in", "on", "for", "by", "with", "and", "or", "is", "are",
	"be", "this", "that", "it", "its", "as", "at", "from", "which", "what", "here", "there", "we", "our",
	"you", "your", "any", "all", "some", "one", "can", "will", "would", "should", "must", "if", "so", "than",
	"then", "such", "these", "those", "was", "were", "been", "has", "have", "had", "do", "does", "not",
	"no", "but", "also", "i", "e", "g", "ie", "eg", "etc", "given", "above", "below", "see", "cf")

func wordSet(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// contentWordsOf returns the words of s that are not stopwords and not in vague.
func contentWordsOf(s string, vague map[string]bool) []string {
	var out []string
	for _, w := range textWords(s, 2000) {
		if !gateStopwords[w] && !vague[w] {
			out = append(out, w)
		}
	}
	return out
}

// phValues are whole-field values that stand for text nobody has written yet.
var phValues = wordSet("tbd", "tba", "todo", "to do", "to be determined", "to be done", "to be added",
	"to be written", "to be confirmed", "n/a", "na", "n.a", "none", "nil", "null", "-", "--", "---", "—", "–",
	"?", "??", "???", "...", "…", "x", "xx", "xxx", "see above", "see below", "as above", "same as above",
	"same as statement", "same as the statement", "see statement", "see the statement", "as in the statement",
	"see problem", "see the problem", "see paper", "see the paper", "see reference", "see references",
	"placeholder", "fixme", "unknown", "various", "misc", "pending", "later", "coming soon", "blank", "empty",
	"not applicable", "not available", "same", "idem", "ditto", "see criterion", "same as criterion",
	"the usual one", "the usual", "usual", "as usual", "the obvious one", "obvious", "the standard one", "standard",
	"the natural one", "natural", "the canonical one", "canonical", "the usual equivalence", "the natural equivalence",
	"the obvious equivalence", "the standard equivalence",
	"all of them", "all", "everything", "all cases", "any", "whatever", "see link", "link", "see url", "url",
	"paper", "a paper", "the paper", "reference", "ref", "see doi", "doi", "web page", "website")

// phMarks are words that mark an unfinished field wherever they stand in it.
var phMarks = []string{"tbd", "tba", "todo", "fixme", "lorem ipsum"}

// fieldNorm is s lower-cased with its white space collapsed and its closing punctuation
// removed, the form a placeholder is recognised in.
func fieldNorm(s string) string {
	s = strings.Join(strings.Fields(strings.ToLower(scanPart(s))), " ")
	return strings.TrimRight(s, ".:;!, ")
}

// placeholderReason says why s is not yet content: empty, a placeholder, a field holding a placeholder
// mark, or fewer than minWords words. It returns "" when s is content. The reason reads after the
// field's name ("acceptance.precision is the placeholder “TBD”").
func placeholderReason(s string, minWords int) string {
	n := fieldNorm(s)
	if n == "" {
		return "is empty"
	}
	if phValues[n] {
		return "is the placeholder “" + strings.TrimSpace(s) + "”"
	}
	low := lowerASCII(scanPart(s))
	for _, m := range phMarks {
		if i := indexWord(low, m, 0); i >= 0 {
			return "contains the placeholder “" + s[i:i+len(m)] + "”"
		}
	}
	if minWords > 0 {
		if ws := textWords(s, minWords); len(ws) < minWords {
			return "has only " + countOf(len(ws), "word") + ", too few to say anything definite"
		}
	}
	return ""
}

// countOf writes n with its noun, plural when n is not 1 ("2 queries", "3 rows").
func countOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if len(noun) > 1 && noun[len(noun)-1] == 'y' && !strings.ContainsRune("aeiou", rune(noun[len(noun)-2])) {
		return strconv.Itoa(n) + " " + noun[:len(noun)-1] + "ies"
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// textWordByte reports whether b may continue an ASCII word; non-ASCII bytes count as word bytes
// so that a phrase is not found inside a word with accents.
func textWordByte(b byte) bool {
	return b >= 0x80 || b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}

// indexWord returns the first offset at or after from where phrase occurs in low as whole words,
// or -1. low must be ASCII-lower-cased (lowerASCII) and phrase lower case.
func indexWord(low, phrase string, from int) int {
	for from <= len(low) {
		i := strings.Index(low[from:], phrase)
		if i < 0 {
			return -1
		}
		i += from
		end := i + len(phrase)
		if (i == 0 || !textWordByte(low[i-1]) || !textWordByte(phrase[0])) &&
			(end == len(low) || !textWordByte(low[end]) || !textWordByte(phrase[len(phrase)-1])) {
			return i
		}
		from = i + 1
	}
	return -1
}

// phraseHit is where a phrase was found.
type phraseHit struct {
	Start, End int
	Phrase     string
}

// findPhrase returns the earliest whole-word occurrence in s of any of phrases.
func findPhrase(s string, phrases []string) (phraseHit, bool) {
	low := lowerASCII(scanPart(s))
	best := phraseHit{Start: -1}
	for _, p := range phrases {
		if i := indexWord(low, p, 0); i >= 0 && (best.Start < 0 || i < best.Start) {
			best = phraseHit{i, i + len(p), p}
		}
	}
	return best, best.Start >= 0
}

// findPhrases returns every whole-word occurrence in s of any of phrases, in order, at most limit.
func findPhrases(s string, phrases []string, limit int) []phraseHit {
	low := lowerASCII(scanPart(s))
	var out []phraseHit
	for _, p := range phrases {
		for from := 0; len(out) < limit; {
			i := indexWord(low, p, from)
			if i < 0 {
				break
			}
			out = append(out, phraseHit{i, i + len(p), p})
			from = i + len(p)
		}
	}
	// Insertion sort: the list is short.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Start < out[j-1].Start; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// containsStem reports whether s contains any of the fragments, as substrings (stems such as
// "certif" match every word that starts with them).
func containsStem(s string, fragments ...string) bool {
	low := lowerASCII(scanPart(s))
	for _, f := range fragments {
		if strings.Contains(low, f) {
			return true
		}
	}
	return false
}

// textHasDigit reports whether s contains a decimal digit.
func textHasDigit(s string) bool {
	return strings.ContainsFunc(scanPart(s), unicode.IsDigit)
}

// clipText shortens s to about n bytes on a character boundary, for quoting in a sentence; a
// closing full stop is dropped, since the sentence quoting it has its own.
func clipText(s string, n int) string {
	s = strings.TrimSuffix(strings.Join(strings.Fields(s), " "), ".")
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// Identifiers quoted in prose. Go's regexp is linear in its input, so these are safe on any text.
var (
	quotedURLRe   = regexp.MustCompile(`https?://[^\s<>"{}\\|^` + "`" + `]+`)
	quotedDOIRe   = regexp.MustCompile(`\b10\.\d{4,9}/[^\s<>"{}\\]+`)
	quotedArxivRe = regexp.MustCompile(`(?i)\barxiv:\s*(\d{4}\.\d{4,5}(?:v\d+)?|[a-z-]+(?:\.[a-z]{2})?/\d{7}(?:v\d+)?)`)
)

// quotedID is an identifier quoted in a field: where it stands and its normalised key.
type quotedID struct {
	Start, End int
	Text       string
	Key        string
}

// trimIDTail removes the punctuation that closes a sentence or a bracket after an identifier.
func trimIDTail(s string) string {
	for s != "" {
		last := s[len(s)-1]
		switch last {
		case '.', ',', ';', ':', '!', '?', '\'', ']', '}', '*', '_':
			s = s[:len(s)-1]
			continue
		case ')':
			if strings.Count(s, "(") < strings.Count(s, ")") {
				s = s[:len(s)-1]
				continue
			}
		}
		break
	}
	return s
}

// quotedIDs finds the URLs, DOIs and arXiv identifiers quoted in s, each once, at most limit.
func quotedIDs(s string, limit int) []quotedID {
	s = scanPart(s)
	var out []quotedID
	seen := map[string]bool{}
	add := func(start, end int, text string) {
		text = trimIDTail(text)
		if text == "" || len(out) >= limit {
			return
		}
		key := refIDKey(text)
		if key == "" || seen[key] {
			return
		}
		seen[key] = true
		out = append(out, quotedID{Start: start, End: start + len(text), Text: text, Key: key})
	}
	// Each pattern runs only where its literal part occurs: most fields quote no identifier, and
	// a case-insensitive pattern has no literal prefix for the matcher to skip ahead by.
	var urls [][2]int
	if strings.Contains(s, "http") {
		for _, m := range quotedURLRe.FindAllStringIndex(s, limit) {
			urls = append(urls, [2]int{m[0], m[1]})
			add(m[0], m[1], s[m[0]:m[1]])
		}
	}
	inURL := func(i int) bool {
		for _, u := range urls {
			if u[0] <= i && i < u[1] {
				return true
			}
		}
		return false
	}
	if strings.Contains(s, "10.") {
		for _, m := range quotedDOIRe.FindAllStringIndex(s, limit) {
			if !inURL(m[0]) {
				add(m[0], m[1], s[m[0]:m[1]])
			}
		}
	}
	if containsFold(s, "arxiv") {
		for _, m := range quotedArxivRe.FindAllStringSubmatchIndex(s, limit) {
			if !inURL(m[0]) {
				add(m[0], m[1], "arXiv:"+s[m[2]:m[3]])
			}
		}
	}
	return out
}

// containsFold reports whether s contains the lower-case ASCII word w in any case.
func containsFold(s, w string) bool {
	for i := 0; i+len(w) <= len(s); i++ {
		if s[i]|0x20 == w[0] && strings.EqualFold(s[i:i+len(w)], w) {
			return true
		}
	}
	return false
}

// refIDKey normalises an identifier as written in prose or stored on a row ("doi:10.…",
// "url:https://…", a bare DOI, an arXiv ID, a URL) to the key two spellings of one work share:
// records' key with arXiv versions and URL trailing slashes and "www." removed. It returns ""
// for text that is no identifier.
func refIDKey(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(strings.ToLower(s), "url:") {
		s = s[len("url:"):]
	}
	id, err := records.Parse(s)
	if err != nil {
		return ""
	}
	key := id.Key
	switch id.Kind {
	case records.ArXiv:
		if i := strings.LastIndex(key, "v"); i > 0 && i+1 < len(key) && strings.Trim(key[i+1:], "0123456789") == "" &&
			key[i-1] >= '0' && key[i-1] <= '9' {
			key = key[:i]
		}
	case records.URL:
		key = strings.TrimSuffix(key, "/")
		key = strings.Replace(key, "://www.", "://", 1)
		key = strings.Replace(key, "url:http://", "url:https://", 1)
	}
	return key
}

// refKind is a bibliography row's identifier kind (DOI, ARXIV, ZBMATH, ISBN or URL), taken from
// the row or, when the row leaves it empty, from its identifier.
func refKind(ref Reference) string {
	if ref.Kind != "" {
		return strings.ToUpper(ref.Kind)
	}
	key := refIDKey(ref.Identifier)
	if i := strings.IndexByte(key, ':'); i > 0 {
		return strings.ToUpper(key[:i])
	}
	return ""
}

// stableIdentifier reports whether a bibliography row's identifier names the work stably: a
// DOI, arXiv ID, zbMATH ID or ISBN, or a URL (which the policy accepts as a stable URL).
func stableIdentifier(identifier string) bool { return refIDKey(identifier) != "" }

// eachRow introduces a statement about every one of n bibliography rows.
func eachRow(n int) string {
	if n == 1 {
		return "The one row"
	}
	return "Each of the " + strconv.Itoa(n) + " rows"
}
