package nlu

import (
	"slices"
	"strings"
)

// ShopQuestion is a question about the shop rather than its products: delivery,
// returns, payment, discounts, sizes, opening hours, where it is,
// orders (issue 38 item 5). The shop answers it, from its configuration when it
// has an answer for the topic, and counts no clarification attempt.
const ShopQuestion = "shop_question"

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
)

// shopTopics are the words of each topic a question may be about, in the
// languages the seeds name, compared as folded keys: rules as data, add your
// shop's words. A word is in one topic only; shopTopicOrder decides which
// topic a question naming two is about (the first).
var shopTopics = map[string]map[string]bool{
	TopicShipping: wordSet(`ship shipping shipped ships deliver delivers delivered delivery deliveries dispatch dispatched
		postage courier arrive arrives arrival tracking track
		livraison livrer livrez livre expedition expedier envoi envio envios entrega enviar envian llega
		tawsil livrezon التوصيل توصيل الشحن شحن`),
	TopicReturns: wordSet(`return returns returned refund refunds refunded exchange exchanges warranty guarantee
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
	TopicLocation: wordSet(`located location address branch branches adresse magasin boutique direccion sucursal
		ubicados blasa العنوان المحل مكان`),
	TopicOrders: wordSet(`order orders ordered account commande commandes compte pedido pedidos cuenta commande talab الطلب طلبية`),
}

// shopTopicOrder is the order topics are tried in: a question naming a
// delivery and an order ("where is my order? it hasn't been delivered") is
// about the delivery.
var shopTopicOrder = []string{TopicShipping, TopicReturns, TopicPayment, TopicDiscounts, TopicSizes, TopicHours, TopicLocation, TopicOrders}

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
	for _, topic := range shopTopicOrder {
		if slices.ContainsFunc(ws, func(w string) bool { return shopTopics[topic][w] }) {
			return topic
		}
	}
	return ""
}

// AsksAboutShop reports whether text asks a question about one of the shop's
// services (ShopQuestionTopic).
func AsksAboutShop(text string) bool { return ShopQuestionTopic(text) != "" }

// identityQuestions ask who or what is answering, as a whole message (a key's
// words joined by spaces).
var identityQuestions = phraseSet(
	"who am i talking to", "who am i speaking to", "who am i speaking with", "who am i chatting with",
	"who is this", "who's this", "who are you", "what are you", "what's your name", "who is there",
	"c'est qui", "qui es-tu", "qui êtes-vous", "t'es qui", "vous êtes qui", "à qui je parle",
	"quién eres", "quién es", "con quién hablo", "cómo te llamas", "chkoun nta", "chkoun nti", "shkoun nta",
	"من أنت", "من معي", "شكون نتا", "مع من أتكلم",
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
