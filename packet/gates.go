package packet

// OpenStatus is the record's claim about the state of the art: the strongest known result
// (table endpoint, incumbent or obstruction) and the exact part of the target that remains
// unresolved.
type OpenStatus struct {
	StrongestKnown   string `json:"strongestKnown,omitempty"`
	UnresolvedTarget string `json:"unresolvedTarget,omitempty"`
}

// Hero is the qualification handoff for the page's visual: the brief, what the page shows (the
// neutral generated fallback unless Bespoke art passed review), its alt text, its caption and,
// for bespoke art, its rights basis.
type Hero struct {
	Brief       string `json:"brief,omitempty"`
	Alt         string `json:"alt,omitempty"`
	Caption     string `json:"caption,omitempty"`
	RightsBasis string `json:"rightsBasis,omitempty"`
	Bespoke     bool   `json:"bespoke,omitempty"`
}

// Computation is what a bounded computational problem states about its finite instance and how
// a claimed answer is certified. Every part is optional at intake; the computational gate judges.
type Computation struct {
	Instance         string   `json:"instance,omitempty"`
	Equivalence      string   `json:"equivalence,omitempty"`
	WhyNotBruteForce string   `json:"whyNotBruteForce,omitempty"`
	SmallCases       string   `json:"smallCases,omitempty"`
	Certification    string   `json:"certification,omitempty"`
	ParameterOrigin  string   `json:"parameterOrigin,omitempty"`
	Code             *CodeRef `json:"code,omitempty"`
}

// CodeRef names the code behind an executable claim: where it is, the immutable revision, its
// inputs and the expected output or its digest.
type CodeRef struct {
	Repository     string `json:"repository,omitempty"`
	Revision       string `json:"revision,omitempty"`
	Inputs         string `json:"inputs,omitempty"`
	ExpectedDigest string `json:"expectedDigest,omitempty"`
}
