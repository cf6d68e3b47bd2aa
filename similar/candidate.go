package similar

// Candidate is a record whose statement resembles the one searched for.
type Candidate struct {
	// ID is the problem's permanent ID, or the solved record's key.
	ID    string
	Title string
	// Similarity is the estimated resemblance in [0, 1].
	Similarity float64
	// State is the problem's lifecycle state (PROSPECTING, ACCEPTED, …) or the source's status
	// for a solved record ("proved", "research solved").
	State string
	// Locator is where the record comes from (a URL or file and line), when known.
	Locator string
}
