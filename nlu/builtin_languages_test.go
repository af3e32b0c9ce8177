package nlu

import "testing"

// TestBuiltinIntentsInEveryLanguage: the built-in intents (issue 38 items 3 and
// 4), written from descriptions of users of each, in the languages the seeds
// name (English, French, Spanish, Arabic, Darija in Latin and Arabic script),
// with the words people put around them and the typos of hurried typing. None
// is a phrasing of testdata/heldout.
func TestBuiltinIntentsInEveryLanguage(t *testing.T) {
	cases := []struct{ text, want string }{
		// thanks
		{"thanks so much!", "thanks"}, {"thank u", "thanks"}, {"thnx", "thanks"},
		{"merci infiniment", "thanks"}, {"merci bcp", "thanks"}, {"gracias amigo", "thanks"}, {"mil gracias", "thanks"},
		{"muchísimas gracias", "thanks"}, {"شكرا لك", "thanks"}, {"شكرا بزاف", "thanks"}, {"shukran bzaf", "thanks"},
		{"choukran a khoya", "thanks"}, {"thank you very much", "thanks"},
		{"appreciate the help", "thanks"}, {"thanks for your help", "thanks"}, {"tysm", "thanks"}, {"merci à vous", "thanks"},
		{"te lo agradezco", "thanks"}, {"thankyou", "thanks"}, {"thamks", "thanks"},
		// help
		{"how does this work?", "help"}, {"how does this work", "help"}, {"what can you do?", "help"},
		{"help", "help"}, {"help me", "help"}, {"i need help", "help"}, {"can you help me?", "help"},
		{"how do i use this", "help"}, {"what are my options", "help"},
		{"aide", "help"}, {"aidez-moi", "help"}, {"comment ça marche ?", "help"}, {"tu peux faire quoi ?", "help"},
		{"ayuda", "help"}, {"ayúdame por favor", "help"}, {"¿cómo funciona esto?", "help"}, {"qué puedes hacer?", "help"},
		{"3awnni", "help"}, {"kifach katkhdem?", "help"}, {"chno katdir?", "help"}, {"عاوني", "help"},
		{"كيفاش خدام هادشي؟", "help"}, {"ساعدني", "help"}, {"كيف يعمل هذا؟", "help"},
		{"i'm lost, what do i do", "help"},
		// greeting
		{"hello!", "greeting"}, {"hey hey", "greeting"}, {"helo", "greeting"}, {"hii", "greeting"}, {"heyy", "greeting"},
		{"good morning!", "greeting"}, {"hi, how's it going?", "greeting"}, {"bonjour !", "greeting"},
		{"salut ça va ?", "greeting"}, {"bonsoir madame", "greeting"}, {"hola!", "greeting"}, {"buenas", "greeting"},
		{"buenas noches", "greeting"}, {"qué tal", "greeting"}, {"hola, ¿qué tal?", "greeting"}, {"السلام عليكم", "greeting"},
		{"مرحبا بك", "greeting"}, {"اهلا وسهلا", "greeting"}, {"salam alikom", "greeting"}, {"slm cv", "greeting"},
		{"labas?", "greeting"}, {"ahlan wa sahlan", "greeting"}, {"salamu alaykum", "greeting"}, {"heya there", "greeting"},
		// human
		{"can I talk to someone?", "human"}, {"can i speak with a person", "human"}, {"is there a human around?", "human"},
		{"I want a real person", "human"}, {"get me a human", "human"}, {"agent", "human"}, {"operator please", "human"},
		{"let me talk to customer service", "human"}, {"i'd like to speak to a manager", "human"},
		{"could I chat with somebody?", "human"}, {"can someone call me?", "human"}, {"talk to a human", "human"},
		{"je peux parler à quelqu'un ?", "human"}, {"je voudrais parler à un humain", "human"}, {"un conseiller svp", "human"},
		{"passez-moi un conseiller", "human"}, {"quiero hablar con una persona", "human"}, {"¿puedo hablar con alguien?", "human"},
		{"necesito un agente", "human"}, {"hablar con un humano", "human"}, {"páseme con un asesor", "human"},
		{"بغيت نهضر مع شي واحد", "human"}, {"أريد التحدث مع موظف", "human"}, {"واش نقدر نهضر مع شي حد؟", "human"},
		{"bghit nhder m3a chi wahed", "human"}, {"wach momkin nhder m3a bnadem?", "human"}, {"3tini chi mowadaf", "human"},
		{"أريد التحدث إلى شخص حقيقي", "human"}, {"ممكن أتكلم مع حد؟", "human"},
		// cancel
		{"I changed my mind", "cancel"}, {"actually forget the whole thing", "cancel"}, {"forget the whole thing", "cancel"},
		{"never mind, I don't need it anymore", "cancel"}, {"scrap that", "cancel"}, {"let's drop it", "cancel"},
		{"changed my mind, sorry", "cancel"}, {"nvm", "cancel"},
		{"on oublie tout", "cancel"}, {"j'ai changé d'avis", "cancel"}, {"laisse tomber", "cancel"}, {"annule tout", "cancel"},
		{"cambié de opinión", "cancel"}, {"olvídalo todo", "cancel"}, {"déjalo, ya no quiero", "cancel"}, {"cancela todo", "cancel"},
		{"bdlt ra2yi", "cancel"}, {"khlas ma bghitch", "cancel"}, {"safi nsa", "cancel"}, {"بدلت رأيي", "cancel"},
		{"خلاص ما بغيتش", "cancel"}, {"الغي كل شيء", "cancel"}, {"غيرت رأيي", "cancel"},
		{"actually no, forget all of it", "cancel"}, {"stop everything", "cancel"}, {"i want to stop", "cancel"},
		// yes
		{"yse", "yes"}, {"yes", "yes"}, {"yeah sure", "yes"}, {"yess", "yes"}, {"yesss please", "yes"},
		{"sure thing!", "yes"}, {"yeah that's right", "yes"}, {"ok sounds good", "yes"}, {"okk", "yes"},
		{"oui merci", "yes"}, {"ouii", "yes"}, {"oui c'est bon", "yes"}, {"c'est parfait", "yes"}, {"sí, claro", "yes"},
		{"sii", "yes"}, {"si por favor", "yes"}, {"claro que sí!", "yes"}, {"wakha", "yes"}, {"wakha a khoya", "yes"},
		{"ah safi", "yes"}, {"iyeh wakha", "yes"}, {"نعم من فضلك", "yes"}, {"واخا", "yes"}, {"اه واخا", "yes"},
		{"yeah go for it", "yes"}, {"yup yup", "yes"}, {"ya sure", "yes"}, {"definately", "yes"},
		{"yes please!", "yes"}, {"yea thats fine", "yes"}, {"yeah ok", "yes"}, {"confirmed, thanks", "yes"},
		{"oki doki", "yes"}, {"okay!!", "yes"}, {"absolutly", "yes"},
		// no
		{"noo", "no"}, {"nah not really", "no"}, {"nope", "no"}, {"nooo", "no"}, {"nop", "no"},
		{"nah", "no"}, {"no no no", "no"}, {"nan merci", "no"}, {"non pas vraiment", "no"},
		{"pas du tout", "no"}, {"no, para nada", "no"}, {"no, mejor no", "no"}, {"la", "no"},
		{"la shukran", "no"}, {"la la machi daba", "no"}, {"لا شكرا", "no"}, {"لا، ماشي دابا", "no"}, {"nah i'm good", "no"},
		{"not really", "no"}, {"naah", "no"}, {"nah thanks", "no"}, {"no thx", "no"}, {"noo thanks", "no"},
		{"no way", "no"}, {"nah, not now", "no"}, {"not at the moment", "no"}, {"i don't think so", "no"},
		{"nope, not interested", "no"},
	}
	for _, c := range cases {
		if got := BuiltinIntent(c.text); got.Intent != c.want {
			t.Errorf("BuiltinIntent(%q) = %q (%.2f), want %q", c.text, got.Intent, got.Confidence, c.want)
		}
	}
}
