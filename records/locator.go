package records

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Citing is what a reference says of the place it cites: the locator as the proposer wrote it
// ("Tag 0A1B", "Lemma \ref{lem:opp}", "sfr:set:rus"), its citation, and the relevance note that
// says what the place supports.
type Citing struct {
	Locator   string
	Citation  string
	Relevance string
}

// LocatorCheck is what comparing the item at a locator with what a reference cites it for
// found.
type LocatorCheck struct {
	Located Located
	// Consistent says the item is the kind the reference names (when it names one) and shares a
	// distinctive term with what the reference cites it for.
	Consistent bool
	// Reason says, for a reviewer, why the item does not bear the reference out; empty when it
	// does.
	Reason string
	// Shared are the reference's terms found at the item, as the reference writes them.
	Shared []string
}

// CheckLocator finds the reference's locator in the text its identifier cites and compares the
// item there with what the reference cites it for. It fails with ErrNotLocal when the
// identifier cites no text the record plane can read, and with ErrNoLocator, the check then
// giving the reason for a reviewer, when the text has no such place.
func (ts *Texts) CheckLocator(id Identifier, c Citing) (LocatorCheck, error) {
	t, ok := ts.Text(id)
	if !ok {
		return LocatorCheck{}, fmt.Errorf("%s: %w", id.Key, ErrNotLocal)
	}
	l, err := ts.Locate(id, c.Locator)
	if errors.Is(err, ErrNoLocator) {
		return LocatorCheck{Reason: fmt.Sprintf("the record plane read %s and found no place “%s” in it", t.Title, clip(c.Locator, 80))}, err
	}
	if err != nil {
		return LocatorCheck{}, err
	}
	return t.compare(l, c), nil
}

// The kinds of item, as Located.Kind names them.
const (
	kindTheorem     = "theorem"
	kindProposition = "proposition"
	kindLemma       = "lemma"
	kindCorollary   = "corollary"
	kindDefinition  = "definition"
	kindRemark      = "remark"
	kindExample     = "example"
	kindExercise    = "exercise"
	kindEquation    = "equation"
	kindSection     = "section"
	kindChapter     = "chapter"
	kindPart        = "part"
	kindAxiom       = "axiom"
	kindConjecture  = "conjecture"
	kindSituation   = "situation"
	kindItem        = "item"
	kindFigure      = "figure"
	kindTable       = "table"
)

// kindWords are the words, abbreviations, environment names and label prefixes that name a kind
// of item, in the texts and as people cite them. "ex" is a text's own: see exKind.
var kindWords = map[string]string{
	"theorem": kindTheorem, "theorems": kindTheorem, "thm": kindTheorem, "satz": kindTheorem,
	"proposition": kindProposition, "propositions": kindProposition, "prop": kindProposition,
	"lemma": kindLemma, "lemmas": kindLemma, "lemmata": kindLemma, "lem": kindLemma,
	"corollary": kindCorollary, "corollaries": kindCorollary, "cor": kindCorollary, "coro": kindCorollary,
	"definition": kindDefinition, "definitions": kindDefinition, "defn": kindDefinition, "def": kindDefinition,
	"remark": kindRemark, "remarks": kindRemark, "rmk": kindRemark, "rem": kindRemark,
	"example": kindExample, "examples": kindExample, "eg": kindExample, "expl": kindExample,
	"exercise": kindExercise, "exercises": kindExercise, "exer": kindExercise, "prob": kindExercise,
	"equation": kindEquation, "equations": kindEquation, "eq": kindEquation, "eqn": kindEquation,
	"section": kindSection, "sections": kindSection, "sec": kindSection, "sect": kindSection, "subsection": kindSection,
	"subsec": kindSection, "subsubsection": kindSection, "olsection": kindSection, "§": kindSection, "§§": kindSection,
	"chapter": kindChapter, "chapters": kindChapter, "cha": kindChapter, "chap": kindChapter, "ch": kindChapter, "olchapter": kindChapter,
	"part": kindPart, "olpart": kindPart,
	"axiom": kindAxiom, "axioms": kindAxiom, "ax": kindAxiom,
	"conjecture": kindConjecture, "conj": kindConjecture,
	"situation": kindSituation,
	"item":      kindItem,
	"figure":    kindFigure, "fig": kindFigure, "table": kindTable, "tab": kindTable,
}

// exKind is what "ex" names in a text: the HoTT book's exercises, Open Logic's examples.
func exKind(text string) string {
	if text == "openlogic" {
		return kindExample
	}
	return kindExercise
}

func kindWord(text, w string) string {
	w = strings.ToLower(strings.TrimSuffix(w, "."))
	if w == "ex" {
		return exKind(text)
	}
	return kindWords[w]
}

// kindGroup puts together the kinds a citation may name for one another: a theorem cited as a
// proposition is still the result cited, a subsection cited as a section the place cited. An
// item of a list and an equation sit inside another item, so they clash with no kind.
func kindGroup(k string) string {
	switch k {
	case kindTheorem, kindProposition, kindLemma, kindCorollary:
		return "result"
	case kindSection, kindChapter, kindPart:
		return "section"
	case kindItem, kindEquation:
		return ""
	}
	return k
}

// labelKind is the kind a label names: the Stacks project's labels are the chapter, the kind
// and a name (sets-lemma-map-from-set-lifts); the HoTT book's begin with the kind (lem:opp);
// Open Logic's file ids (sfr:set:rus) are sections and its labels inside a file name the kind
// after the file id (sth:story:blv:lem:Fregeextensions).
func (t *Text) labelKind(label string) string {
	switch t.Name {
	case "stacks-project":
		for _, base := range t.files {
			if rest, ok := strings.CutPrefix(label, base+"-"); ok {
				k, _, _ := strings.Cut(rest, "-")
				return kindWord(t.Name, k)
			}
		}
	case "hott-book":
		if k, _, ok := strings.Cut(label, ":"); ok {
			return kindWord(t.Name, k)
		}
	case "openlogic":
		parts := strings.Split(label, ":")
		switch {
		case len(parts) == 3:
			return kindSection
		case len(parts) >= 5:
			return kindWord(t.Name, parts[3])
		}
	}
	return ""
}

// headingKind is the kind the heading's sectioning command or environment names.
func headingKind(text, heading string) string {
	m := headingRe.FindStringSubmatch(heading)
	if m == nil {
		return ""
	}
	if m[1] != "" {
		return kindWord(text, m[1])
	}
	return kindWord(text, strings.TrimSuffix(m[4], "*"))
}

// labelName is the descriptive part of a label: the words after its kind (map-from-set-lifts,
// opp, Fregeextensions), which name the item as the text's authors think of it.
func (t *Text) labelName(label string) string {
	switch t.Name {
	case "stacks-project":
		for _, base := range t.files {
			if rest, ok := strings.CutPrefix(label, base+"-"); ok {
				_, name, _ := strings.Cut(rest, "-")
				return name
			}
		}
	case "hott-book":
		_, name, _ := strings.Cut(label, ":")
		return name
	case "openlogic":
		if parts := strings.Split(label, ":"); len(parts) >= 5 {
			return strings.Join(parts[4:], " ")
		}
	}
	return ""
}

// claimedKind is the kind of item the reference says it cites: a kind word written just before
// the locator ("Lemma 0A1B", "Section \ref{sec:equality}", "§ sfr:set:rus") or in brackets just
// after it ("Tag 01JA (section on glueing)"), in the locator, the citation or the relevance.
func claimedKind(text string, c Citing, l Located) string {
	var mentions []string
	for _, m := range []string{l.Locator, l.Label, lastField(c.Locator)} {
		if m = strings.ToLower(strings.TrimSpace(m)); utf8.RuneCountInString(m) >= 3 {
			mentions = append(mentions, m)
		}
	}
	for _, s := range []string{c.Locator, c.Citation, c.Relevance} {
		low := strings.ToLower(s)
		for _, m := range mentions {
			for from := 0; ; {
				i := strings.Index(low[from:], m)
				if i < 0 {
					break
				}
				i += from
				from = i + len(m)
				if !mentionBounded(low, i, from) {
					continue
				}
				if k := kindWord(text, wordBefore(low[:i])); k != "" {
					return k
				}
				if k := kindWord(text, wordInBracketAfter(low[from:])); k != "" {
					return k
				}
			}
		}
	}
	return ""
}

// lastField is the locator without what surrounds it: "Tag 0A1B" is 0A1B, "\ref{lem:opp}" is
// lem:opp.
func lastField(loc string) string {
	f := strings.Fields(loc)
	if len(f) == 0 {
		return ""
	}
	s := f[len(f)-1]
	if i := strings.IndexByte(s, '{'); i >= 0 && strings.HasSuffix(s, "}") {
		s = s[i+1 : len(s)-1]
	}
	return strings.Trim(s, ".,;()")
}

func labelRune(r rune) bool {
	return r == ':' || r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// mentionBounded: the match at s[i:j] is a whole locator, not part of a longer one.
func mentionBounded(s string, i, j int) bool {
	if i > 0 {
		if r, _ := utf8.DecodeLastRuneInString(s[:i]); labelRune(r) {
			return false
		}
	}
	if j < len(s) {
		if r, _ := utf8.DecodeRuneInString(s[j:]); labelRune(r) && r != '-' && r != ':' {
			return false
		}
	}
	return true
}

var refCommand = regexp.MustCompile(`\\[a-z]*ref\{?$`)

// wordBefore is the word before a locator, past the "Tag", "\ref{", "~", "(" or "no." between
// them.
func wordBefore(s string) string {
	for {
		t := strings.TrimRight(s, " \t\n~({[,:")
		t = refCommand.ReplaceAllString(t, "")
		for _, w := range []string{"tag", "no.", "number", "nr."} {
			if strings.HasSuffix(t, w) && (len(t) == len(w) || !unicode.IsLetter(rune(t[len(t)-len(w)-1]))) {
				t = t[:len(t)-len(w)]
			}
		}
		if t == s {
			break
		}
		s = t
	}
	if strings.HasSuffix(s, "§") {
		return "§"
	}
	i := strings.LastIndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && r != '.' })
	return s[i+1:]
}

// wordInBracketAfter is the first word in a bracket that opens just after a locator.
func wordInBracketAfter(s string) string {
	s = strings.TrimLeft(s, " }")
	if !strings.HasPrefix(s, "(") && !strings.HasPrefix(s, "[") {
		return ""
	}
	s = strings.TrimLeft(s[1:], " ")
	for _, art := range []string{"a ", "an ", "the "} {
		s = strings.TrimPrefix(s, art)
	}
	if i := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && r != '§' }); i >= 0 {
		s = s[:i]
	}
	return s
}

// stopWords are the words of English that say nothing of an item's subject.
var stopWords = wordList(`a about above according after again against all almost along also although always am among an and
another any anyone anything are around as at be became because become been before being below
between both but by can cannot could did do does doing done down during each either else enough
especially even ever every few for from further had has have having he her here hers herself him
himself his how however i if in including indeed instead into is it its itself just least less
let like made make makes many may me might more most mostly much must my neither never no nor not
now of off often on once one only onto or other others otherwise our ours out over own per perhaps
rather same several shall she should since so some such than that the their theirs them themselves
then there therefore these they this those though through throughout thus to together too toward
towards under unless until up upon us very via was way we well were what whatever when whenever
where whereas whether which while who whom whose why will with within without would yet you your
first second third two three four five new many`)

// citingWords are what citations and relevance notes say of any work or any place in one: that
// it states, proves or defines something, where it is, that it is cited. They name no subject.
var citingWords = wordList(`cite cited cites citing citation reference references referenced source sources see seen
use used uses using relevance relevant state states stated stating statement statements prove proves
proved proven proving proof proofs show shows showed shown showing give gives gave given giving
define defines defined defining introduce introduces introduced introducing discuss discusses
discussed discussion contain contains contained containing treat treats treated treatment explain
explains explained explanation establish establishes established recall recalls recalled follow
follows followed following result results fact facts main key important standard basic classical
general book text chapter chapters section sections subsection page pages tag tags item items
paragraph online version edition project authors author editor editors eds vol volume available
notes lecture lectures here problem problems question questions mentioned mention mentions refer
refers appear appears appeared original argument arguments part parts claim claims thing things
needed need needs gets get got read reading case standard known true hold holds holding
theorem theorems lemma lemmas proposition propositions corollary corollaries definition definitions
remark remarks example examples exercise exercises equation equations axiom axioms conjecture
conjectures situation`)

// commonTerms are subjects so common in mathematical text that finding one of them at a place is
// no evidence that it is the place cited; they still count when the item's title or label
// names them.
var commonTerms = stems(`set sets map maps mapping function functions element elements space spaces group groups ring rings
module modules field fields object objects morphism morphisms arrow arrows category categories
type types number numbers integer integers point points line lines property properties condition
conditions structure structures finite infinite subset subsets equal equality relation relations
sequence sequences order algebra algebras theory notion notions value values formula formulas
term terms variable variables natural real complex prime primes graph graphs vertex vertices edge edges
matrix matrices vector vectors sum product products union intersection exists exist existence
unique uniqueness true false family families collection collections system systems
operation operations equivalent equivalence isomorphism isomorphic identity`)

func wordList(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

func stems(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[stem(w)] = true
	}
	return m
}

// olMacro is Open Logic's term macro, !!{element} or !!a{element} for "an element".
var olMacro = regexp.MustCompile(`!![a-zA-Z^]*\{`)

var urlRe = regexp.MustCompile(`(?i)\bhttps?://\S+|\bdoi:\S+|\barxiv:\S+`)

// words are the words of s as the comparison reads them: LaTeX commands, markup and URLs gone
// (a command's argument stays), diacritics folded, lower case, split at anything not a letter
// (so quasi-coherent is quasi and coherent), words of fewer than three letters and any with a
// digit dropped.
func words(s string) []string {
	s = urlRe.ReplaceAllString(s, " ")
	s = olMacro.ReplaceAllString(s, "{")
	s = strings.ToLower(foldDiacritics(stripMarkup(s)))
	var out []string
	for _, w := range nonWord.Split(s, -1) {
		if utf8.RuneCountInString(w) < 3 || strings.ContainsAny(w, "0123456789") {
			continue
		}
		out = append(out, w)
	}
	return out
}

// stem reduces an English word to the form its inflections share, enough for a reference's
// note and a text to meet: plurals, British and American -ise and -ize, then one of -ize,
// -ization, -ing, -ed, -ly, -ness, -ity, then one of -ical, -ic, -al, then a final -y or -e
// (classes and class, glueing and gluing, homotopy and homotopic, factorisation and
// factorization, categories and categorical). Stems keep at least three letters.
func stem(w string) string {
	cut := func(suffix, with string, keep int) bool {
		if strings.HasSuffix(w, suffix) && len(w)-len(suffix) >= keep {
			w = w[:len(w)-len(suffix)] + with
			return true
		}
		return false
	}
	switch {
	case cut("ies", "y", 2), cut("sses", "ss", 2), cut("xes", "x", 2), cut("ches", "ch", 2), cut("shes", "sh", 2):
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
	default:
		cut("s", "", 3)
	}
	_ = cut("isation", "ization", 2) || cut("ised", "ized", 2) || cut("ising", "izing", 2) || cut("ise", "ize", 2)
	_ = cut("ization", "iz", 2) || cut("izing", "iz", 2) || cut("ized", "iz", 2) || cut("ize", "iz", 2) ||
		cut("ingly", "", 3) || cut("edly", "", 3) || cut("ing", "", 3) || cut("ed", "", 3) || cut("ly", "", 4) ||
		cut("ness", "", 4) || cut("ity", "", 4)
	_ = cut("ical", "", 3) || cut("ic", "", 3) || cut("al", "", 5)
	_ = cut("y", "", 4) || cut("e", "", 3)
	return w
}

// terms are the subject words of s that are not in skip, by stem, each with the first way s
// writes it.
func terms(s string, skip map[string]bool) map[string]string {
	out := map[string]string{}
	for _, w := range words(s) {
		if stopWords[w] || citingWords[w] || kindWords[w] != "" || skip[w] {
			continue
		}
		st := stem(w)
		if _, ok := out[st]; !ok {
			out[st] = w
		}
	}
	return out
}

// compare says whether the item at l bears out what c cites it for. The kind must agree when
// the reference names one (a result for a result, a section for a section, a definition for a
// definition). Then the reference's subject words — its relevance note and its citation, less
// the text's own title and authors and the locator — must meet the item: at least one of them
// in the item's title or label, or a distinctive one (not among the commonest terms of
// mathematics) in its first lines.
func (t *Text) compare(l Located, c Citing) LocatorCheck {
	out := LocatorCheck{Located: l}
	where := t.placeName(l)
	if want := claimedKind(t.Name, c, l); want != "" && l.Kind != "" && kindGroup(want) != "" && kindGroup(l.Kind) != "" &&
		kindGroup(want) != kindGroup(l.Kind) {
		out.Reason = fmt.Sprintf("the record plane read %s and found %s, but the reference cites it as %s",
			where, describe(l), article(want))
		return out
	}
	own := map[string]bool{}
	for _, w := range words(t.Title + " " + strings.Join(t.Authors, " ") + " " + t.Name) {
		own[w] = true
	}
	// The locator, and the text's name, are no subject of the item.
	var pairs []string
	for _, m := range append([]string{c.Locator, l.Locator, l.Label, t.Title}, t.names...) {
		if m = strings.TrimSpace(m); m != "" {
			pairs = append(pairs, m, " ")
		}
	}
	loc := caseInsensitiveReplacer(pairs)
	claim := terms(loc.Replace(c.Relevance), nil)
	for st, w := range terms(loc.Replace(c.Citation), own) {
		if _, ok := claim[st]; !ok {
			claim[st] = w
		}
	}
	if len(claim) == 0 {
		out.Reason = fmt.Sprintf("the record plane read %s and found %s, but the reference's citation and relevance name nothing to compare it with",
			where, describe(l))
		return out
	}
	named := terms(l.Title+" "+strings.NewReplacer("-", " ", "_", " ", ":", " ").Replace(t.labelName(l.Label)), nil)
	// Labels run words together (Fregeextensions): a long stem inside a label word names the item.
	runTogether := words(t.labelName(l.Label))
	inLabel := func(st string) bool {
		if len(st) < 4 {
			return false
		}
		for _, w := range runTogether {
			if strings.Contains(w, st) {
				return true
			}
		}
		return false
	}
	body := terms(l.Title+"\n"+l.Body, nil)
	var inName, inBody, common, cited []string
	distinctive := 0
	for st, w := range claim {
		cited = append(cited, w)
		_, n := named[st]
		n = n || inLabel(st)
		_, b := body[st]
		isCommon := commonTerms[st]
		switch {
		case isCommon && n:
			common = append(common, w)
		case isCommon:
		case n:
			distinctive++
			inName = append(inName, w)
		case b:
			distinctive++
			inBody = append(inBody, w)
		default:
			distinctive++
		}
	}
	for _, ws := range [][]string{inName, inBody, common, cited} {
		sort.Strings(ws)
	}
	// A single distinctive word at the place can be chance (a “proper class” for proper
	// morphisms), so two are needed when the reference names two; a reference that names only
	// common terms (a group, a set) needs one of them in the item's own name.
	found := len(inName) + len(inBody)
	if distinctive > 0 && found >= min(2, distinctive) || distinctive == 0 && len(common) > 0 {
		out.Consistent = true
		out.Shared = append(append(inName, inBody...), common...)
		return out
	}
	switch {
	case distinctive == 0:
		out.Reason = fmt.Sprintf("the record plane read %s and found %s, but the reference cites it only for terms too common to tell one place from another (%s), and the item's title names none of them",
			where, describe(l), clipList(cited, 8))
	case found > 0:
		out.Reason = fmt.Sprintf("the record plane read %s and found %s, but of the terms the reference cites it for (%s) only %s occurs there",
			where, describe(l), clipList(cited, 8), clipList(append(inName, inBody...), 1))
	default:
		out.Reason = fmt.Sprintf("the record plane read %s and found %s, but none of the terms the reference cites it for (%s) occurs in its title or its first lines",
			where, describe(l), clipList(cited, 8))
	}
	return out
}

// caseInsensitiveReplacer replaces each old string of pairs (old, new, …) in any case.
type caseInsensitiveReplacer []string

func (r caseInsensitiveReplacer) Replace(s string) string {
	for i := 0; i+1 < len(r); i += 2 {
		old, repl := strings.ToLower(r[i]), r[i+1]
		var b strings.Builder
		low := strings.ToLower(s)
		if len(low) != len(s) || old == "" {
			continue // a case change that alters lengths: leave s as it is
		}
		for {
			j := strings.Index(low, old)
			if j < 0 {
				break
			}
			b.WriteString(s[:j])
			b.WriteString(repl)
			s, low = s[j+len(old):], low[j+len(old):]
		}
		b.WriteString(s)
		s = b.String()
	}
	return s
}

// placeName is the locator and the text, as a reader would say them: "Tag 0A1B of the Stacks
// project", "sec:equality of the HoTT book".
func (t *Text) placeName(l Located) string {
	loc := l.Locator
	if t.Name == "stacks-project" && stacksTag.MatchString(loc) {
		loc = "Tag " + loc
	}
	return loc + " of " + t.Title
}

// describe names the item found: its kind and its title, or the opening of its text.
func describe(l Located) string {
	what := "an item"
	if l.Kind != "" {
		what = article(l.Kind)
	}
	if title := strings.TrimSpace(l.Title); title != "" {
		return what + " (“" + clip(title, 80) + "”)"
	}
	for _, line := range strings.Split(l.Excerpt, "\n") {
		if line = strings.TrimSpace(line); line != "" && !envLine.MatchString(line) {
			return what + " (“" + clip(line, 80) + "”)"
		}
	}
	return what
}

// envLine is a line that only opens or closes an environment.
var envLine = regexp.MustCompile(`^\\(begin|end)\{[a-zA-Z*]+\}(\[[^\]]*\])?$`)

func article(kind string) string {
	if strings.ContainsRune("aeiou", rune(kind[0])) {
		return "an " + kind
	}
	return "a " + kind
}

func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n])) + "…"
}

// clipList is up to n words, quoted, and how many more.
func clipList(ws []string, n int) string {
	var q []string
	for i, w := range ws {
		if i == n {
			q = append(q, fmt.Sprintf("and %d more", len(ws)-n))
			break
		}
		q = append(q, "“"+w+"”")
	}
	return strings.Join(q, ", ")
}
