package httpapi

import (
	"reflect"
	"testing"
)

// turnBodies are bodies of POST .../messages: the ones readTurn reads itself, and
// the ones it leaves to decodeStrict (fast false), accepted or refused there.
var turnBodies = []struct {
	body string
	fast bool
}{
	{`{"id":"m1","text":"New York","sent_at":"2026-12-01T09:00:01Z"}`, true},
	{` { "id" : "m1" , "text" : "Zürich ✈" , "meaning" : "/book" } ` + "\n", true},
	{`{"id":"m1","sent_at":"2026-12-01T10:00:01+01:00"}`, true},
	{`{}`, true},
	{`{"id":"","text":""}`, true},
	{`{"id":"m1","text":"say \"hi\""}`, false},
	{`{"id":"m1","text":"two\nlines"}`, false},
	{`{"id":"m1","ID":"m2"}`, false},
	{`{"id":"m1","id":"m2"}`, false},
	{`{"Id":"m1"}`, false},
	{`{"id":"m1","meaning":null}`, false},
	{`{"id":"m1","nlu":{"intent":"book"}}`, false},
	{`{"id":"m1","sent_at":"yesterday"}`, false},
	{`{"id":"m1","text":1}`, false},
	{`{"id":"m1","extra":"x"}`, false},
	{`{"id":"m1"}}`, false},
	{`{"id":"m1"} {}`, false},
	{`{"id":"m1",}`, false},
	{`{"id":"m1"`, false},
	{"{\"id\":\"m\xff\"}", false},
	{``, false},
	{`[]`, false},
}

// TestReadTurnReadsTheCommonBody: readTurn answers the bodies clients send, and
// what it reads is what decodeStrict reads.
func TestReadTurnReadsTheCommonBody(t *testing.T) {
	for _, tt := range turnBodies {
		var fast TurnRequest
		if got := readTurn([]byte(tt.body), &fast); got != tt.fast {
			t.Errorf("readTurn(%s) = %v, want %v", tt.body, got, tt.fast)
			continue
		}
		if tt.fast {
			checkSameTurn(t, []byte(tt.body), fast)
		}
	}
}

// FuzzReadTurnIsDecodeStrict: wherever readTurn answers, decodeStrict accepts the
// body and reads the same request.
func FuzzReadTurnIsDecodeStrict(f *testing.F) {
	for _, tt := range turnBodies {
		f.Add([]byte(tt.body))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var fast TurnRequest
		if readTurn(b, &fast) {
			checkSameTurn(t, b, fast)
		}
	})
}

// checkSameTurn fails unless decodeStrict reads b as fast.
func checkSameTurn(t *testing.T, b []byte, fast TurnRequest) {
	t.Helper()
	var slow TurnRequest
	if err := decodeStrict(b, &slow); err != nil {
		t.Fatalf("readTurn read %q, decodeStrict refused it: %v", b, err)
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("%q: readTurn read %+v, decodeStrict %+v", b, fast, slow)
	}
}
