package gates

import "strings"

// A quantity named by a styled letter is written "$\mathcal{C}$" in TeX and "𝒞" in Unicode
// prose: an open status typed as text and a statement typed in TeX name one quantity. The
// Mathematical Alphanumeric Symbols block holds thirteen alphabets of 52 letters from U+1D400;
// a few of their letters live in the Letterlike Symbols block instead (ℬ, ℂ, ℭ …). Each is
// written as TeX writes it after a formula's braces are dropped: script as \mathcal, double-struck
// as \mathbb, fraktur as \mathfrak, bold as \mathbf, the italic and sans-serif ones as the plain
// letter.

// cmpAlphabetFonts are the TeX commands of the thirteen alphabets, in the block's order.
var cmpAlphabetFonts = [13]string{`\mathbf`, "", `\mathbf`, `\mathcal`, `\mathcal`, `\mathfrak`, `\mathbb`, `\mathfrak`, "", `\mathbf`, "", `\mathbf`, ""}

// cmpLetterlike are the styled letters outside the block.
var cmpLetterlike = map[rune]string{'ℬ': `\mathcalB`, 'ℰ': `\mathcalE`, 'ℱ': `\mathcalF`, 'ℋ': `\mathcalH`, 'ℐ': `\mathcalI`,
	'ℒ': `\mathcalL`, 'ℳ': `\mathcalM`, 'ℛ': `\mathcalR`, 'ℯ': `\mathcale`, 'ℊ': `\mathcalg`, 'ℴ': `\mathcalo`,
	'ℂ': `\mathbbC`, 'ℍ': `\mathbbH`, 'ℕ': `\mathbbN`, 'ℙ': `\mathbbP`, 'ℚ': `\mathbbQ`, 'ℝ': `\mathbbR`, 'ℤ': `\mathbbZ`,
	'ℭ': `\mathfrakC`, 'ℌ': `\mathfrakH`, 'ℑ': `\mathfrakI`, 'ℜ': `\mathfrakR`, 'ℨ': `\mathfrakZ`}

// cmpMathLetters writes the styled letters of s as TeX writes them.
func cmpMathLetters(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r >= 0x1D400 && r < 0x1D6A4 || cmpLetterlike[r] != "" }) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 0x1D400 && r < 0x1D6A4:
			i := int(r - 0x1D400)
			letter := rune('A' + i%52)
			if i%52 >= 26 {
				letter = rune('a' + i%52 - 26)
			}
			b.WriteString(cmpAlphabetFonts[i/52])
			b.WriteRune(letter)
		case cmpLetterlike[r] != "":
			b.WriteString(cmpLetterlike[r])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
