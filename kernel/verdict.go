package kernel

// Status is a checker's verdict on one proof.
type Status string

// The verdicts. An incomplete proof (one with `?` steps) is not a pass: it proves nothing.
const (
	Pass       Status = "pass"
	Fail       Status = "fail"
	Incomplete Status = "incomplete"
)

// Verdict is the result of checking one `$p` statement.
type Verdict struct {
	Label  string `json:"label"`
	Status Status `json:"status"`
	// Step is the 1-based proof step where the check failed (0 when the failure is not at a step,
	// such as a final stack that does not match).
	Step int `json:"step,omitempty"`
	// Line is the source line of the $p statement.
	Line   int    `json:"line"`
	Reason string `json:"reason,omitempty"`
}

// Report is the outcome of checking every proof of a database.
type Report struct {
	Verdicts []Verdict
}

// Failed counts the verdicts that are not a pass.
func (r *Report) Failed() int {
	n := 0
	for _, v := range r.Verdicts {
		if v.Status != Pass {
			n++
		}
	}
	return n
}
