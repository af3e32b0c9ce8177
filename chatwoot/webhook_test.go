package chatwoot_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/chatwoot"
	"github.com/parleyhq/parley/chatwoot/chatwoottest"
)

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	return chatwoottest.ReadFixture(t, filepath.Join("testdata", name))
}

// patch decodes body, applies edit to the generic value and encodes it again.
func patch(t *testing.T, body []byte, edit func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestFixturesMatchShared(t *testing.T) {
	// The copies under testdata must stay byte-identical to ../shared when it exists.
	shared := filepath.Join("..", "..", "shared", "fixtures")
	entries, err := os.ReadDir(shared)
	if err != nil {
		t.Skip("../shared/fixtures not present")
	}
	for _, e := range entries {
		name := e.Name()
		if filepath.Ext(name) != ".json" || len(name) < 9 || name[:9] != "chatwoot_" {
			continue
		}
		want, err := os.ReadFile(filepath.Join(shared, name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Errorf("%s not copied under testdata: %v", name, err)
			continue
		}
		if string(got) != string(want) {
			t.Errorf("testdata/%s differs from ../shared/fixtures/%s", name, name)
		}
	}
}

func TestClassify(t *testing.T) {
	created := fixture(t, "chatwoot_webhook_message_created_webwidget.json")
	pending := chatwoottest.WithStatus(t, created, chatwoot.StatusPending)
	sentAt := time.Date(2021, 7, 23, 18, 2, 48, 0, time.UTC)
	key := parley.ConversationKey{Bot: "shop", ID: "1:10"}
	v4Key := parley.ConversationKey{Bot: "shop", ID: "3:42"}

	tests := []struct {
		name string
		body []byte
		want chatwoot.Action
	}{
		{
			name: "2021 incoming message in a pending conversation is a turn",
			body: pending,
			want: chatwoot.Action{Kind: chatwoot.Turn, Key: key, Message: parley.Message{ID: "118", Text: "hi", SentAt: sentAt}},
		},
		{
			name: "v4 incoming message from a contact without sender.type is a turn",
			body: fixture(t, "v4_message_created_constructed.json"),
			want: chatwoot.Action{Kind: chatwoot.Turn, Key: v4Key, Message: parley.Message{
				ID: "901", Text: "do you have hoodies under 50?", SentAt: time.Date(2025, 6, 13, 13, 20, 52, 810_000_000, time.UTC)}},
		},
		{
			name: "fixture as captured: the conversation is open, a human owns it",
			body: created,
			want: chatwoot.Action{Kind: chatwoot.Ignore, Key: key, Reason: `conversation is "open", not pending: the bot does not own it`},
		},
		{
			name: "attachment without text",
			body: patch(t, pending, func(m map[string]any) { m["content"] = "  " }),
			want: chatwoot.Action{Kind: chatwoot.Ignore, Key: key, Reason: "message has no text"},
		},
		{
			name: "private note",
			body: patch(t, pending, func(m map[string]any) { m["private"] = true }),
			want: chatwoot.Action{Kind: chatwoot.Ignore, Key: key, Reason: "private note"},
		},
		{
			name: "outgoing message of the bot itself",
			body: patch(t, pending, func(m map[string]any) {
				m["message_type"] = "outgoing"
				m["sender"] = map[string]any{"id": 1, "name": "Parley", "type": "agent_bot"}
			}),
			want: chatwoot.Action{Kind: chatwoot.Ignore, Key: key, Reason: "message from an agent bot"},
		},
		{
			name: "outgoing message without a human sender",
			body: patch(t, pending, func(m map[string]any) { m["message_type"] = "outgoing"; delete(m, "sender") }),
			want: chatwoot.Action{Kind: chatwoot.Ignore, Key: key, Reason: "outgoing message is not from the customer"},
		},
		{
			name: "template message (the widget's email prompt)",
			body: patch(t, pending, func(m map[string]any) { m["message_type"] = "template"; m["content_type"] = "input_email" }),
			want: chatwoot.Action{Kind: chatwoot.Ignore, Key: key, Reason: "template message is not from the customer"},
		},
		{
			name: "activity message given as the API's integer",
			body: patch(t, pending, func(m map[string]any) { m["message_type"] = 2 }),
			want: chatwoot.Action{Kind: chatwoot.Ignore, Key: key, Reason: "activity message is not from the customer"},
		},
		{
			name: "a human agent replies in a pending conversation: the bot stops",
			body: patch(t, pending, func(m map[string]any) {
				m["message_type"] = "outgoing"
				m["sender"] = map[string]any{"id": 1, "name": "John", "email": "john@acme.inc", "type": "user"}
			}),
			want: chatwoot.Action{Kind: chatwoot.StopBot, Key: key, Reason: "a human agent replied"},
		},
		{
			name: "input_select answer becomes a turn with its meaning and a distinct id",
			body: fixture(t, "v4_message_updated_submitted_constructed.json"),
			want: chatwoot.Action{Kind: chatwoot.Turn, Key: v4Key, Message: parley.Message{ID: "902:submitted", Text: "Show more", Meaning: "show_more"}},
		},
		{
			name: "input_select answer with content_attributes as a JSON string",
			body: patch(t, fixture(t, "v4_message_updated_submitted_constructed.json"), func(m map[string]any) {
				m["content_attributes"] = `{"items":[{"title":"Yes","value":"confirm"}],"submitted_values":[{"title":"Yes","value":"confirm"}]}`
			}),
			want: chatwoot.Action{Kind: chatwoot.Turn, Key: v4Key, Message: parley.Message{ID: "902:submitted", Text: "Yes", Meaning: "confirm"}},
		},
		{
			name: "input_select answer after a human took over",
			body: chatwoottest.WithStatus(t, fixture(t, "v4_message_updated_submitted_constructed.json"), chatwoot.StatusOpen),
			want: chatwoot.Action{Kind: chatwoot.Ignore, Key: v4Key, Reason: `conversation is "open", not pending: the bot does not own it`},
		},
		{
			name: "2021 message_updated without submitted values",
			body: fixture(t, "chatwoot_webhook_message_updated_webwidget.json"),
			want: chatwoot.Action{Kind: chatwoot.Ignore, Key: key, Reason: "message update carries no quick-reply answer"},
		},
		{
			name: "CSAT answer (submitted_values is an object)",
			body: patch(t, fixture(t, "v4_message_updated_submitted_constructed.json"), func(m map[string]any) {
				m["content_type"] = "input_csat"
				m["content_attributes"] = map[string]any{"submitted_values": map[string]any{"csat_survey_response": map[string]any{"rating": 5}}}
			}),
			want: chatwoot.Action{Kind: chatwoot.Ignore, Key: v4Key, Reason: "message update carries no quick-reply answer"},
		},
		{
			name: "status changed to open stops the bot",
			body: fixture(t, "chatwoot_webhook_conversation_status_changed.json"),
			want: chatwoot.Action{Kind: chatwoot.StopBot, Key: key, Reason: "conversation opened: a human handles it"},
		},
		{
			name: "status changed to snoozed stops the bot",
			body: chatwoottest.WithStatus(t, fixture(t, "chatwoot_webhook_conversation_status_changed.json"), chatwoot.StatusSnoozed),
			want: chatwoot.Action{Kind: chatwoot.StopBot, Key: key, Reason: "conversation snoozed"},
		},
		{
			name: "status changed back to pending hands back to the bot",
			body: chatwoottest.WithStatus(t, fixture(t, "chatwoot_webhook_conversation_status_changed.json"), chatwoot.StatusPending),
			want: chatwoot.Action{Kind: chatwoot.Handback, Key: key, Reason: "conversation given back to the bot"},
		},
		{
			name: "conversation_opened with status open stops the bot",
			body: chatwoottest.WithStatus(t, fixture(t, "chatwoot_webhook_conversation_opened.json"), chatwoot.StatusOpen),
			want: chatwoot.Action{Kind: chatwoot.StopBot, Key: key, Reason: "conversation opened: a human handles it"},
		},
		{
			name: "2021 conversation_opened sample says pending: back to the bot",
			body: fixture(t, "chatwoot_webhook_conversation_opened.json"),
			want: chatwoot.Action{Kind: chatwoot.Handback, Key: key, Reason: "conversation given back to the bot"},
		},
		{
			name: "conversation_resolved is the handback signal whatever the body says",
			body: fixture(t, "chatwoot_webhook_conversation_resolved.json"),
			want: chatwoot.Action{Kind: chatwoot.Handback, Key: key, Reason: "conversation resolved"},
		},
		{
			name: "conversation_updated is left to the status events",
			body: patch(t, fixture(t, "chatwoot_webhook_conversation_status_changed.json"), func(m map[string]any) { m["event"] = "conversation_updated" }),
			want: chatwoot.Action{Kind: chatwoot.Ignore, Key: key, Reason: "status changes are taken from conversation_status_changed and conversation_opened/resolved"},
		},
		{
			name: "webwidget_triggered",
			body: fixture(t, "chatwoot_webhook_webwidget_triggered.json"),
			want: chatwoot.Action{Kind: chatwoot.Ignore, Reason: "widget opened: no conversation yet"},
		},
		{
			name: "unknown event",
			body: patch(t, pending, func(m map[string]any) { m["event"] = "contact_created" }),
			want: chatwoot.Action{Kind: chatwoot.Ignore, Key: key, Reason: `event "contact_created" is not handled`},
		},
		{
			name: "no account anywhere",
			body: patch(t, pending, func(m map[string]any) {
				delete(m, "account")
				m["conversation"].(map[string]any)["messages"] = []any{}
			}),
			want: chatwoot.Action{Kind: chatwoot.Ignore, Reason: "webhook names no account or conversation"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := chatwoot.ParseWebhook(tt.body)
			if err != nil {
				t.Fatalf("ParseWebhook: %v", err)
			}
			if diff := cmp.Diff(tt.want, w.Classify("shop")); diff != "" {
				t.Errorf("Classify (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseWebhookRefusesMalformed(t *testing.T) {
	tests := []struct {
		name string
		body string
	}{
		{"empty", ``},
		{"not JSON", `hello`},
		{"array", `[]`},
		{"trailing data", `{"event":"message_created"} {}`},
		{"trailing brace", `{"event":"message_created"}}`},
		{"no event", `{"id": 1}`},
		{"message without id", `{"event":"message_created","conversation":{"id":10}}`},
		{"message without conversation", `{"event":"message_created","id":5}`},
		{"conversation event without id", `{"event":"conversation_opened","status":"open"}`},
		{"wrong type for event", `{"event": 3}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := chatwoot.ParseWebhook([]byte(tt.body))
			if got := parley.ErrorCode(err); got != parley.EINVALID {
				t.Errorf("ParseWebhook(%q) code = %q (%v), want %q", tt.body, got, err, parley.EINVALID)
			}
		})
	}
}

func TestParseWebhookReadsBothNumberings(t *testing.T) {
	// Inside conversation.messages (and in API answers) message_type is an integer
	// and created_at unix seconds; a body in that form must read the same.
	body := []byte(`{"event":"message_created","id":7,"content":"hey","message_type":0,"created_at":1749820852,
		"private":false,"account":{"id":3},"conversation":{"id":42,"status":"pending"}}`)
	w, err := chatwoot.ParseWebhook(body)
	if err != nil {
		t.Fatal(err)
	}
	if w.MessageType != chatwoot.MessageIncoming || !w.CreatedAt.Equal(time.Unix(1749820852, 0)) {
		t.Errorf("MessageType %q CreatedAt %v, want incoming at 1749820852", w.MessageType, w.CreatedAt)
	}
}

func FuzzParseWebhook(f *testing.F) {
	for _, name := range []string{
		"chatwoot_webhook_message_created_webwidget.json",
		"chatwoot_webhook_message_updated_webwidget.json",
		"chatwoot_webhook_conversation_opened.json",
		"chatwoot_webhook_webwidget_triggered.json",
		"v4_message_updated_submitted_constructed.json",
	} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"event":"message_updated","id":1,"content_type":"input_select","content_attributes":{"submitted_values":[1,{"value":2}]},"conversation":{"id":1,"status":"pending","messages":[{"account_id":"4"}]}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		w, err := chatwoot.ParseWebhook(body)
		if err != nil {
			if parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("error code %q, want invalid", parley.ErrorCode(err))
			}
			return
		}
		a := w.Classify("bot")
		switch a.Kind {
		case chatwoot.Turn:
			if a.Message.ID == "" || a.Key.ID == "" {
				t.Fatalf("turn without message id or key: %+v", a)
			}
		case chatwoot.Ignore, chatwoot.StopBot, chatwoot.Handback:
		default:
			t.Fatalf("unknown action kind %q", a.Kind)
		}
	})
}
