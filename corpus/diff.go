package corpus

import "strings"

// maxDiffCells bounds the work of a line diff: past it the diff says the
// body was replaced whole.
const maxDiffCells = 4_000_000

// lineDiff is the line diff from a to b in unified form without headers:
// "-" before a removed line, "+" before an added one, " " before one kept.
func lineDiff(a, b string) string {
	if a == b {
		return ""
	}
	x, y := splitLines(a), splitLines(b)
	if len(x)*len(y) > maxDiffCells {
		var sb strings.Builder
		for _, l := range x {
			sb.WriteString("-" + l + "\n")
		}
		for _, l := range y {
			sb.WriteString("+" + l + "\n")
		}
		return sb.String()
	}
	// lcs[i][j] is the longest common subsequence of x[i:] and y[j:].
	lcs := make([][]int32, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var sb strings.Builder
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			sb.WriteString(" " + x[i] + "\n")
			i, j = i+1, j+1
		case j < len(y) && (i == len(x) || lcs[i][j+1] >= lcs[i+1][j]):
			sb.WriteString("+" + y[j] + "\n")
			j++
		default:
			sb.WriteString("-" + x[i] + "\n")
			i++
		}
	}
	return sb.String()
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}
