package nlu

import (
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestShopWordsFile: every line of shop_words.txt names a set the loader knows,
// and each "word=value" pair of the ordinal and number lines reads.
func TestShopWordsFile(t *testing.T) {
	for _, line := range strings.Split(shopWordsText, "\n") {
		head, list, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		set, lang, _ := strings.Cut(strings.TrimSpace(head), " ")
		if lang == "" || strings.TrimSpace(list) == "" {
			t.Errorf("%q: no language or no words", line)
		}
		switch _, plain := shopWordSets[set]; {
		case plain, shopPhraseSets[set] != nil, strings.HasPrefix(set, "topic-") && shopTopics[strings.TrimPrefix(set, "topic-")] != nil:
		case set == "ordinal" || set == "number":
			for _, pair := range strings.Fields(list) {
				if _, v, ok := strings.Cut(pair, "="); !ok || v == "" {
					t.Errorf("%q: %q is no word=value", line, pair)
				}
			}
		default:
			t.Errorf("%q: unknown set %q", line, set)
		}
	}
}

// TestShopWordsOtherLanguages: Portuguese, Italian and German searches, picks
// and requests for more read as the English ones do; words of another meaning
// in English are left out.
func TestShopWordsOtherLanguages(t *testing.T) {
	p := NewShopParser(DefaultShopCategories())
	for _, c := range []struct {
		text, intent string
		ordinal      int
	}{
		{"o segundo", ShopSelect, 2},
		{"a terceira, por favor", ShopSelect, 3},
		{"il quarto", ShopSelect, 4},
		{"die erste bitte", ShopSelect, 1},
		{"ich nehme den zweiten", ShopSelect, 2},
		{"item 3", ShopSelect, 3},
		{"choice: 2", ShopSelect, 2},
		{"produto dois", ShopSelect, 2},
		{"mostre mais", ShopShowMore, 0},
		{"zeig mir mehr", ShopShowMore, 0},
		{"altri?", ShopShowMore, 0},
	} {
		got := p.Parse(c.text, "")
		if got.Intent != c.intent || got.Ordinal != c.ordinal {
			t.Errorf("%q: got %s ordinal %d, want %s ordinal %d", c.text, got.Intent, got.Ordinal, c.intent, c.ordinal)
		}
	}
	for _, text := range []string{"a belt", "I want a hat", "as a gift"} {
		if got := p.Parse(text, ""); got.Intent == ShopSelect {
			t.Errorf("%q: read as a pick (%+v)", text, got)
		}
	}
}

// TestShopFormField: a form field's value is the product sought, or the page
// wanted; any other field or message reads nothing.
func TestShopFormField(t *testing.T) {
	for _, c := range []struct {
		text, sought string
		page         int
		ok           bool
	}{
		{"Product: kayak, qty 2", "kayak", 0, true},
		{"item=lamp", "lamp", 0, true},
		{"search: red wool scarf; size: M", "red wool scarf", 0, true},
		{"Produkt: Rucksack", "Rucksack", 0, true},
		{"page: 3", "", 3, true},
		{"pagina=2", "", 2, true},
		{"Qty: 10", "", 0, false},
		{"page: next", "", 0, false},
		{"show me caps", "", 0, false},
		{"10:30 works", "", 0, false},
		{"Departure city: Lisbon", "", 0, false},
	} {
		sought, page, ok := ShopFormField(c.text)
		if sought != c.sought || page != c.page || ok != c.ok {
			t.Errorf("%q: got %q %d %v, want %q %d %v", c.text, sought, page, ok, c.sought, c.page, c.ok)
		}
	}
}

// TestShopFormFieldValueIsSaid: whatever a field holds, the value read is a
// part of the message, never another word.
func TestShopFormFieldValueIsSaid(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		label := rapid.SampledFrom([]string{"item", "Product", "query", "qty", "page", "colour", "Artikel"}).Draw(rt, "label")
		sep := rapid.SampledFrom([]string{":", "=", " - ", ": "}).Draw(rt, "sep")
		value := rapid.StringMatching(`[a-z0-9 ]{0,12}`).Draw(rt, "value")
		tail := rapid.SampledFrom([]string{"", ", qty 2", "; size M", " please"}).Draw(rt, "tail")
		text := label + sep + value + tail
		sought, page, ok := ShopFormField(text)
		if !ok {
			return
		}
		if sought != "" && !strings.Contains(text, sought) || page > 0 && !strings.Contains(text, strconv.Itoa(page)) {
			rt.Fatalf("%q: read %q page %d", text, sought, page)
		}
	})
}
