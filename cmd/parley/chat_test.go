package main

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
)

// chatScript drives `parley chat` through standard input and returns what it printed.
func chatScript(t *testing.T, script string, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := runIO(context.Background(), append([]string{"chat"}, args...), strings.NewReader(script), &out, &errOut)
	if errOut.Len() > 0 {
		t.Logf("stderr: %s", errOut.String())
	}
	return out.String(), err
}

// TestChatEveryDemoBot holds a conversation with each demo bot through `parley chat`,
// in process and against `parley serve` (with an API token), and checks what the
// terminal shows: replies as text, cards numbered (a number clicks the card's
// action), quick replies numbered, /state, /reset and /quit.
func TestChatEveryDemoBot(t *testing.T) {
	const token = "chat-admin-token-0123456789"
	t.Setenv("TEST_CHAT_TOKEN", token)
	base, _ := testServer(t, "-config", demoBotsConfig(t, `auth:
  tokens:
    - {name: ops, token: "${TEST_CHAT_TOKEN}", scopes: [admin]}`))
	tests := []struct {
		bot    string
		script string
		want   []string // regular expressions, in the order they must appear
	}{
		{"shop", "show me hoodies\n1\nwakha\n/state\n/reset\n/state\n/quit\nnever sent\n", []string{
			`you> show me hoodies\n`,
			`\[1\] Hoodie[^\n]* - \d+\.\d\d USD \(Add to cart\)\n\s+https://`,
			`\[2\] Hoodie`,
			`you> 1\nbot> Add Hoodie[^\n]*\?\n\s+\[1\] Yes\n\s+\[2\] No\n`,
			`you> wakha\nbot> [^\n]*add-to-cart=`,
			`-- lifecycle idle, version \d+, state:\n\{\n  "conversation_state": \{\n    "state": "idle"`,
			`-- reset: the engine state starts over\n`,
			`"shown_product_ids": \[\]`,
		}},
		{"booking", "I want to book a flight\nfrom Boston to Denver\ntomorrow\n2\n/state\n", []string{
			`bot> Where would you like to fly from\?`,
			`bot> When would you like to depart\?`,
			`bot> Book Boston -> Denver on \d{4}-\d\d-\d\d\?\n\s+\[1\] Yes\n\s+\[2\] No\n`,
			`you> 2\nbot> OK, I won.t go ahead\.`,
			`"conversation_state": "idle"`,
			`"last_outcome": "cancelled"`,
		}},
		{"coach", "hi\nit has been rough, stuck on bench\n/reset\nhello\n/state\n", []string{
			`you> hi\nbot> Welcome to Coach!`,
			`you> it has been rough, stuck on bench\nbot> Thanks for sharing\.`,
			`-- reset: the engine state starts over\nyou> hello\nbot> Welcome to Coach!`,
			`"status": "active"`,
		}},
	}
	for _, tt := range tests {
		for _, where := range []string{"in process", "server"} {
			t.Run(tt.bot+" "+where, func(t *testing.T) {
				var args []string
				if where == "server" {
					args = []string{"-server", base, "-token", token}
				}
				out, err := chatScript(t, tt.script, append(args, tt.bot)...)
				if err != nil {
					t.Fatalf("parley chat: %v\n%s", err, out)
				}
				rest := out
				for _, w := range tt.want {
					loc := regexp.MustCompile(w).FindStringIndex(rest)
					if loc == nil {
						t.Fatalf("no %q in what follows:\n%s\n\nwhole output:\n%s", w, rest, out)
					}
					rest = rest[loc[1]:]
				}
				if strings.Contains(out, "never sent") {
					t.Errorf("a line after /quit was read:\n%s", out)
				}
			})
		}
	}
}

// TestChatErrors checks that a failing line is reported and the chat goes on, that a
// scripted chat with a failure exits 1, that an unknown bot stops it at once, and
// that the server's refusals (no token, a client token resetting) are said plainly.
func TestChatErrors(t *testing.T) {
	out, err := chatScript(t, "/bogus\nhi\n", "coach")
	if code, ok := err.(exitError); !ok || code != 1 {
		t.Errorf("exit %v, want 1", err)
	}
	if !strings.Contains(out, "error: invalid: unknown command /bogus") || !strings.Contains(out, "bot> Welcome to Coach!") {
		t.Errorf("output:\n%s", out)
	}

	if _, err := chatScript(t, "hi\n", "nobot"); err == nil || !strings.Contains(errText(err), `unknown bot "nobot"`) {
		t.Errorf("unknown bot: %v", err)
	}

	out, err = chatScript(t, "/state\n/reset\n", "shop")
	if err != nil || !strings.Contains(out, "-- no state yet") || !strings.Contains(out, "-- nothing to reset") {
		t.Errorf("before the first message: %v\n%s", err, out)
	}

	const client = "chat-client-token-0123456789"
	t.Setenv("TEST_CHAT_CLIENT", client)
	base, _ := testServer(t, "-config", demoBotsConfig(t, `auth:
  tokens:
    - {name: widget, token: "${TEST_CHAT_CLIENT}", scopes: [client]}`))
	out, _ = chatScript(t, "hi\n", "-server", base, "-token", "", "coach")
	if !strings.Contains(out, "error: unauthorized:") {
		t.Errorf("no token:\n%s", out)
	}
	out, _ = chatScript(t, "hi\n/reset\n", "-server", base, "-token", client, "coach")
	if !strings.Contains(out, "bot> Welcome to Coach!") || !strings.Contains(out, "error: forbidden:") {
		t.Errorf("client token:\n%s", out)
	}
}

// TestChatContinuesAKeptConversation chats on a SQLite file, then continues the same
// conversation in a second run.
func TestChatContinuesAKeptConversation(t *testing.T) {
	db := t.TempDir() + "/chat.db"
	if out, err := chatScript(t, "I want to book a flight\n", "-db", db, "-conversation", "kept", "booking"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	out, err := chatScript(t, "from Boston to Denver\n", "-db", db, "-conversation", "kept", "booking")
	if err != nil || !strings.Contains(out, "bot> When would you like to depart?") {
		t.Fatalf("the second run did not continue the conversation: %v\n%s", err, out)
	}
}
