// Package relay owns the pipeline between a Chatwoot channel and the actor runtime:
// the webhook handler that commits every accepted webhook to the store's durable inbox
// before it answers, the inbox processor that turns inbox entries into turns and
// controls, and the outbox deliverer that makes the Chatwoot API calls a turn
// committed, with its retry policy. Package chatwoot owns the wire formats (signature,
// decoding, classification, the mapping of replies to outbox entries and the one API
// call each entry stands for), package actor owns turns and lifecycles, and the store
// owns the inbox and outbox (parley.Inbox, parley.Outbox); this package owns the
// order of things, the retries and what is given up.
//
// A Relay is driven by a context: Run starts the inbox processor and the outbox
// deliverer, and returns once both have stopped after the context is cancelled (a
// turn or a delivery in flight sees the cancellation; whatever it did not finish stays
// in the store for the next Run). The webhook handler works without Run: entries wait
// in the inbox.
//
// Nothing acknowledged is lost and no action runs twice:
//
//   - A webhook is answered 200 only after its entry is committed. A redelivery (the
//     same conversation and Chatwoot message id; for a status change, which has no
//     message id, the same body) is answered "duplicate" and enqueues nothing, also
//     after the first delivery was processed.
//   - A turn's commit removes its inbox entry and adds its outbox entries in one
//     transaction (parley.TurnRequest.InboundID). An entry processed again after a crash is
//     a replay: the message id makes the turn idempotent, and outbox entries keep
//     their idempotency keys, so nothing new is committed or sent.
//   - An outbox entry is completed only after Chatwoot accepted its call. A crash
//     between the call and the completion sends it again once its lease
//     (OutboxLease) expires: Chatwoot has no idempotency key on messages, so that
//     window alone is at least once.
//   - A claimed batch's calls, the Chatwoot client's own retries included, are cut
//     LeaseMargin before the claim's lease expires, so no other replica claims an
//     entry whose call may still be in flight here; a cut call is retried later like
//     any retryable failure, and the entries not started are released unsent.
//
// Ordering: inbox entries are processed one at a time, oldest first, so the turns of
// a conversation run in the order Chatwoot's webhooks were accepted. Outbox entries
// are claimed in commit order and delivered one at a time, so a conversation's
// replies leave in the order they were committed; an entry that fails and waits for
// a retry does not hold back the entries after it.
//
// Retries:
//
//   - Inbox: an entry whose turn or control fails is tried again at the next poll (a
//     webhook's kick, else every InboxPoll), at most MaxInboundAttempts times per Run,
//     then dropped and logged. An error retrying cannot change (ENOTFOUND, EINVALID,
//     EIDEMPOTENCY, EINTERRUPTED) drops it at once, and so does a control the
//     lifecycle refuses (ECONFLICT: the conversation is already where the status
//     change would take it).
//   - Outbox: chatwoot.Client already retries 429, 5xx and transport errors within one
//     delivery; a delivery that still fails releases the entry for another attempt
//     after RetryDelay (2 s, 4 s, 8 s, ... up to MaxRetryDelay), and the store marks
//     it failed when its attempts reach the store's maximum (10 by default).
//   - A permanent delivery error, code parley.EINVALID as chatwoot.Deliverer documents
//     it (Chatwoot refused the call with a 4xx other than 429, or the entry names an
//     unknown bot or kind, or its payload is malformed), is never retried: the entry
//     is marked failed at once (parley.Outbox.FailOutbox) with the error as its last
//     error, the failure is logged at error level with the entry's id and counted in
//     parley_relay_outbox_deliveries_total{outcome="permanent_error"}, and the entries
//     after it are delivered as usual. A failed entry stays in the store's outbox
//     table for an operator to read; nothing sends it again. This includes a 401 of a
//     revoked bot token: the replies of that period are not sent once the token is
//     fixed, by which time they would answer a conversation that has moved on.
//
// Several replicas may run a Relay on one store: the outbox lease gives each entry to
// one replica at a time, and an inbox entry two replicas read commits its turn once
// (the store refuses the second commit of a message id; that replica answers from the
// record).
package relay
