package hero

import (
	"math"
	"strconv"
	"strings"
)

// canvas accumulates SVG elements. Every value it writes is a number or a
// fixed word, so nothing needs escaping.
type canvas struct{ b strings.Builder }

func (c *canvas) s(parts ...string) {
	for _, p := range parts {
		c.b.WriteString(p)
	}
}

// n writes v rounded to one decimal, without a trailing ".0" or a "-0".
func (c *canvas) n(v float64) {
	v = math.Round(v*10) / 10
	if v == 0 {
		v = 0
	}
	c.b.WriteString(strconv.FormatFloat(v, 'f', -1, 64))
}

// attr writes ` name="v"`.
func (c *canvas) attr(name string, v float64) {
	c.s(" ", name, `="`)
	c.n(v)
	c.s(`"`)
}

// pt writes "x y" for path data.
func (c *canvas) pt(x, y float64) {
	c.n(x)
	c.s(" ")
	c.n(y)
}

var words = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
	"nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
	"seventeen", "eighteen", "nineteen", "twenty"}

var tens = []string{"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}

// word spells counts below a hundred out, as alt text reads better that way.
func word(n int) string {
	switch {
	case n >= 0 && n < len(words):
		return words[n]
	case n > 0 && n < 100 && n%10 == 0:
		return tens[n/10]
	case n > 0 && n < 100:
		return tens[n/10] + "-" + words[n%10]
	}
	return strconv.Itoa(n)
}

// count returns "one arc" or "six arcs".
func count(n int, noun string) string {
	if n == 1 {
		return "one " + noun
	}
	return word(n) + " " + noun + "s"
}

// capital upper-cases the first letter of an ASCII sentence.
func capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
