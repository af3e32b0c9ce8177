package parley

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxIDLen bounds every id that enters from outside (bot, conversation, message and
// flow ids), in bytes: ids are keys of stored rows and parts of notifications, so an
// unbounded one grows the store and every index over it.
const MaxIDLen = 200

// CheckID returns an EINVALID error unless id is non-blank, at most MaxIDLen bytes,
// valid UTF-8 without U+FFFD and free of control characters. what names the id in the
// message ("conversation id"). It is the one id rule: every edge (HTTP paths and
// bodies, the Chatwoot webhook, flow ids) and every store applies it, so an id is
// refused alike wherever it enters and whichever store is configured.
// Invalid UTF-8 is refused rather than repaired: repairing maps different byte strings
// to one id, so two conversations would share one history and replay each other's
// messages. U+FFFD is what such a repair leaves (a JSON decoder turns invalid bytes and
// unpaired surrogate escapes into it), so it is refused as well.
func CheckID(what, id string) error {
	switch {
	case strings.TrimSpace(id) == "":
		return Errorf(EINVALID, "%s is required", what)
	case len(id) > MaxIDLen:
		return Errorf(EINVALID, "%s is %d bytes, over the %d byte limit", what, len(id), MaxIDLen)
	case !utf8.ValidString(id) || strings.ContainsRune(id, utf8.RuneError):
		return Errorf(EINVALID, "%s is not valid UTF-8", what)
	}
	if i := strings.IndexFunc(id, unicode.IsControl); i >= 0 {
		// Control characters (NUL, newlines, tabs, DEL, C1: Unicode category Cc)
		// split log lines and headers, and one store cannot hold NUL while another
		// can: refused everywhere.
		r, _ := utf8.DecodeRuneInString(id[i:])
		return Errorf(EINVALID, "%s contains the control character %U at byte %d; ids must be printable", what, r, i)
	}
	return nil
}

// checkOptionalID applies CheckID to an id that may be absent (a commit without a
// message).
func checkOptionalID(what, id string) error {
	if id == "" {
		return nil
	}
	return CheckID(what, id)
}

// Check returns an EINVALID error unless both ids pass CheckID.
func (k ConversationKey) Check() error {
	if err := CheckID("bot id", k.Bot); err != nil {
		return err
	}
	return CheckID("conversation id", k.ID)
}

// Empty reports whether m carries nothing to answer: no text (blanks ignored), no
// meaning and no NLU parse with an intent or entities. An empty message is refused
// and counts as no turn.
func (m Message) Empty() bool {
	if strings.TrimSpace(m.Text) != "" || strings.TrimSpace(m.Meaning) != "" {
		return false
	}
	return m.NLU == nil || (strings.TrimSpace(m.NLU.Intent) == "" && len(m.NLU.Entities) == 0)
}

// CheckMessageKey applies CheckID to a conversation key and a message id: what a
// store checks before it reads or records a processed message.
func CheckMessageKey(key ConversationKey, messageID string) error {
	if err := key.Check(); err != nil {
		return err
	}
	return CheckID("message id", messageID)
}
