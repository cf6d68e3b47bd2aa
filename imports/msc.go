package imports

// mscTags names the top-level classes of the Mathematics Subject
// Classification 2020, which the AMS attribute numbers, in the short form
// used as tags (at most 60 characters, lower case).
var mscTags = map[int]string{
	0: "general", 1: "history and biography", 3: "mathematical logic and foundations",
	5: "combinatorics", 6: "order and lattices", 8: "general algebraic systems",
	11: "number theory", 12: "field theory and polynomials", 13: "commutative algebra",
	14: "algebraic geometry", 15: "linear algebra", 16: "associative rings and algebras",
	17: "nonassociative rings and algebras", 18: "category theory", 19: "k-theory",
	20: "group theory", 22: "topological groups and lie groups", 26: "real functions",
	28: "measure and integration", 30: "complex analysis", 31: "potential theory",
	32: "several complex variables", 33: "special functions", 34: "ordinary differential equations",
	35: "partial differential equations", 37: "dynamical systems", 39: "difference and functional equations",
	40: "sequences and series", 41: "approximation theory", 42: "harmonic analysis",
	43: "abstract harmonic analysis", 44: "integral transforms", 45: "integral equations",
	46: "functional analysis", 47: "operator theory", 49: "calculus of variations and optimization",
	51: "geometry", 52: "convex and discrete geometry", 53: "differential geometry",
	54: "general topology", 55: "algebraic topology", 57: "manifolds and cell complexes",
	58: "global analysis", 60: "probability", 62: "statistics", 65: "numerical analysis",
	68: "computer science", 70: "mechanics of particles and systems", 74: "mechanics of deformable solids",
	76: "fluid mechanics", 78: "optics and electromagnetic theory", 80: "thermodynamics",
	81: "quantum theory", 82: "statistical mechanics", 83: "relativity and gravitation",
	85: "astronomy and astrophysics", 86: "geophysics", 90: "operations research",
	91: "game theory and economics", 92: "biology", 93: "systems and control theory",
	94: "information and communication theory", 97: "mathematics education",
}
