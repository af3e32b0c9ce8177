package flows

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"pgregory.net/rapid"
)

// TestFoldUnfoldBooking folds the states of a booking conversation and unfolds them
// from the turn records the runtime would commit: the same bytes, folded states
// without messages, trace and last_response, and a smaller head.
func TestFoldUnfoldBooking(t *testing.T) {
	e := demo(t)
	var state any = e.NewState(parley.ConversationKey{})
	var recs []parley.TurnRecord
	at := time.Date(2026, 12, 1, 9, 0, 0, 123456789, time.UTC)
	texts := []string{"I want to book a flight", "  New York  ", "Los Angeles", "2026-12-12", "", "hello"}
	for i, text := range texts {
		msg := parley.Message{ID: "m" + string(rune('0'+i)), Text: text, SentAt: at.Add(time.Duration(i) * time.Minute)}
		if text == "" {
			msg.Meaning = "confirm"
		}
		d, err := e.Decide(context.Background(), parley.Turn{State: state, Message: msg, Index: int64(i + 1)})
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, turnRecord(msg, d))
		full := d.State.(*State).AppendJSON(nil)
		folded := e.Fold(full)
		if !e.Folded(folded) || e.Folded(full) {
			t.Fatalf("turn %d: Folded(folded) = %v, Folded(full) = %v", i, e.Folded(folded), e.Folded(full))
		}
		for _, member := range []string{`"messages"`, `"trace"`, `"last_response"`} {
			if strings.Contains(string(folded), member) {
				t.Fatalf("turn %d: folded state keeps %s: %s", i, member, folded)
			}
		}
		if _, err := e.DecodeState(folded); err != nil {
			t.Fatalf("turn %d: a folded state does not decode: %v", i, err)
		}
		back, err := e.Unfold(folded, recs[max(0, len(recs)-e.FoldWindow()):])
		if err != nil || string(back) != string(full) {
			t.Fatalf("turn %d: unfold\n got %s (%v)\nwant %s", i, back, err, full)
		}
		if same, _ := e.Unfold(full, recs); string(same) != string(full) {
			t.Fatalf("turn %d: Unfold changed a whole state", i)
		}
		state = d.State
	}
}

// turnRecord is the record the runtime commits for msg's turn decided as d (empty
// lists as [], as actor/turn.go writes them).
func turnRecord(msg parley.Message, d parley.Decision) parley.TurnRecord {
	replies, _ := json.Marshal(d.Replies)
	if d.Replies == nil {
		replies = []byte(`[]`)
	}
	transitions, _ := json.Marshal(d.Transitions)
	if d.Transitions == nil {
		transitions = []byte(`[]`)
	}
	return parley.TurnRecord{Message: msg, Replies: replies, Transitions: transitions}
}

// TestFoldLeavesOtherShapesWhole: a state whose members are not where AppendJSON
// writes them is not folded, and Unfold leaves anything not folded as it is.
func TestFoldLeavesOtherShapesWhole(t *testing.T) {
	e := demo(t)
	for _, s := range []string{
		`{"conversation_state":"idle","last_nlu_call":null,"last_response":"","messages":[],"metadata":{},"trace":[]}`,
		`{"messages":[],"messages":[],"last_response":"","last_nlu_call":null,"trace":[],"metadata":{}}`,
		`{"messages":null,"last_response":"","last_nlu_call":null,"trace":[],"metadata":{}}`,
		`{"messages":[],"last_response":"","last_nlu_call":null,"trace":[]}`,
		`{"messages":[],"slots":{}}`,
		`[1,2]`, `null`, `{}`, `{"messages":[`, `"x"`, ``,
	} {
		if got := e.Fold([]byte(s)); string(got) != s {
			t.Errorf("Fold(%s) = %s", s, got)
		}
		if got, err := e.Unfold([]byte(s), nil); err != nil || string(got) != s {
			t.Errorf("Unfold(%s) = %s, %v", s, got, err)
		}
	}
	// With whitespace, a fold is made but cannot give back the same bytes: the
	// runtime's check then stores the state whole.
	spaced := `{ "messages" : [ ] , "last_response" : "" , "last_nlu_call" : null , "trace" : [ ] , "metadata" : { } }`
	if back, _ := e.Unfold(e.Fold([]byte(spaced)), nil); string(back) == spaced {
		t.Errorf("a spaced state came back as is: %s", back)
	}
}

// TestScanTransitionsMatchesUnmarshal: the direct reader of a record's transitions
// reads json.Marshal's output as encoding/json does, and refuses other forms.
func TestScanTransitionsMatchesUnmarshal(t *testing.T) {
	names := []string{"idle", "", "<&>", "é", "\u2028", "x\"y\\z", "\x01", "a b"}
	for i := range 500 {
		ts := make([]parley.Transition, i%5)
		for j := range ts {
			ts[j] = parley.Transition{From: names[(i+j)%len(names)], To: names[(i*3+j)%len(names)], Trigger: names[(i*7+j)%len(names)]}
		}
		raw, _ := json.Marshal(ts)
		for _, view := range []bool{false, true} {
			var buf [2]parley.Transition // fewer than some records have: append grows it
			got, ok := scanTransitions(buf[:0], raw, view)
			if !ok || len(got) != len(ts) {
				t.Fatalf("%s (view %v): scanned %v, %v", raw, view, got, ok)
			}
			for j := range ts {
				if got[j] != ts[j] {
					t.Fatalf("%s (view %v): transition %d = %+v, want %+v", raw, view, j, got[j], ts[j])
				}
			}
		}
	}
	for _, s := range []string{`[ ]`, `[{"to":"a","from":"b","trigger":"c"}]`, `[{"from":"a","to":"b","trigger":"c"} ]`, `[{"from":"a","to":"b","trigger":"c"}`, `{}`, ``} {
		if _, ok := scanTransitions(nil, []byte(s), false); ok {
			t.Errorf("%s: scanned", s)
		}
	}
	// The other forms are read by encoding/json, into the caller's buffer too.
	var buf [1]parley.Transition
	if got, err := transitionViews(buf[:0], json.RawMessage(`[ {"to":"b","from":"a","trigger":"c"} ]`)); err != nil || len(got) != 1 || got[0] != (parley.Transition{From: "a", To: "b", Trigger: "c"}) {
		t.Errorf("a spaced record: %v, %v", got, err)
	}
	if got, _ := replyText(json.RawMessage(`[{"id":"a-1","type":"text","text":"a \u003c \"b\""}]`)); got != `a < "b"` {
		t.Errorf("replyText = %q", got)
	}
}

// FuzzFoldUnfold: a stored state (possibly hand-written or damaged) never panics
// the fold, a state that is not folded unfolds to itself, and a folded one unfolds
// to a state that folds and unfolds to itself.
func FuzzFoldUnfold(f *testing.F) {
	f.Add([]byte(`{"messages":[],"slots":{},"current_flow":"none","conversation_state":"idle","current_step":null,"waiting_for_slot":null,"turn_count":0,"last_response":"","last_nlu_call":null,"trace":[],"metadata":{},"flow_stack":[]}`))
	f.Add([]byte(`{"slots":{},"last_nlu_call":1.5,"metadata":{"x":"\""}}`))
	f.Add([]byte(`{"a":[1,{"b":"]"}],"last_nlu_call":null,"metadata":{}}`))
	e := demo(f)
	recs := []parley.TurnRecord{{
		Message: parley.Message{ID: "m", Text: "hi", SentAt: time.Unix(1, 5)},
		Replies: json.RawMessage(`[{"id":"a-1","type":"text","text":"hello"}]`), Transitions: json.RawMessage(`[{"from":"idle","to":"understanding","trigger":"user_message"}]`),
	}}
	f.Fuzz(func(t *testing.T, data []byte) {
		folded := e.Fold(data)
		if !e.Folded(data) {
			if out, err := e.Unfold(data, recs); err != nil || string(out) != string(data) {
				t.Fatalf("Unfold changed a state that is not folded: %q -> %q, %v", data, out, err)
			}
		}
		out, err := e.Unfold(folded, recs)
		if err != nil {
			t.Fatalf("Unfold(%q): %v", folded, err)
		}
		if e.Folded(folded) {
			again, err := e.Unfold(e.Fold(out), recs)
			if err != nil || string(again) != string(out) {
				t.Fatalf("Unfold(Fold(%q)) = %q, %v", out, again, err)
			}
		}
	})
}

// foldsVocabulary drives the booking demo through its flows, corrections, cancels,
// handoffs (silent turns) and texts that need escaping.
var foldsVocabulary = []string{
	"I want to book a flight", "from New York to Los Angeles", "from Madrid", "to Barcelona",
	"tomorrow", "2026-12-12", "yes", "no", "cancel", "I want to talk to a human", "I lost my baggage",
	"cancel my booking", "BK-12345", "hello", "  spaced  ", "<b>html</b> & \"quotes\"", "change the date",
}

// foldsWhole is the full check: the state's fold unfolds from recent byte for byte.
func foldsWhole(e *Engine, st any, recent []parley.TurnRecord) bool {
	full := st.(*State).AppendJSON(nil)
	folded := e.Fold(full)
	if len(folded) == len(full) {
		return false
	}
	back, err := e.Unfold(folded, recent)
	return err == nil && string(back) == string(full)
}

// TestFoldsAfterIsTheFullCheck runs random booking conversations (with resets, which
// leave a state its records do not rebuild, and small history windows) and requires
// FoldsAfter, wherever its hypothesis holds (the state before the turn passes the
// full check), to answer what the full check answers: never a fold the records do
// not rebuild, and no state stored whole that could have been folded.
func TestFoldsAfterIsTheFullCheck(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		def, err := DemoDefinition()
		if err != nil {
			rt.Fatal(err)
		}
		e, err := New(def, Options{MaxMessages: rapid.SampledFrom([]int{1, 2, 3, 5, 20}).Draw(rt, "max_messages")})
		if err != nil {
			rt.Fatal(err)
		}
		window := func(recs []parley.TurnRecord) []parley.TurnRecord { return recs[max(0, len(recs)-e.FoldWindow()):] }
		var state any = e.NewState(parley.ConversationKey{})
		var recs []parley.TurnRecord
		var marks []byte
		consistent := foldsWhole(e, state, nil)
		at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
		for i := range rapid.IntRange(1, 60).Draw(rt, "turns") {
			if rapid.IntRange(0, 19).Draw(rt, "reset") == 0 {
				state = e.NewState(parley.ConversationKey{})
				consistent = foldsWhole(e, state, window(recs))
				continue
			}
			at = at.Add(time.Duration(rapid.IntRange(0, 600).Draw(rt, "seconds"))*time.Second + time.Duration(rapid.IntRange(0, 999).Draw(rt, "ms"))*time.Millisecond)
			msg := parley.Message{ID: "m" + strconv.Itoa(i), SentAt: at, Text: rapid.SampledFrom(foldsVocabulary).Draw(rt, "text")}
			if rapid.IntRange(0, 5).Draw(rt, "button") == 0 {
				msg.Text, msg.Meaning = "", rapid.SampledFrom([]string{"affirm", "deny", "cancel"}).Draw(rt, "meaning")
			}
			d, err := e.Decide(context.Background(), parley.Turn{State: state, Message: msg, Index: int64(i + 1)})
			if err != nil {
				rt.Fatal(err)
			}
			rec := turnRecord(msg, d)
			recs = append(recs, rec)
			marks = append(marks, e.TurnMark(&rec))
			marks = marks[max(0, len(marks)-e.FoldWindow()):]
			whole := foldsWhole(e, d.State, window(recs))
			if consistent {
				if got := e.FoldsAfter(state, d.State, &rec, marks); got != whole {
					rt.Fatalf("turn %d (%q): FoldsAfter = %v, the full check = %v", i, msg.Text, got, whole)
				}
			}
			state, consistent = d.State, whole
		}
	})
}
