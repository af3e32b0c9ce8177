package shop

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// Intents of the shop's vocabulary beyond the nlu.Shop* ones the engine acts on.
// A greeting is handed to the rules' reading of the message.
const IntentGreeting = "greeting"

// shownInPrompt bounds how many of the shown products (the newest) the prompt
// lists for the model to resolve a selection against.
const shownInPrompt = 10

// Understanding publishes the shop's vocabulary for a language model (package
// llm): the intents the engine acts on as Message.NLU, the entities it reads
// (query, category, min_price, max_price, product_id), the products already shown
// (a selection names one of them) and what is pending. A conversation with a
// human needs no model: the bot is silent there.
func (e *Engine) Understanding(ctx context.Context, t parley.Turn) (parley.Understanding, bool, error) {
	st, err := e.stateOf(t.State)
	if err != nil || st.Conversation.State == StateHandoff {
		return parley.Understanding{}, false, err
	}
	shown := st.ShownProductIDs
	if len(shown) > shownInPrompt {
		shown = shown[len(shown)-shownInPrompt:]
	}
	var cards []Product
	for _, id := range shown {
		if p, err := e.catalog.Product(ctx, id); err == nil {
			cards = append(cards, p)
		}
	}
	ids := make([]string, len(cards))
	for i, p := range cards {
		ids[i] = p.ID
	}
	categories := e.categoryNames(ctx)
	return parley.Understanding{
		SchemaName:   "shop_nlu",
		Schema:       shopSchema(categories, ids),
		Instructions: e.instructions(st, categories, cards),
		Unclear:      nlu.ShopAmbiguous,
	}, true, nil
}

// ShopIntents are the intents of the shop's vocabulary, in the schema's order.
var ShopIntents = []string{nlu.ShopSearch, nlu.ShopShowMore, nlu.ShopSelect, nlu.ShopConfirm, nlu.ShopCancel, nlu.ShopHuman, IntentGreeting, nlu.ShopAmbiguous}

func shopSchema(categories, shownIDs []string) map[string]any {
	return parley.NLUSchema(ShopIntents, map[string]map[string]any{
		"query":      parley.NullableString("product_search: what the shopper looks for, a few words, without filler"),
		"category":   parley.NullableString("product_search: the store category the shopper names", categories...),
		"min_price":  parley.NullableNumberIn("product_search: the lowest price wanted", 0, MaxPrice),
		"max_price":  parley.NullableNumberIn("product_search: the highest price wanted", 0, MaxPrice),
		"product_id": parley.NullableString("select: the id of the shown product the shopper picks", shownIDs...),
	})
}

// pendingProduct names the product a confirmation is pending for: by name when it
// was shown (the last card of that id), else by id.
func pendingProduct(id string, cards []Product) string {
	what := "product " + id
	for _, p := range cards {
		if p.ID == id {
			what = fmt.Sprintf("%q (id %s)", p.Name, p.ID)
		}
	}
	return what
}

func (e *Engine) instructions(st *State, categories []string, cards []Product) string {
	var b strings.Builder
	b.WriteString(`The bot is a shopping assistant of an online store. Intents:
- product_search: the shopper looks for products. Entities: query, category (only one of the store's categories listed below), min_price, max_price.
- show_more: more results of the current search ("any more?", "next ones").
- select: the shopper picks one of the products already shown, by name, position or description ("I'll take the blue one", "the last one"). Entity: product_id of that product.
- confirm: yes to the bot's pending question ("sure", "go ahead").
- cancel: no, stop or never mind.
- human: the shopper asks for a human agent.
- greeting: hello, thanks or small talk.
- ambiguous: anything else, or too vague to act on.
`)
	if len(categories) > 0 {
		b.WriteString("\nThe store's categories: " + strings.Join(categories, ", ") + ".")
	}
	fmt.Fprintf(&b, "\nThe conversation is in state %q.", st.Conversation.State)
	if st.Query != nil {
		fmt.Fprintf(&b, " The current search is %s.", st.Query.describe())
	}
	if pc := st.Conversation.PendingConfirmation; pc.Action != nil && pc.TargetID != nil {
		fmt.Fprintf(&b, " The bot asked the shopper to confirm: %s %s. A yes is confirm, a no is cancel.", strings.ReplaceAll(*pc.Action, "_", " "), pendingProduct(*pc.TargetID, cards))
	}
	if len(cards) == 0 {
		b.WriteString(" No product has been shown yet, so nothing can be selected.")
		return b.String()
	}
	b.WriteString("\nProducts shown to the shopper, oldest first:")
	for i, p := range cards {
		fmt.Fprintf(&b, "\n%d. id %s: %s, %s", i+1, p.ID, p.Name, formatPrice(p))
		if len(p.Categories) > 0 {
			b.WriteString(" (" + strings.Join(p.Categories, ", ") + ")")
		}
	}
	return b.String()
}

// categoryNames are the names of the categories the engine searches by: the
// configured ones, else the catalog's own; none when the catalog cannot say now.
func (e *Engine) categoryNames(ctx context.Context) []string {
	cats := e.fixedCategories
	if cats == nil {
		if voc, ok := e.catalog.(Vocabulary); ok {
			cats, _ = voc.Categories(ctx)
		}
	}
	names := make([]string, 0, len(cats))
	for _, c := range cats {
		if !slices.Contains(names, c.Name) {
			names = append(names, c.Name)
		}
	}
	slices.Sort(names)
	return names
}
