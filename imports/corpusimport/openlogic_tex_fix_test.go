package corpusimport

import (
	"strings"
	"testing"
)

// TestOpenLogicTiesAndPartialFunctions: a tie outside math is a no-break
// space (two of them in Markdown would strike the text through), and the
// computability macros are written out.
func TestOpenLogicTiesAndPartialFunctions(t *testing.T) {
	got := olTextAndMath(`is equal to~$0$. If it is, then returns~$0$`)
	if strings.Contains(got, "~") || !strings.Contains(got, "to\u00a0$0$") {
		t.Errorf("olTextAndMath = %q", got)
	}
	if got := olTextAndMath(`$a \sim b$ and $x~y$`); got != `$a \sim b$ and $x~y$` {
		t.Errorf("math kept its tie: %q", got)
	}
	if got := expandOLMacros(`$\cfind{e}(n) \fdefined$ and $f(x) \fundefined$`); strings.Contains(got, `\cfind`) ||
		!strings.Contains(got, `\varphi_{e}`) || !strings.Contains(got, `\downarrow`) || !strings.Contains(got, `\uparrow`) {
		t.Errorf("macros = %q", got)
	}
}
