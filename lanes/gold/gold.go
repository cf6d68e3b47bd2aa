// Package gold is the blind gold set of agent-assisted review: packets whose right answer is
// known, for measuring each lane's accuracy (AutoQA "Monitor": blind gold, including
// auto-accepts and agreements). They are built from the demo packets and the imported records:
// clean demo packets its reviewers qualified (right answer: qualify, every check confirmed),
// real packets with one defect planted by the gates' own planters (gates.PlanterOf; right answer:
// keep it out, with a check bearing on the defect unconfirmed), and demo packets whose reviewers
// decided otherwise (a known answer, a duplicate, revision requests), whose decision is the
// right answer.
//
// A gold packet is a lanes.PanelInput exactly as a panel role reads one — the revision, the
// deterministic gates' outcomes on it, the evidence — with nothing in it that says it is gold:
// its problem and revision IDs have the shape of real ones. Beside the input it holds, per role
// it is meant for, the expected answer. A packet meant for the audit lane also holds the panel
// answers the audit reads: three qualify answers with every check confirmed, so that the audit
// is graded on affirming a right qualification and on refusing a wrong one.
//
// The set is packets.json, written by `make gold` (cmd/gold, which says how the packets
// are chosen) and compiled into the binary. A packet's ID is derived from its input's digest, so
// a rebuilt packet with other content has another ID, and a stored review is graded only against
// the packet it read.
//
// Nothing here touches the database: the policy injects gold into lanes, stores each answer as
// a LaneReview naming the gold packet (and no problem), and grades the stored answers with
// Packet.Grade when it reports. Gold packets never become problems.
package gold

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/theoremdb/theoremdb/lanes"
)

// Packet is one gold packet.
type Packet struct {
	// ID is IDPrefix and the first 16 hex digits of Input.Digest().
	ID string `json:"id"`
	// Base names the real packet it was built from: "demo:KEY" or "imported:KEY".
	Base string `json:"base"`
	// Kind says where the right answer comes from.
	Kind Kind `json:"kind"`
	// Planted is the gate check whose defect was planted (KindPlanted).
	Planted string `json:"planted,omitempty"`
	// Decision is the demo decision that is the right answer (KindDecided), in one line.
	Decision string `json:"decision,omitempty"`
	// Input is what a panel role reads.
	Input lanes.PanelInput `json:"input"`
	// Panel is what the audit lane reads beside Input, when the packet is meant for it.
	Panel []lanes.PanelAnswer `json:"panel,omitempty"`
	// Expect is the right answer for each role the packet is meant for.
	Expect map[lanes.Role]Expectation `json:"expect"`
}

// Kind is where a gold packet's right answer comes from.
type Kind string

// Kinds.
const (
	// KindClean: a complete demo packet that its reviewers qualified or let be accepted by
	// default; the right answer is qualify with every check confirmed (an auto-accept).
	KindClean Kind = "clean"
	// KindPlanted: a real packet with one defect planted by a gate check's planter; the right
	// answer keeps it out.
	KindPlanted Kind = "planted"
	// KindDecided: a demo packet whose reviewers decided otherwise than qualify (a known answer,
	// a duplicate, revision requests); that decision is the right answer.
	KindDecided Kind = "decided"
)

// Kinds lists the kinds in the order reports show them.
var Kinds = []Kind{KindClean, KindPlanted, KindDecided}

// Expectation is a role's right answer to a gold packet.
type Expectation struct {
	// Accept are the recommendations that are right: qualify for a clean packet;
	// keep_prospecting or archive for a planted defect; the demo decision for a decided one.
	Accept []lanes.Recommendation `json:"accept"`
	// Failing are the role's checks that bear on the defect; a right answer leaves at least one
	// of them unconfirmed. Empty for a clean packet, whose right answer confirms every check.
	Failing []string `json:"failing,omitempty"`
}

// Set is the gold set as packets.json holds it.
type Set struct {
	// AsOf is the time the gates ran on the packets when the set was built.
	AsOf time.Time `json:"asOf"`
	// Seed drew the bases and the planters' variants.
	Seed    uint64   `json:"seed"`
	Packets []Packet `json:"packets"`
}

// IDPrefix starts every gold packet's ID.
const IDPrefix = "gold-"

// IDOf is the ID of a gold packet with this input.
func IDOf(in lanes.PanelInput) string { return IDPrefix + in.Digest()[:16] }

//go:embed packets.json
var packetsJSON []byte

var load = sync.OnceValues(func() (*Set, error) { return Parse(packetsJSON) })

// Load returns the compiled-in gold set.
func Load() (*Set, error) { return load() }

// Parse reads and checks a gold set: each ID matches its input, each expectation names a
// known role and checks every prompt of that role requires, and a packet meant for the audit holds
// the panel's three answers.
func Parse(b []byte) (*Set, error) {
	var s Set
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("gold: %w", err)
	}
	seen := map[string]bool{}
	for i := range s.Packets {
		p := &s.Packets[i]
		if want := IDOf(p.Input); p.ID != want {
			return nil, fmt.Errorf("gold: packet %d has the ID %s; its input's is %s", i, p.ID, want)
		}
		if !slices.Contains(Kinds, p.Kind) {
			return nil, fmt.Errorf("gold: packet %s: %q is not a kind", p.ID, p.Kind)
		}
		if seen[p.ID] {
			return nil, fmt.Errorf("gold: packet %s appears twice", p.ID)
		}
		seen[p.ID] = true
		if len(p.Expect) == 0 {
			return nil, fmt.Errorf("gold: packet %s is meant for no role", p.ID)
		}
		for role, e := range p.Expect {
			if !role.Valid() {
				return nil, fmt.Errorf("gold: packet %s: %q is not a role", p.ID, role)
			}
			if len(e.Accept) == 0 {
				return nil, fmt.Errorf("gold: packet %s: no right recommendation for %s", p.ID, role)
			}
			for _, r := range e.Accept {
				if !r.Valid() {
					return nil, fmt.Errorf("gold: packet %s: %q is not a recommendation", p.ID, r)
				}
			}
			if (p.Kind == KindClean) != (len(e.Failing) == 0) {
				return nil, fmt.Errorf("gold: packet %s: only a clean packet's right answer confirms every check", p.ID)
			}
			for _, c := range e.Failing {
				if !slices.ContainsFunc(lanes.RoleChecks(role), func(rc lanes.RoleCheck) bool { return rc.ID == c }) {
					return nil, fmt.Errorf("gold: packet %s: %s has no check %q", p.ID, role, c)
				}
			}
		}
		if _, audit := p.Expect[lanes.Audit]; audit && len(p.Panel) != len(lanes.PanelRoles) {
			return nil, fmt.Errorf("gold: packet %s is meant for the audit but holds %d panel answers", p.ID, len(p.Panel))
		}
	}
	return &s, nil
}

// Packet returns the gold packet with this ID.
func (s *Set) Packet(id string) (*Packet, bool) {
	for i := range s.Packets {
		if s.Packets[i].ID == id {
			return &s.Packets[i], true
		}
	}
	return nil, false
}

// For lists the packets meant for a role, in the set's order.
func (s *Set) For(role lanes.Role) []*Packet {
	var out []*Packet
	for i := range s.Packets {
		if _, ok := s.Packets[i].Expect[role]; ok {
			out = append(out, &s.Packets[i])
		}
	}
	return out
}

// Digest is the digest of the packet and evidence a lane reads (lanes.PanelInput.Digest), which
// a stored review's packet digest must equal for the review to be graded against this packet.
func (p *Packet) Digest() string { return p.Input.Digest() }

// Request builds the request a lane of this role and prompt version is sent: a panel role's
// from the input alone, the audit's from the input and the panel's answers.
func (p *Packet) Request(role lanes.Role, promptVersion string) (*lanes.Request, error) {
	if _, ok := p.Expect[role]; !ok {
		return nil, fmt.Errorf("gold: packet %s is not meant for %s", p.ID, role)
	}
	if role == lanes.Audit {
		return lanes.NewAuditRequest(promptVersion, lanes.AuditInput{PanelInput: p.Input, Panel: p.Panel})
	}
	return lanes.NewPanelRequest(role, promptVersion, p.Input)
}

// Grade is a graded answer.
type Grade struct {
	Right bool
	// Reason says what made the answer right or wrong, in one sentence.
	Reason string
}

// Grade grades a role's parsed answer against the packet's expected answer. A right answer
// recommends one of the accepted actions and, on a clean packet, confirms every check; on a
// defect, leaves at least one of the checks bearing on it unconfirmed.
func (p *Packet) Grade(role lanes.Role, a *lanes.Answer) (Grade, error) {
	e, ok := p.Expect[role]
	if !ok {
		return Grade{}, fmt.Errorf("gold: packet %s is not meant for %s", p.ID, role)
	}
	if a == nil {
		return Grade{}, fmt.Errorf("gold: no answer to grade")
	}
	if !slices.Contains(e.Accept, a.Recommendation) {
		return Grade{Reason: fmt.Sprintf("recommended %s; the right answer is %s", a.Recommendation, words(e.Accept))}, nil
	}
	if len(e.Failing) == 0 {
		var open []string
		for _, c := range a.Checks {
			if !c.Confirmed {
				open = append(open, c.ID)
			}
		}
		if len(open) > 0 {
			return Grade{Reason: "recommended qualify but left " + strings.Join(open, ", ") + " unconfirmed"}, nil
		}
		return Grade{Right: true, Reason: "qualified a clean packet with every check confirmed"}, nil
	}
	for _, id := range e.Failing {
		if c, ok := a.Check(id); ok && !c.Confirmed {
			return Grade{Right: true, Reason: fmt.Sprintf("recommended %s and left %s unconfirmed", a.Recommendation, id)}, nil
		}
	}
	return Grade{Reason: fmt.Sprintf("recommended %s but confirmed every check the defect bears on (%s)",
		a.Recommendation, strings.Join(e.Failing, ", "))}, nil
}

func words(rs []lanes.Recommendation) string {
	s := make([]string, len(rs))
	for i, r := range rs {
		s[i] = string(r)
	}
	return strings.Join(s, " or ")
}
