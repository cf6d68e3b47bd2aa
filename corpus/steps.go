package corpus

import (
	"strconv"
	"strings"
)

// ProofSteps splits a proof's body into the steps a reviewer confirms one
// by one (K9.6: per section): its paragraphs, blank-line separated, where
// a display formula ($$ … $$ or \[ … \]), an environment (\begin … \end)
// or a fenced block is never cut in two. A body of one paragraph is one
// step.
func ProofSteps(body string) []string {
	var steps, cur []string
	depth, display, fence := 0, false, false
	flush := func() {
		if s := strings.TrimSpace(strings.Join(cur, "\n")); s != "" {
			steps = append(steps, s)
		}
		cur = cur[:0]
	}
	for _, line := range strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n") {
		t := strings.TrimSpace(line)
		if t == "" && depth == 0 && !display && !fence {
			flush()
			continue
		}
		cur = append(cur, line)
		if strings.HasPrefix(t, "```") {
			fence = !fence
			continue
		}
		if fence {
			continue
		}
		depth += strings.Count(line, `\begin{`) - strings.Count(line, `\end{`)
		depth += strings.Count(line, `\[`) - strings.Count(line, `\]`)
		depth = max(depth, 0)
		if strings.Count(line, "$$")%2 == 1 {
			display = !display
		}
	}
	flush()
	return steps
}

// stepSection is the section name of step i (from 1) of a proof.
func stepSection(i int) string { return "step-" + strconv.Itoa(i) }

// stepOf is the step a section names, or 0 when it names none: a
// confirmation of a proof under another section confirms the whole proof.
func stepOf(section string) int {
	rest, ok := strings.CutPrefix(section, "step-")
	if !ok {
		return 0
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n <= 0 {
		return 0
	}
	return n
}

// referenceSection is the section of a statement checked against the
// reference at position p of its current revision.
func referenceSection(p int) string { return "reference-" + strconv.Itoa(p) }
