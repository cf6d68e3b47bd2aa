package similar

import (
	"strings"
)

func simWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c >= 0x80
}

func simHash(s string) uint32 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return uint32(simMix(h))
}

// simWord returns the form of a normalised word the features use: letters folded to ASCII
// where they have an obvious fold, a plural or verb ending taken off; "" for a function word or
// a single letter.
func simWord(w string) string {
	if len(w) > 64 {
		w = w[:64]
	}
	if !simASCII(w) {
		w = simFold(w)
	}
	if len(w) == 1 && 'a' <= w[0] && w[0] <= 'z' || simStopWords[w] {
		return ""
	}
	return simStem(w)
}

func simASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// simFold replaces accented Latin letters by their base letter, so that "Erdős" and "Erdos" are
// one word.
func simFold(w string) string {
	var b strings.Builder
	for _, r := range w {
		if f, ok := simFolds[r]; ok {
			b.WriteByte(f)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

var simFolds = func() map[rune]byte {
	m := map[rune]byte{}
	for base, rs := range map[byte]string{
		'a': "áàâäãåāă", 'c': "çćč", 'e': "éèêëēěę", 'i': "íìîïī", 'n': "ñńň", 'o': "óòôöõőøō",
		'u': "úùûüűůū", 'y': "ýÿ", 's': "śšş", 'z': "źżž", 'r': "ř", 'l': "ł", 'g': "ğ", 'd': "ď", 't': "ť",
	} {
		for _, r := range rs {
			m[r] = base
		}
	}
	return m
}()

// simStem takes a plural or verb ending off a word, crudely but the same way for every statement.
func simStem(w string) string {
	n := len(w)
	switch {
	case n <= 3:
		return w
	case strings.HasSuffix(w, "ies") && n > 4:
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "sses"):
		return w[:n-2]
	case strings.HasSuffix(w, "ing") && n > 5:
		return w[:n-3]
	case strings.HasSuffix(w, "ed") && n > 4:
		return w[:n-2]
	case strings.HasSuffix(w, "es") && (strings.HasSuffix(w[:n-2], "x") || strings.HasSuffix(w[:n-2], "ch") || strings.HasSuffix(w[:n-2], "sh")):
		return w[:n-2]
	case w[n-1] == 's' && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:n-1]
	}
	return w
}

// simStopWords are the function words left out of the features.
var simStopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the of to in on at by for with from into onto as is are be been
		being was were this that these those it its and or but if then than so such which who whom whose
		what when where while there here we us our one can may must do does did has have had not no
		any all some each every let also only both either neither nor very more most less least much
		many other another same own i.e e.g cf etc via`) {
		m[w] = true
	}
	return m
}()
