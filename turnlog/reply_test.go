package turnlog

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/encodertest"
)

// TestReplyJSONCoversEveryField: the hand-written encoders write every field of the
// types they write, at every depth (a reply's cards, their actions, its options): a
// reply and a transition with no zero field encode as json.Marshal writes them, so a
// field added to Reply, Card, Option or Transition and not to reply.go fails
// here.
func TestReplyJSONCoversEveryField(t *testing.T) {
	reply := encodertest.Fill[parley.Reply](nil)
	transition := encodertest.Fill[parley.Transition](nil)
	if z := append(encodertest.Zero(reply), encodertest.Zero(transition)...); len(z) > 0 {
		t.Fatalf("not filled: %v", z)
	}
	want, _ := json.Marshal([]parley.Reply{reply})
	if got := AppendReplies(nil, []parley.Reply{reply}); !bytes.Equal(got, want) {
		t.Errorf("AppendReplies\n%s\njson.Marshal\n%s", got, want)
	}
	want, _ = json.Marshal([]parley.Transition{transition})
	if got := AppendTransitions(nil, []parley.Transition{transition}); !bytes.Equal(got, want) {
		t.Errorf("AppendTransitions\n%s\njson.Marshal\n%s", got, want)
	}
}

func TestAppendReplies(t *testing.T) {
	for _, tc := range []struct {
		name    string
		replies []parley.Reply
		want    string
	}{
		{"none", nil, `[]`},
		{"text", []parley.Reply{{ID: "a-1-1", Type: parley.ReplyText, Text: "Which city?"}}, `[{"id":"a-1-1","type":"text","text":"Which city?"}]`},
		{"escaped", []parley.Reply{{ID: "x", Type: parley.ReplyText, Text: "<b>&\"é\u2028"}}, ""},
		{"cards and options", []parley.Reply{{ID: "a", Type: "cards", Cards: []parley.Card{{ProductID: "1", Title: "T", Price: "9", Actions: []parley.Option{{Title: "Buy", URL: "u"}}}, {ProductID: "2"}},
			Options: []parley.Option{{Title: "More", Meaning: "more"}}}}, ""},
		{"empty slices", []parley.Reply{{Cards: []parley.Card{}, Options: []parley.Option{}}}, `[{"id":"","type":""}]`},
	} {
		got := AppendReplies(nil, tc.replies)
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

func TestAppendTransitions(t *testing.T) {
	for _, ts := range [][]parley.Transition{nil, {{From: "idle", To: "understanding", Trigger: "user_message"}}, {{From: "<", To: "\x00", Trigger: "\xff"}, {}}} {
		want, _ := json.Marshal(orEmpty(ts))
		if got := AppendTransitions(nil, ts); !bytes.Equal(got, want) {
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
		card := parley.Card{ProductID: product, Title: title, Description: desc, Price: price, Currency: meaning, ImageURL: url, URL: text}
		if shape&1 != 0 {
			card.Actions = []parley.Option{{Title: opt, Meaning: meaning, URL: url}, {}}
		}
		r := parley.Reply{ID: id, Type: parley.ReplyType(typ), Text: text}
		if shape&2 != 0 {
			r.Cards = []parley.Card{card, {ProductID: desc}}
		}
		if shape&4 != 0 {
			r.Options = []parley.Option{{Title: title, URL: text}}
		}
		replies := []parley.Reply{r}
		if shape&8 != 0 {
			replies = append(replies, parley.Reply{Text: opt})
		}
		want, err := json.Marshal(replies)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendReplies(nil, replies); !bytes.Equal(got, want) {
			t.Fatalf("replies: got %s, json.Marshal gives %s", got, want)
		}
		ts := []parley.Transition{{From: id, To: typ, Trigger: text}, {From: title, To: url, Trigger: meaning}}
		want, _ = json.Marshal(ts[:shape%3])
		if got := AppendTransitions(nil, ts[:shape%3]); !bytes.Equal(got, want) {
			t.Fatalf("transitions: got %s, json.Marshal gives %s", got, want)
		}
	})
}

// FuzzStateChangedDataIsMarshal: a state_changed event's data is what json.Marshal
// writes of a parley.StateChangedEvent, whatever the reason says (an engine's error
// text, HTML characters, invalid UTF-8).
func FuzzStateChangedDataIsMarshal(f *testing.F) {
	f.Add("idle", "running", ReasonTurnStarts)
	f.Add("running", "error", ReasonTurnFailed+`: <b>"bad"</b> & \ `+"\u2028\xff")
	f.Fuzz(func(t *testing.T, from, to, reason string) {
		want, err := json.Marshal(parley.StateChangedEvent{FromState: parley.Lifecycle(from), ToState: parley.Lifecycle(to), Reason: reason})
		if err != nil {
			t.Fatal(err)
		}
		if got := StateChangedData(parley.Lifecycle(from), parley.Lifecycle(to), reason); !bytes.Equal(got, want) {
			t.Errorf("StateChangedData = %s, json.Marshal = %s", got, want)
		}
	})
}
