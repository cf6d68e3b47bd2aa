package imports

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParseLean checks that the Lean reader never panics, reports issues
// inside the file, and finds only named theorems at real lines.
func FuzzParseLean(f *testing.F) {
	for _, s := range []string{
		"/-!\n# T\n[a](https://x.org/a)\n-/\n/-- Is $x$ odd? -/\n@[category research open, AMS 11]\ntheorem t : True := trivial\n",
		"@[category research solved, AMS 5,\n formal_proof using lean4 at \"https://e.org/x]\"]\nlemma l : True := trivial\n",
		"/-- /- nested -/ -/\nprivate theorem p : True := trivial",
		"/-- open",
		"@[category research",
		"\"unterminated string",
		"theorem\n",
		"-- theorem c : True\n/- theorem d -/",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file, issues := ParseLean("F.lean", []byte(src))
		lines := strings.Count(src, "\n") + 1
		for _, is := range issues {
			if is.Loc.File != "F.lean" || is.Loc.Line < 1 || is.Loc.Line > lines {
				t.Errorf("ParseLean() issue at %s; file has %d lines", is.Loc, lines)
			}
		}
		for _, th := range file.Theorems {
			if th.Name == "" || th.Line < 1 || th.Line > lines {
				t.Errorf("ParseLean() theorem %q at line %d; file has %d lines", th.Name, th.Line, lines)
			}
			if r := th.Research(); r != "" && r != "open" && r != "solved" {
				t.Errorf("ParseLean() research status %q", r)
			}
			if s := Statement(th.Doc); utf8.ValidString(th.Doc) && !utf8.ValidString(s) {
				t.Errorf("Statement(%q) = %q is not valid UTF-8", th.Doc, s)
			}
		}
	})
}

// FuzzParseAttributes checks the attribute reader on any attribute text.
func FuzzParseAttributes(f *testing.F) {
	for _, s := range []string{"category research open, AMS 5 11", "simp, category API, AMS 68",
		`category research solved, AMS 11, formal_proof using x at "a,b"`, "category", "AMS", "AMS 100", "category research"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, attrs string) {
		var th Theorem
		if err := parseAttributes(attrs, &th); err != nil {
			return
		}
		for _, n := range th.AMS {
			if n < 0 || n > 99 {
				t.Errorf("parseAttributes(%q) AMS %d", attrs, n)
			}
		}
		if r := th.Research(); r != "" && r != "open" && r != "solved" {
			t.Errorf("parseAttributes(%q) research status %q", attrs, r)
		}
	})
}

// FuzzParseErdos checks that the YAML reader never panics and keeps each
// problem number once.
func FuzzParseErdos(f *testing.F) {
	for _, s := range []string{
		"- number: \"1\"\n  status: {state: open, last_update: \"2025-08-31\"}\n  oeis: [A000045]\n",
		"- number: \"2\"\n  colour: x\n",
		"- [unclosed\n- number: \"3\"\n  status: {state: open}\n",
		"junk\n- number: \"4\"\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		ps, issues := ParseErdos("p.yaml", []byte(src))
		seen := map[string]bool{}
		for _, p := range ps {
			if seen[p.Number] {
				t.Errorf("ParseErdos() kept problem %s twice", p.Number)
			}
			seen[p.Number] = true
		}
		for _, is := range issues {
			if is.Loc.Line < 1 {
				t.Errorf("ParseErdos() issue at %s", is.Loc)
			}
		}
	})
}
