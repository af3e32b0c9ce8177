package nlu

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestShopAmount: an amount is a card's price only when money says so (a sign,
// a currency word, a word of costing); a number alone or two amounts are none.
func TestShopAmount(t *testing.T) {
	for _, c := range []struct {
		text string
		want float64
		ok   bool
	}{
		{"the $90 one", 90, true},
		{"the 90$ one", 90, true},
		{"the one for 16 dollars", 16, true},
		{"the 20 euro one", 20, true},
		{"whichever is 35", 35, true},
		{"celle à 90 euros", 90, true},
		{"la de 55 dólares", 55, true},
		{"li b 90dh", 90, true},
		{"the 19.99 one for 19.99", 19.99, true},
		{"number 4", 0, false},
		{"4", 0, false},
		{"the second one", 0, false},
		{"the $16 or the $18 one", 0, false},
	} {
		got, ok := shopAmount(key(c.text))
		if ok != c.ok || got != c.want {
			t.Errorf("shopAmount(%q) = %v, %v; want %v, %v", c.text, got, ok, c.want, c.ok)
		}
	}
}

// TestShopAmountReadsThePriceWritten: whatever price is written with a
// currency sign in a pick, that price is read, never another.
func TestShopAmountReadsThePriceWritten(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cents := rapid.IntRange(1, 99999).Draw(t, "cents")
		v := float64(cents) / 100
		text := "the $" + formatAmount(v) + " one"
		got, ok := shopAmount(key(text))
		if !ok || got != v {
			t.Fatalf("shopAmount(%q) = %v, %v", text, got, ok)
		}
	})
}

func formatAmount(v float64) string {
	n := int(v*100 + 0.5)
	return itoa(n/100) + "." + string(rune('0'+n%100/10)) + string(rune('0'+n%10))
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestPositionsFromTheEndAndInOtherWords: positions counted from the end in
// several words or one, Darija and Arabic positions, and a digit alone.
func TestPositionsFromTheEndAndInOtherWords(t *testing.T) {
	p := NewShopParser(DefaultShopCategories())
	for _, c := range []struct {
		text string
		want int
	}{
		{"the second to last", -2}, {"last but one", -2}, {"the next-to-last one", -2}, {"el penúltimo", -2},
		{"l'avant-dernière", -2}, {"9bel lakher", -2}, {"قبل الأخير", -2}, {"the third from the end", -3},
		{"lwel", 1}, {"lowla", 1}, {"اللخر", -1}, {"l-akhir", -1}, {"la dernière", -1}, {"la cuarta", 4},
		{"4", 4}, {"#2", 2},
	} {
		r := p.Parse(c.text, "")
		if r.Intent != ShopSelect || r.Ordinal != c.want {
			t.Errorf("Parse(%q) = %s ordinal %d, want select %d", c.text, r.Intent, r.Ordinal, c.want)
		}
	}
	for _, text := range []string{"my last ones broke", "7", "42"} {
		if r := p.Parse(text, ""); r.Ordinal != 0 {
			t.Errorf("Parse(%q) ordinal %d, want none", text, r.Ordinal)
		}
	}
}

// TestFinalClause: a long message's last clause after a break, none for a
// short one.
func TestFinalClause(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"I've been looking for a good pair for ages since I lost mine at the beach, so the sunglasses please", "the sunglasses please"},
		{"my brother lost his hat on the train last week on the way home. anyway the beanie", "the beanie"},
		{"j'ai perdu mon bonnet dans le train la semaine dernière en rentrant, donc le bonnet", "le bonnet"},
		{"the red one, please", ""},
		{"so the belt", ""},
	} {
		got, ok := FinalClause(c.text)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("FinalClause(%q) = %q, %v; want %q", c.text, got, ok, c.want)
		}
	}
}

// TestShopPluralDemonstrativePicks: "these" and "those" before a card's
// name point at the card shown, as "that" and "this" do; with a verb of
// looking they still search.
func TestShopPluralDemonstrativePicks(t *testing.T) {
	p := NewShopParser(DefaultShopCategories())
	for _, c := range []struct {
		text, intent string
	}{
		{"those beanies", ShopSelect},
		{"these polos", ShopSelect},
		{"i'll take those gloves", ShopSelect},
		{"that belt", ShopSelect},
		{"show me those scarves", ShopSearch},
	} {
		if got := p.Parse(c.text, ""); got.Intent != c.intent {
			t.Errorf("Parse(%q).Intent = %q, want %q", c.text, got.Intent, c.intent)
		}
	}
}

// TestShopDayOfMonthIsNoCard: an ordinal after a preposition of time and
// "the" is a day of the month, no card's position; without one it is.
func TestShopDayOfMonthIsNoCard(t *testing.T) {
	p := NewShopParser(DefaultShopCategories())
	for _, c := range []struct {
		text    string
		ordinal int
	}{
		{"yes, need it by the 12th", 0},
		{"yes, before the 3rd please", 0},
		{"ok, it's for the trip on the 9th", 0},
		{"sure, in time for the 2nd", 0},
		{"the 4th", 4},
		{"i'll go for the 2nd", 2},
	} {
		if got := p.Parse(c.text, ""); got.Ordinal != c.ordinal {
			t.Errorf("Parse(%q).Ordinal = %d, want %d", c.text, got.Ordinal, c.ordinal)
		}
	}
}

// TestShopRelativeClauseDescribes: a clause opened by "that" or "which"
// after a product's name says what the product does; a frame verb in it
// ("get", "have") opens no product phrase, and the name is sought.
func TestShopRelativeClauseDescribes(t *testing.T) {
	p := NewShopParser(DefaultShopCategories())
	for _, c := range []struct{ text, sought string }{
		{"boots that can get muddy", "boots"},
		{"a jacket which can get soaked", "jacket"},
		{"gloves that have grip", "gloves"},
	} {
		if got := p.Parse(c.text, ""); !slices.Contains(got.Sought, c.sought) {
			t.Errorf("Parse(%q).Sought = %q, want it to hold %q", c.text, got.Sought, c.sought)
		}
	}
}
