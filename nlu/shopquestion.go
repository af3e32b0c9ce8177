package nlu

// ShopQuestion is a question about the shop rather than its products: delivery,
// returns, payment, opening hours, where it is (issue 38 item 5). The shop
// answers it and counts no clarification attempt.
const ShopQuestion = "shop_question"

// shopTopics are the words of the shop's services a question may be about, in
// the languages the seeds name: rules as data, add your shop's words.
var shopTopics = wordSet(`
ship shipping shipped ships deliver delivers delivery deliveries dispatch postage courier track tracking
return returns refund refunds exchange exchanges warranty guarantee
pay payment payments paypal card cards credit debit cash visa mastercard installments invoice
open opening hours close closing closed located location address store shop branch
discount discounts coupon coupons promo code voucher sale sales
order orders account size sizes sizing
livraison livrer livrez expedition retour retours remboursement paiement payer carte horaires ouvert adresse
envio envios entrega devolucion devoluciones reembolso pago pagar tarjeta horario abierto direccion tienda
tawsil livrezon khlas lkhlas rje3 blasa fin
التوصيل توصيل الشحن شحن الارجاع ارجاع استرجاع الدفع دفع بطاقة المحل العنوان
`)

// AsksAboutShop reports whether text asks something (a question mark, a
// question word first, or the built-in intents' question or help) about one of
// the shop's services.
func AsksAboutShop(text string) bool {
	asks := isQuestion(text)
	if !asks {
		r := BuiltinIntent(text)
		asks = r.Intent == IntentQuestion || r.Intent == IntentHelp
	}
	if !asks {
		return false
	}
	for _, w := range intentWords(text) {
		if shopTopics[w] {
			return true
		}
	}
	return false
}
