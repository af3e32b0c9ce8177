package parley

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/parleyhq/parley/internal/encodertest"
)

// TestReplyJSONCoversEveryField: the hand-written encoders write every field of the
// types they write, at every depth (a reply's cards, their actions, its options): a
// reply and a transition with no zero field encode as json.Marshal writes them, so a
// field added to Reply, Card, Option or Transition and not to reply_json.go fails
// here.
func TestReplyJSONCoversEveryField(t *testing.T) {
	reply := encodertest.Fill[Reply](nil)
	transition := encodertest.Fill[Transition](nil)
	if z := append(encodertest.Zero(reply), encodertest.Zero(transition)...); len(z) > 0 {
		t.Fatalf("not filled: %v", z)
	}
	want, _ := json.Marshal([]Reply{reply})
	if got := AppendRepliesJSON(nil, []Reply{reply}); !bytes.Equal(got, want) {
		t.Errorf("AppendRepliesJSON\n%s\njson.Marshal\n%s", got, want)
	}
	want, _ = json.Marshal([]Transition{transition})
	if got := AppendTransitionsJSON(nil, []Transition{transition}); !bytes.Equal(got, want) {
		t.Errorf("AppendTransitionsJSON\n%s\njson.Marshal\n%s", got, want)
	}
}

func TestAppendRepliesJSON(t *testing.T) {
	for _, tc := range []struct {
		name    string
		replies []Reply
		want    string
	}{
		{"none", nil, `[]`},
		{"text", []Reply{{ID: "a-1-1", Type: ReplyText, Text: "Which city?"}}, `[{"id":"a-1-1","type":"text","text":"Which city?"}]`},
		{"escaped", []Reply{{ID: "x", Type: ReplyText, Text: "<b>&\"é\u2028"}}, ""},
		{"cards and options", []Reply{{ID: "a", Type: "cards", Cards: []Card{{ProductID: "1", Title: "T", Price: "9", Actions: []Option{{Title: "Buy", URL: "u"}}}, {ProductID: "2"}},
			Options: []Option{{Title: "More", Meaning: "more"}}}}, ""},
		{"empty slices", []Reply{{Cards: []Card{}, Options: []Option{}}}, `[{"id":"","type":""}]`},
	} {
		got := AppendRepliesJSON(nil, tc.replies)
		want, err := json.Marshal(orEmpty(tc.replies))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: got %s, json.Marshal gives %s", tc.name, got, want)
		}
		if tc.want != "" && string(got) != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.want)
		}
	}
}

func TestAppendTransitionsJSON(t *testing.T) {
	for _, ts := range [][]Transition{nil, {{From: "idle", To: "understanding", Trigger: "user_message"}}, {{From: "<", To: "\x00", Trigger: "\xff"}, {}}} {
		want, _ := json.Marshal(orEmpty(ts))
		if got := AppendTransitionsJSON(nil, ts); !bytes.Equal(got, want) {
			t.Errorf("got %s, json.Marshal gives %s", got, want)
		}
	}
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// FuzzAppendRepliesIsMarshal: the encoders write what json.Marshal writes, for any
// strings (invalid UTF-8, HTML characters, U+2028 included) and any mix of members.
func FuzzAppendRepliesIsMarshal(f *testing.F) {
	f.Add("a-1-1", "text", "hello", "p1", "Title", "", "9.99", "opt", "go", "https://x", uint8(0xff))
	f.Add("", "", "<&>\"\\\u2028\xff", "", "", "d", "", "", "", "", uint8(0x15))
	f.Fuzz(func(t *testing.T, id, typ, text, product, title, desc, price, opt, meaning, url string, shape uint8) {
		card := Card{ProductID: product, Title: title, Description: desc, Price: price, Currency: meaning, ImageURL: url, URL: text}
		if shape&1 != 0 {
			card.Actions = []Option{{Title: opt, Meaning: meaning, URL: url}, {}}
		}
		r := Reply{ID: id, Type: ReplyType(typ), Text: text}
		if shape&2 != 0 {
			r.Cards = []Card{card, {ProductID: desc}}
		}
		if shape&4 != 0 {
			r.Options = []Option{{Title: title, URL: text}}
		}
		replies := []Reply{r}
		if shape&8 != 0 {
			replies = append(replies, Reply{Text: opt})
		}
		want, err := json.Marshal(replies)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendRepliesJSON(nil, replies); !bytes.Equal(got, want) {
			t.Fatalf("replies: got %s, json.Marshal gives %s", got, want)
		}
		ts := []Transition{{From: id, To: typ, Trigger: text}, {From: title, To: url, Trigger: meaning}}
		want, _ = json.Marshal(ts[:shape%3])
		if got := AppendTransitionsJSON(nil, ts[:shape%3]); !bytes.Equal(got, want) {
			t.Fatalf("transitions: got %s, json.Marshal gives %s", got, want)
		}
	})
}
