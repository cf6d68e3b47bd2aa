package packet

// Content is a problem's content as a proposer writes it — title, statement, setup, acceptance,
// provenance, references and the rest — kept whole where it waits to become a revision (a
// suggested edit).
type Content struct {
	Title           string            `json:"title"`
	Statement       string            `json:"statement"`
	Exposition      []ExpositionEntry `json:"exposition,omitempty"`
	Acceptance      *Acceptance       `json:"acceptance,omitempty"`
	Provenance      *Provenance       `json:"provenance,omitempty"`
	References      []ReferenceEntry  `json:"references,omitempty"`
	ReferenceSearch *ReferenceSearch  `json:"referenceSearch,omitempty"`
	Tags            []string          `json:"tags,omitempty"`
	Hero            Hero              `json:"hero"`
	OpenStatus      OpenStatus        `json:"openStatus"`
	Computation     *Computation      `json:"computation,omitempty"`
}

// ReferenceEntry is one bibliography row as written.
type ReferenceEntry struct {
	Identifier string `json:"identifier"`
	Citation   string `json:"citation"`
	Locator    string `json:"locator,omitempty"`
	Relevance  string `json:"relevance"`
	Role       string `json:"role"`
}
