package gates

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// A certificate checks a witness against the statement's parameters: a code's length and
// minimum weight, a graph's order and girth, a design's block size. The reader pairs each
// parameter word of the certification with the number it gives ("minimum weight 12", "girth
// at least 13", "order 270", "on 40 vertices") and asks a person when the statement and the
// other fields that state the target give the same parameter only other numbers: the
// certification may check another object than the one asked for.

// acParamWords are the parameters a certificate checks a witness against.
var acParamWords = wordSet("weight", "distance", "girth", "degree", "order", "length", "dimension", "diameter",
	"genus", "rank", "valency", "valence", "vertices", "points", "blocks", "edges", "colours", "colors", "size")

// acParamAfterRe reads "word [is|of|at least|…] N"; acParamBeforeRe reads "N word".
var (
	acParamAfterRe  = regexp.MustCompile(`(?i)\b([a-z]+)\s+(?:(?:is|of|at\s+least|at\s+most|exactly|equal\s+to|below|above|=|≥|≤|\\geq?|\\leq?)\s+)?\$?\s*([0-9]{1,6})\b`)
	acParamBeforeRe = regexp.MustCompile(`(?i)\$?\b([0-9]{1,6})\s*\$?\s+([a-z]+)\b`)
)

// acParams returns, by parameter word, the numbers a text gives it, with the span of each.
func acParams(s string) map[string][][3]int {
	out := map[string][][3]int{}
	add := func(word string, num string, start, end int) {
		w := strings.ToLower(word)
		if !acParamWords[w] {
			return
		}
		n := 0
		for _, c := range num {
			n = n*10 + int(c-'0')
		}
		out[w] = append(out[w], [3]int{n, start, end})
	}
	for _, m := range acParamAfterRe.FindAllStringSubmatchIndex(s, 32) {
		add(s[m[2]:m[3]], s[m[4]:m[5]], m[0], m[1])
	}
	for _, m := range acParamBeforeRe.FindAllStringSubmatchIndex(s, 32) {
		add(s[m[4]:m[5]], s[m[2]:m[3]], m[0], m[1])
	}
	return out
}

// acceptanceCertifiedParameters asks a person about a parameter the certification checks with a
// number the target fields never give that parameter. It reports whether it asked.
func acceptanceCertifiedParameters(r *Revision, out *Report) bool {
	target := compared(r.Statement + " \n " + r.Acceptance.Criterion + " \n " + r.Acceptance.SearchSpace)
	if r.Computation != nil {
		target += " \n " + compared(r.Computation.Instance)
	}
	want := acParams(target)
	if len(want) == 0 {
		return false
	}
	var certs []Text
	if r.Computation != nil && r.Computation.Certification != "" {
		certs = append(certs, Text{fieldComputationCert, r.Computation.Certification})
	}
	if r.Acceptance.Certificate != "" {
		certs = append(certs, Text{fieldAcceptanceCertificate, r.Acceptance.Certificate})
	}
	for _, c := range certs {
		body := compared(c.Body)
		params := acParams(body)
		words := make([]string, 0, len(params))
		for w := range params {
			words = append(words, w)
		}
		sort.Strings(words)
		for _, word := range words {
			got, stated := params[word], want[word]
			if len(stated) == 0 {
				continue
			}
			for _, g := range got {
				if slicesHasValue(stated, g[0]) || hasNumber(target, fmt.Sprint(g[0])) {
					continue
				}
				shown := make([]string, 0, len(stated))
				for _, s := range stated {
					if v := fmt.Sprint(s[0]); !slices.Contains(shown, v) {
						shown = append(shown, v)
					}
				}
				out.NeedsHuman(checkAcceptanceSearch, SpanOf(c.Field, c.Body, g[1], g[2]),
					fmt.Sprintf("%s checks “%s”, but the statement and the target fields give the %s only as %s, so the certification may check another object than the one asked for; a person must compare them.", c.Field, body[g[1]:g[2]], word, strings.Join(shown, ", ")),
					"Make the certification check the parameters the statement asks for.")
				return true
			}
		}
	}
	return false
}

func slicesHasValue(xs [][3]int, v int) bool {
	for _, x := range xs {
		if x[0] == v {
			return true
		}
	}
	return false
}
