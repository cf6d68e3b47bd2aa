package copycheck

// The parts of the index that the benchmarks in package copycheck_test time on their own.

// ShardText is the normalised text of shard k.
func (x *Index) ShardText(k int) []byte { return x.shards[k].text }

// ExactRuns finds the maximal exact runs of at least minLen characters in a normalised body, as
// stage 1 does, and counts them.
func (x *Index) ExactRuns(body []byte, minLen int) int { return len(x.exactRuns(body, minLen)) }

// BuildSuffixArray sorts the suffixes of text into sa (SA-IS).
func BuildSuffixArray(text []byte, sa []int32) { buildSuffixArray(text, sa) }

// Token is a word of normalised text with its hash.
type Token = token

// Tokens are the words of text[from:to].
func Tokens(text []byte, from, to int) []Token {
	return appendTokens(nil, text, from, to, func(int) uint32 { return 0 })
}

// Signature is a MinHash signature.
type Signature = [numHashes]uint32

// Sign computes the MinHash signature of the word 5-grams of toks into sig.
func Sign(toks []Token, sig *Signature) { signature(toks, sig) }
