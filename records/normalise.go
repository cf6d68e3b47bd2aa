package records

import (
	"regexp"
	"strings"
	"unicode"
)

// fold maps letters with diacritics, and ligatures, to plain ASCII, as catalogues transliterate
// them (Erdős, Erdos; Gödel, Godel; Łojasiewicz, Lojasiewicz).
var fold = func() map[rune]string {
	m := map[rune]string{}
	for base, variants := range map[string]string{
		"a": "àáâãäåāăąǎ", "c": "çćĉċč", "d": "ďđ", "e": "èéêëēĕėęě", "g": "ĝğġģ", "h": "ĥħ",
		"i": "ìíîïĩīĭįıǐ", "j": "ĵ", "k": "ķ", "l": "ĺļľŀł", "n": "ñńņňŉ", "o": "òóôõöøōŏőǒ",
		"r": "ŕŗř", "s": "śŝşšș", "t": "ţťŧț", "u": "ùúûüũūŭůűųǔ", "w": "ŵ", "y": "ýÿŷ", "z": "źżž",
	} {
		for _, r := range variants {
			m[r] = base
			m[unicode.ToUpper(r)] = strings.ToUpper(base)
		}
	}
	for r, s := range map[rune]string{'ß': "ss", 'æ': "ae", 'Æ': "AE", 'œ': "oe", 'Œ': "OE", 'þ': "th", 'ð': "d", 'ﬁ': "fi", 'ﬂ': "fl"} {
		m[r] = s
	}
	for name, letters := range greek {
		for _, r := range letters {
			m[r] = name
		}
	}
	return m
}()

// greek are the Greek letters by the names LaTeX gives them, each with the Unicode letters a
// catalogue writes for it: a title with $\zeta$ in it and its record with ζ (or the word zeta)
// compare as one title.
var greek = map[string]string{
	"alpha": "αΑ", "beta": "βΒ", "gamma": "γΓ", "delta": "δΔ", "epsilon": "εϵΕ", "zeta": "ζΖ", "eta": "ηΗ",
	"theta": "θϑΘ", "iota": "ιΙ", "kappa": "κϰΚ", "lambda": "λΛ", "mu": "μµΜ", "nu": "νΝ", "xi": "ξΞ", "omicron": "οΟ",
	"pi": "πϖΠ", "rho": "ρϱΡ", "sigma": "σςΣ", "tau": "τΤ", "upsilon": "υΥϒ", "phi": "φϕΦ", "chi": "χΧ", "psi": "ψΨ",
	"omega": "ωΩ",
}

// greekCommand is the name of the letter a LaTeX command for a Greek letter stands for
// (\varepsilon is epsilon, \Gamma gamma), or "".
func greekCommand(c string) string {
	name := strings.ToLower(strings.TrimPrefix(strings.TrimPrefix(c, `\`), "var"))
	if _, ok := greek[name]; ok {
		return name
	}
	return ""
}

func foldDiacritics(s string) string {
	var b strings.Builder
	for _, r := range s {
		if f, ok := fold[r]; ok {
			b.WriteString(f)
		} else if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

var (
	markupTag = regexp.MustCompile(`</?[a-zA-Z][a-zA-Z0-9:]*(\s[^<>]*)?/?>`)
	// An accent is a control symbol (\'e, \"{o}) or a control word of one letter, which ends
	// at a space or a brace (\v{s}, \H o): \varepsilon, \times and \textbf are no accents.
	latexAccent  = regexp.MustCompile(`\\[\x60'^"~=.]\s*\{?([a-zA-Z])\}?|\\[uvHckbdrt](?:\s*\{([a-zA-Z])\}|\s+([a-zA-Z]))`)
	latexCommand = regexp.MustCompile(`\\[a-zA-Z]+\*?|\\.`)
	nonWord      = regexp.MustCompile(`[^\p{L}\p{N}]+`)
)

// latexLetters are the LaTeX commands that stand for a letter.
var latexLetters = map[string]string{`\ss`: "ss", `\o`: "o", `\O`: "O", `\l`: "l", `\L`: "L", `\ae`: "ae", `\oe`: "oe", `\i`: "i", `\aa`: "a"}

// stripMarkup removes LaTeX and the JATS or HTML tags catalogues put in titles: accents keep
// their letter ({\H o} is o), a Greek letter is its name ($\zeta$ is zeta), other commands go
// and their arguments stay ($\mathbb{R}^n$ is Rn, \emph{x} is x), braces, $ and the sub- and
// superscript marks go.
func stripMarkup(s string) string {
	s = markupTag.ReplaceAllString(s, "")
	s = latexAccent.ReplaceAllString(s, "${1}${2}${3}")
	s = latexCommand.ReplaceAllStringFunc(s, func(c string) string {
		if l, ok := latexLetters[c]; ok {
			return l
		}
		if c == `\&` {
			return " and "
		}
		if g := greekCommand(c); g != "" {
			return g
		}
		return ""
	})
	return strings.NewReplacer("{", "", "}", "", "$", "", "^", "", "_", "", "&", " and ", "~", " ").Replace(s)
}

// normTitle is the form in which titles compare: markup stripped, diacritics folded, lower
// case, punctuation a single space.
func normTitle(s string) string {
	s = strings.ToLower(foldDiacritics(stripMarkup(s)))
	return strings.TrimSpace(nonWord.ReplaceAllString(s, " "))
}

// mainTitle is the title before its subtitle (after the first colon, or a spaced dash).
func mainTitle(s string) (string, bool) {
	s = stripMarkup(s)
	i := strings.IndexAny(s, ":")
	for _, sep := range []string{" — ", " – ", " - "} {
		if j := strings.Index(s, sep); j > 0 && (i < 0 || j < i) {
			i = j
		}
	}
	if i <= 0 {
		return "", false
	}
	return s[:i], true
}

// titlesMatch says whether two titles name the same work: equal once normalised, or equal but
// for a subtitle one of them has and the other does not.
func titlesMatch(claimed, record string) bool {
	c, r := normTitle(claimed), normTitle(record)
	if c == r {
		return true
	}
	if m, ok := mainTitle(claimed); ok && normTitle(m) == r {
		return true
	}
	if m, ok := mainTitle(record); ok && normTitle(m) == c {
		return true
	}
	return false
}

var (
	authorSplit = regexp.MustCompile(`(?i)\s+and\s+|\s*&\s*|\s*;\s*|\s+und\s+|\s+et\s+(?:al\b\.?)?`)
	etAl        = regexp.MustCompile(`(?i)\bet\.?\s*al\b\.?|\bothers\b`)
	suffixes    = map[string]bool{"jr": true, "sr": true, "ii": true, "iii": true, "iv": true}
)

// authorList is how a list of names reads: the family names in order, and whether it ended
// with "et al.".
type authorList struct {
	families []string
	etAl     bool
}

// readAuthors reads the names as people write them: one per entry, or several in one entry
// separated by "and", "&", ";" or commas; "Family, Given" or "Given Family"; initials; et al.
// A comma list is ambiguous ("Hilbert, D., Ackermann, W." or "Hilbert, Ackermann"), so both
// readings are returned when they differ.
func readAuthors(names []string) []authorList {
	paired, single := authorList{}, authorList{}
	for _, n := range names {
		n = foldDiacritics(stripMarkup(n))
		if etAl.MatchString(n) {
			paired.etAl, single.etAl = true, true
			n = etAl.ReplaceAllString(n, "")
		}
		for _, piece := range authorSplit.Split(n, -1) {
			parts := splitCommas(piece)
			if len(parts) == 0 {
				continue
			}
			paired.families = append(paired.families, pairedFamilies(parts)...)
			for _, p := range parts {
				if f := familyName(p); f != "" {
					single.families = append(single.families, f)
				}
			}
		}
	}
	if equalStrings(paired.families, single.families) {
		return []authorList{paired}
	}
	return []authorList{paired, single}
}

func splitCommas(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		if p != "" && !suffixes[strings.ToLower(strings.Trim(p, "."))] {
			out = append(out, p)
		}
	}
	return out
}

// pairedFamilies reads comma-separated parts as "Family, Given" pairs where a part that can only
// be a family name ("Hilbert", "van der Waerden") is followed by given names or initials, and
// as whole names ("D. Hilbert", "David Hilbert") otherwise.
func pairedFamilies(parts []string) []string {
	var out []string
	for i := 0; i < len(parts); i++ {
		if i+1 < len(parts) && familyOnly(parts[i]) && givenOnly(parts[i+1]) {
			out = append(out, lastWord(parts[i]))
			i++
			continue
		}
		if f := familyName(parts[i]); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// familyOnly: one word, or particles in lower case before the name, and no initials.
func familyOnly(p string) bool {
	words := strings.Fields(p)
	if len(words) == 0 {
		return false
	}
	for i, w := range words {
		if isInitials(w) {
			return false
		}
		if i < len(words)-1 && !unicode.IsLower([]rune(w)[0]) {
			return false
		}
	}
	return true
}

// givenOnly: initials only ("D.", "D. H.", "J.-P."), or at most two given names.
func givenOnly(p string) bool {
	words := strings.Fields(p)
	if len(words) == 0 {
		return false
	}
	initials, names := 0, 0
	for _, w := range words {
		switch {
		case isInitials(w):
			initials++
		case isCapitalised(w):
			names++
		default:
			return false
		}
	}
	return names == 0 || (initials == 0 && names <= 2)
}

// isInitials: "D.", "D", "DH", "D.H.", "J.-P.".
func isInitials(w string) bool {
	letters := strings.NewReplacer(".", "", "-", "").Replace(w)
	if letters == "" || len([]rune(letters)) > 3 {
		return false
	}
	for _, r := range letters {
		if !unicode.IsUpper(r) {
			return false
		}
	}
	return strings.Contains(w, ".") || len([]rune(letters)) <= 2
}

func isCapitalised(w string) bool {
	r := []rune(w)
	return len(r) > 1 && unicode.IsUpper(r[0]) && !strings.Contains(w, ".")
}

// familyName is the family name of one name written "Given Family", "Family, Given",
// "Family G" or "G. Family", in its comparing form: the last word of the family part.
func familyName(n string) string {
	n = strings.TrimSpace(n)
	if fam, _, ok := strings.Cut(n, ","); ok {
		return lastWord(fam)
	}
	words := strings.Fields(n)
	for len(words) > 1 && suffixes[strings.ToLower(strings.Trim(words[len(words)-1], "."))] {
		words = words[:len(words)-1]
	}
	if len(words) == 0 {
		return ""
	}
	if len(words) > 1 && isInitials(words[len(words)-1]) && !isInitials(words[0]) {
		return lastWord(words[0])
	}
	return lastWord(words[len(words)-1])
}

func lastWord(s string) string {
	w := strings.Fields(nonWord.ReplaceAllString(strings.ToLower(s), " "))
	if len(w) == 0 {
		return ""
	}
	return w[len(w)-1]
}

// sameFamily compares two family names in comparing form, allowing the German transliteration
// of umlauts (Goedel, Godel).
func sameFamily(a, b string) bool {
	if a == b {
		return true
	}
	u := strings.NewReplacer("ae", "a", "oe", "o", "ue", "u")
	return u.Replace(a) == u.Replace(b)
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
