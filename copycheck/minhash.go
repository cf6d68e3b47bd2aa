package copycheck

import "math/bits"

// Stage 2 parameters. They shape the on-disk index, so changing one means rebuilding it; a
// shard records the values it was built with.
const (
	shingleWords = 5 // word 5-grams
	hashBits     = 7
	numHashes    = 1 << hashBits // MinHash values per signature
	bandRows     = 4             // values per LSH band
	numBands     = numHashes / bandRows
	chunkWords   = 80 // a long paragraph is indexed in chunks of at most this many words

	// A chunk of fewer than shortWords tokens (a statement, an item of a list) is signed with
	// word 3-grams: it has so few 5-grams that one changed word in twenty takes its 5-gram
	// Jaccard down to 0.5 and its estimate, from a handful of filled bins, below (CALIBRATION.md).
	shortShingleWords = 3
	shortWords        = 40
)

// shingleOf is the shingle of a chunk of n tokens.
func shingleOf(n int) int {
	if n < shortWords {
		return shortShingleWords
	}
	return shingleWords
}

// token is a word of normalised text, or a formula standing for its shape.
type token struct {
	Hash       uint64
	Start, End int32 // in the normalised text
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c >= 0x80 || 'A' <= c && c <= 'Z'
}

// appendTokens splits text[start:end] into tokens. shape returns the shape of the k-th formula
// of the range; formulas count as words, so a renamed variable leaves the token unchanged while
// a different formula changes it.
func appendTokens(dst []token, text []byte, start, end int, shape func(k int) uint32) []token {
	k := 0
	for i := start; i < end; {
		c := text[i]
		switch {
		case c == Placeholder:
			dst = append(dst, token{Hash: mix64(uint64(shape(k)) | 1<<40), Start: int32(i), End: int32(i + 1)})
			k++
			i++
		case isWordByte(c):
			j := i
			h := uint64(14695981039346656037)
			for j < end && isWordByte(text[j]) {
				h = (h ^ uint64(text[j])) * 1099511628211
				j++
			}
			dst = append(dst, token{Hash: mix64(h), Start: int32(i), End: int32(j)})
			i = j
		default:
			i++
		}
	}
	return dst
}

// mix64 is the splitmix64 finaliser: a cheap, well-spread 64-bit hash.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// signatureOf computes the MinHash signature of the word k-grams of toks into sig, by
// one-permutation hashing with optimal densification (Shrivastava, ICML 2017): each shingle's
// hash picks one of numHashes bins by its top bits and competes there with its low bits; an empty
// bin borrows the value of the first non-empty bin of its own pseudo-random probe sequence. The
// estimator of Jaccard similarity stays unbiased, and a signature costs one hash per shingle
// instead of numHashes. It returns false when toks has fewer words than a shingle.
func signatureOf(toks []token, k int, sig *[numHashes]uint32) bool {
	if len(toks) < k {
		return false
	}
	for i := range sig {
		sig[i] = ^uint32(0)
	}
	var filled [numHashes / 64]uint64
	for i := 0; i+k <= len(toks); i++ {
		x := toks[i].Hash
		for _, t := range toks[i+1 : i+k] {
			x = mix64(x ^ bits.RotateLeft64(t.Hash, 17))
		}
		bin := x >> (64 - hashBits)
		v := uint32(x)
		if v < sig[bin] {
			sig[bin] = v
		}
		filled[bin>>6] |= 1 << (bin & 63)
	}
	for j := range sig {
		if filled[j>>6]&(1<<(j&63)) != 0 {
			continue
		}
		found := false
		for _, h := range &probeTable[j] {
			if filled[h>>6]&(1<<(h&63)) != 0 {
				sig[j] = sig[h]
				found = true
				break
			}
		}
		for attempt := uint64(len(probeTable[j]) + 1); !found; attempt++ {
			h := mix64(uint64(j)<<32|attempt) >> (64 - hashBits)
			if filled[h>>6]&(1<<(h&63)) != 0 {
				sig[j] = sig[h]
				found = true
			}
		}
	}
	return true
}

// probeTable holds the first probes of each bin's densification sequence, which depend on the
// bin alone: probeTable[j][a-1] is the bin that attempt a of bin j looks at.
var probeTable = func() (t [numHashes][probeDepth]uint8) {
	for j := range t {
		for a := range t[j] {
			t[j][a] = uint8(mix64(uint64(j)<<32|uint64(a+1)) >> (64 - hashBits))
		}
	}
	return t
}()

// probeDepth is how many probes per bin probeTable keeps; later ones are computed.
const probeDepth = 16

// bandKeyOf is the LSH key of band b of a signature of k-grams: the bands of 3-gram and of
// 5-gram signatures never share a key, so a lookup finds only chunks signed the same way.
func bandKeyOf(sig *[numHashes]uint32, b, k int) uint32 {
	x := uint64(b) * 0x9e3779b97f4a7c15
	if k != shingleWords {
		x ^= uint64(k) << 56
	}
	for _, v := range sig[b*bandRows : (b+1)*bandRows] {
		x = mix64(x ^ uint64(v))
	}
	return uint32(x >> 32)
}

// similarity estimates the Jaccard similarity of two signatures from the share of equal values.
func similarity(a *[numHashes]uint32, b []uint16) float64 {
	eq := 0
	for i, v := range b {
		if uint16(a[i]) == v {
			eq++
		}
	}
	return float64(eq) / numHashes
}

// alignment compares two token sequences: the longest block of words they share in the same
// order without a gap, and ROUGE-L, the F-measure of their longest common subsequence.
func alignment(a, b []token) (block int, rougeL float64) {
	if len(a) == 0 || len(b) == 0 {
		return 0, 0
	}
	prevRun := make([]int32, len(b)+1)
	run := make([]int32, len(b)+1)
	prevLCS := make([]int32, len(b)+1)
	lcs := make([]int32, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i].Hash == b[j].Hash {
				run[j+1] = prevRun[j] + 1
				if int(run[j+1]) > block {
					block = int(run[j+1])
				}
				lcs[j+1] = prevLCS[j] + 1
			} else {
				run[j+1] = 0
				lcs[j+1] = max(lcs[j], prevLCS[j+1])
			}
		}
		prevRun, run = run, prevRun
		prevLCS, lcs = lcs, prevLCS
	}
	l := float64(prevLCS[len(b)])
	if l == 0 {
		return block, 0
	}
	p, r := l/float64(len(a)), l/float64(len(b))
	return block, 2 * p * r / (p + r)
}

// chunkBounds splits n tokens into pieces of at most chunkWords of nearly equal size.
func chunkBounds(n int) []int {
	pieces := (n + chunkWords - 1) / chunkWords
	if pieces <= 1 {
		return []int{0, n}
	}
	b := make([]int, pieces+1)
	for i := range b {
		b[i] = i * n / pieces
	}
	return b
}
