package lanes

import (
	"testing"

	"github.com/theoremdb/theoremdb/gates"
)

// TestReworded: the reworded packet holds the same parts, in another order, and reads as
// another packet (its digest differs) unless there is nothing to reorder.
func TestReworded(t *testing.T) {
	t.Parallel()
	in := PanelInput{Packet: gates.Revision{Title: "Twin  primes", Statement: "Are there\n infinitely many?",
		References: []gates.Reference{{Citation: "A"}, {Citation: "B"}}},
		Evidence: []Evidence{{Label: "one"}, {Label: "two"}}}
	got := in.Reworded()
	if got.Packet.Title != "Twin primes" || got.Packet.Statement != "Are there infinitely many?" ||
		got.Packet.References[0].Citation != "B" || got.Evidence[0].Label != "two" {
		t.Errorf("Reworded() = %+v", got)
	}
	if in.Packet.References[0].Citation != "A" || in.Evidence[0].Label != "one" {
		t.Error("Reworded changed its input")
	}
	if got.Digest() == in.Digest() {
		t.Error("the reworded packet has the same digest")
	}
}
