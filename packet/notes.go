package packet

// DecisionNotes are the sections of the reviewer note template. Which of them
// an action requires is decided in policy/.
type DecisionNotes struct {
	StatementAndAcceptance string `json:"statementAndAcceptance,omitempty"`
	OpenStatus             string `json:"openStatus,omitempty"`
	ReferenceCoverage      string `json:"referenceCoverage,omitempty"`
	DuplicateCheck         string `json:"duplicateCheck,omitempty"`
	EvidenceIntegrity      string `json:"evidenceIntegrity,omitempty"`
	HeroVisual             string `json:"heroVisual,omitempty"`
	Uncertainty            string `json:"uncertainty,omitempty"`
	Reason                 string `json:"reason,omitempty"`
}

// FindingConfirmation is a reviewer's answer to one finding a machine could not certify (a
// NEEDS_HUMAN or UNKNOWN finding): whether, having read its spans, the check holds.
type FindingConfirmation struct {
	Finding string `json:"finding"`
	Check   string `json:"check,omitempty"`
	Holds   bool   `json:"holds"`
	Note    string `json:"note,omitempty"`
}
