package nlu

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// intentDevSet is a development set written, before the intent grammar, from
// descriptions of users (a tired parent, a non-native speaker, an angry
// customer, a polite retiree, a teenager, speakers of French, Spanish, Arabic and
// Darija), not from any reader's failures. It is held aside: never tune the
// examples or the grammar on it; it measures whether they generalize. About a
// quarter must be no built-in intent (searches, values, negated requests).
var intentDevSet = []struct{ persona, text, want string }{
	// a tired parent, typing one-handed
	{"tired parent", "ugh just get me a real person", IntentHuman},
	{"tired parent", "forget it im too tired for this", IntentCancel},
	{"tired parent", "yes fine whatever works", IntentYes},
	{"tired parent", "can someone from support call me back", IntentHuman},
	{"tired parent", "nvm", IntentCancel},
	{"tired parent", "kids shoes size 30", ""},
	{"tired parent", "show me a few more", IntentMore},
	// a non-native speaker
	{"non-native", "I want speak with person please", IntentHuman},
	{"non-native", "is possible talk to human?", IntentHuman},
	{"non-native", "I not want anymore, cancel please", IntentCancel},
	{"non-native", "yes is good", IntentYes},
	{"non-native", "no, is not correct", IntentNo},
	{"non-native", "please help me, I not understand how use", IntentHelp},
	{"non-native", "thank you very much for help", IntentThanks},
	{"non-native", "I search a black jacket", ""},
	// an angry customer
	{"angry", "this bot is useless, put me through to a manager", IntentHuman},
	{"angry", "I want to speak to your supervisor now", IntentHuman},
	{"angry", "stop, cancel the whole order", IntentCancel},
	{"angry", "NO. that is not what I said", IntentNo},
	{"angry", "give me an actual human being", IntentHuman},
	{"angry", "I don't need an agent, just answer the question", ""},
	{"angry", "my order number is 44812", ""},
	// a polite retiree
	{"retiree", "Good morning, I hope you are well", IntentGreeting},
	{"retiree", "Would it be possible to speak with a member of staff, please?", IntentHuman},
	{"retiree", "Thank you kindly, that was most helpful", IntentThanks},
	{"retiree", "Yes, that would be lovely", IntentYes},
	{"retiree", "I'm afraid I've changed my mind about the booking", IntentCancel},
	{"retiree", "Could you kindly explain how this works?", IntentHelp},
	{"retiree", "No, thank you, that won't be necessary", IntentNo},
	{"retiree", "a table for two on Thursday evening", ""},
	// a teenager
	{"teen", "yo", IntentGreeting},
	{"teen", "yh sure", IntentYes},
	{"teen", "nah im good", IntentNo},
	{"teen", "lemme talk to a real person", IntentHuman},
	{"teen", "ty!!", IntentThanks},
	{"teen", "more pls", IntentMore},
	{"teen", "nah forget it", IntentCancel},
	{"teen", "cheap headphones under 50", ""},
	// French
	{"french", "je voudrais parler à quelqu'un du service client", IntentHuman},
	{"french", "est-ce que je peux parler à un conseiller ?", IntentHuman},
	{"french", "finalement je n'en veux plus", IntentCancel},
	{"french", "oui c'est parfait", IntentYes},
	{"french", "non pas du tout", IntentNo},
	{"french", "merci beaucoup pour votre aide", IntentThanks},
	{"french", "bonjour", IntentGreeting},
	{"french", "montrez-moi d'autres options", IntentMore},
	{"french", "je ne veux pas parler à un conseiller", ""},
	{"french", "une robe rouge taille 38", ""},
	// Spanish
	{"spanish", "quiero hablar con una persona real", IntentHuman},
	{"spanish", "¿me puede atender un agente?", IntentHuman},
	{"spanish", "olvídalo, ya no lo quiero", IntentCancel},
	{"spanish", "sí, claro", IntentYes},
	{"spanish", "no, gracias", IntentNo},
	{"spanish", "hola, buenas", IntentGreeting},
	{"spanish", "¿cómo funciona esto?", IntentHelp},
	{"spanish", "muéstrame más opciones", IntentMore},
	{"spanish", "zapatillas para correr talla 42", ""},
	// Arabic
	{"arabic", "أريد التحدث مع موظف", IntentHuman},
	{"arabic", "ممكن أكلم شخص حقيقي", IntentHuman},
	{"arabic", "ألغ الطلب من فضلك", IntentCancel},
	{"arabic", "نعم بالتأكيد", IntentYes},
	{"arabic", "لا شكرا", IntentNo},
	{"arabic", "شكرا جزيلا", IntentThanks},
	{"arabic", "مرحبا", IntentGreeting},
	{"arabic", "لا أحتاج موظفا", ""},
	// Darija, Latin script
	{"darija latin", "bghit nhder m3a chi had mn l5edma", IntentHuman},
	{"darija latin", "safi ma bghitch, nsa", IntentCancel},
	{"darija latin", "iyeh wakha", IntentYes},
	{"darija latin", "la la machi hadak", IntentNo},
	{"darija latin", "chokran bzzaf khoya", IntentThanks},
	{"darija latin", "salam labas", IntentGreeting},
	{"darija latin", "wrini kter", IntentMore},
	{"darija latin", "bghit sebbat k7el", ""},
	// Darija, Arabic script
	{"darija arabic", "عافاك بغيت نهضر مع بنادم", IntentHuman},
	{"darija arabic", "صافي بدلت رأيي", IntentCancel},
	{"darija arabic", "واخا مزيان", IntentYes},
	{"darija arabic", "لا ماشي هادي", IntentNo},
	{"darija arabic", "ما بغيتش نهضر مع شي واحد", ""},
	// more values and searches
	{"shopper", "something warm for winter", ""},
	{"traveller", "from Paris to Lyon next Friday", ""},
	{"booker", "3 nights", ""},
	{"coach", "I want to run a 10k in under an hour", ""},
	{"booker", "no need for a human, I'll manage", ""},
}

// TestIntentDevSet measures the built-in intents on the held-aside development
// set: per intent, read right, not understood (no intent, asked again) and read
// wrong. A wrong reading is what costs (a handoff or a cancel nobody asked for),
// so the wrong count may not exceed the figure recorded.
func TestIntentDevSet(t *testing.T) {
	type tally struct{ right, missed, wrong int }
	per := map[string]*tally{}
	var total tally
	for _, tt := range intentDevSet {
		got := BuiltinIntent(tt.text).Intent
		if got == IntentQuestion && tt.want == "" {
			got = "" // a question is answered with the fallback, not acted on
		}
		label := tt.want
		if label == "" {
			label = "(none)"
		}
		if per[label] == nil {
			per[label] = &tally{}
		}
		switch {
		case got == tt.want:
			per[label].right++
			total.right++
		case got == "":
			per[label].missed++
			total.missed++
			t.Logf("not understood [%s] %q (want %s)", tt.persona, tt.text, label)
		default:
			per[label].wrong++
			total.wrong++
			t.Logf("WRONG [%s] %q = %s (want %s)", tt.persona, tt.text, got, label)
		}
	}
	labels := make([]string, 0, len(per))
	for l := range per {
		labels = append(labels, l)
	}
	sort.Strings(labels)
	var b strings.Builder
	for _, l := range labels {
		fmt.Fprintf(&b, "  %-9s right %2d  not understood %2d  wrong %2d\n", l, per[l].right, per[l].missed, per[l].wrong)
	}
	t.Logf("dev set: %d/%d right, %d not understood, %d wrong\n%s", total.right, len(intentDevSet), total.missed, total.wrong, b.String())
	if len(intentDevSet) < 80 {
		t.Fatalf("the dev set has %d phrasings, want at least 80", len(intentDevSet))
	}
	if total.wrong > maxDevSetWrong {
		t.Errorf("%d read wrong, at most %d recorded", total.wrong, maxDevSetWrong)
	}
}

// maxDevSetWrong is the dev set's wrong count as measured after the intent
// grammar (main before it: 73/83 right, 8 not understood, 2 wrong; after: 77/83,
// 4 not understood, 2 wrong; both wrong readings are the rules', unchanged).
const maxDevSetWrong = 2
