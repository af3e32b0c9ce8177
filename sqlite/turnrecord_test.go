package sqlite

import (
	"testing"

	"github.com/parleyhq/parley/turnlog"
)

// FuzzDecodeTurnRecord: a turns row's turn column, however damaged, decodes to a
// record or an error, never a panic; a record that decodes encodes and decodes again
// to the same bytes (what a fold or a replay reads back is what was stored).
func FuzzDecodeTurnRecord(f *testing.F) {
	f.Add([]byte(`{"message":{"id":"m1","text":"hi","sent_at":"2026-12-01T09:00:00Z"},"replies":[{"id":"a-1","type":"text","text":"Hello"}],"path":["idle","user_message","understanding","slot_needed","waiting_for_slot"]}`))
	f.Add([]byte(`{"message":{"id":"m2"},"replies":[],"transitions":[{"from":"a","to":"b","trigger":"t"}],"before":1}`))
	f.Add([]byte(`{"message":{"id":"m3"},"replies":null,"path":["a","t"]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		rec, err := decodeTurnRecord(b)
		if err != nil {
			return
		}
		again, err := turnlog.Encode(&rec)
		if err != nil {
			return // raw members that are not JSON cannot be written again
		}
		back, err := decodeTurnRecord(again)
		if err != nil {
			t.Fatalf("%s encodes as %s, which does not decode: %v", b, again, err)
		}
		if twice, err := turnlog.Encode(&back); err != nil || string(twice) != string(again) {
			t.Fatalf("%s: stored again as %s, then as %s (%v)", b, again, twice, err)
		}
	})
}
