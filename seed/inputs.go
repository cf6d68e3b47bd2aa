package seed

import "github.com/theoremdb/theoremdb/policy"

// Packet is one demo packet's content by key: a submission, or a later revision of one.
type Packet struct {
	Key   string
	Input policy.ProblemInput
}

// Packets lists the content of every demo submission and revision, for measurements that need
// complete, real packets (the gates' calibration).
func Packets() []Packet {
	var out []Packet
	for _, p := range problems {
		out = append(out, Packet{Key: p.Key, Input: p.Input})
		if p.Revision != nil {
			out = append(out, Packet{Key: p.Key + "/revision", Input: p.Revision.Input})
		}
	}
	return out
}
