// Package shop owns the shopping assistant engine of seed 000 (docs/spec/000-shop.txt,
// a Chatwoot widget on a WooCommerce store): its conversation state, every rule of the
// seed, and the small Catalog interface it searches through. Package catalog provides
// the embedded WooCommerce sample catalog and the demo bot; a live WooCommerce catalog
// implements the same interface.
//
// # State
//
// The stored state (State) is {"conversation_state": <seed 000 section 1, exactly
// its JSON Schema>, "handoff_reason", "shown_product_ids", "query",
// "intent_repeats", "consecutive_errors", "page_product_ids", "last_message_at"}:
// what the engine must remember beyond the
// schema lives beside conversation_state, never inside it. The schema is embedded
// (conversation_state.schema.json, copied verbatim from the seed) and checked on
// every load (DecodeState) and every save (State.MarshalJSON refuses to write a
// violating state, code parley.EINVALIDSTATE).
//
// DecodeState refuses malformed JSON (parley.EINVALIDSTATE). A well-formed state
// that breaks the seed (schema violation, unknown state, a stored paginating,
// awaiting_confirmation without action, target_id or a valid created_at) is
// accepted, marked, and reset by the next Decide as section 7 says: state idle,
// pending_confirmation cleared, last_user_message_id and last_agent_message_id
// kept (then updated by the turn that repaired it, as every turn does),
// shown_product_ids kept so that no product is ever shown twice, a safe fallback
// reply, and a guardrail event {reason, from_state, to_state}. The reset is not a
// transition of the table (the old state cannot be trusted), so the turn reports
// no transition.
//
// From a state it trusts, every turn moves along Machine only, so a turn that
// would take a transition outside seed 000's table is a bug of this package, not
// an inconsistent state: Decide returns the kernel's error (code
// parley.ETRANSITION) and no decision, the policy parley.Engine sets for every
// engine. Section 7 names "invalid transition" among the inconsistencies it
// resets; the states that would lead to one (a paginating state at rest) are
// reset before the turn starts.
//
// # How a turn maps onto transitions
//
// Every state change is a trigger fired through Machine, seed 000 section 3's
// table (machine.go); a turn may take several, all listed in
// Decision.Transitions. paginating is only ever passed through inside a turn,
// never stored.
//
//   - A turn that shows cards ends in recommending, so that show_more can page it:
//     idle -product_search-> recommending; from clarifying -clarified->.
//   - A new search from recommending first completes the shown response:
//     recommending -response_complete-> idle -product_search-> recommending. From
//     awaiting_confirmation the pending action is dropped first (-cancelled-> idle);
//     from error the state recovers first (-recovered-> idle).
//   - A clear search that shows nothing new is a product search all the same
//     (section 3.1's "clear product-search intent", issue 26): for something the
//     catalog does not carry ("got any kayaks?", see Understanding below), for
//     filters nothing matches ("a belt under 5"), or whose results were all shown
//     already: ... -> recommending -response_complete-> idle with a message saying
//     so (the shop does not carry "kayaks"; nothing under 5; everything shown),
//     without cards and without a clarification attempt. It makes no progress, so
//     its third repeat is section 4.2's guard (-> clarifying, a clarification
//     attempt). After the guard's question the same intent without progress again
//     (the search, or show_more past the last page) leaves that clarification
//     unresolved: clarifying -ambiguous-> clarifying, then -clarification_limit->
//     handoff, so the loop ends as section 4 says instead of passing through idle
//     for ever. With a confirmation pending the answer says so and asks the
//     confirmation again, uncounted.
//   - show_more (a click, or typed: "anything else?", "show me the rest", "keep
//     going", "carry on", "encore"):
//     recommending -show_more-> paginating, then -page_found-> recommending with the
//     next page, or -no_more_results-> idle with a message. From recommending
//     without a valid query context (last_query_hash missing or not the stored
//     query's) it is -lost_context-> clarifying. From idle or clarifying with a
//     valid query context the stored search is re-entered first (-product_search->
//     / -clarified-> recommending); without one it is an unclear turn. The page is
//     looked up before any transition, so that the third show_more in a row that
//     cannot progress is section 4.2's guard, not a lost context.
//   - A card's select:<id>: recommending -select-> awaiting_confirmation (from idle
//     or clarifying -needs_confirmation->), pending_confirmation =
//     {add_to_cart, id, sent_at}. A typed selection ("add the polo", "the 2nd one",
//     "that grey one", "je prends le dernier") picks among the products shown: an
//     ordinal counts the cards of the last page (page_product_ids); words are
//     matched by the catalog's own search against the shown products, the last
//     page first, so that "the blue one" uses attributes the card does not show. A
//     product shown earlier is picked by name although section 5.3 forbids showing
//     its card again. A definite product after a verb of wanting, inside a longer
//     sentence, picks too ("I'll go for the polo one", "the v-neck looks nice, I
//     want that", "the sunglasses then"; not "show me the polo"), also when its
//     words would be a yes at a confirmation and nothing is pending. A tie asks
//     which one (an unclear turn); words that fit no shown product are a search.
//     A card is also picked by the amount it costs ("the $90 one", "whichever
//     is 35"), by a position from the end ("the second to last"), by a digit
//     alone ("4"), by what it lacks ("the hoodie without the logo": of the cards
//     the other words fit, the one whose name and description lack it), after a
//     French or Spanish article ("la ceinture") or through the gloss, and by the
//     last clause of a long story; none or several fitting such a pick are asked
//     about, never a search. Two picks joined by "or" ("the cheap one or the
//     belt") are asked about, never one of them picked.
//   - Yes: awaiting_confirmation -confirm_accepted-> recommending when the search
//     has an unseen result left (a "Show more" quick reply is offered), else
//     -cancelled-> idle ("completion with no further action"); the reply carries
//     the add-to-cart link BaseURL/?add-to-cart=<id>. No: -cancelled-> idle. Yes
//     and no are nlu.YesNo, the rule the flows engine uses too: "yes please",
//     "alright, do it", "👍", "nah, not this one", "la shukran", "non merci".
//   - A yes or no with nothing pending is an acknowledgement, not a clarification
//     attempt: a no to shown results completes them (-response_complete-> idle).
//     A yes to shown results answers what the page asked: with one card on the
//     page it selects that card ("ok I'll take it"), with unseen results left it
//     is the "Want to see more?" the page ended with (show_more).
//   - A reply to a confirmation that is neither yes nor no: -not_understood->
//     clarifying -needs_confirmation-> awaiting_confirmation, asking again (a
//     clarification attempt; the confirmation's created_at restarts).
//   - An unclear turn: idle -ambiguous-> clarifying, clarifying -ambiguous->
//     clarifying; from recommending a first unclear message completes the shown
//     response and asks from idle (-response_complete-> idle -ambiguous->), while a
//     repeated one is -repeated_intent-> clarifying. Each asks a question naming
//     the catalog's categories and counts a clarification attempt.
//   - A question about the shop's services (nlu.ShopQuestionTopic: delivery,
//     returns, payment, discounts, sizes, hours, location, contact, orders; what it
//     sells, nlu.AsksWhatIsSold, when no product is named), read before
//     any search, is answered with Config.Answers for its topic or offered a
//     person: no search, no clarification attempt, no transition, and never the
//     repeated-intent guard. A no that names another shown card ("not that one,
//     the belt") picks that card, never the refused one; a position ("number
//     two", "the one in the middle") counts the cards of the last page, and the
//     middle of an even page is asked about.
//   - Greetings, thanks and questions about the bot ("are you a bot?", "who am
//     I talking to?") get a short
//     answer: no search, no clarification attempt, no transition (thanks after
//     results: -response_complete-> idle; with a confirmation pending, the
//     question is asked again, uncounted). The third in a row is section 4.2's
//     guard.
//   - An explicit request for a human (nlu.IsHumanRequest: "can a real human help
//     me?", "bghit nhder m3a mowadaf"; not "are you a bot or a human?", "the
//     agent said...", "no need for a human", "bghit chi wahed cap"):
//     -human_request-> handoff, from clarifying too (Machine labels the seed's
//     clarifying -> handoff edge with what happened). handoff -waiting_for_human->
//     handoff answers nothing; Handback takes -human_resolved-> idle.
//   - A catalog failure: -failure-> error with a fallback reply; the next turn
//     recovers (-recovered-> idle) and proceeds, or, failing again,
//     error -repeated_errors-> handoff (reason repeated_errors).
//
// # Understanding a message against the catalog in use
//
// The rule-based parser (package nlu) proposes candidate search words, a category,
// a price range and the message's product phrase (nlu.ShopRequest.Sought: the
// first run of candidate words after a word that opens one, "got any kayaks", "do
// you sell surfboards", "looking for a yoga mat"; not after a vague word or a
// negation). The catalog decides which words are search terms: a Catalog that
// implements Vocabulary keeps only the words it can match (names, categories, tags,
// attribute values), so filler ("idk", "smth", "lol", "whatevs", "sell") is dropped
// before searching and never echoed in a reply. A product phrase whose last word
// (the thing sought) the catalog does not know is a search for something the shop
// does not sell, answered with the phrase ("we don't carry "red kayaks""); a
// message left with nothing to search and no such phrase is ambiguous ("just
// browsing, not sure what"). A product's name on its own, maybe with what it is
// for or a polite word ("kayak?", "dog collar pls", "backpack for school"), is a
// search for it. A word the catalog does not know that is one typo from
// exactly one word of the everyday lexicon ("sunglases") is searched as that
// word. A shopper's
// everyday word the catalog does not know is searched as the narrower kinds the
// everyday lexicon lists for it (lexicon/everyday.json, compared by nlu.Stem:
// "hats" is cap, beanie, beret...) that the catalog knows; the reply names the
// shopper's word. Category words are the catalog's own categories (their
// names, singular and plural, single words of multi-word names, and the synonyms
// the catalog gives); a category word filters by the category and is not also a
// search term. Config.Categories, when set, replaces the catalog's categories. A
// message that only sets a price while a search is current ("and anything below
// 20?") refines that search.
//
// # Global timeout (sections 3.1 and 7)
//
// A message sent more than Config.IdleTimeout (default 30 minutes) after the
// previous one, by sent_at, starts from idle: the state is reset as section 7 says
// (pending confirmation cleared, traceability fields kept), clarification
// attempts, intent repeats and errors are reset, the query context is dropped, and
// a guardrail event says why. The turn is then handled from idle. A conversation in
// handoff is left to its human.
//
// # Loop prevention (section 4)
//
// clarification_attempts counts clarification prompts and is reset on entering
// recommending, idle or handoff. When it is 2 and the turn is unresolved again (the
// third unresolved turn), the conversation goes to handoff with reason
// low_confidence instead of asking a third time. An unresolved turn is a vague or
// underspecified message (no searchable query: nothing the catalog knows and no
// product phrase), a reply to a confirmation that is neither yes nor no, or, in
// clarifying, the request the clarification was asked about again without
// progress. A clear search that finds nothing is not one (issue 26 reads section
// 3.1 so; issue 14 had counted it, which handed off three searches for things the
// shop does not sell instead of section 4.2's clarifying).
//
// intent_repeats counts turns in a row with the same normalized intent (the
// intent label: product_search, show_more, ...) that made no progress; progress is
// showing at least one new product, a selection, a confirmation answered, a
// handoff. It is reset by progress (not by entering idle: section 4.3 speaks of
// clarification_attempts). On the third such turn the engine goes to clarifying with
// a disambiguating question instead of repeating itself.
//
// # Choices where the seed is ambiguous
//
//   - The table (Machine): section 7's reset to idle is not a transition (it
//     replaces an untrusted state); expiry and a request for a human get their own
//     triggers on pairs the seed already allows.
//   - Section 7's "invalid transition": a stored state from which a turn would
//     leave the table (paginating at rest) is reset before the turn; a transition
//     outside the table from a trusted state is an ETRANSITION error (see State
//     above).
//   - Expiry: a confirmation is expired when sent_at - created_at > TTL (5 minutes),
//     strictly, as section 3.4 says "> 5 minutes". On expiry the engine clears it,
//     goes to idle and says so; a yes, no or unclear reply ends the turn there,
//     while a fresh request (search, select, show_more, human) is then handled
//     from idle in the same turn.
//   - last_intent holds the intent label, "select" for a card click (the product is
//     in pending_confirmation.target_id).
//   - A product id that the catalog no longer has is an unclear turn (select) or a
//     polite cancellation (confirmation).
//   - Upstream NLU (Message.NLU) is used when its intent is a shop intent; a
//     confidence under 0.5 is treated as ambiguous. Entities: query, category,
//     min_price, max_price, product_id.
//   - Config.ReactivateOnHandback is false in the zero Config; DefaultConfig and the
//     demo bot set it.
//   - Texts a model writes (issue 15): none unless Config.Generate opts them in
//     (GenerateIntro, the lead-in of a page of cards; GenerateClarify, the
//     clarifying questions; GenerateSmallTalk, greetings, thanks and the bot's
//     description) and Config.Writer is the bot's model. The engine decides the
//     turn and its text first; the model rewrites that draft (it sees the brief of
//     the text, the draft and the current message: the state keeps no messages),
//     streamed as reply_delta events of that reply and recorded as a
//     reply_generated event keyed by the text's name, which a replay says again
//     without the model. The draft is said when the model is off, slower than the
//     llm block's timeout or failing. Cards (products, prices, links, actions),
//     the offer of more, confirmation questions and handoff texts are always the
//     engine's.
package shop
