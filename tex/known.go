package tex

// KaTeXKnown reports whether KaTeX renders the control word name (without its backslash).
func KaTeXKnown(name string) bool { return katexKnown[name] }
