package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/theoremdb/theoremdb/copycheck"
)

// runCopycheck runs `theoremdb copycheck [--json] [--format latex|markdown] FILE`: the copy check
// of one body against the built index of THEOREMDB_CORPUS. FILE "-" reads standard input.
func runCopycheck(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("copycheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the result as JSON")
	format := fs.String("format", "", "latex or markdown (default: from the file name; latex for standard input)")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("usage: theoremdb copycheck [--json] [--format latex|markdown] FILE")
	}
	name := pos[0]
	var body []byte
	if name == "-" {
		body, err = io.ReadAll(os.Stdin)
	} else {
		body, err = os.ReadFile(name)
	}
	if err != nil {
		return fmt.Errorf("read body: %w", err)
	}
	f := copycheck.FormatOf(name)
	switch *format {
	case "":
	case "latex":
		f = copycheck.LaTeX
	case "markdown":
		f = copycheck.Markdown
	default:
		return fmt.Errorf("--format must be latex or markdown, not %q", *format)
	}
	c := copycheck.Corpus{Dir: corpusDir()}
	cfg, err := c.Config()
	if err != nil {
		return err
	}
	phrases, err := c.Phrases()
	if err != nil {
		return err
	}
	x, err := c.Open()
	if err != nil {
		return err
	}
	defer x.Close()
	ck, err := copycheck.NewChecker(x, cfg, phrases)
	if err != nil {
		return err
	}
	res, err := ck.Check(ctx, body, f)
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	writeReport(stdout, name, body, res)
	return nil
}

// writeReport prints a result for a person: the verdict, then each match with where to rewrite.
func writeReport(w io.Writer, name string, body []byte, res *copycheck.Result) {
	fmt.Fprintf(w, "copy check of %s: %s (thresholds %s)\n", name, strings.ToUpper(string(res.Verdict)), res.ThresholdsVersion)
	switch res.Verdict {
	case copycheck.VerdictClear:
		fmt.Fprintln(w, "no match with the reference corpus")
	case copycheck.VerdictAttribute:
		fmt.Fprintln(w, "matches only sources whose licence allows reuse: allowed with attribution (rule L03)")
	case copycheck.VerdictBlock:
		fmt.Fprintln(w, "matches a source that may not be copied: rewrite the locations marked REWRITE")
	}
	for i, m := range res.Matches {
		what := fmt.Sprintf("exact run of %d characters", m.Length)
		if m.Stage == copycheck.StageNear {
			what = fmt.Sprintf("near copy, Jaccard %.2f, ROUGE-L %.2f, common block of %d words", m.Similarity, m.RougeL, m.Length)
		}
		action := "attribute"
		if m.Verdict == copycheck.VerdictBlock {
			action = "REWRITE"
		}
		line, col := lineCol(body, m.BodyStart)
		fmt.Fprintf(w, "\n%d. %s: %s\n", i+1, action, what)
		fmt.Fprintf(w, "   body    line %d col %d, bytes %d-%d: %s\n", line, col, m.BodyStart, m.BodyEnd, excerpt(body[m.BodyStart:m.BodyEnd]))
		where := ""
		if m.Section != "" {
			where = fmt.Sprintf(", section %q", m.Section)
		}
		fmt.Fprintf(w, "   source  %s (%s)%s, bytes %d-%d\n", m.Source, m.Licence, where, m.SourceStart, m.SourceEnd)
		fmt.Fprintf(w, "           %s\n", m.URI)
	}
	if len(res.Flags) > 0 {
		fmt.Fprintf(w, "\n%d shorter runs were flagged but are no match on their own:\n", len(res.Flags))
		for _, m := range res.Flags {
			line, col := lineCol(body, m.BodyStart)
			fmt.Fprintf(w, "   line %d col %d, %d characters from %s: %s\n", line, col, m.Length, m.Source, excerpt(body[m.BodyStart:m.BodyEnd]))
		}
	}
}

func lineCol(b []byte, off int) (int, int) {
	line := bytes.Count(b[:off], []byte{'\n'}) + 1
	return line, off - bytes.LastIndexByte(b[:off], '\n')
}

func excerpt(b []byte) string {
	s := strings.Join(strings.Fields(string(b)), " ")
	if r := []rune(s); len(r) > 90 {
		s = string(r[:60]) + " … " + string(r[len(r)-25:])
	}
	return fmt.Sprintf("%q", s)
}
