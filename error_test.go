package parley

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestErrorMessageKeepsForeignCausesOut(t *testing.T) {
	dial := errors.New(`failed to connect to user=parley database=prod host=10.0.0.7: dial tcp: connection refused`)
	tests := []struct {
		name         string
		err          error
		message      string
		detail       string
		code         string
		notInMessage string
	}{
		{"nil", nil, "", "", "", ""},
		{"foreign error alone", dial, "internal error", dial.Error(), EINTERNAL, "10.0.0.7"},
		{"foreign cause under a parley error",
			WrapError(EUNAVAILABLE, dial, "store unreachable"),
			"store unreachable", "store unreachable: " + dial.Error(), EUNAVAILABLE, "10.0.0.7"},
		{"chain of parley errors keeps every message",
			WrapError(EUNAVAILABLE, WrapError(EUNAVAILABLE, dial, "commit c-1"), "turn not committed"),
			"turn not committed: commit c-1", "turn not committed: commit c-1: " + dial.Error(), EUNAVAILABLE, "database="},
		{"parley error under fmt wrapping",
			fmt.Errorf("context: %w", Errorf(EINVALID, "message id is required")),
			"message id is required", "context: invalid: message id is required", EINVALID, "context"},
		{"an internal error hides its inner messages",
			WrapError(EINTERNAL, Errorf(EINVALID, "decoder detail"), "the bot failed"),
			"the bot failed", "the bot failed: decoder detail", EINTERNAL, "decoder detail"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ErrorMessage(tt.err); got != tt.message {
				t.Errorf("ErrorMessage = %q, want %q", got, tt.message)
			}
			if got := ErrorDetail(tt.err); got != tt.detail {
				t.Errorf("ErrorDetail = %q, want %q", got, tt.detail)
			}
			if tt.notInMessage != "" && strings.Contains(ErrorMessage(tt.err), tt.notInMessage) {
				t.Errorf("ErrorMessage %q carries %q", ErrorMessage(tt.err), tt.notInMessage)
			}
			if got := ErrorCode(tt.err); got != tt.code {
				t.Errorf("ErrorCode = %q, want %q", got, tt.code)
			}
		})
	}
}
