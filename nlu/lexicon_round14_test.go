package nlu

import (
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// Issue 38 round 14's classes (helper lexicon): the built-in intents of the
// languages the lists lacked. The table holds languages and phrasings no
// development round used, to show the class is read, not the seen cases.
func TestRound14IntentsByLanguage(t *testing.T) {
	yes := []string{"oo salamat", "huo salamat", "ee erokamano", "yeh man", "aye richt", "yog", "kema", "jo merci", "iya terima kasih", "yo a dank", "wen agyamanak", "quema tlazohcamati"}
	no := []string{"nogat tenkyu", "no grazzi", "ooyo erokamano", "nae thanks", "tsis yog", "ahmo", "oya murakoze", "ora suwun", "na, dhanyavaad", "saan agyamanak", "indi salamat", "amo tlazohcamati"}
	for _, s := range yes {
		if got := YesNo(s); got != Yes {
			t.Errorf("YesNo(%q) = %v, want yes", s, got)
		}
	}
	for _, s := range no {
		if got := YesNo(s); got != No {
			t.Errorf("YesNo(%q) = %v, want no", s, got)
		}
	}
	for _, s := range []string{"apinun", "bon tardi", "bonasira", "naimbag nga rabii", "wah gwaan", "guete abig", "dobrou noc", "hyvää iltaa", "labvakar", "goeienaand", "mgbede oma", "xayrli kech", "chúc ngủ ngon", "oíche mhaith", "shubh ratri"} {
		if got := SmallTalkOf(s); got != Greeting {
			t.Errorf("SmallTalkOf(%q) = %v, want greeting", s, got)
		}
	}
	p := NewShopParser(DefaultShopCategories())
	for _, s := range []string{"narapela", "autri", "pliaj", "okwengeziwe", "innum", "ebirala", "tuilleadh", "hafa?", "khac pls"} {
		if got := p.Parse(s, "").Intent; got != ShopShowMore {
			t.Errorf("shop %q: %s, want show_more", s, got)
		}
	}
	for _, s := range []string{"chcę porozmawiać z człowiekiem", "jag vill prata med en människa", "szeretnék beszélni egy emberrel", "vreau să vorbesc cu un om", "gusto kong makausap ang tao", "saya nak bercakap dengan orang sebenar", "mwen vle pale ak yon moun", "ndikufuna kulankhula ndi munthu", "insanla danışmaq istəyirəm", "hito to hanashitai", "kisi insaan se baat karni hai", "ik wol prate mei immen", "ukulanda na umuntu"} {
		if !IsHumanRequest(s) {
			t.Errorf("IsHumanRequest(%q) = false, want a person asked for", s)
		}
	}
	for _, s := range []string{"oya", "iya", "ora", "na", "saan", "indi", "amo", "wen", "quema"} {
		if got := YesNo(s); got != Unknown {
			t.Errorf("YesNo(%q) = %v, want no answer alone", s, got)
		}
	}
}

// round14PersonLists are the person cues of reply_words_world.txt's round 14
// block, by language.
func round14PersonLists() map[string]map[string][]string {
	_, block, _ := strings.Cut(replyWordsWorldText, "# A person asked for, as structure")
	return readReplyWords(block)
}

// verbFinal are the languages of that block that put the verb last: their
// request is a noun, then a cue to talk and a want cue.
var verbFinal = wordSet(`tg gu ja ko ur bn pa mr ta te kn ml ne si kk uz ky tk ka hy mn ku kmr ckb ps tt my eu qu az am ti`)

// Property: a person asked for in any language of the block, in the
// language's order (want, talk, noun; or noun, talk, want), with any of its
// cues and nouns, is a request for a person; a yes phrase of any language
// never reads as a no, and a no never as a yes, with a thanks of the same
// language after it.
func TestRound14PersonAndAnswersProperty(t *testing.T) {
	lists := round14PersonLists()
	var langs []string
	for lang := range lists["talk"] {
		if len(lists["weak_human"][lang]) > 0 && len(lists["want"][lang]) > 0 {
			langs = append(langs, lang)
		}
	}
	slices.Sort(langs)
	yes, no := replyWords["yes"], replyWords["no"]
	rapid.Check(t, func(t *rapid.T) {
		lang := rapid.SampledFrom(langs).Draw(t, "lang")
		want := rapid.SampledFrom(lists["want"][lang]).Draw(t, "want")
		talk := rapid.SampledFrom(lists["talk"][lang]).Draw(t, "talk")
		noun := rapid.SampledFrom(lists["weak_human"][lang]).Draw(t, "noun")
		s := want + " " + talk + " " + noun
		if verbFinal[lang] {
			s = noun + " " + talk + " " + want
		}
		if !IsHumanRequest(s) {
			t.Fatalf("%s %q: no person asked for", lang, s)
		}
		if l := rapid.SampledFrom(sortedKeys(yes)).Draw(t, "yes lang"); len(yes[l]) > 0 {
			if p := rapid.SampledFrom(yes[l]).Draw(t, "yes"); YesNo(p) == No {
				t.Fatalf("yes %s %q reads as no", l, p)
			}
		}
		if l := rapid.SampledFrom(sortedKeys(no)).Draw(t, "no lang"); len(no[l]) > 0 {
			if p := rapid.SampledFrom(no[l]).Draw(t, "no"); YesNo(p) == Yes {
				t.Fatalf("no %s %q reads as yes", l, p)
			}
		}
	})
}
