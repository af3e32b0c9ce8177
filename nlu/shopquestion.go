package nlu

import (
	"slices"
	"strings"
)

// ShopQuestion is a question about the shop rather than its products: delivery,
// returns, payment, discounts, sizes, opening hours, where it is,
// orders (issue 38 item 5). The shop answers it, from its configuration when it
// has an answer for the topic, and counts no clarification attempt.
const ShopQuestion = "about_shop"

// The topics of the shop's questions (ShopQuestionTopic), the keys of a shop's
// configured answers.
const (
	TopicShipping  = "shipping"
	TopicReturns   = "returns"
	TopicPayment   = "payment"
	TopicDiscounts = "discounts"
	TopicSizes     = "sizes"
	TopicHours     = "hours"
	TopicLocation  = "location"
	TopicOrders    = "orders"
	// TopicContact is how to reach the shop: a phone, an email.
	TopicContact = "contact"
	// TopicProducts is what the shop sells ("what do you sell?", "what kind of
	// stuff do you carry?"): a question naming no product (AsksWhatIsSold).
	TopicProducts = "products"
)

// shopTopics are the words of each topic a question may be about, in the
// languages the seeds name, compared as folded keys: rules as data, add your
// shop's words. A word is in one topic only; shopTopicOrder decides which
// topic a question naming two is about (the first).
var shopTopics = map[string]map[string]bool{
	TopicShipping: wordSet(`ship shipping shipped ships deliver delivers delivered delivering delivery deliveries dispatch dispatched dispatching
		postage courier arrive arrives arrival tracking track pickup collect collection retrait recogida recoger
		livraison livrer livrez livre expedition expedier envoi envio envios entrega enviar envian llega
		tawsil livrezon التوصيل توصيل الشحن شحن`),
	TopicReturns: wordSet(`return returns returned returning refund refunds refunded refunding exchange exchanges exchanging warranty guarantee
		retour retours retourner remboursement rembourser echange echanger
		devolucion devoluciones devolver reembolso cambiar garantia rje3 nrje3 الارجاع ارجاع استرجاع ترجيع`),
	TopicPayment: wordSet(`pay paying payment payments paypal credit debit cash visa mastercard amex installments invoice
		checkout paiement payer cb especes pago pagar tarjeta efectivo nkhles lkhlas الدفع دفع بطاقة نخلص`),
	TopicDiscounts: wordSet(`discount discounts coupon coupons promo promos promotion promotions voucher vouchers
		deal deals reduction remise remises solde soldes descuento descuentos cupon cupones oferta ofertas rebaja rebajas
		tkhfid promo تخفيض تخفيضات خصم`),
	// Stock is no topic: "any skateboards in stock?" is a search, answered
	// with the products or "we don't carry".
	TopicSizes: wordSet(`size sizes sizing taille tailles pointure talla tallas mqas المقاس مقاس قياس`),
	TopicHours: wordSet(`open opening hours closing closed close horaires ouvert ouvrez ouverts ferme fermez horario
		abierto abren cierran sa3at ساعات مفتوح تفتحو`),
	TopicLocation: wordSet(`located location based address branch branches adresse magasin boutique direccion sucursal
		ubicados blasa العنوان المحل مكان
		store stores storefront showroom town downtown physical in-person visit premises
		magasins boutiques ville centre-ville physique tienda tiendas fisica ciudad local hanout l7anout mahal
		محل متجر دكان المدينة`),
	// A phone is a product too ("do you stock phone chargers?"): the
	// contact words are those no shop sells.
	TopicContact: wordSet(`contact contacts email e-mail whatsapp reach
		joindre appeler courriel contacto llamar correo nwasal
		اتصال واتساب ايميل التواصل`),
	TopicOrders: wordSet(`order orders ordered ordering checkout check-out account commande commandes compte pedido pedidos cuenta commande talab الطلب طلبية`),
}

// shopTopicOrder is the order topics are tried in: a question naming a
// delivery and an order ("where is my order? it hasn't been delivered") is
// about the delivery.
var shopTopicOrder = []string{TopicShipping, TopicReturns, TopicPayment, TopicDiscounts, TopicSizes, TopicHours, TopicLocation, TopicContact, TopicOrders}

// shopQuestionOpeners start a question about the shop besides AsksQuestion's
// ("any discount codes", "est-ce que vous livrez", "hay descuentos", "puedo
// devolverlo").
var shopQuestionOpeners = wordSet(`any anything will would est puis-je peut hay puedo tienen واش`)

// ShopQuestionTopic reads a question about the shop's services: a message that
// asks (a question mark, a question word or opener first, or the built-in
// intents' question or help) and names one of a topic's words. It returns the
// topic, or "" for none. A message that does not ask ("free shipping hoodie")
// is no question.
func ShopQuestionTopic(text string) string {
	ws := intentWords(text)
	if len(ws) == 0 {
		return ""
	}
	asks := AsksQuestion(text) || shopQuestionOpeners[ws[0]]
	if !asks {
		r := BuiltinIntent(text)
		asks = r.Intent == IntentQuestion || r.Intent == IntentHelp
	}
	if !asks {
		return ""
	}
	ws = withoutInStore(ws)
	for _, topic := range shopTopicOrder {
		if slices.ContainsFunc(ws, func(w string) bool { return shopTopics[topic][w] }) {
			return topic
		}
	}
	if sendsBack(ws) {
		return TopicReturns
	}
	if sendsAbroad(ws) {
		return TopicShipping // "do you post to ireland?"
	}
	if slices.ContainsFunc(ws, func(w string) bool { return shopWhereWords[w] }) &&
		slices.ContainsFunc(ws, func(w string) bool { return shopPremisesWords[w] }) {
		return TopicLocation // "where's your shop?"
	}
	if slices.ContainsFunc(ws, func(w string) bool { return shopPhoneWords[w] }) &&
		slices.ContainsFunc(ws, func(w string) bool { return shopNumberWords[w] }) {
		return TopicContact // "what's your phone number?", not a phone for sale
	}
	return ""
}

// shopWhereWords with a shopPremisesWords ask where the shop is: "shop" alone
// is also a verb ("can I shop here?").
var (
	shopWhereWords    = wordSet(`where where's wheres ou donde fin fain فين أين اين`)
	shopPremisesWords = wordSet(`shop shops store stores tienda tiendas magasin boutique hanout l7anout محل المحل متجر المتجر`)
)

// shopPhoneWords with a shopNumberWords ask for the shop's number: a phone
// alone may be a product ("do you stock phone chargers?").
var (
	shopPhoneWords  = wordSet(`phone telephone tel telefono tilifon telefon هاتف الهاتف تلفون`)
	shopNumberWords = wordSet(`number numero num call appeler llamar رقم`)
)

// withoutInStore drops "store" said as "in store" ("do you have caps in
// store?"): in stock, a search, not a question about where the shop is.
func withoutInStore(ws []string) []string {
	for i := 1; i < len(ws); i++ {
		if ws[i] == "store" && ws[i-1] == "in" {
			return slices.Delete(slices.Clone(ws), i, i+1)
		}
	}
	return ws
}

// shopSendVerbs with "back" after them return a product ("can I send it
// back?", "will you take the cap back?").
var shopSendVerbs = wordSet(`send sending sent take taking bring bringing give giving post mail ship`)

// maxSendBackGap is how many words may stand between a verb and its "back".
const maxSendBackGap = 4

// sendsBack reports whether ws hold a verb of sending with "back" a few
// words after it.
func sendsBack(ws []string) bool {
	for i, w := range ws {
		if !shopSendVerbs[w] {
			continue
		}
		if slices.Contains(ws[i+1:min(len(ws), i+2+maxSendBackGap)], "back") {
			return true
		}
	}
	return false
}

// AsksAboutShop reports whether text asks a question about one of the shop's
// services (ShopQuestionTopic).
func AsksAboutShop(text string) bool { return ShopQuestionTopic(text) != "" }

// identityQuestions ask who or what is answering, or what it can do, as a
// whole message (a key's words joined by spaces).
var identityQuestions = phraseSet(
	"who am i talking to", "who am i speaking to", "who am i speaking with", "who am i chatting with",
	"who is this", "who's this", "who are you", "what are you", "what's your name", "who is there",
	"c'est qui", "qui es-tu", "qui êtes-vous", "t'es qui", "vous êtes qui", "à qui je parle",
	"quién eres", "quién es", "con quién hablo", "cómo te llamas", "chkoun nta", "chkoun nti", "shkoun nta",
	"من أنت", "من معي", "شكون نتا", "مع من أتكلم",
	// What the assistant can do: answered by what it is and does.
	"what can you do", "what do you do", "what can you help me with", "what can you help with",
	"how can you help", "how can you help me", "what are you able to do", "what are you for",
	"how does this work", "how do you work", "what can i ask you", "what can i ask",
	"what exactly do you do", "what do you do exactly", "what is it you do", "what do you do here",
	"que peux-tu faire", "que pouvez-vous faire", "tu fais quoi", "tu peux faire quoi",
	"qu'est-ce que tu peux faire", "qu'est-ce que vous pouvez faire", "comment ça marche",
	"qué puedes hacer", "qué haces", "en qué me puedes ayudar", "cómo funciona esto", "cómo funcionas",
	"ach katdir", "chno katdir", "chnou t9der dir", "chno t9der dir",
	"شنو كدير", "شنو تقدر دير", "ماذا يمكنك أن تفعل", "ماذا تفعل", "كيف يمكنك مساعدتي",
)

// phraseSet is the set of phrases, each as the words of its key joined by spaces.
func phraseSet(phrases ...string) map[string]bool {
	set := make(map[string]bool, len(phrases))
	for _, p := range phrases {
		set[strings.Join(words(key(p)), " ")] = true
	}
	return set
}

// maxIdentityLeadIn is how many words may come before a question about who is
// answering ("wait, who am I talking to?", "sorry but who is this").
const maxIdentityLeadIn = 2

// asksWhoIsAnswering reports whether text ends with a question about who or
// what is answering ("who am I talking to?", "¿quién eres?"), after at most a
// couple of words.
func asksWhoIsAnswering(text string) bool {
	ws := words(key(text))
	for i := 0; i <= min(maxIdentityLeadIn, len(ws)-1); i++ {
		if identityQuestions[strings.Join(ws[i:], " ")] {
			return true
		}
	}
	return false
}

// shopSellVerbs ask what the shop has when no product follows them ("what do
// you sell?", "qu'est-ce que vous vendez ?", "¿qué venden?", "chno katbi3o?").
// "What do you have?" stays a vague request (asked what to look for, with
// the categories): having is no selling.
var shopSellVerbs = wordSet(`sell sells selling carry carries stock stocks offer offers
	vendez vendre vends vend proposez venden vendes vendeis ofrecen katbi3o katbi3 tbi3o
	تبيعون تبيعو كتبيعو`)

// shopWhatWords ask what kind of thing.
var shopWhatWords = wordSet(`what what's whats which kind kinds sort sorts type types que qu'est-ce quoi quel quels quelle
	quelles qué cuales cuáles chno achno ach شنو اش ماذا`)

// AsksWhatIsSold reports whether text asks what the shop sells: a question
// word and a verb of selling or having ("what do you sell?", "what kind of
// stuff do you carry?", "¿qué venden?"). The caller reads it only where the
// message names nothing to search for: "what hoodies do you sell?" is a
// search.
func AsksWhatIsSold(text string) bool {
	ws := intentWords(text)
	if !slices.ContainsFunc(ws, func(w string) bool { return shopWhatWords[w] }) {
		return false
	}
	// "what is this shop?", "what kind of shop is this?": the shop itself.
	return slices.ContainsFunc(ws, func(w string) bool { return shopSellVerbs[w] }) ||
		slices.ContainsFunc(ws, func(w string) bool { return shopSelfNouns[w] }) && slices.Contains(ws, "this")
}

// shopSelfNouns name the business itself ("what is this shop?", "what kind of
// place is this?").
var shopSelfNouns = wordSet(`shop place site website business company boutique loja negozio laden geschaft tienda`)

// shopMakerVerbs make or run the assistant: "who made you?", "who built
// this bot?", "qui t'a créé ?", "¿quién te hizo?".
var shopMakerVerbs = wordSet(`made make makes built build builds created create creates developed develop designed design
	programmed program coded code wrote trained owns runs cree crea fait fabrique developpe programme
	hizo creo creó desarrollo programo sawbek sawbak صنعك برمجك صاوبك خلقك`)

// shopWhoWords ask who.
var shopWhoWords = wordSet(`who who's whos qui quien quién chkoun chkon shkoun من شكون`)

// asksWhoMadeBot reports whether text asks who made or runs the assistant: a
// who-word and a verb of making, in a short question ("who made you?", "who
// built this?").
func asksWhoMadeBot(text string) bool {
	ws := intentWords(text)
	return len(ws) <= maxWhoMadeWords && len(ws) > 0 && shopWhoWords[ws[0]] &&
		slices.ContainsFunc(ws, func(w string) bool { return shopMakerVerbs[w] })
}

// maxWhoMadeWords bounds a question about who made the assistant: "who made
// the hoodie with the logo?" is about a product, and longer.
const maxWhoMadeWords = 5

// ShopSmallTalk is a remark made to pass the time ("lovely weather today,
// isn't it?", "what a day"): answered shortly, neither searched nor counted
// as a clarification attempt.
const ShopSmallTalk = "small_talk"

// shopChatWords are what remarks made to pass the time are about: the
// weather and the day, in the languages the seeds name.
var shopChatWords = wordSet(`weather sunny rainy raining rain snowing snowy windy cloudy freezing scorching heatwave
	temps meteo soleil pluie pleut il fait tiempo lluvia llueve soleado hace jaw chta chams الطقس الجو شتا`)

// shopTagQuestions end a remark that asks for agreement ("isn't it?",
// "innit", "n'est-ce pas ?", "¿verdad?").
var shopTagQuestions = phraseSet("isn't it", "isnt it", "innit", "ain't it", "don't you think", "n'est-ce pas", "verdad", "no crees")

// IsChitChat reports whether text is a remark made to pass the time: about
// the weather, ending with a tag question, a reaction, a greeting with words
// around it or a farewell (reactsOrTakesLeave), and naming nothing to look for
// (no verb of wanting or looking, no vague word: "something for the rain" is
// a request). The
// caller reads it only where the message names nothing to search for.
func IsChitChat(text string) bool {
	if IsWellWish(text) {
		return true // "I hope all is well with you.": a courtesy, nothing sought
	}
	ws := intentWords(text)
	if slices.ContainsFunc(ws, func(w string) bool { return shopWantWords[w] || shopLookWords[w] || shopVagueWords[w] }) {
		return false
	}
	for n := 1; n <= maxTagWords && n <= len(ws); n++ {
		if shopTagQuestions[strings.Join(ws[len(ws)-n:], " ")] {
			return true
		}
	}
	return slices.ContainsFunc(ws, func(w string) bool { return shopChatWords[w] }) || reactsOrTakesLeave(ws)
}

// shopReactions are appreciation said for its own sake, maybe with laughter
// ("lol nice", "wow lovely"; laughter alone is vague); shopGreetingWords greet ("just
// wanted to say hi"); shopFarewells take leave ("good night", "bye",
// "bonne nuit", "hasta luego", "bslama").
var (
	shopReactions     = wordSet(`nice cool great awesome wow neat amazing sweet dope lovely super genial chouette zwin`)
	shopGreetingWords = wordSet(`hi hello hey hiya howdy yo salut bonjour bonsoir coucou hola buenas salam ahlan marhaba سلام مرحبا
		ola oi ciao salve hallo moin servus hoi`)
	shopFarewells = phraseSet("good night", "goodnight", "bye", "bye bye", "goodbye", "see you", "see ya", "cya", "later",
		"bonne nuit", "au revoir", "a plus", "a bientot", "buenas noches", "adios", "hasta luego", "chao", "ciao",
		"bslama", "b slama", "m3a salama", "مع السلامة", "تصبح على خير")
	shopSocialFillers = wordSet(`just wanted to say i a the ok okay so well oh and thanks thank you for now guys all folks everyone
		lol lool haha hahaha hehe hihi lmao rofl xd mdr ptdr jaja jajaja`)
)

// reactsOrTakesLeave reports whether ws are nothing but a reaction ("lol
// nice"), a greeting with words around it ("just wanted to say hi") or a
// farewell ("good night"), with social fillers.
func reactsOrTakesLeave(ws []string) bool {
	social := false
	for i := 0; i < len(ws); i++ {
		if n := farewellAt(ws[i:]); n > 0 {
			social = true
			i += n - 1
			continue
		}
		switch w := ws[i]; {
		case shopReactions[w], shopGreetingWords[w]:
			social = true
		case shopSocialFillers[w]:
		default:
			return false
		}
	}
	return social
}

// farewellAt is the length of the farewell ws start with, 0 for none.
func farewellAt(ws []string) int {
	for n := min(maxFarewellWords, len(ws)); n > 0; n-- {
		if shopFarewells[strings.Join(ws[:n], " ")] {
			return n
		}
	}
	return 0
}

// maxFarewellWords is the most words of a farewell ("تصبح على خير").
const maxFarewellWords = 3

// maxTagWords is the most words of a tag question, as words splits them
// ("don't you think" is "don", "t", "you", "think").
const maxTagWords = 4

// IsReactionOrFarewell reports whether text is wholly a reaction, a greeting
// with words around it or a farewell ("wow lovely", "bonne nuit"): read before
// a word the catalog does not know makes it an unsold search.
func IsReactionOrFarewell(text string) bool {
	return reactsOrTakesLeave(intentWords(text))
}

// shopSendWords send a parcel, yet each names other things too ("a fence
// post", "mail" on its own): a question is about shipping only when one is
// followed by "to" and a country ("do you post to ireland?", "can you send
// to Canada?").
var shopSendWords = wordSet(`post send mail envoyez envoyer mandan mandar`)

// shopToWords say where a parcel goes.
var shopToWords = wordSet(`to in a au en vers`)

// sendsAbroad reports whether ws send (shopSendWords) to a country (IsCountry,
// one or two words after "to").
func sendsAbroad(ws []string) bool {
	for i := 0; i+2 < len(ws); i++ {
		if !shopSendWords[ws[i]] || !shopToWords[ws[i+1]] {
			continue
		}
		if IsCountry(ws[i+2]) || i+3 < len(ws) && IsCountry(ws[i+2]+" "+ws[i+3]) {
			return true
		}
	}
	return false
}
