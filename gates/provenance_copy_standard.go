package gates

import (
	"strings"
	"unicode"

	"github.com/theoremdb/theoremdb/copycheck"
)

// A statement opens the way every text of its field opens: "Let $k$ be an algebraically closed
// field of characteristic $p > 0$ and let $X$ be a …". A run of such declarations shared with a
// source is the same in every source because there is little other way to say it, so it is no
// evidence of copying on its own; a person confirms it instead of the check refusing it. A run
// long enough to be a match by itself, or one that says anything but declarations, stays a copy.

// copyStandardRun is the longest exact run, in normalised characters, that may be read as
// standard declarations: below the run the copy check counts as a match on its own, so only a
// run that became a match by covering a short body qualifies.
var copyStandardRun = copycheck.DefaultConfig().MatchRun

// copyDeclVerbs link the declared symbols to what they are.
var copyDeclVerbs = stWordSet(`be is are denote denotes`)

// copyDeclOpeners open a declaration.
var copyDeclOpeners = stWordSet(`let suppose assume`)

// copyNotDeclaring are words a declaration's noun phrase never holds: relative words, verbs and
// connectives that turn a declaration into a claim ("such that every open has …").
var copyNotDeclaring = stWordSet(`such that which whose where who if then when whenever every each all any
	is are was were has have had holds hold satisfies satisfying satisfy there we it this these those not
	no iff so hence thus since because therefore exists exist contains containing admits admit lies
	given say called consider show prove suppose assume let`)

// copyNounWords bounds the words of one declaration's noun phrase: "an integral separated
// scheme of finite type over $k$ of dimension $4$" has eleven.
const copyNounWords = 12

// copyStandardDeclaration reports whether an exact match is a short run of standard declarations:
// below copyStandardRun and, read as words and formulas, nothing but clauses of the shape "let F
// (and F) be (a) NOUN PHRASE", joined by "and", commas or full stops, where the run may begin
// or end inside a clause.
func copyStandardDeclaration(m copycheck.Match, quote string) bool {
	if m.Stage != copycheck.StageExact || m.Length >= copyStandardRun {
		return false
	}
	toks := copyDeclTokens(quote)
	if len(toks) == 0 {
		return false
	}
	const (
		open    = iota // a clause may start: "let", a symbol, or the verb of a clause cut before it
		symbol         // after "let": a symbol
		symbols        // after a symbol: "and", a comma, or the verb
		noun           // the noun phrase
	)
	state, words, verbs := open, 0, 0
	for i, t := range toks {
		switch state {
		case open:
			switch {
			case copyDeclOpeners[t]:
				state = symbol
			case t == "$":
				state = symbols
			case copyDeclVerbs[t] && i == 0:
				state, words, verbs = noun, 0, verbs+1
			case t == "and" || t == "," || t == ";" || t == ".":
			default:
				return false
			}
		case symbol:
			if t != "$" {
				return false
			}
			state = symbols
		case symbols:
			switch {
			case t == "and" || t == ",":
				state = symbol
			case copyDeclVerbs[t]:
				state, words, verbs = noun, 0, verbs+1
			default:
				return false
			}
		case noun:
			switch {
			case t == "," || t == ";" || t == ".":
				state = open
			case t == "and" && i+1 < len(toks) && copyDeclOpeners[toks[i+1]]:
				state = open
			case copyNotDeclaring[t]:
				return false
			default:
				if words++; words > copyNounWords {
					return false
				}
			}
		}
	}
	return verbs > 0
}

// copyDeclTokens reads a quote as lower-cased words, "$" for each formula (a formula the quote
// cuts off counts as one) and the punctuation that joins clauses.
func copyDeclTokens(s string) []string {
	var out []string
	for len(s) > 0 {
		switch c := s[0]; {
		case c == '$':
			end := strings.IndexByte(s[1:], '$')
			if end < 0 {
				s = ""
			} else {
				s = s[end+2:]
			}
			out = append(out, "$")
		case c == ',' || c == ';' || c == '.':
			out = append(out, string(c))
			s = s[1:]
		default:
			i := strings.IndexFunc(s, func(r rune) bool {
				return !unicode.IsLetter(r) && r != '-' && r != '\''
			})
			if i == 0 {
				r := []rune(s)[0]
				if !unicode.IsSpace(r) && r != '(' && r != ')' {
					return nil // a symbol outside a formula: not plain declaring prose
				}
				s = s[len(string(r)):]
				continue
			}
			if i < 0 {
				i = len(s)
			}
			out = append(out, strings.ToLower(s[:i]))
			s = s[i:]
		}
	}
	return out
}
