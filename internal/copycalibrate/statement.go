package copycalibrate

import (
	"hash/fnv"
	"regexp"
	"strings"

	"github.com/theoremdb/theoremdb/copycheck"
)

// statement is the original text of one short statement, a lemma of a reference collection or a
// doc comment of a Lean file, with the file it comes from, which decides its calibration split.
type statement struct {
	File string
	Text string
}

// Short statements, as the calibration counts them: words are the fields of the original text.
const (
	shortMinWords = 20 // a word changed every 20 words needs that many
	shortMaxWords = 80
	longMaxWords  = 400 // long statements, submitted alone
)

func wordCount(s string) int { return len(strings.Fields(s)) }

// statementNoise is what a statement environment holds besides the statement: its label and the
// reference, slogan and history blocks of the Stacks project, with the end of their line, so
// that taking a label out of the middle of a statement leaves no blank line.
var statementNoise = regexp.MustCompile(`(?s)(?:\\label\{[^}]*\}|\\begin\{reference\}.*?\\end\{reference\}|\\begin\{slogan\}.*?\\end\{slogan\}|\\begin\{history\}.*?\\end\{history\})[ \t]*(?:\r?\n)?`)

// statementEnvs are the environments of statements in the three corpora, lemmaEnvs those of
// their lemmas (the Stacks project's lemma, the HoTT book's and OpenLogic's lem).
var (
	statementEnvs = []string{"lemma", "lem", "theorem", "thm", "proposition", "prop", "corollary", "cor", "definition", "defn"}
	lemmaEnvs     = []string{"lemma", "lem"}
)

// statementsOf returns the contents of the given environments of a LaTeX document, without
// labels and Stacks reference blocks, whose word count lies in [lo, hi].
func statementsOf(d copycheck.Document, envs []string, lo, hi int) []statement {
	var out []statement
	text := string(d.Text)
	for _, env := range envs {
		open, close := `\begin{`+env+`}`, `\end{`+env+`}`
		for i := 0; ; {
			a := strings.Index(text[i:], open)
			if a < 0 {
				break
			}
			a += i + len(open)
			b := strings.Index(text[a:], close)
			if b < 0 {
				break
			}
			b += a
			i = b + len(close)
			s := strings.TrimSpace(statementNoise.ReplaceAllString(text[a:b], ""))
			if strings.HasPrefix(s, "[") { // an optional title: \begin{lemma}[Snake]
				if k := strings.IndexByte(s, ']'); k >= 0 {
					s = strings.TrimSpace(s[k+1:])
				}
			}
			if n := wordCount(s); n >= lo && n <= hi {
				out = append(out, statement{File: d.Meta.ID, Text: s})
			}
		}
	}
	return out
}

// splitHash places a file in a calibration split by a salted hash of its name, so that the
// statements of one file (the variants of one problem, the lemmas of one chapter) never fall on
// both sides of a split.
func splitHash(salt, file string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(salt))
	h.Write([]byte(file))
	return h.Sum32()
}

// heldOut says whether the planted copies of a file's statements are held out: about a third of
// the files, never looked at while the short-body mode was chosen.
func heldOut(file string) bool { return splitHash("held-out:", file)%3 == 0 }

// referenceLean says whether a Lean file's doc comments go into the index of the short-statement
// round as a reference source (about half of the files); the others stay fresh human text.
func referenceLean(rel string) bool { return splitHash("reference:", rel)%2 == 0 }
