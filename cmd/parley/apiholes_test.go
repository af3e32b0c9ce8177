package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

// TestAResumeFromPastTheLogStreamsFromNow: a client whose Last-Event-ID is past
// the end of the stored log (its server's store was restored from an older backup)
// gets the turns committed from then on, ids and all, instead of 200 and silence.
func TestAResumeFromPastTheLogStreamsFromNow(t *testing.T) {
	base, _ := testServer(t)
	conv := base + "/v1/bots/booking/conversations/restored"
	if code, b, _ := post(t, conv+"/messages", `{"id":"m1","text":"hello"}`); code != http.StatusOK {
		t.Fatalf("first turn: %d %s", code, b)
	}
	stream := openStream(t, conv+"/events", "1000")
	if code, b, _ := post(t, conv+"/messages", `{"id":"m2","text":"I want to book a flight"}`); code != http.StatusOK {
		t.Fatalf("second turn: %d %s", code, b)
	}
	frames := readFrames(t, stream, 3)
	if diff := cmp.Diff([]string{"idle->running", "turn", "running->idle"}, describeFrames(frames)); diff != "" {
		t.Fatalf("frames after a Last-Event-ID past the log (-want +got):\n%s", diff)
	}
	if frames[2].id == "" || frames[2].id == "1000" {
		t.Fatalf("the stored frame has id %q, want its seq", frames[2].id)
	}
}

// TestMessageTextMustBeUTF8: a message whose text is not UTF-8 (a Latin-1 byte,
// half a surrogate pair escaped) is refused with 400 and changes nothing, where
// it used to be read with U+FFFD in its place, so that two different bodies under
// one id replayed as one.
func TestMessageTextMustBeUTF8(t *testing.T) {
	base, _ := testServer(t)
	conv := base + "/v1/bots/booking/conversations/utf8"
	for _, body := range []string{"{\"id\":\"m1\",\"text\":\"caf\xe9\"}", `{"id":"m1","text":"caf\ud800"}`} {
		code, b, _ := post(t, conv+"/messages", body)
		wantError(t, fmt.Sprintf("body %q", body), code, b, http.StatusBadRequest, parley.EINVALID)
	}
	if code, b := get(t, conv); code != http.StatusNotFound {
		t.Fatalf("a refused message changed the conversation: %d %s", code, b)
	}
	if code, b, _ := post(t, conv+"/messages", `{"id":"m1","text":"café"}`); code != http.StatusOK {
		t.Fatalf("the same id in UTF-8: %d %s", code, b)
	}
}

// TestARefusedVisitorMessageSpendsNoAllowance: a visitor's message refused for
// what it carries (a sent_at, a body that is not UTF-8) does not count against the
// address's allowance of messages: only accepted ones do.
func TestARefusedVisitorMessageSpendsNoAllowance(t *testing.T) {
	base := widgetServer(t, "messages_per_minute: 2", "")
	var s httpSession
	code, b, _ := send(t, "POST", base+"/v1/bots/shop/sessions", "", map[string]string{"Origin": shopOrigin, "Content-Type": "application/json"})
	if code != http.StatusCreated || json.Unmarshal(b, &s) != nil {
		t.Fatalf("session: %d %s", code, b)
	}
	conv := base + "/v1/bots/shop/conversations/" + s.ConversationID + "/messages"
	hdrs := visitorHeaders(s.Token)
	code, b, _ = send(t, "POST", conv, `{"id":"x1","text":"hi","sent_at":"2026-01-01T00:00:00Z"}`, hdrs)
	wantError(t, "a visitor's message with sent_at", code, b, http.StatusForbidden, parley.EFORBIDDEN)
	code, b, _ = send(t, "POST", conv, "{\"id\":\"x2\",\"text\":\"caf\xe9\"}", hdrs)
	wantError(t, "a visitor's message not in UTF-8", code, b, http.StatusBadRequest, parley.EINVALID)
	for i := range 2 {
		if code, b, _ := send(t, "POST", conv, fmt.Sprintf(`{"id":"ok%d","text":"hi"}`, i), hdrs); code != http.StatusOK {
			t.Fatalf("accepted message %d after two refused ones: %d %s", i+1, code, b)
		}
	}
	code, b, _ = send(t, "POST", conv, `{"id":"ok9","text":"hi"}`, hdrs)
	wantError(t, "the third accepted message in a minute", code, b, http.StatusTooManyRequests, parley.ERATELIMITED)
	if !strings.Contains(string(b), "try again") {
		t.Errorf("429 without the wait: %s", b)
	}
}
