package gates

import ()

// stExplicitObjects asks a person to read the statement in isolation: a machine cannot certify
// that the object, parameters, ambient structure and conclusion are explicit, nor the quality
// of the notation and prose.
func stExplicitObjects(a *stAnalysis, out *Report) {
	out.NeedsHuman(stCheckExplicit, a.stmt.whole(),
		"Whether the mathematical object, its parameters, the ambient structure and the requested conclusion are explicit, and whether the notation and prose are of textbook quality, needs a person who reads the statement alone, with the title, exposition and links hidden.",
		"If the object, a parameter, the ambient structure or the conclusion is only implicit, state it in the statement; if the notation or prose is not of textbook quality, rewrite it.")
}
