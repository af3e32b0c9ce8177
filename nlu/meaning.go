package nlu

// This file gives a word its meaning for trigger matching: its Snowball stem
// (Stem: "flights", "pizzas", "booking" say "flight", "pizza", "book"), then the
// group of near-synonyms the stem belongs to ("fly", "flight", "plane" and
// "airfare" say one thing). A flow's keywords and examples are compared with a
// message by meaning (Classifier), so that inflections and near-synonyms of
// them start the flow.
//
// Go has no maintained thesaurus library (WordNet's Go readers are unmaintained
// and its database is not a module), so the groups are data, kept short and
// about the tasks bots do: travel, lodging, eating out, buying, banking,
// appointments, media, support. A word belongs to one group at most.

// synonymGroups are near-synonyms, each group's first word its meaning.
var synonymGroups = [][]string{
	{"flight", "fly", "flying", "flew", "plane", "airplane", "aeroplane", "airfare", "airline", "airlines"},
	{"travel", "trip", "journey", "head", "heading", "headed"},
	{"book", "reserve", "reservation", "booking"},
	{"cancel", "cancellation", "scrap", "revoke", "annul"},
	{"hotel", "motel", "inn", "lodging", "accommodation", "hostel"},
	{"room", "suite"},
	{"stay", "staying", "overnight"},
	{"order", "ordering"},
	{"buy", "purchase", "purchasing"},
	{"restaurant", "diner", "eatery", "bistro"},
	{"table", "seat", "seats"},
	{"dinner", "lunch", "breakfast", "brunch", "meal"},
	{"appointment", "consultation", "visit"},
	{"doctor", "physician", "gp", "dentist"},
	{"ticket", "tickets"},
	{"car", "vehicle", "auto"},
	{"rent", "rental", "hire", "lease"},
	{"taxi", "cab", "ride", "uber", "lyft"},
	{"bus", "coach"},
	{"train", "rail", "railway"},
	{"money", "funds", "cash"},
	{"transfer", "wire", "remit"},
	{"balance", "statement"},
	{"pay", "payment", "bill", "invoice"},
	{"refund", "reimburse", "reimbursement", "repay"},
	{"song", "tune"},
	{"movie", "film", "flick"},
	{"event", "concert", "gig", "performance"},
	{"house", "home", "apartment", "flat", "condo"},
	{"luggage", "baggage", "bag", "bags", "suitcase"},
	{"lost", "missing", "misplaced"},
	{"help", "support", "assist", "assistance"},
	{"change", "modify", "alter", "amend"},
	{"reschedule", "postpone", "rebook"},
	{"find", "search", "look", "locate", "seek"},
	{"delivery", "deliver", "shipping", "ship"},
	{"track", "tracking", "trace"},
	{"weather", "forecast"},
	{"alarm", "wake"},
	{"salon", "barber", "hairdresser", "stylist"},
	{"haircut", "cut", "trim"},
}

// synonymOf maps the stem of every word of synonymGroups to its group's meaning.
var synonymOf = buildSynonyms()

func buildSynonyms() map[string]string {
	idx := map[string]string{}
	for _, g := range synonymGroups {
		head := Stem(g[0])
		for _, w := range g {
			if s := Stem(w); idx[s] == "" {
				idx[s] = head
			}
		}
	}
	return idx
}

// Meaning is what a word says for trigger matching: the meaning of its
// near-synonym group, else its Snowball stem ("flights" and "fly" mean
// "flight", "pizzas" means "pizza").
func Meaning(word string) string {
	s := Stem(word)
	if m, ok := synonymOf[s]; ok {
		return m
	}
	return s
}

// meanings returns the meaning of each word.
func meanings(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = Meaning(w)
	}
	return out
}
