package nlu

import (
	"maps"
	"slices"
	"strings"
)

// This file holds the shop assistant's intent rules (seed 000): what a shopper's
// message or click asks for, and the search criteria in it. Choices, pinned by
// shop/parse_test.go and the shop scenarios (testdata/scenarios/shop):
//   - A click's meaning wins over its text: show_more, confirm, cancel,
//     select:<product_id>, human. An unknown meaning falls back to the text.
//   - Then, in order: a yes/no answer (YesNo: confirm/cancel), an explicit request
//     for a human (IsHumanRequest), a question about the bot (IsBotQuestion), a
//     greeting or thanks (SmallTalkOf), a typed
//     selection among the cards shown (an ordinal, "the ... one", or a picking verb
//     such as "add", "take", "je prends"), a follow-up asking for more ("any
//     more?", "next ones", "got anything else?") when the message names nothing
//     to search.
//   - Otherwise the message is a product_search when a query can be formed: a
//     category word, a price range or a candidate term; words that name no
//     product (fillers, "something", recipients such as "for my dad") are never
//     terms. A category word fills Category and is not also a term. Candidate
//     terms are only candidates: the engine keeps those the catalog in use knows.
//     With nothing left it is ambiguous ("I want to buy something", "I don't know").

// Shop intents.
const (
	ShopSearch    = "product_search"
	ShopAmbiguous = "ambiguous"
	ShopShowMore  = "show_more"
	ShopSelect    = "select"
	ShopConfirm   = "confirm"
	ShopCancel    = "cancel"
	ShopHuman     = "human"
	ShopGreeting  = "greeting"
	ShopThanks    = "thanks"
	// ShopAboutBot is a question about what the assistant is ("are you a bot?").
	ShopAboutBot = "about_bot"
)

// ShopRequest is what one shopper's message asks for.
type ShopRequest struct {
	// Intent is one of the Shop* intents.
	Intent string
	// ProductID is the product of a select.
	ProductID string
	// Terms are the content words of a product_search, lower case, in message order,
	// without repeats.
	Terms []string
	// Category is the canonical category a category word of the message names.
	Category string
	// Price is the price range the message sets.
	Price PriceRange
	// Ordinal is a typed selection's position among the cards last shown: 1 the
	// first, -1 the last, 0 none.
	Ordinal int
	// Mention are the words a typed selection names its product by ("polo",
	// "blue"), category words included.
	Mention []string
	// PricePick picks a shown card by its price: -1 the cheapest ("whichever
	// costs least"), 1 the dearest ("the most expensive one"), 0 none.
	PricePick int
	// Other picks the shown card other than the one in question ("not that
	// one, the other", "l'autre", "not that one").
	Other bool
	// Ordinals and PricePicks are every position and every pick by price the
	// message names, each once: two or more name several cards
	// (NamesSeveral), and the shopper is asked which.
	Ordinals   []int
	PricePicks []int
	// RefusedOrdinals and RefusedPricePicks are the positions and picks by
	// price the message refuses ("not the first one", "not the cheapest"):
	// the pick is among the other cards.
	RefusedOrdinals   []int
	RefusedPricePicks []int
	// Plain asks for the card without extras ("the plain beanie"): of the
	// cards the mention fits, the one whose name says no more than it.
	Plain bool
	// Bare: the message is a product's name on its own, maybe with who it is
	// for and a polite word ("belt pls", "kids pyjamas"): with cards shown,
	// one card it names alone is picked.
	Bare bool
	// Exclude: the mention names the cards not wanted ("not the one with the
	// logo"): the pick is the one card of the page it does not fit.
	Exclude bool
	// Amount is the price a typed selection names its card by ("the $90 one",
	// "the one for 16 dollars", "whichever is 35"); nil when none.
	Amount *float64
	// More: a search said with a word asking for more ("what else is there in
	// clothing", "more caps"): the shop pages on when the search is the one
	// its cards came from.
	More bool
	// Lacks are the words a typed selection says its card is without ("the
	// hoodie without the logo", "le bonnet sans logo"): of the cards the
	// mention fits, the one whose name and description have none of them.
	Lacks []string
	// Sought is the product phrase of a search: the first run of candidate words
	// (category words included) after a word that opens one ("got any kayaks",
	// "do you sell surfboards", "looking for a yoga mat"), unless a vague word
	// stands between ("something for my kayak"). A search whose product phrase
	// the catalog does not know is a search for something the shop does not sell,
	// not a vague message; without one, words the catalog does not know are
	// filler.
	Sought []string
}

// ShopParser reads shoppers' messages against a category vocabulary. It is
// immutable and safe for concurrent use.
type ShopParser struct {
	// categories are the category names in name order, each with its words split
	// as phrases once.
	categories []shopCategory
}

type shopCategory struct {
	name    string
	phrases [][]string
	// partial are single words of a multi-word name ("garden" of "Garden
	// Tools"): they name the category when no category is named in full there.
	partial [][]string
}

// DefaultShopCategories are the categories of WooCommerce's sample store with the
// words that name them (English, French, Darija in Latin letters). The shop engine
// takes its categories from the catalog in use; this list is kept for callers that
// have no catalog.
func DefaultShopCategories() map[string][]string {
	return map[string][]string{
		"Clothing":    {"clothing", "clothes", "apparel", "vetements", "vetement", "hwayej", "7wayej"},
		"Hoodies":     {"hoodie", "hoodies", "sweatshirt", "sweatshirts", "sweat", "sweats", "sweater"},
		"Tshirts":     {"t-shirt", "t-shirts", "tshirt", "tshirts", "tee", "tees", "shirt", "shirts"},
		"Accessories": {"accessory", "accessories", "accessoire", "accessoires"},
		"Music":       {"music", "musique", "album", "albums", "song", "songs", "mosi9a", "musi9a"},
		"Decor":       {"decor", "decoration", "decorations"},
	}
}

// NewShopParser returns a parser that maps the words of categories (canonical name
// -> words) to Category; a category's name and its singular and plural forms
// (NameForms) always name it. A nil map means no category words.
func NewShopParser(categories map[string][]string) *ShopParser {
	p := &ShopParser{}
	for _, name := range slices.Sorted(maps.Keys(categories)) {
		c := shopCategory{name: name, partial: partialNamePhrases(name)}
		for _, w := range append(NameForms(name), categories[name]...) {
			if ws := phraseWords(w); len(ws) > 0 {
				c.phrases = append(c.phrases, ws)
			}
		}
		p.categories = append(p.categories, c)
	}
	return p
}

// shopMoreWords ask for more of the same: a message whose only words besides
// fillers are among them is show_more ("any more?", "next ones", "got anything
// else?", "encore", "zidni", "المزيد").
var shopMoreWords = wordSet(`
more next other others else another additional rest further remaining extra
plus autres autre suite suivant suivants suivantes encore
siguiente siguientes mas
zid zidni ktar kter khrin okhrin okhra akhor akhrin mazal
المزيد زيد اخرى اخر اخرين كثر اكثر
`)

// shopMorePhrases ask to go on through the results, as phrases: "keep going",
// "carry on", "keep them coming", "continue".
var shopMorePhrases = buildPhraseList(map[string][]string{
	LangEnglish: {"keep going", "keep them coming", "keep em coming", "keep 'em coming", "go on", "carry on",
		"continue", "keep scrolling", "load more", "next page", "more of those", "more like these", "more like that"},
	LangFrench:      {"continue", "continuez", "page suivante", "la suite"},
	LangDarijaLatin: {"kemmel", "kmel", "zid goddam"},
})

// shopOtherWords name the other card of a choice when a definite word or a
// negation comes before them ("the other one", "not that one, the other", "el
// otro"); shopTheOther name it by themselves ("l'autre", "lakhor", "الاخر").
// Either picks it instead of asking for more; "the other ones" asks for more.
var (
	shopOtherWords     = wordSet(`other autre otro otra`)
	shopTheOther       = wordSet(`l'autre lakhor lakhra الاخر الاخرى`)
	shopOtherDefinites = wordSet(`the that this el la le not no non`)
)

// asksTheOther reports whether ws (a message's words) pick the other card.
func asksTheOther(ws []string) bool {
	for i, w := range ws {
		if i+1 < len(ws) && (ws[i+1] == "ones" || ws[i+1] == "others") {
			continue
		}
		if shopTheOther[w] || (shopOtherWords[w] && slices.ContainsFunc(ws[:i], func(p string) bool { return shopOtherDefinites[p] })) {
			return true
		}
	}
	return false
}

// shopPricePicks pick a shown card by its price, as phrases of the normalized
// message: the cheapest (-1) or the dearest (1).
var shopPricePicks = []struct {
	phrase []string
	pick   int
}{}

func init() {
	for _, p := range []struct {
		pick    int
		phrases string
	}{
		{-1, "cheapest|least expensive|lowest price|lowest priced|costs least|costs the least|cost the least|costs less|" +
			"the cheaper one|the cheaper|least money|less expensive|less pricey|lower priced|lowest cost|moins cher|le moins cher|la moins chere|mas barato|mas barata|" +
			"el mas barato|la mas barata|rkhes|rkhis|الارخص|ارخص|" +
			// Chinese and Cantonese "cheapest", "best value"; Japanese "cheapest".
			"最平|最抵|最便宜|一番安い|" +
			// A card named by a price adjective with "one" ("the budget one",
			// "the cheap one"): among cards shown, the cheapest.
			"cheap one|cheapo one|cheapie|budget one|affordable one|inexpensive one|bargain one|low cost one|" +
			"least pricey|least costly|least dear|lowest priced one|cheap ones|budget ones"},
		{1, "most expensive|priciest|dearest|highest price|costs the most|costs most|cost the most|the dearer one|" +
			"more expensive|pricier|the pricier one|higher priced|plus cher|la plus chere|le plus cher|mas caro|mas cara|ghla|اغلى|الاغلى|" +
			"最貴|最贵|一番高い|" +
			// "the pricey one", "the dear one", "the spendy one": the dearest.
			"pricey one|pricy one|dear one|spendy one|spenny one|expensive one|costly one|costlier one|" +
			"spendier|spendiest|costliest|pricey ones|expensive ones"},
	} {
		for _, ph := range strings.Split(p.phrases, "|") {
			shopPricePicks = append(shopPricePicks, struct {
				phrase []string
				pick   int
			}{strings.Fields(ph), p.pick})
		}
	}
}

// shopPriceWords are the words of the price picks' phrases ("cheaper",
// "least", "expensive"): in a pick by price they name no card.
var shopPriceWords = map[string]bool{}

func init() {
	for _, p := range shopPricePicks {
		for _, w := range p.phrase {
			shopPriceWords[w] = true
		}
	}
}

// withoutPriceWords returns the words of the mention that say what kind of
// card a price pick is among: those of its clause (clause), without the words
// of a price pick and the verbs of wanting ("I'll go with whatever's least
// expensive"). Another clause says something else ("the priciest one, it's a
// special birthday").
func withoutPriceWords(mention []string, clause map[string]bool) []string {
	var out []string
	for _, w := range mention {
		if clause[w] && !shopPriceWords[w] && !shopWantWords[w] && !shopLookWords[w] {
			out = append(out, w)
		}
	}
	return out
}

// priceClause returns the words of the clause of k (the normalized message)
// that holds its pick by price: a comma, a semicolon or a stop ends a clause.
func priceClause(k string) map[string]bool {
	for _, c := range strings.FieldsFunc(k, func(r rune) bool { return strings.ContainsRune(",;.!?()", r) }) {
		if pricePick(c) != 0 {
			return wordSet(strings.Map(queryRune, c))
		}
	}
	return nil
}

// pricePick reads a pick by price in k (the normalized message): -1 the
// cheapest, 1 the dearest, 0 none.
func pricePick(k string) int {
	ws := strings.Fields(strings.Map(queryRune, k))
	for _, p := range shopPricePicks {
		for i := 0; i+len(p.phrase) <= len(ws); i++ {
			if slices.Equal(ws[i:i+len(p.phrase)], p.phrase) {
				return p.pick
			}
		}
	}
	return 0
}

// shopNegations keep "no more" from asking for more.
var shopNegations = wordSet(`no not don't dont non pas machi mashi ماشي لا`)

// shopPickWords are verbs that pick a product already shown: "add the polo",
// "I'll take the cap", "je prends le bonnet", "khod dak cap".
var shopPickWords = wordSet(`add take grab pick choose select put ajoute ajouter ajoutez prends prendre choisis
	khod nakhod n9eddi dir zidli اضف زيد خود ناخد`)

// shopPointers point at one product by themselves ("celui-là", "hadak"); the
// English "one" needs a definite word with it ("the blue one", "that one", not "a
// blue one").
var (
	shopPointers = wordSet(`celui celle ese esa aquel aquella hadak hadik hadi hada dak dik هداك هديك هادي هادا
		嗰個 嗰間 嗰件 呢個 呢間 呢件`)  // Cantonese "that one", "this one"
	// The plural demonstratives point as the singular ones do: "those
	// sunglasses" is the pair shown, as "that belt" is the belt.
	shopDefinites = wordSet(`the that this these those`)
)

// shopOrdinals are positions among the cards last shown.
var shopOrdinals = map[string]int{
	"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5, "5th": 5,
	"last": -1, "premier": 1, "premiere": 1, "deuxieme": 2, "troisieme": 3, "quatrieme": 4, "cinquieme": 5,
	"dernier": -1, "derniere": -1, "lowel": 1, "louwel": 1, "tani": 2, "talet": 3, "rabe3": 4, "lakher": -1,
	"الاول": 1, "الثاني": 2, "الثالث": 3, "الرابع": 4, "الخامس": 5, "الاخير": -1,
	"seconde": 2, "1er": 1, "1ere": 1, "2e": 2, "2eme": 2, "3e": 3, "3eme": 3,
	"primero": 1, "primera": 1, "segundo": 2, "segunda": 2, "tercero": 3, "tercera": 3, "quinto": 5,
	"ultimo": -1, "ultima": -1,
	"middle": OrdinalMiddle, "milieu": OrdinalMiddle, "medio": OrdinalMiddle, "lwost": OrdinalMiddle,
	"الوسط": OrdinalMiddle,
}

// OrdinalMiddle is ShopRequest.Ordinal for the middle card ("the one in the
// middle"): a page with an odd number of cards has one, a page with an even
// number has two, and the shopper is asked which.
const OrdinalMiddle = -100

// shopPositionCues say that the number after them is a card's position ("number
// two", "option 3", "le numéro 2", "el número dos", "rqm 2").
var shopPositionCues = wordSet(`number num nr option numero rqm raqm رقم`)

// minTypoCueLength is the shortest position cue read with a typo ("numbr",
// "optin", "numebr"): a shorter one ("nr", "num") is a typo away from too many
// words.
const minTypoCueLength = 5

// isPositionCue reports whether w is a position cue, or one typo away from one
// of minTypoCueLength letters or more: it is read so only before a card's
// number ("numbr 4"), which no other word of the message would be.
func isPositionCue(w string) bool {
	if shopPositionCues[w] {
		return true
	}
	if len(w) < minTypoCueLength-1 {
		return false
	}
	for c := range shopPositionCues {
		if len(c) >= minTypoCueLength && TypoDistance(w, c) == 1 {
			return true
		}
	}
	return false
}

// typoOrdinals are the English ordinals a word typed in haste is read as
// ("secnd one", "the thrid one"): those of five letters or more, as a cancel
// typo's target is (nearACancelWord).
var typoOrdinals = []string{"first", "second", "third", "fourth", "fifth", "middle"}

// withOrdinalTypos writes as its ordinal a word one edit from exactly one of
// typoOrdinals where a card's position stands: before "one" or after "the".
// The word must be no ordinary English word ("fist", "thirds" stay) and a
// letter replaced counts only in words of five letters or more (oneEdit's
// bound): "secnd one" is the second card; "the frist one" the first.
func withOrdinalTypos(ws []string) []string {
	for i, w := range ws {
		if len(w) < 4 || !(i+1 < len(ws) && ws[i+1] == "one" || i > 0 && ws[i-1] == "the") {
			continue
		}
		if ord, ok := nearOrdinal(w); ok {
			ws = slices.Clone(ws)
			ws[i] = ord
		}
	}
	return ws
}

// nearOrdinal is the one ordinal of typoOrdinals w is a typo of.
func nearOrdinal(w string) (string, bool) {
	found := ""
	for _, v := range typoOrdinals {
		if e := oneEdit(w, v); e == editNone || e == editReplace && len(w) < 5 {
			continue
		}
		if found != "" {
			return "", false
		}
		found = v
	}
	if found == "" || !latinLetters(w) || ordinaryEnglish(w) {
		return "", false
	}
	return found, true
}

// shopPositionNumbers are the numbers a position cue takes: the cards of a page.
var shopPositionNumbers = map[string]string{
	"1": "1st", "2": "2nd", "3": "3rd", "4": "4th", "5": "5th",
	"one": "1st", "two": "2nd", "three": "3rd", "four": "4th", "five": "5th",
	"un": "1st", "une": "1st", "deux": "2nd", "trois": "3rd", "quatre": "4th", "cinq": "5th",
	"uno": "1st", "dos": "2nd", "tres": "3rd", "cuatro": "4th", "cinco": "5th",
	"wahed": "1st", "jouj": "2nd", "tlata": "3rd", "reb3a": "4th", "khamsa": "5th",
}

// positionWords writes a position cue and its number as the ordinal they mean:
// "number two" is "2nd", so that the number is neither a price nor a word.
func positionWords(ws []string) []string {
	ws = bareDigitPosition(fromEndWords(ws))
	out := make([]string, 0, len(ws))
	for i := 0; i < len(ws); i++ {
		if ord, ok := positionNumber(ws[min(i+1, len(ws)-1)]); ok && i+1 < len(ws) && isPositionCue(ws[i]) {
			out = append(out, ord)
			i++
			continue
		}
		out = append(out, ws[i])
	}
	return out
}

// shopFrameWords open a product phrase: determiners and the verbs of having,
// selling, wanting and finding ("any", "a", "your", "sell", "carry", "stock",
// "need", "looking", "buy", "bghit", "cherche").
var shopFrameWords = wordSet(`
a an any some another your ur have got sell sells selling carry stock stocked offer
need want wanna like buy purchase order find show get looking search searching shopping hunting after about
une un des vous avez vendez cherche veux voudrais acheter una unos unas busco buscar quiero quisiera comprar
tienen tienes venden
bghit bgheet kayn 3ndkom 3andkom 3endkom 3andek 3ndek
meron mayroon may
عندكم عندك لديكم هل
`)

// shopVagueWords stand for no product in particular: what follows them is not a
// product phrase ("something for my kayak", "anything cool").
// Darija's "chi" is the indefinite article there ("3andkom chi sac?"); "chi
// haja" is vague by its "haja".
var shopVagueWords = wordSet(`something anything everything stuff thing things whatever smth sth ones haja chose algo`)

// shopNonQueryWords name no product: fillers, shopping verbs, price words, vague
// nouns and gift recipients, in English, French and Darija (Latin letters).
var shopNonQueryWords = wordSet(`
a an the i i'm im me my mine you your we us our it its this that these those some any all
something anything stuff thing things one ones product products item items
do does did have has got get give want wanna need needs looking look find search show see
add cart basket take buy purchase order shop shopping like would could can please pls plz just maybe also
for with without of to in on at from by about and or but so is are am be there here
what which who how where when why hi hello hey salam salut bonjour thanks thank merci
know don't dont not no sure idea yes yeah yep yup nah nope perhaps wakha iyyeh mzyan na3am bala
mansalich oui non hmm hm ok okay well help really very good nice new
sais sait pas aucune aucun idee sur se ni seguro segura todavia
acheter achete achat comprar compro quiero quisiera busco buscar algo
ma3reftch ma3raftch ma3rftch manaarf n3ref ماعرفتش عرفتش اعرف متاكد مش
under below less than over above more between max maximum min minimum at most least
cheap cheaper cheapest price prices priced budget cost costs around about up upto
dollar dollars usd bucks euro euros eur dh dhs dirham dirhams mad
gift gifts present presents cadeau cadeaux regalo regalos dad father mom mother mum parents friend friends brother
sister son daughter wife husband boyfriend girlfriend kid kids him her them someone
je j'ai veux voudrais cherche chercher un une des le les du de pour mon ma mes quelque chose
bghit bgheet nchri chi wach kayn 3ndkom 3andkom fih dyal dial l
then instead only what how about maybe perhaps umm um uh er erm errm huh ahem oops bruh omg wow yay oh ah ahh ohh ooh hmmm idk dunno whatever smth sth
sell sells selling sold carry carries stock stocked offer offers available sale wanna gonna gotta haja 7aja
searching shopping hunting browsing browse browse looking around checking guys folks new here
recommend recommendation recommendations suggest suggestion suggestions surprise advice idea ideas
guess think pick choose decide tbh ngl lol lmao haha ugh meh eh welp whatevs whatev kinda sorta
cool nice good great best popular interesting fun cute pretty awesome random
everything after else
werini warini 3tini ana i'll i'd i've you're it's that's what's let's there's ill
human humans bot robot ai person people agent real u r ur ya y'all yall
option options choice choices alternative alternatives selection
few couple several bunch handful lot lots quelques plusieurs algunos algunas varios varias pocos cuantos
rn atm asap tho tbf btw fyi imo imho lmk thx thnx ty tysm plss plox pleaseee k kk kinda
now today tonight currently still again too yet soon anymore already
let lemme think thinking check checking sec moment minute wait hold
pas machi mashi ماشي
squiz gander butcher's butchers nosey peek squint dekko shufti gawk looksee look-see having lookin tumitingin tingin silip ikot nag-iikot mirando regardant
po kayo kayong ba naman lang kahit ano anuman bahala ikaw yung abeg oya
trip trips holiday holidays vacation vacations vacay journey getaway remember remembering memory memories keepsake
weather sunny rainy raining snowing snowy windy cloudy freezing scorching day days lovely beautiful gorgeous huh
niece nieces nephew nephews aunt auntie uncle grandma granny grandmother grandpa grandad grandfather grandson
granddaughter grandkids cousin colleague coworker boss teacher neighbour neighbor partner fiance fiancee baby
toddler teen teenager godson goddaughter bestie mum's dad's mom's
niece nieces neveu neveux tante oncle mamie papy cousine collegue copain copine pere mere frere soeur fils fille
femme mari sobrina sobrino tia tio abuela abuelo primo prima colega jefe novio novia padre madre papa mama
hermano hermana hijo hija esposa esposo khti khoya mama baba 3ami khali bent weld mrati rajli
birthday bday anniversary christmas xmas wedding graduation occasion anniversaire noel fete cumpleanos navidad boda
whatever's whatevers trending bestseller bestsellers bestselling best-selling seller sellers favourite
favorite favourites favorites populaire populaires vendu vendus populares vendido vendidos
para mi mis tu tus su sus el la los las del al y o que como as comme
might may shall should must quoi quel quelle quels quelles menos
detalle detalles jefa amiga amigo amigos amigas hdiya hadiya هدية هدايا أمي امي أبي ابي أختي اختي أخي اخي
زوجتي زوجي صديقي صديقتي لأمي لامي لأبي لابي لأختي لاختي لأخي لاخي لزوجتي لزوجي لصديقي لصديقتي
`)

func wordSet(list string) map[string]bool {
	set := map[string]bool{}
	for _, w := range strings.Fields(list) {
		set[w] = true
	}
	return set
}

// Parse reads one shopper's turn: the click's meaning when there is one, else the
// text.
func (p *ShopParser) Parse(text, meaning string) ShopRequest {
	if req, ok := clickRequest(strings.TrimSpace(meaning)); ok {
		return req
	}
	if n, ok := codePosition(text); ok {
		// "items[0]", "no. 2": a card's position, never a "no".
		return ShopRequest{Intent: ShopSelect, Ordinal: n, Ordinals: []int{n}}
	}
	for _, read := range shopTextIntents {
		if intent := read(text); intent != "" {
			return ShopRequest{Intent: intent}
		}
	}
	return p.parseContent(key(text), text)
}

// shopClicks are the click meanings that are an intent by themselves.
var shopClicks = wordSet(ShopShowMore + " " + ShopConfirm + " " + ShopCancel + " " + ShopHuman)

// clickRequest reads a click's meaning m: an intent of shopClicks, or
// select:<product_id>; false for no meaning or one it does not know.
func clickRequest(m string) (ShopRequest, bool) {
	if shopClicks[m] {
		return ShopRequest{Intent: m}, true
	}
	if id, ok := strings.CutPrefix(m, ShopSelect+":"); ok && strings.TrimSpace(id) != "" {
		return ShopRequest{Intent: ShopSelect, ProductID: strings.TrimSpace(id)}, true
	}
	return ShopRequest{}, false
}

// shopTextIntents read a typed message before its content, in order: a yes or
// no, a request for a human, more, a question about the bot, a greeting or thanks.
// Each returns its intent, or "".
var shopTextIntents = []func(text string) string{
	// Hesitation decides nothing ("hmm ok", "let me think"): not a yes, nor a
	// no, nor a search.
	func(text string) string { return ifThen(Hesitates(text), ShopAmbiguous) },
	func(text string) string { return answerIntents[YesNo(text)] },
	// Not decided yet, with nothing to search ("let me think"), unless the
	// reply lexicon reads a no in it ("not yet").
	func(text string) string { return ifThen(undecided(text), ShopAmbiguous) },
	// A change of mind in ordinary words ("I don't need it anymore"): the
	// rules' cancel, else the built-in intents' model at the confidence an
	// action needs, in a message that refuses something (SaysNot). A message
	// opening with a yes is no cancel ("yes but not that one"): a yes and a
	// refusal together are neither, and the shop asks again.
	func(text string) string {
		if a, _ := LeadingYesNo(text); a == Yes {
			return ""
		}
		return ifThen(IsCancel(text) || (BuiltinModelIntent(text).Intent == IntentCancel && SaysNot(text)), ShopCancel)
	},
	func(text string) string { return ifThen(IsHumanRequest(text), ShopHuman) },
	// "more" said wholly as the intents' grammar says it, in any of its
	// languages ("mais opções", "altri?", "zeig mir mehr"): never a search
	// for its words.
	// A greeting or thanks the grammar reads whole ("how's your week going",
	// social.grammar) is small talk, never a search for its words.
	func(text string) string { return grammarShopIntents[grammarIntentOfKey(key(text))] },
	func(text string) string { return ifThen(asksMoreAlone(text), ShopShowMore) },
	func(text string) string { return ifThen(IsBotQuestion(text) || asksWhoMadeBot(text), ShopAboutBot) },
	// "what's good?" asks for a recommendation, no greeting: a vague
	// opening, asked what the shopper is after.
	func(text string) string { return ifThen(AsksForRecommendation(text), ShopAmbiguous) },
	func(text string) string { return smallTalkIntents[SmallTalkOf(text)] },
	// "mre pls", "rel human plz": more or a person with a typo of the
	// intents' words (intenttypo.go), never a search for "mre".
	func(text string) string { return typoIntents[typoIntentOf(text)] },
}

// grammarShopIntents are the shop's intents of the intents' grammar's
// sentences read before a message's content.
var grammarShopIntents = map[string]string{IntentMore: ShopShowMore, IntentGreeting: ShopGreeting, IntentThanks: ShopThanks}

// typoIntents are the built-in intents a typo reading gives the shop.
var typoIntents = map[string]string{IntentMore: ShopShowMore, IntentHuman: ShopHuman}

// typoIntentOf is the built-in intent text has only through a typo of the
// intents' words, "" when it has none or reads as typed.
func typoIntentOf(text string) string {
	if r, ok := builtinTypoRule(text); ok {
		return r.Intent
	}
	return ""
}

// ReadsThroughTypo reports whether text is a built-in intent only once a typo
// of the intents' words is read ("mre pls"): a caller with words of its own (a
// shop's catalog) may read such a word as its own first.
func ReadsThroughTypo(text string) bool {
	if _, ok := builtinRule(text); ok {
		return false
	}
	_, ok := builtinTypoRule(text)
	return ok
}

var (
	answerIntents    = map[Answer]string{Yes: ShopConfirm, No: ShopCancel}
	smallTalkIntents = map[SmallTalk]string{Greeting: ShopGreeting, Thanks: ShopThanks}
)

// ifThen is s when cond holds, else "".
func ifThen(cond bool, s string) string {
	if cond {
		return s
	}
	return ""
}

// ParseContent reads a typed message as a selection, a follow-up or a search,
// whatever yes or no it may also read as: with nothing to confirm, "I'll go for
// the polo one" picks a product although "go for" is a yes at a confirmation.
func (p *ShopParser) ParseContent(text string) ShopRequest {
	return p.parseContent(key(text), text)
}

// parseContent reads a message that is not a yes/no, a human request or small
// talk: a typed selection, a follow-up or a search.
func (p *ShopParser) parseContent(k, text string) ShopRequest {
	req, cue := p.readContent(k, text)
	hasPrice := req.Price.Min != nil || req.Price.Max != nil
	return req.classify(cue, hasPrice, req.hasCriteria() || hasPrice)
}

// readContent reads what the message says before it is classified: its price
// range, category, picks by price, words and the cards it refuses.
func (p *ShopParser) readContent(k, text string) (ShopRequest, shopCues) {
	req := ShopRequest{Intent: ShopAmbiguous}
	if pr, ok := ExtractPriceRange(text); ok {
		req.Price = pr
	}
	category, categoryWords := p.category(k)
	req.Category = category
	req.PricePick = pricePick(k)
	req.PricePicks = pricePicks(k)
	if req.PricePick != 0 {
		req.Price = PriceRange{} // "the one that costs least" sets no budget
	}
	if v, ok := shopAmount(k); ok && req.Price.Min == nil && req.Price.Max == nil {
		req.Amount = &v
	}
	cue := scanShopWords(&req, k, categoryWords)
	if req.PricePick != 0 {
		cue.priceClause = priceClause(k)
	}
	req.Sought = withoutWishClause(req.Sought, k)
	req.dropRefused(k)
	req.Other = cue.other || (cue.refused && len(req.Mention) == 0 && len(req.Ordinals)+len(req.PricePicks) == 0 && !req.Refuses())
	req.Exclude = !req.Other && len(req.Mention) > 0 && refusesWhatItNames(k)
	return req, cue
}

// classify says what kind of request the content read is: a selection among
// the cards shown, more results, or a search (else ambiguous).
func (req ShopRequest) classify(cue shopCues, hasPrice, hasQuery bool) ShopRequest {
	switch {
	case req.picksWithoutWords(cue, hasPrice):
		req.Intent, req.Terms = ShopSelect, nil
		return req
	case req.Category == "" && !hasPrice && (req.PricePick != 0 || req.Other):
		// A card by its price or as the other one: the card is among those
		// shown, not a search (words around it are no product: "I'll go with
		// whatever's least expensive").
		req.Intent, req.Terms = ShopSelect, nil
		if !req.Other {
			// "the cheaper beanie": the kind the pick is among; the words
			// of the price phrase name no card.
			req.Mention = withoutPriceWords(req.Mention, cue.priceClause)
		} // "the other beanie": the mention narrows the other cards
		return req
	case cue.asksMore(req.Ordinal, hasQuery):
		return ShopRequest{Intent: cue.moreIntent()}
	case !hasPrice && cue.picksShown(req.Ordinal):
		req.Intent = ShopSelect
		return req
	}
	req.Mention = nil
	if hasQuery {
		req.Intent = ShopSearch
		req.More = cue.more && !cue.pick && req.Ordinal == 0 && !hasPrice
	}
	return req
}

// picksWithoutWords reports whether the request picks among the cards shown
// whatever words it has: several cards named ("the second or third", "the
// cheapest and the most expensive", asked which), a refused one, or a card by
// its price ("the $90 one", "whichever is 35", the mention narrowing it: "the
// $18 beanie"). The words are then no search terms.
func (req *ShopRequest) picksWithoutWords(cue shopCues, hasPrice bool) bool {
	return !hasPrice && (req.NamesSeveral() || req.Refuses() || req.Amount != nil && cue.picksByAmount())
}

// hasCriteria reports whether the request has search terms or a category.
func (req *ShopRequest) hasCriteria() bool {
	return len(req.Terms) > 0 || req.Category != ""
}

// asksMore reports whether the message asks about more results and nothing
// else: a more word, no pick, no ordinal, nothing to search.
func (c shopCues) asksMore(ordinal int, hasQuery bool) bool {
	return c.more && !c.pick && ordinal == 0 && !hasQuery
}

// moreIntent is show_more, or cancel for "no more".
func (c shopCues) moreIntent() string {
	if c.negated {
		return ShopCancel
	}
	return ShopShowMore
}

// shopCues are the words of a message that say what kind of request it is
// without being searched for: "more", "pick", "that", "one", "no", "the".
type shopCues struct {
	more, negated, pick, one, definite, pointer bool
	// other: "other" after a definite word, "one" or a negation ("the other
	// one", "not that one, the other", "l'autre", "el otro").
	other bool
	// want: a verb of wanting or having ("I'll go for", "I want", "let me get");
	// look: a verb of searching ("show", "find"); leadingDefinite: the message
	// starts with "the", "that" or "this" ("the sunglasses then").
	want, look, leadingDefinite bool
	// wantDefinite: a definite word after a want word ("I want the polo").
	wantDefinite bool
	// which: "whichever" ("whichever is 35").
	which bool
	// lacking: a word of shopWithoutWords was met; the words after it are
	// what the card lacks.
	lacking bool
	// refused: the card pointed at is refused ("not that one").
	refused bool
	// priceClause: the words of the clause holding a pick by price ("the
	// cheaper beanie"), which say what kind of card it is among.
	priceClause map[string]bool
}

// wantsTheShown reports whether the message wants a definite product rather than
// searching: "I'll go for the polo", "I want the hoodie with the zipper", "the
// sunglasses then"; not "show me the polo".
func (c shopCues) wantsTheShown() bool {
	return !c.look && !c.negated && (c.wantDefinite || c.leadingDefinite)
}

// picksByAmount reports whether a message naming an amount points at a card
// by it ("the $90 one", "the one for 16 dollars", "whichever is 35", "I'll
// take the 55 euro one"), rather than setting a budget.
func (c shopCues) picksByAmount() bool {
	return c.which || (c.one && c.definite) || c.leadingDefinite || c.pick || c.pointer || c.wantDefinite
}

// picksShown reports whether the message picks one of the products shown: by
// ordinal, a pick or pointer word, "the ... one", or wanting a definite product.
func (c shopCues) picksShown(ordinal int) bool {
	return ordinal != 0 || c.pick || c.pointer || (c.one && c.definite) || c.wantsTheShown()
}

// A message starting with "the" names a product shown when it is short, in
// words and in candidate search words ("the hoodie with the logo": five and
// two): a longer sentence that starts with "the" is no reference to a card.
// A short one names up to three words of a product ("the long sleeve
// tee"); a longer one, up to two ("the beanie that has the logo").
const (
	maxShortReference    = 4
	maxDefiniteContent   = 3
	maxDefiniteReference = 8
	maxDescribedContent  = 2
)

// definiteReference reports whether ws are short enough to name a card.
func definiteReference(ws []string) bool {
	n := 0
	for _, w := range ws {
		if isCandidateWord(w) {
			n++
		}
	}
	return len(ws) <= maxShortReference && n <= maxDefiniteContent || len(ws) <= maxDefiniteReference && n <= maxDescribedContent
}

// shopWantWords want or take a product; with a definite word they pick one of the
// products shown ("I'll go for the polo one", "let me get that cap").
var shopWantWords = wordSet(`want wanna get have like love prefer go buy order need gonna i'll ill i'd
	veux voudrais prends bghit`)

// shopLookWords search rather than pick: "show me the polo" is a search.
var shopLookWords = wordSet(`show find see search searching looking look any got sell carry stock montre cherche werini`)

// noteVerb records the verbs of wanting and searching, and a definite word after
// a verb of wanting; w comes after the words already noted.
func (c *shopCues) noteVerb(w string) {
	// "quero o cinto", "voglio la cintura": a foreign definite article too.
	c.wantDefinite = c.wantDefinite || (c.want && (shopDefinites[w] || shopPointers[w] || shopForeignDefinites[w]))
	c.want = c.want || shopWantWords[w]
	c.look = c.look || shopLookWords[w]
}

// note records the cue w gives; true when w is a cue word and nothing else ("more",
// "pick", "that", "one"), so that it is neither an ordinal nor a search word.
func (c *shopCues) note(w string) (cueOnly bool) {
	switch {
	case shopMoreWords[w]:
		c.more = true
	case shopPickWords[w]:
		c.pick = true
	case shopPointers[w]:
		c.pointer = true
	case w == "one":
		c.one = true
	case w == "whichever":
		c.which = true
	case shopWithoutWords[w]:
		c.lacking = true
	case shopNegations[w]:
		c.negated = true
		return false
	case shopDefinites[w]:
		c.definite = true
		return false
	default:
		return false
	}
	return true
}

// scanShopWords reads the words of k (the normalized message) into req's ordinal,
// its mentioned words and its search terms (the mentioned words that do not name
// the category), and returns the cues it met.
func scanShopWords(req *ShopRequest, k string, categoryWords map[string]bool) shopCues {
	var cue shopCues
	seen := map[string]bool{}
	ws, more := shopWords(k)
	ws = withNoAsWithout(positionWords(withOrdinalTypos(withoutSizes(ws))))
	cue.more = more
	phrase := soughtPhrase{sinceNegation: -1}
	// A short message naming a definite product ("the sunglasses then", "that
	// polo please"), not a sentence that starts with "the".
	lead := withoutLeadIns(ws)
	cue.leadingDefinite = leadingDefinite(lead)
	for i, w := range ws {
		req.Plain = req.Plain || shopPlainWords[w]
		compound := pickInNounPhrase(ws, i)
		phrase.read(w, compound || isCandidateWord(w))
		cue.noteVerb(w)
		noteShopWord(req, &cue, ws, i, compound, seen, categoryWords)
	}
	req.Sought = phrase.sought()
	hw, wantLed := afterWant(ws)
	if head := withoutJoins(nounHead(hw)); (wantLed || !phrase.opened || len(req.Sought) == 0 && framedAfterName(ws)) && bareNoun(head) {
		// A message that is only a product's name ("kayak?", "yoga mat"),
		// maybe with what it is for and a polite word ("dog collar pls",
		// "backpack for school", "perfume as a gift": a frame word that opens
		// no product phrase is none), is a search for it (issue 38 item 5), sold
		// or not.
		req.Sought = slices.Compact(slices.Clone(head))
		req.Bare = true
	}
	cue.other = asksTheOther(ws)
	cue.refused = refusesThePointed(ws)
	return cue
}

// noteShopWord notes ws[i] as a cue, a lack, or a word of the product;
// compound is whether it is a pick verb inside a noun phrase.
func noteShopWord(req *ShopRequest, cue *shopCues, ws []string, i int, compound bool, seen, categoryWords map[string]bool) {
	w := ws[i]
	switch {
	case compound:
		req.noteWord(w, seen, categoryWords) // "a lock pick set": a word of the product
	case countsAThing(ws, i):
		// "seeks one (1) wristwatch": a count, no card pointed at.
	case cue.note(w):
	case cue.lacking:
		req.noteLack(w)
	case i == 0 && cue.leadingDefinite && shopForeignDefinites[w]:
		// "la ceinture": the article names no product.
	case ownPosition(ws, i):
		// "my last ones": the shopper's own, no card's position.
	case saysDayOfMonth(ws, i):
		// "in time for the 4th", "by the 12th": a day, no card's position.
	case ordinalOfAPurpose(ws, i):
		// "a backpack for middle school": what it is for, no position.
	case countsTheSet(ws, i):
		// "the cheapest one of the three": the cards picked from, no
		// card's word.
	default:
		req.noteWord(w, seen, categoryWords)
	}
}

// afterWant returns the words after a leading want word and whether there
// was one: a want word and a name alone ("要 sunglasses", "quero
// sunglasses") is the name, as "want sunglasses" is, so a card shown of that
// name is picked.
func afterWant(ws []string) ([]string, bool) {
	if len(ws) > 1 && shopWantWords[ws[0]] {
		return ws[1:], true
	}
	if n := courtesyWantLen(ws); n > 0 && n < len(ws) {
		// "ke batla sandals", "ha'u hakarak sapatu": a want phrase of
		// another language (courtesy_words.txt) and a name.
		return ws[n:], true
	}
	return ws, false
}

// countsAThing reports whether ws[i] is a "one" that counts the thing named after
// it, past any digits ("one wristwatch", "one (1) tent"), rather than
// standing for a card ("the blue one", "that one with the logo").
func countsAThing(ws []string, i int) bool {
	if ws[i] != "one" {
		return false
	}
	j := i + 1
	for j < len(ws) && isNumberWord(ws[j]) {
		j++
	}
	return j < len(ws) && isCandidateWord(ws[j]) && wordLike(ws[j])
}

// ownPosition reports whether ws[i] is an ordinal after a possessive ("my
// last ones", "mi último gorro"): the shopper's own, no card's position.
func ownPosition(ws []string, i int) bool {
	return i > 0 && shopPossessives[ws[i-1]] && isOrdinal(ws[i])
}

// ordinalOfAPurpose reports whether ws[i] is an ordinal right after a noun
// modifier that follows a product's word, and before a noun of its own ("a
// backpack for middle school", "a lunchbox for first grade"): it says what
// the product is for, never a card's position (issue 38 round 25). "the cap
// with the second..." has an article between and is read as before.
func ordinalOfAPurpose(ws []string, i int) bool {
	if i < 2 || i+1 >= len(ws) || !nounModifiers[ws[i-1]] || !isOrdinal(ws[i]) {
		return false
	}
	next := ws[i+1]
	return isCandidateWord(ws[i-2]) && isCandidateWord(next) && wordLike(next) && next != "one" && next != "ones"
}

// setDeterminers stand between "of" and a count of the cards a pick is made
// from ("of the three", "of these two", "of all five").
var setDeterminers = wordSet(`the these those all`)

// countsTheSet reports whether ws[i] is a cardinal counting the set a card is
// picked from, after "of" and a determiner ("the cheapest one of the three",
// "the priciest of all 5"), past an "of them" after it: the cards the
// shopper looks at, never a word of one (issue 38 round 25).
func countsTheSet(ws []string, i int) bool {
	if i < 2 || ws[i-2] != "of" || !setDeterminers[ws[i-1]] || !isCountNumber(ws[i]) || IsNumberJoiner(ws[i]) {
		return false
	}
	rest := ws[i+1:]
	return len(rest) == 0 || len(rest) == 2 && rest[0] == "of" && rest[1] == "them" || shopNonQueryWords[rest[0]] && len(rest) == 1
}

// dayPrepositions say when, before "the" and a day of the month ("by the
// 12th", "before the 4th", "on the 3rd"); "for" says when only in "in time
// for", since "I'll go for the 4th" picks the fourth card.
var dayPrepositions = wordSet(`by before until till til after since on`)

// saysDayOfMonth reports whether ws[i] is an ordinal said as a day of the month:
// after a preposition of time and "the" ("by the 12th", "just in time for
// the 4th"), a date the shopper gives a reason with, no card's position.
func saysDayOfMonth(ws []string, i int) bool {
	if i < 2 || ws[i-1] != "the" || !isOrdinal(ws[i]) {
		return false
	}
	if dayPrepositions[ws[i-2]] {
		return true
	}
	return i >= 4 && ws[i-2] == "for" && ws[i-3] == "time" && ws[i-4] == "in"
}

// framedAfterName reports whether the words that open a product phrase all
// come after a modifier that follows the product's name ("perfume as a gift":
// "a" opens no product phrase of its own).
// English "as" is such a modifier before an article only ("as a gift"):
// French "as" is a verb ("t'en as d'autres ?").
func framedAfterName(ws []string) bool {
	for i := 1; i < len(ws); i++ {
		if shopFrameWords[ws[i-1]] {
			return false
		}
		if nounModifiers[ws[i]] || ws[i] == "as" && i+1 < len(ws) && (ws[i+1] == "a" || ws[i+1] == "an") {
			return true
		}
	}
	return false
}

// maxBareNoun is the most words a message without a frame word may have to be
// read as a product's name.
const maxBareNoun = 3

// bareNoun reports whether ws (a message's words) are nothing but candidate
// search words, a few of them: a product's name on its own.
func bareNoun(ws []string) bool {
	return len(ws) > 0 && len(ws) <= maxBareNoun && !slices.ContainsFunc(ws, func(w string) bool {
		return !isCandidateWord(w) || !wordLike(w) || functionWords[w]
	})
}

// nounModifiers open what a product is for or has ("for school", "with a
// zip", "pour l'école", "para correr"), after its name.
var nounModifiers = wordSet(`for with without in on from pour avec sans comme para con sin como dyal dial l`)

// relativePronouns open a clause about a product named before them
// ("sunglasses that can get wet", "a bag which holds a laptop"): a frame
// verb there ("get", "have") says what the product does, it opens no product
// phrase of its own.
var relativePronouns = wordSet(`that which`)

// nounHead returns the words of a message that may name a product on its own:
// all of them, or those before a modifier ("backpack" of "backpack for
// school"), without polite words and fillers at the end ("dog collar pls").
func nounHead(ws []string) []string {
	head := ws
	if i := slices.IndexFunc(ws, func(w string) bool { return nounModifiers[w] }); i > 0 {
		head = ws[:i]
	}
	for len(head) > 1 && shopNonQueryWords[head[len(head)-1]] {
		head = head[:len(head)-1]
	}
	for len(head) > 1 && shopAudienceWords[head[0]] {
		head = head[1:] // "kids pyjamas", "men's parkas": who it is for
	}
	if len(head) > 1 && shopLeadFillers[head[0]] {
		head = head[1:] // "so gardening gloves", "well umbrellas"
	}
	return head
}

// shopLeadFillers are discourse markers that open a message without a
// comma after them and name no product ("so gardening gloves, please"):
// the single-word openers and hesitations of discourse_frame.txt that are
// no product's word ("right shoe" keeps its "right").
var shopLeadFillers = wordSet(`so well oh ah ahh ohh anyway anyways hmm hm um umm uh er erm`)

// wordLike reports whether w could be a word rather than keys hit at random
// ("kkk", "qxzv"): in Latin letters, it has a vowel and no letter three times in
// a row. Other scripts are taken as written.
func wordLike(w string) bool {
	latin, vowel, run := false, false, 1
	var prev rune
	for _, r := range w {
		if r >= 'a' && r <= 'z' {
			latin = true
			vowel = vowel || strings.ContainsRune("aeiouy", r)
		}
		if r == prev {
			run++
			if run >= 3 {
				return false
			}
		} else {
			run = 1
		}
		prev = r
	}
	return (!latin || vowel) && !KeyboardRun(w)
}

// shopWords are the search words of k (the normalized message) without the
// phrases asking for more, and whether one occurred.
func shopWords(k string) ([]string, bool) {
	ws := strings.Fields(strings.Map(queryRune, k))
	for i := range ws {
		ws[i] = withoutElision(strings.Trim(ws[i], "'-"))
		if p, _, ok := strings.Cut(ws[i], "-"); ok && shopPointers[p] {
			ws[i] = p // "celui-là", "celle-ci"
		}
		ws[i] = withStandardSpelling(ws[i]) // "lookin", "smthing"
	}
	return withoutPhrases(withoutPoliteEnding(ws), shopMorePhrases)
}

// namesNoProduct reports whether w is a filler, a frame word or an amount.
func namesNoProduct(w string) bool {
	return shopNonQueryWords[w] || shopFrameWords[w] || shopHesitations[w] || isNumberWord(w)
}

// noteWord records a word that is no cue: an ordinal, or a new mentioned word (a
// term too unless it names the category); fillers are left out.
func (req *ShopRequest) noteWord(w string, seen, categoryWords map[string]bool) {
	if n, ok := shopOrdinal(w); ok {
		req.Ordinal = n
		if !slices.Contains(req.Ordinals, n) {
			req.Ordinals = append(req.Ordinals, n)
		}
		return
	}
	if w == "" || seen[w] || namesNoProduct(w) || !wordLike(w) || shopPlainWords[w] {
		return
	}
	seen[w] = true
	req.Mention = append(req.Mention, w)
	if !categoryWords[w] {
		req.Terms = append(req.Terms, w)
	}
}

// noteLack records a word of what the card lacks ("logo" of "without the
// logo"); fillers are left out.
func (req *ShopRequest) noteLack(w string) {
	if w == "" || !isCandidateWord(w) || !wordLike(w) || slices.Contains(req.Lacks, w) {
		return
	}
	req.Lacks = append(req.Lacks, w)
}

// isCandidateWord reports whether w may be a search word: scanShopWords makes it
// a mention (and a term unless it names the category).
func isCandidateWord(w string) bool {
	_, ordinal := shopOrdinal(w)
	return w != "" && w != "one" && !ordinal && !slices.ContainsFunc(nonCandidateSets, func(set map[string]bool) bool { return set[w] }) &&
		!isNumberWord(w)
}

// nonCandidateSets are the word sets whose words are never search words; a
// hesitation ("bof", "euh") names no product even with a polite word after it.
var nonCandidateSets = []map[string]bool{shopMoreWords, shopPickWords, shopPointers, shopFrameWords, shopNonQueryWords, shopPlainWords, shopHesitations, shopWithoutWords}

// soughtPhrase finds a search's product phrase (ShopRequest.Sought): the first
// run of candidate words after a frame word, unless a vague word stands between.
// A run opened right after a negation ("I don't need an operator, just show me
// the polo") is not what the shopper seeks; the next run may be.
type soughtPhrase struct {
	opened, vague, negated, closed bool
	// you: the shopper speaks to the shop ("do you not have", "vous n'avez
	// pas"): a negated verb of having is then a question about stock.
	you bool
	// sinceNegation counts the words since the last negation (-1: none yet).
	sinceNegation int
	words         []string
	// named: the candidate words before any frame word ("tote bags ...");
	// purpose: a noun modifier followed them ("tote bags for a
	// conference"): they are the product, what comes after is what it is for.
	named   []string
	purpose bool
	// forWhat: a frame word after the modifier opened what the product is
	// for ("for a conference"), which the named words are sought instead of.
	forWhat bool
}

// maxNegationReach is how many words a negation reaches forward to the frame word
// it negates ("don't need an", "no need for").
const maxNegationReach = 2

// read sees every word of the message in order; candidate says whether it is a
// candidate search word.
func (p *soughtPhrase) read(w string, candidate bool) {
	switch {
	case p.closed:
	case candidate:
		if !p.opened && !p.purpose && !p.vague {
			// "something oversized with a hood": words after a vague
			// one describe it, no product named.
			p.named = append(p.named, w)
		}
		p.extend(w)
	case measuresWhatFollows(p.words, w):
		// "a pair of sunglasses": the noun after "of" is sought.
		p.words, p.named = p.words[:0], p.named[:0]
	case len(p.words) > 0 && !p.negated:
		p.closed = true // only the first run counts
	default:
		if len(p.words) > 0 {
			*p = soughtPhrase{sinceNegation: -1} // a negated run: start again
		}
		p.noteFrame(w)
	}
}

// extend adds a candidate word to an open phrase, unless a vague word stands
// before it or it is already there.
func (p *soughtPhrase) extend(w string) {
	if p.opened && !p.vague && !slices.Contains(p.words, w) {
		p.words = append(p.words, w)
	}
}

// noteFrame reads a word that is no candidate, between runs: a negation, a frame
// word that opens a phrase, or a vague word that spoils it.
func (p *soughtPhrase) noteFrame(w string) {
	p.you = p.you || shopYouWords[w]
	if p.sinceNegation >= 0 {
		p.sinceNegation++
	}
	switch {
	case shopNegations[w]:
		p.sinceNegation = 0
	case p.notePurpose(w):
	case shopFrameWords[w]:
		// A negated frame that opened no words ("I don't need an operator,
		// just show me the polo") is read again at the next frame word.
		if !p.opened || p.negated && len(p.words) == 0 {
			p.negated = p.sinceNegation >= 0 && p.sinceNegation <= maxNegationReach && !asksStock(w, p.you)
		}
		p.opened, p.vague = true, false
	case shopVagueWords[w]:
		p.vague = true
	}
}

// notePurpose reads w as a word of what a product named first is for
// ("sunglasses for a festival": the article opens that, not a product), and
// reports whether it did.
func (p *soughtPhrase) notePurpose(w string) bool {
	switch {
	case (nounModifiers[w] || relativePronouns[w]) && len(p.named) > 0 && !p.opened:
		p.purpose = true
	case p.purpose:
		p.forWhat = p.forWhat || shopFrameWords[w]
	default:
		return false
	}
	return true
}

// sought returns the product phrase, or nil.
func (p *soughtPhrase) sought() []string {
	switch {
	case p.negated:
		return nil
	case p.forWhat && len(p.named) > 0:
		return p.named
	}
	return p.words
}

// withoutPhrases returns the words with every occurrence of the phrases taken out,
// and whether one occurred.
func withoutPhrases(ws []string, phrases [][]string) ([]string, bool) {
	found := false
	out := make([]string, 0, len(ws))
	for i := 0; i < len(ws); {
		n := 0
		for _, p := range phrases {
			if len(p) > n && i+len(p) <= len(ws) && slices.Equal(ws[i:i+len(p)], p) {
				n = len(p)
			}
		}
		if n == 0 {
			out = append(out, ws[i])
			i++
			continue
		}
		found = true
		i += n
	}
	return out, found
}

// queryRune keeps what can be part of a search word (letters, digits, inner
// apostrophes and dashes as in "t-shirt") and turns the rest into spaces.
func queryRune(r rune) rune {
	if isWordRune(r) || r == '\'' || r == '-' {
		return r
	}
	return ' '
}

// isNumberWord reports whether w is an amount ("20", "19.99", "$20") rather than a
// search word; prices are read by ExtractPriceRange.
func isNumberWord(w string) bool {
	return strings.ContainsAny(w, "0123456789") && strings.Trim(w, "0123456789.,$€-") == ""
}

// shopIndefinites open a noun phrase that names a product by kind.
var shopIndefinites = wordSet(`a an some`)

// pickInNounPhrase reports whether ws[i], a verb of picking ("pick",
// "select", "grab"), stands inside a noun phrase: after an indefinite
// article and the words of a product, and before another such word ("a lock
// pick set", "a select grade hoodie" is no "select"). A verb there names
// part of the thing sought, never a pick of a card shown.
func pickInNounPhrase(ws []string, i int) bool {
	if !shopPickWords[ws[i]] || i+1 >= len(ws) || !isCandidateWord(ws[i+1]) {
		return false
	}
	for j := i - 1; j >= 0; j-- {
		switch {
		case shopIndefinites[ws[j]]:
			return j < i-1
		case !isCandidateWord(ws[j]):
			return false
		}
	}
	return false
}
