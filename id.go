package parley

import (
	"strings"
	"unicode/utf8"
)

// MaxIDLen bounds every id that enters from outside (bot, conversation, message and
// flow ids), in bytes: ids are keys of stored rows and parts of notifications, so an
// unbounded one grows the store and every index over it.
const MaxIDLen = 200

// CheckID returns an EINVALID error unless id is non-blank, at most MaxIDLen bytes and
// valid UTF-8 without U+FFFD. what names the id in the message ("conversation id").
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
	return nil
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
