package nlu

import (
	"slices"
	"testing"
)

// TestIndexedDeletesAreForDeletes checks that forIndexedDeletes gives, in order,
// the variants of forDeletes whose hash is in the set: all of them when the set
// holds every variant's hash, and the matching ones of a set built from others.
func TestIndexedDeletesAreForDeletes(t *testing.T) {
	queries := []string{"", "a", "ab", "book a flight", "philadelfia", "münchen", "d’accord", "\xff\xfe ok",
		"i want to book a flight from new york to los angeles on friday", "ﻻ موظف", "aaaa", "x\u2028y"}
	for _, q := range queries {
		for n := 0; n <= MaxFuzzyDistance; n++ {
			var all []string
			forDeletes(nil, q, n, func(v []byte) { all = append(all, string(v)) })
			bits := newVariantBits(len(all))
			for _, v := range all {
				bits.add(variantHash([]byte(v)))
			}
			var got []string
			forIndexedDeletes(nil, q, n, bits, func(v []byte) { got = append(got, string(v)) })
			if !slices.Equal(got, all) {
				t.Errorf("%q n=%d: got %d variants %q, want %q", q, n, len(got), got, all)
			}
			// A set of some variants only: the hash must pick exactly those (or
			// a colliding few more), never fewer.
			some := newVariantBits(1)
			var want []string
			for i, v := range all {
				if i%3 == 0 {
					some.add(variantHash([]byte(v)))
				}
			}
			for _, v := range all {
				if some.has(variantHash([]byte(v))) {
					want = append(want, v)
				}
			}
			got = got[:0]
			forIndexedDeletes(nil, q, n, some, func(v []byte) { got = append(got, string(v)) })
			if !slices.Equal(got, want) {
				t.Errorf("%q n=%d (subset): got %q, want %q", q, n, got, want)
			}
		}
	}
}
