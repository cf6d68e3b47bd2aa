package copycheck

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"strings"
)

// Phrases is the curator-kept list of standard phrases ("let $G$ be a group"): text that is the
// same in every source because there is only one way to say it, and that never counts toward a
// match. A phrase gets onto the list only by a curator's decision.
type Phrases struct {
	list [][]byte // normalised
}

//go:embed standard_phrases.txt
var defaultPhrases string

// DefaultPhrases returns the list shipped with the package.
func DefaultPhrases() *Phrases {
	p, err := ParsePhrases(strings.NewReader(defaultPhrases))
	if err != nil {
		panic(err) // the embedded list is part of the build
	}
	return p
}

// ParsePhrases reads one phrase a line, in Markdown with $...$ formulas; blank lines and lines
// starting with # are ignored.
func ParsePhrases(r io.Reader) (*Phrases, error) {
	p := &Phrases{}
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		n := Normalize([]byte(s), Markdown).Text
		if len(n) == 0 {
			return nil, fmt.Errorf("standard phrase on line %d is empty after normalisation: %w", line, ErrInvalid)
		}
		p.list = append(p.list, n)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read standard phrases: %w", err)
	}
	return p, nil
}

// Len is the number of phrases.
func (p *Phrases) Len() int { return len(p.list) }

// mark returns, for every byte of a normalised text, the number of standard bytes before it
// (a prefix sum, one longer than text), so that the standard bytes of any range cost two reads.
func (p *Phrases) mark(text []byte) []int32 {
	std := make([]bool, len(text))
	if p != nil {
		for _, ph := range p.list {
			for off := 0; ; {
				i := bytes.Index(text[off:], ph)
				if i < 0 {
					break
				}
				for k := off + i; k < off+i+len(ph); k++ {
					std[k] = true
				}
				off += i + 1
			}
		}
	}
	sum := make([]int32, len(text)+1)
	for i, s := range std {
		sum[i+1] = sum[i]
		if s {
			sum[i+1]++
		}
	}
	return sum
}
