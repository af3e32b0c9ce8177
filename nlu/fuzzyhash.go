package nlu

// A query's deletion variants are looked up in a Fuzzy index's map, and most of
// them are not there: each lookup hashes the variant written out. The index also
// keeps a bit set of its variants' polynomial hashes, and the query's variants
// are hashed from the query's prefix hashes without being written out; only a
// variant whose bit is set is written and looked up. A variant of the index has
// its bit set, so no match is ever skipped: the set only spares lookups.

// hashBase is the polynomial hash's multiplier (arithmetic modulo 2^64).
const hashBase = 1099511628211

// variantHash is the polynomial hash of b: b[0]*B^(n-1) + ... + b[n-1].
func variantHash(b []byte) uint64 {
	var h uint64
	for _, c := range b {
		h = h*hashBase + uint64(c)
	}
	return h
}

// variantBits is a bit set of hashes, indexed by the top bits of the hash
// times an odd constant.
type variantBits struct {
	words []uint64
	shift uint // 64 - log2(bits)
}

// newVariantBits is a set sized for n hashes (about 16 bits each, at most 2^22).
func newVariantBits(n int) variantBits {
	size, shift := 64, uint(64-6)
	for size < 16*n && size < 1<<22 {
		size <<= 1
		shift--
	}
	return variantBits{make([]uint64, size/64), shift}
}

func (v variantBits) index(h uint64) uint64 { return (h * 0x9E3779B97F4A7C15) >> v.shift }

func (v variantBits) add(h uint64) {
	i := v.index(h)
	v.words[i/64] |= 1 << (i % 64)
}

func (v variantBits) has(h uint64) bool {
	i := v.index(h)
	return v.words[i/64]&(1<<(i%64)) != 0
}

// forIndexedDeletes calls fn as forDeletes(buf, s, n, fn) does, in the same
// order, but only with the variants whose hash is in bits.
func forIndexedDeletes(buf []byte, s string, n int, bits variantBits, fn func([]byte)) []byte {
	forIndexedDeleteSpans(s, n, bits, func(a1, b1, a2, b2 int) {
		buf = appendVariant(buf[:0], s, a1, b1, a2, b2)
		fn(buf)
	})
	return buf
}

// appendVariant appends s without its bytes [a1, b1) and [a2, b2) (a1 <= b1 <=
// a2 <= b2): one of the variants forIndexedDeleteSpans names.
func appendVariant(dst []byte, s string, a1, b1, a2, b2 int) []byte {
	dst = append(dst, s[:a1]...)
	dst = append(dst, s[b1:a2]...)
	return append(dst, s[b2:]...)
}

// forIndexedDeleteSpans is forIndexedDeletes naming each variant by the bytes it
// leaves out (appendVariant writes it) instead of writing it: a caller that
// writes it into its own stack buffer keeps that buffer off the heap, which a
// []byte handed to an unknown function is not. The hash of s without its runes i
// and j is that of s[:start(i)] + s[end(i):start(j)], kept as j moves on, times
// B^len(tail) plus the tail's.
func forIndexedDeleteSpans(s string, n int, bits variantBits, fn func(a1, b1, a2, b2 int)) {
	var preBuf, powBuf [65]uint64
	pre, pow := prefixHashes(s, preBuf[:0], powBuf[:0])
	end := len(s)
	if bits.has(pre[end]) {
		fn(0, 0, 0, 0)
	}
	if n == 0 || s == "" {
		return
	}
	var startsBuf [65]int
	starts := runeStarts(s, startsBuf[:0])
	runes := len(starts) - 1
	for i := range runes {
		a1, b1 := starts[i], starts[i+1]
		if bits.has(pre[a1]*pow[end-b1] + pre[end] - pre[b1]*pow[end-b1]) {
			fn(a1, b1, end, end)
		}
		if n < 2 {
			continue
		}
		head := pre[a1] // the hash of s[:a1] + s[b1:a2]
		for j := i + 1; j < runes; j++ {
			a2, b2 := starts[j], starts[j+1]
			if j > i+1 {
				p := starts[j-1]
				head = head*pow[a2-p] + pre[a2] - pre[p]*pow[a2-p]
			}
			if !bits.has(head*pow[end-b2] + pre[end] - pre[b2]*pow[end-b2]) {
				continue
			}
			fn(a1, b1, a2, b2)
		}
	}
}

// prefixHashes returns pre (pre[i]: the hash of s[:i]) and pow (pow[i]: B^i),
// appended to the given slices.
func prefixHashes(s string, pre, pow []uint64) ([]uint64, []uint64) {
	pre = append(pre[:0], 0)
	pow = append(pow[:0], 1)
	for i := 0; i < len(s); i++ {
		pre = append(pre, pre[i]*hashBase+uint64(s[i]))
		pow = append(pow, pow[i]*hashBase)
	}
	return pre, pow
}
