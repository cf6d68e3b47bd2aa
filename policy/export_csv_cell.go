package policy

import "strings"

// csvCell is s as a CSV cell a spreadsheet reads as text: a cell that starts with =, +, -, @,
// a tab or a carriage return would be read as a formula (CSV injection), so it gets a leading
// apostrophe, which spreadsheets show as nothing and programs reading the CSV can strip.
func csvCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
