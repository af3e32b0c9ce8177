package nlu

import "testing"

// TestPersonAskedAsAQuestion: a person asked for as a question, or with words
// around it, is a request in every language the seeds name (issue 38 items 5
// and 6); a presence check ("is anyone there?"), a question about a product and a
// refusal are not.
func TestPersonAskedAsAQuestion(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		// Someone placed in the business, asked whether they are there.
		{"is anyone from the shop there?", true},
		{"is somebody from your team around?", true},
		{"anyone from customer service?", true},
		{"hi, anybody from the store here?", true},
		{"is the manager in?", true},
		{"any agents here?", true},
		{"¿hay alguien del equipo?", true},
		{"¿hay alguien de la tienda?", true},
		{"¿hay un asesor disponible?", true},
		// Whether there is someone at all.
		{"is there someone?", true},
		{"is there anybody?", true},
		{"y a-t-il quelqu'un ?", true},
		{"bonjour, il y a quelqu'un ?", true},
		{"est-ce qu'il y a quelqu'un ?", true},
		{"¿hay alguien?", true},
		{"hola, ¿hay alguien?", true},
		{"wach kayn chi wahed?", true},
		{"salam, wach kayn chi had?", true},
		{"واش كاين شي واحد؟", true},
		{"هل يوجد أحد؟", true},
		{"هل هناك أحد؟", true},
		// With words around a request.
		{"can I talk to someone real?", true},
		{"sorry, can I speak with an actual person?", true},
		// Not requests.
		{"is anyone there?", false}, // a presence check: a greeting
		{"hello, is anybody there?", false},
		{"is there anyone who sells caps?", false},
		{"wach kayn chi wahed kahl?", false}, // "is there a black one?"
		{"the agent there told me to wait", false},
		{"¿no hay nadie?", false},
		{"no need for anyone from the shop", false},
		{"are you a real person?", false},
	} {
		if got := IsHumanRequest(c.text); got != c.want {
			t.Errorf("IsHumanRequest(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestYesAndNoWithWordsAround: yes and no with polite frames, object pronouns
// and suffixes, in every language the seeds name, are read; hedged,
// conditional, negated and question forms are not (issue 38 item 4).
func TestYesAndNoWithWordsAround(t *testing.T) {
	for _, c := range []struct {
		text string
		want Answer
	}{
		{"yes please go ahead", Yes},
		{"oui je le veux bien", Yes},
		{"alors oui, je la prends, merci", Yes},
		{"sí, por favor, resérvalo", Yes},
		{"pues sí, me lo llevo", Yes},
		{"نعم، من فضلك", Yes},
		{"ah wakha dir liya", Yes},
		{"iyeh safi 3afak", Yes},
		{"إيه صافي", Yes},
		{"واخا عافاك", Yes},
		{"no, sorry, I'd rather not", No},
		{"non je ne le veux pas svp", No},
		{"pas du tout, merci", No},
		{"no, no lo quiero, gracias", No},
		{"لا، لا تحجز من فضلك", No},
		{"كلا شكرا", No},
		{"la safi", No},
		// Not a plain answer: the engine asks again or reads the change.
		{"yes but not Friday", Unknown},
		{"oui mais", Unknown},
		{"oui, mais plutôt l'autre", Unknown},
		{"sí, pero el viernes", Unknown},
		{"wakha walakin", Unknown},
		{"iyeh wla lakhor", Unknown},
		{"نعم لكن يوم الجمعة", Unknown},
		{"yes maybe", Unknown},
		{"not yes", Unknown},
		{"is it confirmed?", Unknown},
		{"¿está confirmado?", Unknown},
		{"ah la", Unknown},
		{"wakha la", Unknown},
	} {
		if got := YesNo(c.text); got != c.want {
			t.Errorf("YesNo(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestNoWithAPronounBeforeTheVerb: Spanish "no" before a clitic pronoun
// negates the verb ("no lo quiero" is a refusal, not a no and a yes).
func TestNoWithAPronounBeforeTheVerb(t *testing.T) {
	for _, c := range []struct {
		text string
		want Answer
	}{
		{"no lo quiero", No}, {"no, no lo quiero", No}, {"no me lo llevo", No}, {"no la quiero, gracias", No},
		{"sí, lo quiero", Yes}, {"lo quiero", Yes}, {"me lo llevo", Yes},
	} {
		if got := YesNo(c.text); got != c.want {
			t.Errorf("YesNo(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
