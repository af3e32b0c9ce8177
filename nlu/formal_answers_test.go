package nlu

import "testing"

// TestFormalAndIndirectAnswers pins yes, no and change of mind said formally or
// indirectly, without a yes or no phrase of the lexicons (issue 38 item 4), in
// the languages the seeds name, and the messages that must stay unread: an
// answer the rules are not sure of is asked again, never guessed.
func TestFormalAndIndirectAnswers(t *testing.T) {
	answers := []struct {
		text string
		want Answer
	}{
		{"That is all correct, you may proceed", Yes},
		{"Yes, that's quite right, please proceed", Yes},
		{"Certainly, that would be lovely", Yes},
		{"oui, je la prends", Yes},
		{"sí, me lo llevo", Yes},
		{"ah bghitha", Yes},
		{"I'm afraid that won't do", No},
		{"That will not be necessary, thank you", No},
		{"I'd rather not", No},
		{"non, ça ne me convient pas", No},
		{"no, no me interesa", No},
		{"la ma bghithach", No},
		{"That will not be necessary", No},
		{"sí, me lo llevo", Yes},
		{"لا أريده", No},
		// Unsure, asking, or affirming: never an answer read by the model.
		{"I think", Unknown},
		{"I'd rather", Unknown},
		{"not sure", Unknown},
		{"I don't know", Unknown},
		{"is that correct?", Unknown},
		{"I'll take the red one", Unknown},
		{"yes but the blue one", Unknown},
		{"no, make it Boston", Unknown},
	}
	for _, c := range answers {
		if got := YesNo(c.text); got != c.want {
			t.Errorf("YesNo(%q) = %v, want %v", c.text, got, c.want)
		}
	}
	cancels := []struct {
		text   string
		cancel bool
	}{
		{"actually I don't need it anymore", true},
		{"I don't need it any more", true},
		{"je n'en ai plus besoin", true},
		{"I need it", false},
		{"I still want it", false},
		{"I want it now", false},
		{"I need a hat", false},
	}
	for _, c := range cancels {
		got := BuiltinIntent(c.text).Intent == IntentCancel
		if got != c.cancel {
			t.Errorf("BuiltinIntent(%q) cancel = %v, want %v", c.text, got, c.cancel)
		}
	}
}

// TestShopCardPositions pins a card chosen by its position in words: a
// position cue and a number, the middle, ordinals in French and Spanish.
func TestShopCardPositions(t *testing.T) {
	p := NewShopParser(nil)
	cases := []struct {
		text    string
		ordinal int
	}{
		{"number two", 2},
		{"option 3 please", 3},
		{"le numéro deux", 2},
		{"el número cinco", 5},
		{"the one in the middle", OrdinalMiddle},
		{"celui du milieu", OrdinalMiddle},
		{"la segunda", 2},
		{"el último", -1},
		{"la 2e", 2},
		{"the last one", -1},
	}
	for _, c := range cases {
		r := p.Parse(c.text, "")
		if r.Intent != ShopSelect || r.Ordinal != c.ordinal {
			t.Errorf("Parse(%q) = %s ordinal %d, want select ordinal %d", c.text, r.Intent, r.Ordinal, c.ordinal)
		}
	}
	// A number without a position cue is no position ("2 hats", "under 20").
	for _, text := range []string{"2 hats", "hoodies under 20", "number"} {
		if r := p.Parse(text, ""); r.Ordinal != 0 {
			t.Errorf("Parse(%q) ordinal %d, want none", text, r.Ordinal)
		}
	}
}

// TestSpokenEmail pins an address spelled out in words: read only when the
// result is a whole valid address, never a part of a sentence.
func TestSpokenEmail(t *testing.T) {
	cases := []struct{ text, want string }{
		{"sam dot lee at outlook dot com", "sam.lee@outlook.com"},
		{"my email is sam dot lee at outlook dot com please", "sam.lee@outlook.com"},
		{"reach me at sam dot lee at outlook dot com.", "sam.lee@outlook.com"},
		{"Sam.Lee at Outlook dot com", "sam.lee@outlook.com"},
		{"ana point lopez arobase free point fr", "ana.lopez@free.fr"},
		{"pedro arroba correo punto es", "pedro@correo.es"},
		{"sam_lee99 at proton dot me", "sam_lee99@proton.me"},
		{"sam@outlook.com", "sam@outlook.com"},
		// No address: no dot in the domain, a function word for the local
		// part, a dot word left dangling, a place.
		{"sam at outlook", ""},
		{"it's at gmail dot com", ""},
		{"sam dot at outlook dot com", ""},
		{"meet me at the gym", ""},
		{"I'm at home now", ""},
		{"at 5 pm dot", ""},
	}
	for _, c := range cases {
		got, ok := ExtractEmail(c.text)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("ExtractEmail(%q) = %q, %v; want %q", c.text, got, ok, c.want)
		}
	}
}

// TestSmallTalkAndShopQuestions pins the shop's small talk and its questions
// by topic, in the languages the seeds name; a search is no question.
func TestSmallTalkAndShopQuestions(t *testing.T) {
	for _, text := range []string{"how are you today?", "how's your day going?"} {
		if SmallTalkOf(text) != Greeting {
			t.Errorf("SmallTalkOf(%q) is no greeting", text)
		}
	}
	for _, text := range []string{"who am I talking to?", "wait, who is this?", "¿con quién hablo?", "من معي"} {
		if !IsBotQuestion(text) {
			t.Errorf("IsBotQuestion(%q) = false", text)
		}
	}
	for _, c := range []struct{ text, topic string }{
		{"how long does delivery take?", TopicShipping},
		{"est-ce que vous livrez en Belgique ?", TopicShipping},
		{"can I send it back for a refund", TopicReturns},
		{"¿aceptan tarjeta?", TopicPayment},
		{"any promo code?", TopicDiscounts},
		{"do the tees come in size XL?", TopicSizes},
		{"what time do you close?", TopicHours},
		{"where is my order?", TopicOrders},
		{"any skateboards in stock?", ""},
		{"show me hoodies", ""},
		{"free shipping hoodie", ""},
	} {
		if got := ShopQuestionTopic(c.text); got != c.topic {
			t.Errorf("ShopQuestionTopic(%q) = %q, want %q", c.text, got, c.topic)
		}
	}
}
