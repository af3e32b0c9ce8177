package chatwoot

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/parleyhq/parley"
)

// Outbox entry kinds delivered by Deliverer.
const (
	// KindMessage posts one message (text, quick replies, cards or a private note).
	KindMessage = "chatwoot.message"
	// KindHandoff sets the conversation status to open: the bot hands it to humans.
	KindHandoff = "chatwoot.handoff"
)

// EffectHandoff is the effect kind an engine emits to hand a conversation to humans;
// its payload is {"reason": "..."}. KindHandoff is accepted as a synonym.
const EffectHandoff = "handoff"

// Texts of a card's link button, whose target is parley.Card.URL: an add-to-cart link
// ("?add-to-cart=<id>", WooCommerce's) or the product page.
const (
	CardAddToCartText = "Add to cart"
	CardViewText      = "View product"
)

// cardLinkText names the link button after what the URL does.
func cardLinkText(u string) string {
	if strings.Contains(u, "add-to-cart=") {
		return CardAddToCartText
	}
	return CardViewText
}

// Payload is the JSON payload of a chatwoot.message or chatwoot.handoff outbox entry.
type Payload struct {
	AccountID      int64            `json:"account_id"`
	ConversationID int64            `json:"conversation_id"`
	Message        *OutgoingMessage `json:"message,omitempty"`
	// Status is the status a chatwoot.handoff entry sets ("open").
	Status string `json:"status,omitempty"`
}

// Channel adapts Outbox to a runtime that asks a channel value for outbox entries.
type Channel struct{}

// Outbox calls the package-level Outbox.
func (Channel) Outbox(key parley.ConversationKey, turnMessageID string, replies []parley.Reply, effects []parley.Effect) ([]parley.OutboxEntry, error) {
	return Outbox(key, turnMessageID, replies, effects)
}

// Outbox maps a turn's replies and effects to outbox entries, one per Chatwoot API
// call, in the order they must be delivered: the replies, then for a handoff effect a
// private note with the reason and the status change to open. Effects of other kinds
// belong to other deliverers and are skipped. Each entry's IdempotencyKey is
// "chatwoot/<bot>/<conversation>/<message id>/<index>", so that committing the same turn
// again after a restart inserts nothing new.
//
// The only error is a key that is not a Chatwoot conversation key (code
// parley.EINVALID). Replies Chatwoot cannot show are degraded, never refused: a card
// without a usable link or action gets a postback "select:<product id>", options with
// a URL become links in the text, and an empty reply is dropped.
func Outbox(key parley.ConversationKey, turnMessageID string, replies []parley.Reply, effects []parley.Effect) ([]parley.OutboxEntry, error) {
	accountID, conversationID, err := ParseConversationKey(key)
	if err != nil {
		return nil, err
	}
	o := &outbox{key: key, turnMessageID: turnMessageID, accountID: accountID, conversationID: conversationID}
	for _, r := range replies {
		m, ok := messageFor(r)
		if !ok {
			continue
		}
		if err := o.add(KindMessage, Payload{Message: &m}); err != nil {
			return nil, err
		}
	}
	for _, e := range effects {
		if e.Kind != EffectHandoff && e.Kind != KindHandoff {
			continue
		}
		if err := o.handoff(e); err != nil {
			return nil, err
		}
	}
	return o.entries, nil
}

// outbox collects a turn's outbox entries for one conversation.
type outbox struct {
	key                       parley.ConversationKey
	turnMessageID             string
	accountID, conversationID int64
	entries                   []parley.OutboxEntry
}

// add appends an entry of the kind, its idempotency key numbered by its place.
func (o *outbox) add(kind string, p Payload) error {
	p.AccountID, p.ConversationID = o.accountID, o.conversationID
	data, err := json.Marshal(p)
	if err != nil {
		return parley.WrapError(parley.EINTERNAL, err, "chatwoot: encoding outbox payload")
	}
	o.entries = append(o.entries, parley.OutboxEntry{
		Key:            o.key,
		Kind:           kind,
		IdempotencyKey: fmt.Sprintf("chatwoot/%s/%s/%s/%d", o.key.Bot, o.key.ID, o.turnMessageID, len(o.entries)),
		Payload:        data,
	})
	return nil
}

// handoff appends a handoff effect's private note (with its reason) and the
// status change that opens the conversation to agents.
func (o *outbox) handoff(e parley.Effect) error {
	var h struct {
		Reason        string `json:"reason"`
		HandoffReason string `json:"handoff_reason"`
	}
	_ = json.Unmarshal(e.Payload, &h) // a payload without a reason still hands off
	reason := firstNonBlank(h.Reason, h.HandoffReason, "unspecified")
	note := PrivateNote("Parley handed this conversation to a human. Reason: " + reason)
	if err := o.add(KindMessage, Payload{Message: &note}); err != nil {
		return err
	}
	return o.add(KindHandoff, Payload{Status: StatusOpen})
}

// firstNonBlank is cmp.Or that also skips whitespace-only values.
func firstNonBlank(values ...string) string {
	for _, v := range values {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}

// messageFor maps one reply to a Chatwoot message; ok is false when nothing is left
// to send.
func messageFor(r parley.Reply) (OutgoingMessage, bool) {
	switch r.Type {
	case parley.ReplyProductCards:
		var items []Item
		for _, c := range r.Cards {
			items = append(items, cardItem(c))
		}
		if len(items) > 0 {
			return OutgoingMessage{Content: r.Text, ContentType: ContentCards, ContentAttributes: &ContentAttributes{Items: items}}, true
		}
	case parley.ReplyQuickReplies:
		if text, items := optionItems(r); len(items) > 0 {
			return OutgoingMessage{Content: text, ContentType: ContentInputSelect, ContentAttributes: &ContentAttributes{Items: items}}, true
		}
	}
	if strings.TrimSpace(r.Text) == "" {
		return OutgoingMessage{}, false
	}
	return TextMessage(r.Text), true
}

// optionItems maps a reply's quick replies to input_select items; input_select
// items carry no URL, so an option with a web link (parley.IsWebLink) is offered
// as a link in the text instead, one with another URL dropped, and so is one
// with neither title nor meaning.
func optionItems(r parley.Reply) (string, []Item) {
	var items []Item
	text := r.Text
	for _, o := range r.Options {
		switch title := firstNonBlank(o.Title, o.Meaning); {
		case o.URL != "":
			if parley.IsWebLink(o.URL) {
				text = strings.TrimSpace(text + "\n" + firstNonBlank(o.Title, o.URL) + ": " + o.URL)
			}
		case title != "":
			items = append(items, Item{Title: title, Value: firstNonBlank(o.Meaning, title)})
		}
	}
	return text, items
}

// cardItem maps a product card: Card.URL becomes a link button, each card action a
// postback (or a link when it has a URL).
// cardAction maps a card's action: a web link, or a postback of its meaning
// (not labelled like the card's link, linkText); false for neither.
func cardAction(a parley.Option, linkText string) (CardAction, bool) {
	switch {
	case a.URL != "":
		return CardAction{Type: ActionLink, Text: firstNonBlank(a.Title, "Open"), URI: a.URL}, parley.IsWebLink(a.URL)
	case a.Meaning != "":
		text := firstNonBlank(a.Title, "Select")
		if strings.EqualFold(text, linkText) {
			// Two buttons with the same label would confuse; the link adds to
			// the cart, the postback picks the product in the conversation.
			text = "Select"
		}
		return CardAction{Type: ActionPostback, Text: text, Payload: a.Meaning}, true
	}
	return CardAction{}, false
}

func cardItem(c parley.Card) Item {
	item := Item{Title: firstNonBlank(c.Title, "Product "+c.ProductID), Description: cardDescription(c)}
	if parley.IsWebLink(c.ImageURL) {
		item.MediaURL = c.ImageURL
	}
	linkText := ""
	if parley.IsWebLink(c.URL) {
		linkText = cardLinkText(c.URL)
		item.Actions = append(item.Actions, CardAction{Type: ActionLink, Text: linkText, URI: c.URL})
	}
	for _, a := range c.Actions {
		if ca, ok := cardAction(a, linkText); ok {
			item.Actions = append(item.Actions, ca)
		}
	}
	if len(item.Actions) == 0 {
		item.Actions = []CardAction{{Type: ActionPostback, Text: "Select", Payload: "select:" + c.ProductID}}
	}
	return item
}

func cardDescription(c parley.Card) string {
	price := strings.TrimSpace(strings.TrimSpace(c.Price) + " " + strings.TrimSpace(c.Currency))
	switch {
	case price == "":
		return c.Description
	case c.Description == "":
		return price
	}
	return price + " · " + c.Description
}

// Deliverer delivers chatwoot.* outbox entries with the Client of the entry's bot.
type Deliverer struct {
	clients map[string]*Client
}

// NewDeliverer returns a Deliverer over clients, keyed by bot name.
func NewDeliverer(clients map[string]*Client) *Deliverer {
	copied := make(map[string]*Client, len(clients))
	for name, c := range clients {
		copied[name] = c
	}
	return &Deliverer{clients: copied}
}

// Deliver makes the one API call an entry stands for. An error with code
// parley.EINVALID is permanent (retrying cannot help: unknown bot or kind, malformed
// payload, a 4xx from Chatwoot); any other error is worth retrying later.
// decodePayload reads an outbox entry's payload, for the account the bot posts
// to and a conversation id Chatwoot can have.
func decodePayload(e parley.OutboxEntry, account int) (Payload, error) {
	var p Payload
	if err := json.Unmarshal(e.Payload, &p); err != nil {
		return p, parley.WrapError(parley.EINVALID, err, "chatwoot: outbox entry %d has a malformed payload", e.ID)
	}
	if p.AccountID != int64(account) {
		return p, parley.Errorf(parley.EINVALID, "chatwoot: outbox entry %d is for account %d, bot %q posts to account %d", e.ID, p.AccountID, e.Key.Bot, account)
	}
	if p.ConversationID <= 0 || p.ConversationID > int64(^uint32(0)>>1) {
		return p, parley.Errorf(parley.EINVALID, "chatwoot: outbox entry %d has conversation id %d", e.ID, p.ConversationID)
	}
	return p, nil
}

func (d *Deliverer) Deliver(ctx context.Context, e parley.OutboxEntry) error {
	client := d.clients[e.Key.Bot]
	if client == nil {
		return parley.Errorf(parley.EINVALID, "chatwoot: no Chatwoot client for bot %q", e.Key.Bot)
	}
	p, err := decodePayload(e, client.AccountID())
	if err != nil {
		return err
	}
	conversation := int(p.ConversationID)
	switch e.Kind {
	case KindMessage:
		if p.Message == nil {
			return parley.Errorf(parley.EINVALID, "chatwoot: outbox entry %d has no message", e.ID)
		}
		return client.SendMessage(ctx, conversation, *p.Message)
	case KindHandoff:
		return client.ToggleStatus(ctx, conversation, firstNonBlank(p.Status, StatusOpen))
	}
	return parley.Errorf(parley.EINVALID, "chatwoot: outbox entry kind %q is not a Chatwoot kind", e.Kind)
}
