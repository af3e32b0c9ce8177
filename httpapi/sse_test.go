package httpapi

import (
	"bufio"
	"bytes"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

func stateChanged(seq int64, from, to parley.Lifecycle) parley.Event {
	b, _ := json.Marshal(parley.StateChangedEvent{FromState: from, ToState: to, Reason: "r"})
	return parley.Event{Seq: seq, Type: parley.EventStateChanged, Data: b}
}

func TestSSEFramesAreUnnamedEnvelopesOnAPath(t *testing.T) {
	tests := []struct {
		name   string
		start  parley.Lifecycle
		after  int64
		events []parley.Event
		want   string
	}{
		{
			name:  "stored and live in order",
			start: parley.LifecycleCreated,
			events: []parley.Event{
				stateChanged(1, parley.LifecycleCreated, parley.LifecycleIdle),
				stateChanged(0, parley.LifecycleIdle, parley.LifecycleRunning),
				{Seq: 2, Type: parley.EventTurn, Data: json.RawMessage(`{"message_id":"m1","transitions":[]}`)},
				stateChanged(0, parley.LifecycleRunning, parley.LifecycleIdle),
			},
			want: "id: 1\ndata: {\"type\":\"state_changed\",\"data\":{\"from_state\":\"created\",\"to_state\":\"idle\",\"reason\":\"r\"}}\n\n" +
				"data: {\"type\":\"state_changed\",\"data\":{\"from_state\":\"idle\",\"to_state\":\"running\",\"reason\":\"r\"}}\n\n" +
				"id: 2\ndata: {\"type\":\"turn\",\"data\":{\"message_id\":\"m1\",\"transitions\":[]}}\n\n" +
				"data: {\"type\":\"state_changed\",\"data\":{\"from_state\":\"running\",\"to_state\":\"idle\",\"reason\":\"r\"}}\n\n",
		},
		{
			// Subscribed after idle -> running went out: the running -> idle that
			// follows continues nothing and is dropped; stored ones are never dropped.
			name:  "live change that does not continue the path",
			start: parley.LifecycleIdle,
			after: 4,
			events: []parley.Event{
				{Seq: 3, Type: parley.EventTurn, Data: json.RawMessage(`{}`)},
				{Seq: 5, Type: parley.EventStopped, Data: json.RawMessage("{\n\"reason\": \"x\",\n\"partial_response\": \"\"}")},
				stateChanged(0, parley.LifecycleRunning, parley.LifecycleIdle),
				stateChanged(6, parley.LifecycleIdle, parley.LifecycleCancelled),
			},
			want: "id: 5\ndata: {\"type\":\"stopped\",\"data\":{\"reason\":\"x\",\"partial_response\":\"\"}}\n\n" +
				"id: 6\ndata: {\"type\":\"state_changed\",\"data\":{\"from_state\":\"idle\",\"to_state\":\"cancelled\",\"reason\":\"r\"}}\n\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			bw := bufio.NewWriter(&buf)
			st := &sseState{after: tt.after, lifecycle: tt.start}
			for _, e := range tt.events {
				st.write(bw, e)
			}
			_ = bw.Flush()
			if diff := cmp.Diff(tt.want, buf.String()); diff != "" {
				t.Fatalf("frames (-want +got):\n%s", diff)
			}
		})
	}
}
