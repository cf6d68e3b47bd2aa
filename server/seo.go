package server

import (
	"strings"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
)

// descriptionLength is the longest meta description, in characters.
const descriptionLength = 200

// problemHead is the head of a problem's page.
func (s *Server) problemHead(v *policy.ProblemView) ui.HeadView {
	u := s.baseURL() + "/p/" + v.ID
	return ui.HeadView{Title: v.ID + ": " + v.Title, Description: description(v.Revision.Statement),
		Canonical: u, Feed: u + "/feed.atom", Published: v.SubmittedAt, Revised: v.Revision.CreatedAt}
}

// description is the first characters of a statement on one line, cut at a word.
func description(statement string) string {
	d := strings.Join(strings.Fields(statement), " ")
	if utf8.RuneCountInString(d) <= descriptionLength {
		return d
	}
	cut := string([]rune(d)[:descriptionLength])
	if i := strings.LastIndex(cut, " "); i > descriptionLength/2 {
		cut = cut[:i]
	}
	return cut + "…"
}
