package gates

import (
	"context"
	"regexp"
	"slices"
	"strings"
)

// Check IDs of the hero gate.
const (
	checkHeroBrief   = "hero.brief"
	checkHeroSource  = "hero.source"
	checkHeroAlt     = "hero.alt"
	checkHeroCaption = "hero.caption"
	checkHeroDepicts = "hero.depicts"
)

// heroGate checks the qualification handoff for the page's visual: that there is a brief, that
// the record says whether the page shows the neutral fallback or reviewed bespoke art (with its
// rights basis), that the alt text describes something, and that the caption claims nothing. What
// a bespoke picture shows is for a person to judge.
var heroGate = &Gate{Name: Hero, Version: "1", Checks: []Check{
	{ID: checkHeroBrief, Criterion: "The qualification handoff contains a hero-visual brief and records whether the page uses reviewed bespoke art or the neutral generated fallback.", Certifies: true},
	{ID: checkHeroSource, Criterion: "The qualification handoff records the rights basis for bespoke art.", Certifies: true},
	{ID: checkHeroAlt, Criterion: "Alt text describes what is visibly shown.", Certifies: true},
	{ID: checkHeroCaption, Criterion: "The caption explains its relation to the setup without stating a result, bound, status, proof claim, or certificate.", Certifies: true},
	{ID: checkHeroDepicts, Criterion: "The visual depicts the mathematical object or operation in the statement. Decorative mathematical symbols do not pass this gate."},
}, run: runHero}

// Field paths of the hero handoff.
const (
	fieldHero        = "hero"
	fieldHeroBrief   = "hero.brief"
	fieldHeroAlt     = "hero.alt"
	fieldHeroCaption = "hero.caption"
	fieldHeroRights  = "hero.rightsBasis"
)

// genericAlt are words that name a picture without describing it.
var genericAlt = wordSet("image", "images", "hero", "figure", "illustration", "illustrative", "decorative", "decoration",
	"picture", "graphic", "graphics", "visual", "visualisation", "visualization", "art", "artwork", "banner", "photo",
	"placeholder", "alt", "text", "math", "maths", "mathematics", "mathematical", "symbol", "symbols", "abstract",
	"background", "pattern", "header", "cover", "icon", "logo", "problem", "page", "generated", "fallback",
	"neutral", "default", "shown", "showing", "shows", "depicting", "depicts", "representation", "nice", "pretty",
	"beautiful", "colourful", "colorful")

// captionClaims are the words by which a caption states a result, status or proof claim in any
// sentence: a caption that says one of them FAILs. "open" stands only in phrases, since an open set
// or interval is setup.
var captionClaims = []string{"proved", "proven", "proves", "disproved", "disproof", "solved", "unsolved", "resolved",
	"unresolved", "settled", "unsettled", "conjecture is true", "conjecture is false", "conjecture holds", "we show",
	"we prove", "counterexample", "counter-example", "is open", "remains open", "still open", "open problem",
	"open question", "open conjecture", "open since", "is unknown", "are unknown", "breakthrough", "the answer is",
	"cannot exist", "does not exist", "is impossible", "is optimal", "are optimal", "conjectured", "conjecturally"}

// captionBoundWords are the words by which a caption may state a bound, a certificate or what is
// known, but may as well describe the setup ("the shaded strip gives the easy lower bound", "the
// question asks for verified bounds", "the picture shows that each arc joins two primes"): beside a
// number the packet records as the state of the art (openStatus) and the picture does not show, in
// the same sentence, they state a bound and FAIL; otherwise a person reads them.
var captionBoundWords = []string{"prove", "proof", "solves", "shows that", "showed that", "bound of", "upper bound",
	"lower bound", "bounded by", "theorem", "is known", "best known", "certificate", "certified", "verified",
	"established", "record", "holds for", "is true", "is false", "be optimal", "lies between", "lie between",
	"lying between", "is between", "are between", "estimated", "approximately"}

// captionBeliefWords are the words by which a caption says what is believed of a value or an
// object ("believed to be the least possible", "thought to be optimal"): a conjecture in other
// words than "conjectured", but also, now and then, a description ("the colouring one would
// expect"). Each goes to a person with its span, never to a failure. ("The largest possible"
// alone describes what a question asks as often as it claims a bound, and is not read.)
var captionBeliefWords = []string{"believed", "thought to be", "expected to be", "presumed", "suspected"}

// captionExtremalWords are the words by which a caption says that something is best or cannot
// be beaten ("no function does better", "nothing outperforms it", "cannot be improved"): an
// optimality claim, a bound in other words. Each goes to a person with its span, since a caption
// may also describe what the question compares ("which colouring does better").
var captionExtremalWords = []string{"does better", "do better", "did better", "outperforms", "outperform", "beats",
	"is optimal", "are optimal", "best possible", "cannot be improved", "can't be improved", "cannot be beaten",
	"no better", "is unbeatable"}

// captionStatusRe finds the words by which a caption says what has been done with the objects
// it shows ("all of index up to 5¼ are classified", "none beyond that has been", "have been
// enumerated"): a status in other words than "settled" or "open". Each goes to a person with its
// span, since a caption may also say what the picture holds ("the classified tiles, in grey").
var captionStatusRe = regexp.MustCompile(`(?i)\b(?:(?:is|are|was|were|has been|have been|had been)\s+(?:(?:all|now|already|fully|completely|so far|not|never|yet)\s+)*(?:classified|enumerated|catalogued|determined|ruled out|excluded|completed)|(?:none|nothing|no\s+\p{L}+)\s+(?:beyond|above|past|after|outside)\s+(?:that|this|it|them|these)\s+(?:has|have|is|are|was|were)(?:\s+been)?)\b`)

// captionNamedBoundRe finds a bound a caption names after someone ("Krivine's bound", "the
// Krivine bound"): a result of the literature, not the setup.
var captionNamedBoundRe = regexp.MustCompile(`\b(\p{Lu}[\p{L}-]+)(?:'s|’s)?\s+(?:upper\s+|lower\s+)?(?:bound|estimate)s?\b`)

func runHero(_ context.Context, r *Revision, _ Env, out *Report) {
	h := r.Hero
	none := strings.TrimSpace(h.Brief+h.Alt+h.Caption+h.RightsBasis) == "" && !h.Bespoke
	if why := placeholderReason(h.Brief, 3); why != "" {
		behaviour := "hero.brief " + why + ", so the handoff has no brief for the visual."
		if none {
			behaviour = "The record has no hero handoff: no brief, alt text or caption."
		}
		out.Fail(checkHeroBrief, spanOrAbsent(fieldHeroBrief, h.Brief), behaviour,
			"Write in hero.brief what the visual should show of the mathematical object in the statement (for example “the integers 1 to 50 with twin prime pairs joined by arcs”), and set hero.bespoke if reviewed bespoke art replaces the neutral fallback.")
	} else {
		which := "the neutral generated fallback"
		if h.Bespoke {
			which = "reviewed bespoke art"
		}
		out.Pass(checkHeroBrief, Whole(fieldHeroBrief, h.Brief), "The handoff has a brief and records that the page uses "+which+".")
	}
	heroSource(r, none, out)
	heroAlt(r, out)
	heroCaption(r, out)
	if h.Bespoke {
		out.NeedsHuman(checkHeroDepicts, spanOrAbsent(fieldHeroAlt, h.Alt),
			"The page uses bespoke art; whether it depicts the statement's object rather than decorative symbols is for a reviewer to see.",
			"Look at the bespoke visual beside the statement and confirm that it shows the object or operation the statement is about.")
	} else {
		out.Pass(checkHeroDepicts, Absent(fieldHero), "The page uses the neutral generated fallback, which is drawn from the statement and has no bespoke content to review.")
	}
}

func heroSource(r *Revision, none bool, out *Report) {
	h := r.Hero
	switch {
	case none:
		out.Fail(checkHeroSource, Absent(fieldHero), "The record has no hero handoff, so it does not say whether the page uses bespoke art or the neutral fallback.",
			"Add the hero handoff: a brief, alt text and caption, with hero.bespoke false for the neutral fallback or true with hero.rightsBasis for reviewed bespoke art.")
	case !h.Bespoke:
		out.Pass(checkHeroSource, Absent(fieldHeroRights), "The page uses the neutral generated fallback, which needs no rights basis of its own.")
	default:
		if why := placeholderReason(h.RightsBasis, 2); why != "" {
			out.Fail(checkHeroSource, spanOrAbsent(fieldHeroRights, h.RightsBasis), "The page uses bespoke art but hero.rightsBasis "+why+".",
				"Write in hero.rightsBasis who made the bespoke art and under what licence TheoremDB publishes it, or set hero.bespoke to false to use the neutral fallback.")
			return
		}
		out.Pass(checkHeroSource, Whole(fieldHeroRights, h.RightsBasis), "The bespoke art has a rights basis: “"+clipText(h.RightsBasis, 120)+"”.")
	}
}

func heroAlt(r *Revision, out *Report) {
	alt := r.Hero.Alt
	fix := "Write in hero.alt what the picture visibly shows (for example “a number line from 1 to 50 with arcs joining 3 and 5, 5 and 7, 11 and 13”)."
	if why := placeholderReason(alt, 3); why != "" {
		out.Fail(checkHeroAlt, spanOrAbsent(fieldHeroAlt, alt), "hero.alt "+why+", so a reader who cannot see the picture is not told what it shows.", fix)
		return
	}
	if h, ok := findPhrase(alt, []string{"decorative", "decoration"}); ok {
		out.Fail(checkHeroAlt, SpanOf(fieldHeroAlt, alt, h.Start, h.End), "hero.alt calls the visual decorative, and decorative symbols do not pass this gate.", fix)
		return
	}
	if len(contentWordsOf(alt, genericAlt)) == 0 {
		out.Fail(checkHeroAlt, Whole(fieldHeroAlt, alt), "hero.alt “"+clipText(alt, 80)+"” names a picture without describing what it shows.", fix)
		return
	}
	if heroAltElsewhere(r, out) {
		return
	}
	out.Pass(checkHeroAlt, Whole(fieldHeroAlt, alt), "hero.alt describes what is shown: “"+clipText(alt, 120)+"”.")
}

// heroPictureWords are words any description of a picture may use; sharing one says nothing of
// whether two descriptions describe one picture.
var heroPictureWords = wordSet("small", "large", "smaller", "larger", "shown", "showing", "shows", "drawn", "drawing",
	"picture", "diagram", "centre", "center", "middle", "around", "left", "right", "top", "bottom", "each", "every",
	"coloured", "colored", "colour", "color", "black", "white", "red", "blue", "green", "grey", "gray", "line", "lines",
	"arranged", "labelled", "labeled", "marked", "dots", "dot", "points", "point", "one", "two", "three", "four", "five",
	"six", "seven", "eight", "nine", "ten", "several", "many", "some", "other", "others",
	// layout: how any diagram is drawn, whatever it shows
	"circle", "circles", "row", "rows", "column", "columns", "grid", "arc", "arcs", "pair", "pairs", "joined", "joining",
	"join", "joins", "connected", "connecting", "placed", "side", "next", "above", "below", "inside", "outside",
	// style: how a line or a shape is drawn
	"straight", "curved", "dashed", "dotted", "solid", "thick", "thin", "bold", "shaded", "filled", "empty", "open")

// heroAltElsewhere asks a person about alt text that shares no word with what the picture is
// meant to show — the brief, the title and the statement: it may describe another picture (a
// grid of coloured squares for a brief of a graph and its cards). It reports whether it asked.
func heroAltElsewhere(r *Revision, out *Report) bool {
	h := r.Hero
	if strings.TrimSpace(h.Brief) == "" {
		return false
	}
	meant := map[string]bool{}
	for _, w := range textWords(stSplitCamel(h.Brief+" "+r.Title+" "+r.Statement+" "+h.Caption), 4000) {
		for _, part := range strings.Split(w, "-") {
			meant[stStem(part)] = true
		}
	}
	words := 0
	for _, w := range contentWordsOf(h.Alt, genericAlt) {
		for _, part := range strings.Split(w, "-") {
			if len(part) < 3 || strings.Trim(part, "0123456789") == "" {
				continue
			}
			if meant[stStem(part)] {
				return false
			}
			if _, count := countWords[part]; !heroPictureWords[part] && !count {
				words++
			}
		}
	}
	if words < 2 {
		return false
	}
	out.NeedsHuman(checkHeroAlt, Whole(fieldHeroAlt, h.Alt),
		"hero.alt shares no word with the brief, the title or the statement, so it may describe another picture than the one the brief asks for; a person must compare them.",
		"Describe in hero.alt the picture the brief asks for (“"+clipText(h.Brief, 80)+"”).")
	return true
}

func heroCaption(r *Revision, out *Report) {
	c := r.Hero.Caption
	if why := placeholderReason(c, 3); why != "" {
		out.Fail(checkHeroCaption, spanOrAbsent(fieldHeroCaption, c), "hero.caption "+why+", so it does not explain how the picture relates to the setup.",
			"Write in hero.caption one sentence on how the picture relates to the statement's setup, stating no result, bound or status.")
		return
	}
	hits := findPhrases(c, captionClaims, 10)
	var words []phraseHit
	for _, w := range findPhrases(c, captionBoundWords, 10) {
		if !slices.ContainsFunc(hits, func(h phraseHit) bool { return h.Start < w.End && w.Start < h.End }) {
			words = append(words, w) // "is unknown" is one claim, not a claim and a bound word
		}
	}
	for _, m := range captionNamedBoundRe.FindAllStringSubmatchIndex(c, 5) {
		if name := strings.ToLower(c[m[2]:m[3]]); !stStopWords[name] && !slices.ContainsFunc(words, func(w phraseHit) bool { return w.Start < m[1] && m[0] < w.End }) {
			words = append(words, phraseHit{Start: m[0], End: m[1], Phrase: c[m[0]:m[1]]})
		}
	}
	// "upper bound" is one bound word, not "upper bound" and "bound".
	words = slices.DeleteFunc(slices.Clone(words), func(w phraseHit) bool {
		return slices.ContainsFunc(words, func(o phraseHit) bool { return o != w && o.Start <= w.Start && w.End <= o.End })
	})
	beliefs := slices.DeleteFunc(findPhrases(c, captionBeliefWords, 10), func(b phraseHit) bool {
		return slices.ContainsFunc(append(slices.Clone(hits), words...), func(h phraseHit) bool { return h.Start < b.End && b.Start < h.End })
	})
	extremal := slices.DeleteFunc(findPhrases(c, captionExtremalWords, 10), func(b phraseHit) bool {
		return slices.ContainsFunc(append(append(slices.Clone(hits), words...), beliefs...), func(h phraseHit) bool { return h.Start < b.End && b.Start < h.End })
	})
	for _, b := range extremal {
		sp := SpanOf(fieldHeroCaption, c, b.Start, b.End)
		out.NeedsHuman(checkHeroCaption, sp,
			"hero.caption says “"+sp.Quote+"”, which may say that an object is best or cannot be beaten (a bound or an optimality result in other words), or may describe what the question compares; a person must confirm that it states no result or status.",
			"If “"+sp.Quote+"” states what is optimal or what nothing beats, rewrite hero.caption to say only how the picture relates to the setup, and move the claim to the Research tab.")
	}
	for _, m := range captionStatusRe.FindAllStringIndex(c, 4) {
		if slices.ContainsFunc(append(append(append(slices.Clone(hits), words...), beliefs...), extremal...), func(h phraseHit) bool { return h.Start < m[1] && m[0] < h.End }) {
			continue
		}
		sp := SpanOf(fieldHeroCaption, c, m[0], m[1])
		extremal = append(extremal, phraseHit{Start: m[0], End: m[1], Phrase: sp.Quote})
		out.NeedsHuman(checkHeroCaption, sp,
			"hero.caption says “"+sp.Quote+"”, which may say what has been classified, found or settled (a result or a status in other words), or may describe what the picture holds; a person must confirm that it states no result or status.",
			"If “"+sp.Quote+"” says what is known or done, rewrite hero.caption to say only how the picture relates to the setup, and move it to the Research tab.")
	}
	beliefs = append(beliefs, extremal...)
	for _, b := range beliefs[:len(beliefs)-len(extremal)] {
		sp := SpanOf(fieldHeroCaption, c, b.Start, b.End)
		out.NeedsHuman(checkHeroCaption, sp,
			"hero.caption says “"+sp.Quote+"”, which may say what is believed or what is extremal (a conjecture or a bound in other words), or may describe what the question asks; a person must confirm that it states no result or status.",
			"If “"+sp.Quote+"” states a conjecture, bound or status, rewrite hero.caption to say only how the picture relates to the setup, and move it to the Research tab.")
	}
	for _, h := range hits {
		out.Fail(checkHeroCaption, SpanOf(fieldHeroCaption, c, h.Start, h.End),
			"hero.caption says “"+c[h.Start:h.End]+"”, which states a result, status or proof claim; the Problem page's visual states none.",
			"Rewrite hero.caption to say only how the picture relates to the setup, and move any result or status to the Research tab.")
	}
	shown := r.Hero.Alt + " " + r.Hero.Brief
	known := r.OpenStatus.StrongestKnown + " " + r.OpenStatus.UnresolvedTarget
	for _, h := range words {
		sp := SpanOf(fieldHeroCaption, c, h.Start, h.End)
		from, to := sentenceAround(c, h.Start)
		if num := knownNumberIn(c[from:to], shown, known); num != "" {
			out.Fail(checkHeroCaption, sp,
				"hero.caption says “"+sp.Quote+"” beside "+num+", a number the packet records as the state of the art (openStatus) and the picture does not show: it states a bound or result; the Problem page's visual states none.",
				"Rewrite hero.caption to say only how the picture relates to the setup, and move the bound to the Research tab.")
			continue
		}
		out.NeedsHuman(checkHeroCaption, sp,
			"hero.caption says “"+sp.Quote+"”, which may state a bound, certificate or what is known, or may describe the setup; a person must confirm that it states no result.",
			"If “"+sp.Quote+"” states a result, bound or status, rewrite hero.caption to say only how the picture relates to the setup.")
	}
	if !heroCaptionBound(r, out) && len(hits) == 0 && len(words) == 0 && len(beliefs) == 0 && !heroCaptionNumber(r, out) && !heroCaptionAsserts(r, out) {
		out.Pass(checkHeroCaption, Whole(fieldHeroCaption, c), "hero.caption describes the setup and states no result, bound, status or proof claim.")
	}
}

// captionNumberRe finds a number written in digits.
var captionNumberRe = regexp.MustCompile(`[0-9][0-9.,]*`)

// knownNumberIn returns the longest number of sentence that known (the state of the art) names
// and shown (the picture's alt text and brief) does not, or "": "1.7136" rather than the 6 of
// "6π/11".
func knownNumberIn(sentence, shown, known string) string {
	best := ""
	for _, m := range captionNumberRe.FindAllString(sentence, 20) {
		if num := strings.TrimRight(m, ".,"); len(num) > len(best) && hasNumber(known, num) && !hasNumber(shown, num) {
			best = num
		}
	}
	return best
}

// captionBoundRe finds a number compared with something in words or symbols, or given as an
// approximate value: "at most 246", "≤ 46", "$\le 10^{-3}$", "fewer than 5", "≈ 1.7136"; the number
// may be written in words ("more than a billion", "over ten thousand", "fewer than millions").
var captionBoundRe = regexp.MustCompile(`(?i)(≤|≥|<|>|⩽|⩾|≈|\\approx|\\leq?|\\geq?|\\lt|\\gt|\bat most|\bat least|\bno more than|\bno fewer than|\bno less than|\bfewer than|\bless than|\bmore than|\bgreater than|\bexceeds?|\bexceeding|\bbounded above by|\bbounded below by|\babove|\bbelow|\bover|\bunder|\bbeyond)\s*\$?\s*([0-9][0-9.,]*(?:\s*(?:·|\\cdot|×)\s*10\^\{?-?[0-9]+\}?)?|10\^\{?-?[0-9]+\}?|(?:a|one|a few|several|many|some|two|three|ten|a hundred|hundreds of|a thousand|thousands of)\s+(?:hundred|thousand|million|billion|trillion)s?\b|(?:hundreds|thousands|millions|billions|trillions)\b)`)

// heroCaptionBound reads the comparisons of a caption with a number. A number the picture shows
// (named in hero.alt or hero.brief: "the pairs below 50") is setup; one the packet records as the
// state of the art (in openStatus) is a bound the caption states, which fails, unless the
// statement names it too: then the caption may restate the question's own condition ("the search
// asks for a graph on at most 39 vertices", "exponents with 1/p + 1/q + 1/r < 1") as well as a
// result. Any other is for a person to read. It reports whether it recorded a finding.
func heroCaptionBound(r *Revision, out *Report) bool {
	c := r.Hero.Caption
	shown := r.Hero.Alt + " " + r.Hero.Brief
	known := r.OpenStatus.StrongestKnown + " " + r.OpenStatus.UnresolvedTarget
	found := false
	for _, m := range captionBoundRe.FindAllStringSubmatchIndex(c, 10) {
		num := strings.TrimRight(c[m[4]:m[5]], ".,")
		if hasNumber(shown, num) {
			continue
		}
		found = true
		sp := SpanOf(fieldHeroCaption, c, m[0], m[1])
		if hasNumber(known, num) && !hasNumber(r.Statement, num) {
			out.Fail(checkHeroCaption, sp,
				"hero.caption says “"+sp.Quote+"”, a bound the packet records as the state of the art (openStatus), so the caption states a result; the Problem page's visual states none.",
				"Rewrite hero.caption to say only how the picture relates to the setup, and move the bound to the Research tab.")
			continue
		}
		out.NeedsHuman(checkHeroCaption, sp,
			"hero.caption compares something with "+num+" (“"+sp.Quote+"”), a number the picture's alt text and brief do not show; a person must confirm that it describes the setup and states no bound.",
			"If “"+sp.Quote+"” states a bound or result, rewrite hero.caption to say only how the picture relates to the setup.")
	}
	return found
}

// hasNumber reports whether num occurs in s as a whole number, not inside a longer one.
func hasNumber(s, num string) bool {
	for from := 0; ; {
		i := strings.Index(s[from:], num)
		if i < 0 {
			return false
		}
		i += from
		j := i + len(num)
		before := i == 0 || !isNumberByte(s[i-1])
		after := j == len(s) || !isNumberByte(s[j]) || s[j] == '.' && (j+1 == len(s) || !isNumberByte(s[j+1]))
		if before && after {
			return true
		}
		from = i + 1
	}
}

func isNumberByte(b byte) bool { return b >= '0' && b <= '9' || b == '.' }
