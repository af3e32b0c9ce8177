// Package chatwoot owns Parley's Chatwoot channel: the Agent Bot webhook coming in
// (signature check, decoding, classification into turns and lifecycle signals) and the
// application API going out (messages, quick replies, product cards, handoff, typing),
// including the mapping of an engine's replies to outbox entries and their delivery.
// Package relay runs these pieces as a pipeline: the durable inbox, the outbox
// deliverer and its retry policy.
//
// Wire formats follow docs/spec/chatwoot-woocommerce.md (Chatwoot v4.15.1) and
// the verbatim 2021 samples copied under testdata/. Both shapes are accepted: the webhook
// body carries message_type as a string and created_at as an ISO date, while the
// conversation's embedded messages use integers for both.
//
// Choices made where the sources leave room (each pinned by a test):
//
//   - Only message_created events with message_type "incoming", private false and a
//     conversation in status "pending" become turns (§A6). Outgoing, template and private
//     messages, messages from agent bots, and webwidget_triggered are ignored.
//   - An outgoing, non-private message written by a human agent (sender.type "user")
//     stops the bot: Chatwoot does not reopen a pending conversation when an agent
//     replies (§C2, last point), so the bot must step aside by itself.
//   - A click on an input_select option arrives as message_updated of the bot's own
//     message with content_attributes.submitted_values (§B3). It becomes a turn whose
//     message id is "<message id>:submitted", so that it never collides with the id of
//     the message that asked; its Meaning is the option's value. Its SentAt is left zero
//     (the server's clock fills it): created_at is the time the bot asked, not the time
//     the customer answered, and using it would defeat seed 000's 5-minute expiry.
//   - Status changes are read from the body's status, which is the new state (§C3):
//     open or snoozed stops the bot, pending hands the conversation back to the bot, and
//     resolved (or any conversation_resolved event) is the handback signal as well.
//     conversation_updated is ignored because the same change also arrives as
//     conversation_status_changed or conversation_opened/resolved.
//   - An incoming message without text (an attachment only) is still a turn, with empty
//     Text: the engine decides what to answer.
//   - Replies map one to one to messages: text to text, quick replies to input_select
//     (value = the option's meaning; options with a URL become links in the text, since
//     input_select items carry no URL), product cards to cards. Card.URL becomes a link
//     button named after its target ("Add to cart" for a ?add-to-cart= link, else "View
//     product"), and every card action with a meaning a postback. Note that Chatwoot's
//     widget does not send a postback to Chatwoot: it raises the browser event
//     chatwoot:postback on the shop page (§B3), so a card click reaches Parley only if
//     the page relays it; quick replies (input_select) always come back as
//     message_updated.
//   - A handoff effect (kind "handoff", payload {"reason": ...}) becomes two entries
//     after the replies: a private note with the reason, then toggle_status open.
//   - Client retries 429, 5xx and transport errors; a POST whose answer was lost may
//     therefore be applied twice by Chatwoot, which has no idempotency key on messages.
//   - A conversation key is "<account id>:<conversation display id>". The account id is
//     the body's account.id (v4), else the account_id of an embedded message (2021).
//   - The fake in chatwoottest is stricter than Chatwoot in three places where Chatwoot
//     silently accepts something that breaks the widget or hides a bug: unknown
//     top-level message keys, relative link URIs and empty text messages are refused.
package chatwoot
