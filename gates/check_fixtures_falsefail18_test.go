package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// The class of the clean packet the nineteenth blind split FAILed, read by its shape on a problem
// of its own: a sum equal to a numeral written in another base ("32 + 4 + 1 = 100101₂", "= 100101
// in binary", "= 1101 (base 3)") is not arithmetic in base ten, and is left alone; the same sum
// equal to a wrong numeral in base ten still FAILs, and a right one passes.

func TestReadingNumeralInAnotherBase(t *testing.T) {
	t.Parallel()
	example := func(body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Example, Body: body})
		}
	}
	cons := consistencyGate
	runReadingCases(t, []readingCase{
		{name: "a subscript base", gate: cons, check: checkConsistencyBounds, base: numericalClean, want: Pass,
			change: example(`The exponent 37 = 32 + 4 + 1 = 100101₂ has three ones in binary, so the method needs three squarings with a multiplication.`)},
		{name: "a TeX subscript base", gate: cons, check: checkConsistencyBounds, base: numericalClean, want: Pass,
			change: example(`The exponent $37 = 32 + 4 + 1 = 100101_2$ has three ones in binary.`)},
		{name: "the base in words", gate: cons, check: checkConsistencyBounds, base: numericalClean, want: Pass,
			change: example(`The exponent 37 = 32 + 4 + 1 = 100101 in binary has three ones.`)},
		{name: "the base in brackets", gate: cons, check: checkConsistencyBounds, base: numericalClean, want: Pass,
			change: example(`Here 27 + 9 + 1 = 1101 (base 3), with no digit 2.`)},
		{name: "a chain ending in a subscript base", gate: cons, check: checkConsistencyBounds, base: numericalClean, want: Pass,
			change: example(`3⁴ = 81 = 27 + 27 + 27 = 10000₃, and 2⁶ = 64 = 54 + 9 + 1 = 2101₃ has one digit 2.`)},
		{name: "a wrong sum in base ten", gate: cons, check: checkConsistencyBounds, base: numericalClean, want: Fail, quote: "32 + 4 + 1 = 38",
			change: example(`The exponent 32 + 4 + 1 = 38 has three ones in binary.`)},
		{name: "a right sum in base ten", gate: cons, check: checkConsistencyBounds, base: numericalClean, want: Pass,
			change: example(`The exponent 32 + 4 + 1 = 37 has three ones in binary.`)},
	})
}
