package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

// TestStatementWording: how the statement gate's findings name fields, kinds, counts and lists.
func TestStatementWording(t *testing.T) {
	t.Parallel()
	r := clean()
	for _, tt := range []struct{ name, got, want string }{
		{"statement", stFieldName(r, FieldStatement), "the statement"},
		{"title", stFieldName(r, FieldTitle), "the title"},
		{"exposition entry", stFieldName(r, "exposition[1]"), "exposition entry 2 (a CONVENTION)"},
		{"example entry", stFieldName(r, "exposition[2]"), "exposition entry 3 (an EXAMPLE)"},
		{"entry out of range", stFieldName(r, "exposition[9]"), "exposition[9]"},
		{"other field", stFieldName(r, "acceptance.criterion"), "acceptance.criterion"},
		{"no kind", stKindName(""), "no kind"},
		{"a kind", stKindName(packet.Remark), "a REMARK"},
		{"one", stCount(1, "formula"), "1 formula"},
		{"several", stCount(3, "formula"), "3 formulas"},
		{"none listed", stList(nil, 3), ""},
		{"one listed", stList([]string{"$x$"}, 3), "$x$"},
		{"two listed", stList([]string{"$x$", "$y$"}, 3), "$x$ and $y$"},
		{"three listed", stList([]string{"$x$", "$y$", "$z$"}, 3), "$x$, $y$ and $z$"},
		{"past the limit", stList([]string{"$x$", "$y$", "$z$"}, 2), "$x$, $y$ and 1 more"},
		{"shown", stShow(`\alpha`), `$\alpha$`},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: got %q; want %q", tt.name, tt.got, tt.want)
		}
	}
}
