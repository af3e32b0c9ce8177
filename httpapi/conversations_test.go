package httpapi

import (
	"testing"
	"time"

	"github.com/parleyhq/parley"
)

func TestCursorRoundTrip(t *testing.T) {
	tests := []parley.ConversationPosition{
		{UpdatedAt: time.Date(2026, 1, 1, 10, 0, 0, 123456000, time.UTC), ID: "c-1"},
		{UpdatedAt: time.UnixMicro(0).UTC(), ID: "id:with:colons"},
		{UpdatedAt: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), ID: ""},
	}
	for _, p := range tests {
		got, err := decodeCursor(encodeCursor(p))
		if err != nil || !got.UpdatedAt.Equal(p.UpdatedAt) || got.ID != p.ID {
			t.Errorf("round trip of %+v = %+v, %v", p, got, err)
		}
	}
}

func FuzzDecodeCursor(f *testing.F) {
	f.Add(encodeCursor(parley.ConversationPosition{UpdatedAt: time.UnixMicro(1767261600000000), ID: "c-1"}))
	f.Add("%%")
	f.Add("bm8tY29sb24")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := decodeCursor(s)
		if err != nil {
			if parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("cursor error without the invalid code: %v", err)
			}
			return
		}
		if again, err := decodeCursor(encodeCursor(*p)); err != nil || !again.UpdatedAt.Equal(p.UpdatedAt) || again.ID != p.ID {
			t.Fatalf("re-encoding %+v gave %+v, %v", p, again, err)
		}
	})
}
