package sanity

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
)

// A model judge (K09 9.3.3) may judge proofs only after its measured rate
// of rejecting wrong steps on a labelled set is at least JudgeBar. The set
// is built here from proofs nobody planted anything in: each proof once as
// it is, and once with one wrong step planted in it.

// JudgeBar is the share of wrong steps a judge must reject to qualify.
const JudgeBar = 0.75

// Step faults a judge must catch.
const (
	ReversedInequality Mutation = "reversed-inequality" // a relation of a step flipped
	DroppedJustifier   Mutation = "dropped-hypothesis"  // "Since X is finite, A" becomes "A"
	WrongCaseSplit     Mutation = "wrong-case-split"    // a case's condition swapped for its complement
	NonSequitur        Mutation = "step-does-not-follow"
)

// StepFaults are the faults the judge set plants, in a fixed order.
var StepFaults = []Mutation{ReversedInequality, DroppedJustifier, WrongCaseSplit, NonSequitur}

// JudgeSetVersion names the way the set is built: a change of the planting
// is a new version, and a judge's measured rate names the version it was
// measured on.
const JudgeSetVersion = "judges-v1"

// Proof is a proof the set is built from, with where it comes from.
type Proof struct {
	Source string // "openlogic:content/…/file.tex#3", a node id
	Text   string
}

// JudgeItem is one item of the labelled set: a proof as it is (Fault
// empty), or with one wrong step planted (Change says where).
type JudgeItem struct {
	ID     string   `json:"id"`
	Source string   `json:"source"`
	Text   string   `json:"text"`
	Fault  Mutation `json:"fault,omitempty"`
	Change *Change  `json:"change,omitempty"`
}

// Wrong says the item has a planted wrong step.
func (it JudgeItem) Wrong() bool { return it.Fault != "" }

// JudgeSet is the labelled set with the digest that versions its content.
type JudgeSet struct {
	Version string      `json:"version"`
	Digest  string      `json:"digest"`
	Items   []JudgeItem `json:"items"`
}

// BuildJudgeSet makes the labelled set from proofs with seed: each proof
// once untouched and, where a fault has a place in it, once with the fault
// that seed picks among those that fit (rotating through StepFaults so each
// is planted about as often). Items are shuffled so that an item's place
// says nothing of its label.
func BuildJudgeSet(proofs []Proof, seed uint64) JudgeSet {
	r := rand.New(rand.NewPCG(seed, 0x6a7564676573))
	var items []JudgeItem
	planted := map[Mutation]int{}
	for _, p := range proofs {
		items = append(items, JudgeItem{Source: p.Source, Text: p.Text})
		// The fault planted least so far goes first, so that the rare ones get
		// every proof they fit.
		order := slices.Clone(StepFaults)
		slices.SortStableFunc(order, func(a, b Mutation) int { return planted[a] - planted[b] })
		for _, f := range order {
			if c, ok := PlantStep(p.Text, f, r); ok {
				items = append(items, JudgeItem{Source: p.Source, Text: c.Apply(p.Text), Fault: f, Change: &c})
				planted[f]++
				break
			}
		}
	}
	r.Shuffle(len(items), func(i, j int) { items[i], items[j] = items[j], items[i] })
	h := sha256.New()
	for i := range items {
		sum := sha256.Sum256([]byte(items[i].Source + "\x00" + items[i].Text + "\x00" + string(items[i].Fault)))
		items[i].ID = hex.EncodeToString(sum[:8])
		h.Write(sum[:])
	}
	return JudgeSet{Version: JudgeSetVersion, Digest: hex.EncodeToString(h.Sum(nil)), Items: items}
}

// Score is a judge's record on a set: of the wrong items, how many it
// rejected; of the untouched ones, how many it rejected all the same.
type Score struct {
	Wrong, Caught  int
	Clean, Flagged int
}

// Qualifies says whether the judge rejected at least JudgeBar of the wrong steps.
func (s Score) Qualifies() bool { return s.Wrong > 0 && float64(s.Caught) >= JudgeBar*float64(s.Wrong) }

// ScoreJudge scores a judge's verdicts (item id → it rejected the proof) on set.
// An item with no verdict counts as not rejected.
func ScoreJudge(set JudgeSet, rejected map[string]bool) Score {
	var s Score
	for _, it := range set.Items {
		switch {
		case it.Wrong():
			s.Wrong++
			if rejected[it.ID] {
				s.Caught++
			}
		default:
			s.Clean++
			if rejected[it.ID] {
				s.Flagged++
			}
		}
	}
	return s
}

var (
	sinceClause = regexp.MustCompile(`(?:^|[.;]\s+)((?:Since|Because|As) [^,.;]{3,160}?,\s*)`)
	complements = map[string]string{"even": "odd", "odd": "even", "finite": "infinite", "infinite": "finite",
		"empty": "nonempty", "nonempty": "empty", "positive": "negative", "negative": "positive", "true": "false",
		"false": "true", "successor": "limit", "limit": "successor", "consistent": "inconsistent", "inconsistent": "consistent"}
	caseWord = regexp.MustCompile(`\b(even|odd|finite|infinite|empty|nonempty|positive|negative|true|false|successor|limit|consistent|inconsistent)\b`)
	caseLead = regexp.MustCompile(`(?i)(\bcase\b|\\item|\bif\b|\bsuppose\b|\botherwise\b|\bassume\b)`)
	olref    = regexp.MustCompile(`\\(?:olref|ref|eqref)(?:\[[^\]]*\])*\{([^}]+)\}`)
	sentence = regexp.MustCompile(`[^.]*[.]`)
)

// PlantStep plants the fault f in one step of proof, picked with r; ok is
// false when f has no place in it.
func PlantStep(proof string, f Mutation, r *rand.Rand) (Change, bool) {
	var cs []Change
	switch f {
	case ReversedInequality:
		if c, ok := Mutate(proof, FlippedInequality, r); ok {
			c.Mutation = f
			return c, true
		}
		return Change{}, false
	case DroppedJustifier:
		spans := mathSpans(proof)
		for _, m := range sinceClause.FindAllStringSubmatchIndex(proof, -1) {
			s, e := m[2], m[3]
			if inside(spans, s) || !whole(spans, proof, []int{s, e}) {
				continue
			}
			cs = append(cs, Change{Mutation: f, Start: s, End: e, From: proof[s:e]})
		}
	case WrongCaseSplit:
		spans := mathSpans(proof)
		for _, m := range caseWord.FindAllStringIndex(proof, -1) {
			lead := proof[max(0, m[0]-80):m[0]]
			if inside(spans, m[0]) || !caseLead.MatchString(lead[strings.LastIndexAny(lead, ".\n")+1:]) {
				continue
			}
			w := proof[m[0]:m[1]]
			cs = append(cs, Change{Mutation: f, Start: m[0], End: m[1], From: w, To: complements[w]})
		}
	case NonSequitur:
		// A step that cites another result than the one it rests on: swap a
		// reference for another the proof cites; with fewer than two, swap two
		// neighbouring sentences so that a step comes before what it uses.
		refs := olref.FindAllStringSubmatchIndex(proof, -1)
		var labels []string
		for _, m := range refs {
			if l := proof[m[2]:m[3]]; !slices.Contains(labels, l) {
				labels = append(labels, l)
			}
		}
		if len(labels) >= 2 {
			for _, m := range refs {
				l := proof[m[2]:m[3]]
				for _, other := range labels {
					if other != l {
						cs = append(cs, Change{Mutation: f, Start: m[2], End: m[3], From: l, To: other})
					}
				}
			}
			break
		}
		ss := sentence.FindAllStringIndex(proof, -1)
		spans := mathSpans(proof)
		for i := 0; i+1 < len(ss); i++ {
			a, b := ss[i], ss[i+1]
			if a[1] != b[0] || !whole(spans, proof, a) || !whole(spans, proof, b) ||
				len(strings.TrimSpace(proof[a[0]:a[1]])) < 20 || len(strings.TrimSpace(proof[b[0]:b[1]])) < 20 {
				continue
			}
			first, second := proof[a[0]:a[1]], proof[b[0]:b[1]]
			lead := first[:len(first)-len(strings.TrimLeft(first, " \t\n"))]
			swapped := lead + strings.TrimLeft(second, " \t\n") + " " + strings.TrimLeft(first, " \t\n")
			cs = append(cs, Change{Mutation: f, Start: a[0], End: b[1], From: proof[a[0]:b[1]], To: swapped})
		}
	default:
		panic(fmt.Sprintf("sanity: %s is not a step fault", f))
	}
	if len(cs) == 0 {
		return Change{}, false
	}
	return cs[r.IntN(len(cs))], true
}

func inside(spans [][2]int, i int) bool {
	return slices.ContainsFunc(spans, func(s [2]int) bool { return s[0] <= i && i < s[1] })
}

// whole says whether the sentence at span sp can be moved as it is: no
// formula crosses its ends and its braces balance.
func whole(spans [][2]int, text string, sp []int) bool {
	for _, m := range spans {
		crosses := func(i int) bool { return m[0] < i && i < m[1] }
		if crosses(sp[0]) || crosses(sp[1]) {
			return false
		}
	}
	depth := 0
	for i := sp[0]; i < sp[1]; i++ {
		switch {
		case text[i] == '\\':
			i++ // an escaped character, \{ or \} among them
		case text[i] == '{':
			depth++
		case text[i] == '}':
			if depth--; depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}
