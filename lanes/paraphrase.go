package lanes

import "slices"

// Reworded is the same packet presented otherwise, for the contested detector (AutoQA "Verify
// in lanes": paraphrase flips): the references, the gates' outcomes, the claims and the
// evidence in the reverse order, and every run of white space in the statement and its title
// made one space. Nothing is added, dropped or changed in meaning (the setup keeps its order,
// since a definition may rest on the one before it), so a lane whose recommendation differs on
// it is reading the presentation, not the packet: the item is contested.
func (in PanelInput) Reworded() PanelInput {
	out := in
	out.Packet.Title = oneSpace(in.Packet.Title)
	out.Packet.Statement = oneSpace(in.Packet.Statement)
	out.Packet.References = slices.Clone(in.Packet.References)
	slices.Reverse(out.Packet.References)
	out.Gates = slices.Clone(in.Gates)
	slices.Reverse(out.Gates)
	out.Claims = slices.Clone(in.Claims)
	slices.Reverse(out.Claims)
	out.Evidence = slices.Clone(in.Evidence)
	slices.Reverse(out.Evidence)
	return out
}

// oneSpace makes every run of white space in s one space.
func oneSpace(s string) string {
	var b []rune
	space := false
	for _, r := range s {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
			if !space {
				b = append(b, ' ')
			}
			space = true
			continue
		}
		space = false
		b = append(b, r)
	}
	return string(b)
}
