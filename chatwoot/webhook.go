package chatwoot

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/jsonbody"
)

// Webhook events sent to agent bots (app/listeners/agent_bot_listener.rb, §A1).
const (
	EventMessageCreated            = "message_created"
	EventMessageUpdated            = "message_updated"
	EventConversationOpened        = "conversation_opened"
	EventConversationResolved      = "conversation_resolved"
	EventConversationStatusChanged = "conversation_status_changed"
	EventConversationUpdated       = "conversation_updated"
	EventWebwidgetTriggered        = "webwidget_triggered"
)

// Message types, as the webhook body names them (message.rb:87).
const (
	MessageIncoming = "incoming"
	MessageOutgoing = "outgoing"
	MessageActivity = "activity"
	MessageTemplate = "template"
)

// Conversation statuses (conversation.rb:75).
const (
	StatusOpen     = "open"
	StatusResolved = "resolved"
	StatusPending  = "pending"
	StatusSnoozed  = "snoozed"
)

// Sender types of a message's sender (§A2). A v4 contact sender has no type at all.
const (
	SenderContact  = "contact"
	SenderUser     = "user"
	SenderAgentBot = "agent_bot"
)

// maxWebhookBody bounds what ParseWebhook accepts; Chatwoot bodies are a few KB.
const maxWebhookBody = 1 << 20

// Webhook is one decoded agent-bot webhook body. Fields not used by Parley are not
// kept; Raw holds the body for logging and the inbox.
type Webhook struct {
	Event string
	// ID is the message id for message events, the conversation display id for
	// conversation events and the contact-inbox id for webwidget_triggered.
	ID int64
	// Message fields (message_created, message_updated).
	Content     string
	ContentType string
	// MessageType is "incoming", "outgoing", "activity" or "template", whichever form
	// (string or integer) the body used.
	MessageType       string
	Private           bool
	CreatedAt         time.Time
	Sender            Sender
	SubmittedValues   []SubmittedValue
	HasAttachments    bool
	AccountID         int64
	ConversationID    int64
	ConversationState string
	Raw               json.RawMessage
}

// Sender is who wrote a message; Type is "" for a v4 contact.
type Sender struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Type string `json:"type"`
}

// SubmittedValue is an answer the widget stored on an interactive message: an
// input_select option ({title, value}) or a form field ({name, value}).
type SubmittedValue struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	Value string `json:"value"`
}

// ActionKind says what a webhook asks Parley to do.
type ActionKind string

// Action kinds.
const (
	// Ignore: nothing to do; Reason says why.
	Ignore ActionKind = "ignore"
	// Turn: run Message through the bot's engine.
	Turn ActionKind = "turn"
	// StopBot: a human owns the conversation now; the bot must not answer.
	StopBot ActionKind = "stop_bot"
	// Handback: the conversation was resolved or given back to the bot; the bot may
	// take new turns again.
	Handback ActionKind = "handback"
)

// Action is the classification of one webhook for one bot.
type Action struct {
	Kind    ActionKind
	Key     parley.ConversationKey
	Message parley.Message
	Reason  string
}

// wireWebhook is the union of the message and conversation body shapes. Variable
// fields are raw so that one odd optional field never rejects a whole webhook.
type wireWebhook struct {
	Event             string            `json:"event"`
	ID                json.RawMessage   `json:"id"`
	Content           *string           `json:"content"`
	ContentType       string            `json:"content_type"`
	ContentAttributes json.RawMessage   `json:"content_attributes"`
	MessageType       json.RawMessage   `json:"message_type"`
	Private           json.RawMessage   `json:"private"`
	CreatedAt         json.RawMessage   `json:"created_at"`
	Sender            json.RawMessage   `json:"sender"`
	Attachments       []json.RawMessage `json:"attachments"`
	Account           *wireAccount      `json:"account"`
	Conversation      *wireConversation `json:"conversation"`
	// Conversation events carry the conversation at the top level.
	Status   string        `json:"status"`
	Messages []wireMessage `json:"messages"`
}

type wireAccount struct {
	ID json.RawMessage `json:"id"`
}

type wireConversation struct {
	ID       json.RawMessage `json:"id"`
	Status   string          `json:"status"`
	Account  *wireAccount    `json:"account"`
	Messages []wireMessage   `json:"messages"`
}

type wireMessage struct {
	AccountID json.RawMessage `json:"account_id"`
}

// ParseWebhook decodes an agent-bot webhook body. A body that is not a JSON object, has
// a key twice in one object, has no event, or lacks the ids its event needs is an
// error with code parley.EINVALID.
func ParseWebhook(body []byte) (*Webhook, error) {
	if len(body) > maxWebhookBody {
		return nil, parley.Errorf(parley.EINVALID, "chatwoot: webhook body of %d bytes is over the %d byte limit", len(body), maxWebhookBody)
	}
	if err := jsonbody.Duplicates("chatwoot: the webhook body", body); err != nil {
		return nil, err
	}
	w, err := decodeWire(body)
	if err != nil {
		return nil, err
	}
	out := &Webhook{Event: w.Event, ContentType: w.ContentType, Raw: json.RawMessage(body)}
	out.ID, _ = flexInt(w.ID)
	if w.Content != nil {
		out.Content = *w.Content
	}
	out.MessageType = messageType(w.MessageType)
	out.Private = flexBool(w.Private)
	out.CreatedAt = flexTime(w.CreatedAt)
	out.HasAttachments = len(w.Attachments) > 0
	out.Sender = senderOf(w.Sender)
	out.SubmittedValues = submittedValues(w.ContentAttributes)

	out.locate(w)
	if err := out.requireIDs(); err != nil {
		return nil, err
	}
	return out, nil
}

// decodeWire decodes a webhook body: one JSON object with an event.
func decodeWire(body []byte) (*wireWebhook, error) {
	var w wireWebhook
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&w); err != nil {
		return nil, parley.WrapError(parley.EINVALID, err, "chatwoot: webhook body is not a JSON object")
	}
	if _, err := dec.Token(); err != io.EOF { // dec.More misses a stray '}' or ']'
		return nil, parley.Errorf(parley.EINVALID, "chatwoot: webhook body has data after the JSON object")
	}
	if w.Event == "" {
		return nil, parley.Errorf(parley.EINVALID, "chatwoot: webhook body has no event")
	}
	return &w, nil
}

// senderOf reads the sender; one of an unexpected shape is treated as unknown,
// not as an error.
func senderOf(raw json.RawMessage) Sender {
	var s Sender
	if len(raw) == 0 || json.Unmarshal(raw, &s) != nil {
		return Sender{}
	}
	return s
}

// firstAccount is the account the first message naming one names; 0 for none.
func firstAccount(messages []wireMessage) int64 {
	for _, m := range messages {
		if id, ok := flexInt(m.AccountID); ok && id > 0 {
			return id
		}
	}
	return 0
}

// locate sets the conversation (its id and status) and the account the webhook
// belongs to: from the embedded conversation of a message event, from the body of a
// conversation event, the account else from the first message that names one.
func (out *Webhook) locate(w *wireWebhook) {
	messages := w.Messages
	switch {
	case w.Conversation != nil:
		out.ConversationID, _ = flexInt(w.Conversation.ID)
		out.ConversationState = w.Conversation.Status
		messages = w.Conversation.Messages
		if w.Account == nil {
			w.Account = w.Conversation.Account
		}
	case isConversationEvent(w.Event):
		out.ConversationID = out.ID
		out.ConversationState = w.Status
	}
	if w.Account != nil {
		out.AccountID, _ = flexInt(w.Account.ID)
	}
	if out.AccountID == 0 {
		out.AccountID = firstAccount(messages)
	}
}

// requireIDs refuses a message event without a message and conversation id, and a
// conversation event without a conversation id.
func (out *Webhook) requireIDs() error {
	switch {
	case out.Event == EventMessageCreated || out.Event == EventMessageUpdated:
		if out.ID <= 0 {
			return parley.Errorf(parley.EINVALID, "chatwoot: %s webhook has no message id", out.Event)
		}
		if out.ConversationID <= 0 {
			return parley.Errorf(parley.EINVALID, "chatwoot: %s webhook has no conversation id", out.Event)
		}
	case isConversationEvent(out.Event):
		if out.ConversationID <= 0 {
			return parley.Errorf(parley.EINVALID, "chatwoot: %s webhook has no conversation id", out.Event)
		}
	}
	return nil
}

func isConversationEvent(event string) bool {
	switch event {
	case EventConversationOpened, EventConversationResolved, EventConversationStatusChanged, EventConversationUpdated:
		return true
	}
	return false
}

// Key returns the conversation key of w for bot, or ok false when the body names no
// account or conversation.
func (w *Webhook) Key(bot string) (parley.ConversationKey, bool) {
	if w.AccountID <= 0 || w.ConversationID <= 0 {
		return parley.ConversationKey{}, false
	}
	return ConversationKey(bot, w.AccountID, w.ConversationID), true
}

// ConversationKey returns Parley's key of a Chatwoot conversation:
// "<account id>:<conversation display id>".
func ConversationKey(bot string, accountID, conversationID int64) parley.ConversationKey {
	return parley.ConversationKey{Bot: bot, ID: strconv.FormatInt(accountID, 10) + ":" + strconv.FormatInt(conversationID, 10)}
}

// ParseConversationKey splits a key made by ConversationKey into its account and
// conversation ids; anything else is an error with code parley.EINVALID.
func ParseConversationKey(key parley.ConversationKey) (accountID, conversationID int64, err error) {
	account, conversation, ok := strings.Cut(key.ID, ":")
	if ok {
		accountID, err1 := strconv.ParseInt(account, 10, 64)
		conversationID, err2 := strconv.ParseInt(conversation, 10, 64)
		if err1 == nil && err2 == nil && accountID > 0 && conversationID > 0 {
			return accountID, conversationID, nil
		}
	}
	return 0, 0, parley.Errorf(parley.EINVALID, "chatwoot: conversation id %q is not <account id>:<conversation id>", key.ID)
}

// Classify decides what the webhook means for bot botName (see the package doc for
// the rules).
func (w *Webhook) Classify(botName string) Action {
	key, hasKey := w.Key(botName)
	if !hasKey && w.Event != EventWebwidgetTriggered {
		return Action{Kind: Ignore, Key: key, Reason: "webhook names no account or conversation"}
	}
	switch w.Event {
	case EventMessageCreated:
		return w.classifyCreated(key)
	case EventMessageUpdated:
		return w.classifyUpdated(key)
	case EventConversationOpened, EventConversationStatusChanged:
		return statusActions.action(w.ConversationState, key, "unknown conversation status "+strconv.Quote(w.ConversationState))
	}
	return eventActions.action(w.Event, key, "event "+strconv.Quote(w.Event)+" is not handled")
}

// classified is what a webhook asks for, with why.
type classified struct {
	kind   ActionKind
	reason string
}

// classification maps an event or a conversation status to what it asks for.
type classification map[string]classified

// action is what name asks for in conversation key; Ignore with otherwise as
// the reason when the table does not have it.
func (c classification) action(name string, key parley.ConversationKey, otherwise string) Action {
	if a, ok := c[name]; ok {
		return Action{Kind: a.kind, Key: key, Reason: a.reason}
	}
	return Action{Kind: Ignore, Key: key, Reason: otherwise}
}

// eventActions are the events taken as they come (message events and status
// changes are read further).
var eventActions = classification{
	EventConversationResolved: {Handback, "conversation resolved"},
	EventConversationUpdated:  {Ignore, "status changes are taken from conversation_status_changed and conversation_opened/resolved"},
	EventWebwidgetTriggered:   {Ignore, "widget opened: no conversation yet"},
}

// statusActions are what a conversation's new status asks of the bot.
var statusActions = classification{
	StatusOpen:     {StopBot, "conversation opened: a human handles it"},
	StatusSnoozed:  {StopBot, "conversation snoozed"},
	StatusPending:  {Handback, "conversation given back to the bot"},
	StatusResolved: {Handback, "conversation resolved"},
}

func (w *Webhook) classifyCreated(key parley.ConversationKey) Action {
	ignore := func(reason string) Action { return Action{Kind: Ignore, Key: key, Reason: reason} }
	switch {
	case w.Private:
		return ignore("private note")
	case w.Sender.Type == SenderAgentBot:
		return ignore("message from an agent bot")
	case w.MessageType == MessageOutgoing && w.Sender.Type == SenderUser:
		return Action{Kind: StopBot, Key: key, Reason: "a human agent replied"}
	case w.MessageType != MessageIncoming:
		return ignore(strings.TrimSpace(w.MessageType+" message") + " is not from the customer")
	case w.ConversationState != StatusPending:
		return ignore("conversation is " + strconv.Quote(w.ConversationState) + ", not pending: the bot does not own it")
	case strings.TrimSpace(w.Content) == "":
		// An attachment or an emptied message: nothing a turn could answer.
		return ignore("message has no text")
	}
	return Action{Kind: Turn, Key: key, Message: parley.Message{
		ID:     strconv.FormatInt(w.ID, 10),
		Text:   w.Content,
		SentAt: w.CreatedAt,
	}}
}

func (w *Webhook) classifyUpdated(key parley.ConversationKey) Action {
	ignore := func(reason string) Action { return Action{Kind: Ignore, Key: key, Reason: reason} }
	if w.ContentType != "input_select" || len(w.SubmittedValues) == 0 {
		return ignore("message update carries no quick-reply answer")
	}
	if w.ConversationState != StatusPending {
		return ignore("conversation is " + strconv.Quote(w.ConversationState) + ", not pending: the bot does not own it")
	}
	answer := w.SubmittedValues[0]
	text := answer.Title
	if text == "" {
		text = answer.Value
	}
	return Action{Kind: Turn, Key: key, Message: parley.Message{
		ID:      strconv.FormatInt(w.ID, 10) + ":submitted",
		Text:    text,
		Meaning: answer.Value,
	}}
}

// submittedValues reads content_attributes.submitted_values when it is a list of
// objects; CSAT answers (an object) and anything else read as none. Chatwoot may also
// send content_attributes as a JSON string.
func submittedValues(raw json.RawMessage) []SubmittedValue {
	var out []SubmittedValue
	for _, item := range submittedItems(raw) {
		if sv, ok := submittedValue(item); ok {
			out = append(out, sv)
		}
	}
	return out
}

// submittedItems are the items of content_attributes.submitted_values when it is a
// list; none else.
func submittedItems(raw json.RawMessage) []json.RawMessage {
	if len(raw) == 0 {
		return nil
	}
	var text string
	if json.Unmarshal(raw, &text) == nil {
		raw = json.RawMessage(text)
	}
	var attrs struct {
		SubmittedValues json.RawMessage `json:"submitted_values"`
	}
	if json.Unmarshal(raw, &attrs) != nil || len(attrs.SubmittedValues) == 0 {
		return nil
	}
	var items []json.RawMessage
	if json.Unmarshal(attrs.SubmittedValues, &items) != nil {
		return nil
	}
	return items
}

// submittedValue reads one submitted value: an object with a value or a title.
func submittedValue(item json.RawMessage) (SubmittedValue, bool) {
	var v struct {
		Name  json.RawMessage `json:"name"`
		Title json.RawMessage `json:"title"`
		Value json.RawMessage `json:"value"`
	}
	if json.Unmarshal(item, &v) != nil {
		return SubmittedValue{}, false
	}
	sv := SubmittedValue{Name: flexString(v.Name), Title: flexString(v.Title), Value: flexString(v.Value)}
	return sv, sv.Value != "" || sv.Title != ""
}

// messageType reads message_type as the webhook's string or the API's integer.
func messageType(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	if n, ok := flexInt(raw); ok {
		switch n {
		case 0:
			return MessageIncoming
		case 1:
			return MessageOutgoing
		case 2:
			return MessageActivity
		case 3:
			return MessageTemplate
		}
	}
	return ""
}

// flexInt reads an integer given as a JSON number or a decimal string.
func flexInt(raw json.RawMessage) (int64, bool) {
	if len(raw) == 0 {
		return 0, false
	}
	var n json.Number
	if json.Unmarshal(raw, &n) != nil {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return 0, false
		}
		n = json.Number(strings.TrimSpace(s))
	}
	i, err := n.Int64()
	if err != nil {
		return 0, false
	}
	return i, true
}

func flexBool(raw json.RawMessage) bool {
	var b bool
	if json.Unmarshal(raw, &b) == nil {
		return b
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s == "true"
	}
	return false
}

func flexString(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String()
	}
	return ""
}

// flexTime reads created_at as an ISO-8601 string (webhook body) or unix seconds
// (embedded and API messages); anything else is the zero time.
func flexTime(raw json.RawMessage) time.Time {
	if len(raw) == 0 {
		return time.Time{}
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
			return t.UTC()
		}
		return time.Time{}
	}
	var f float64
	if json.Unmarshal(raw, &f) == nil && f > 0 && f < math.MaxInt32*4 {
		sec, frac := math.Modf(f)
		return time.Unix(int64(sec), int64(frac*1e9)).UTC()
	}
	return time.Time{}
}
