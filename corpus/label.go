package corpus

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/theoremdb/theoremdb/ent/corpusnode"
)

// withLabels gives each new node draft that has no label one derived from
// its title: the title's words as a slug (accents dropped, TeX's
// command names left out), made unique against every node's
// label and the request's other drafts by a numeric suffix. A draft that
// revises a node keeps the node's label, so it gets none. The caller's
// slice is not changed. A race with another request deriving the same
// label ends at the merge, which holds labels unique.
func (s *Service) withLabels(ctx context.Context, drafts []Draft) ([]Draft, error) {
	out := drafts
	copied := false
	for i, d := range drafts {
		if d.Label != "" || d.Revises != "" {
			continue
		}
		if !copied {
			out, copied = append([]Draft(nil), drafts...), true
		}
		base := titleSlug(d.Title, d.Kind)
		taken, err := s.client.CorpusNode.Query().Where(corpusnode.LabelHasPrefix(base)).
			Select(corpusnode.FieldLabel).Strings(ctx)
		if err != nil {
			return nil, fmt.Errorf("draft %d: labels taken: %w", i+1, err)
		}
		used := map[string]bool{}
		for _, l := range taken {
			used[l] = true
		}
		for _, o := range out {
			used[o.Label] = true
		}
		label := base
		for n := 2; used[label]; n++ {
			label = base + "-" + strconv.Itoa(n)
		}
		out[i].Label = label
	}
	return out, nil
}

// titleSlug is a title as a label's base: lower-case letters and digits
// joined by single hyphens, short enough to take a suffix, or the kind's
// name when the title has no letter or digit.
func titleSlug(title, kind string) string {
	const room = 8 // for "-" and a number
	var b strings.Builder
	dash, command := true, false
	for _, r := range norm.NFD.String(title) {
		if command && r < unicode.MaxASCII && unicode.IsLetter(r) {
			continue // a TeX command's name is no word of the title
		}
		command = r == '\\'
		switch {
		case unicode.Is(unicode.Mn, r): // an accent of the letter before
		case r < unicode.MaxASCII && (unicode.IsLower(r) || unicode.IsDigit(r)):
			b.WriteRune(r)
			dash = false
		case r < unicode.MaxASCII && unicode.IsUpper(r):
			b.WriteRune(unicode.ToLower(r))
			dash = false
		case !dash:
			b.WriteByte('-')
			dash = true
		}
		if b.Len() >= MaxLabel-room {
			break
		}
	}
	out := strings.Trim(b.String(), "-")
	if out == "" {
		return strings.ToLower(kind)
	}
	return out
}
