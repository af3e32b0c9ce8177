package nlu

import "testing"

// The reply words of reply_words_world.txt (issue 38, worldreplies): a table
// per category in languages and English registers no development round used,
// to show the class is read, not the phrasings seen.
func TestEveryLanguageRepliesByCategory(t *testing.T) {
	yes := []string{"ydw", "iawn, diolch", "wrth gwrs", "d'acord", "és clar", "de acordo", "já takk", "endilega", "seveda", "v redu, hvala", "секако", "sekako", "jes dankon", "wi mèsi", "dakò", "ioe", "āe", "jisa", "heẽ", "waaw", "inde zikomo", "yee", "affirmative", "ten four", "roger, book it", "hell yeah", "kloer", "gären", "natierlech", "ja tankewol", "aane", "tidy", "lush yeah", "ripper"}
	no := []string{"nac ydw", "dim diolch", "no gràcies", "de cap manera", "non grazas", "nei takk", "alls ekki", "nikakor", "ne blagodaram", "ne dankon", "non mèsi", "leai", "kāo", "janiwa", "nahániri", "nnyaa", "nedda", "negative", "negative on that", "hard pass", "nee merci", "guer net"}
	for _, s := range yes {
		if s == "" {
			continue
		}
		if got := YesNo(s); got != Yes {
			t.Errorf("YesNo(%q) = %v, want yes", s, got)
		}
	}
	for _, s := range no {
		if got := YesNo(s); got != No {
			t.Errorf("YesNo(%q) = %v, want no", s, got)
		}
	}
	for _, s := range []string{"diolch yn fawr", "moltes gràcies", "mèsi anpil", "faafetai lava", "vinaka vakalevu", "zikomo kwambiri", "webale nnyo", "aguyje", "mahalo nui loa", "ngā mihi", "dankon"} {
		if got := SmallTalkOf(s); got != Thanks {
			t.Errorf("SmallTalkOf(%q) = %v, want thanks", s, got)
		}
	}
	for _, s := range []string{"bore da", "shwmae", "bon dia", "bos días", "dobro utro", "moien", "saluton", "bonjou", "sak pase", "talofa", "bula vinaka", "kia ora bro", "mba'éichapa", "kamisaki", "ia ora na", "alreet marra", "ey up duck"} {
		if got := SmallTalkOf(s); got != Greeting {
			t.Errorf("SmallTalkOf(%q) = %v, want greeting", s, got)
		}
	}
	for _, s := range []string{"dwn i ddim", "no ho sé", "ne vem", "не знам", "mi ne scias", "m pa konnen", "mana yachanichu", "xamuma", "ech weess et net", "veit ekki", "sindikudziwa", "a divvent knaa", "mi nuh know"} {
		if !IsNonAnswer(s) {
			t.Errorf("IsNonAnswer(%q) = false, want a don't know", s)
		}
		if got := YesNo(s); got != Unknown {
			t.Errorf("YesNo(%q) = %v, want unknown", s, got)
		}
	}
	intents := map[string]string{
		"gleymdu því":                         IntentCancel,
		"anghofia fe":                         IntentCancel,
		"bliye sa":                            IntentCancel,
		"oblida-ho":                           IntentCancel,
		"glöm det":                            IntentCancel,
		"dangos mwy":                          IntentMore,
		"montru pli":                          IntentMore,
		"mostra'n més":                        IntentMore,
		"pokaži još":                          IntentMore,
		"hor dikhao":                          IntentMore,
		"innum kaatunga":                      IntentMore,
		"dwi eisiau siarad â pherson":         IntentHuman,
		"ég vil tala við manneskju":           IntentHuman,
		"m vle pale ak yon moun":              IntentHuman,
		"sakam da zboruvam so chovek":         IntentHuman,
		"ba mhaith liom labhairt le duine":    IntentHuman,
		"bëgg naa wax ak nit":                 IntentHuman,
		"pertsona batekin hitz egin nahi dut": IntentHuman,
	}
	for s, want := range intents {
		if got := BuiltinIntent(s); got.Intent != want {
			t.Errorf("BuiltinIntent(%q) = %v, want %s", s, got, want)
		}
	}
}

// A word that says one thing in one language and another in another is read
// as nothing alone ("jo": Albanian no, German and Luxembourgish yes; "ez":
// Basque no, gamer English "easy"), and read with a word of its language
// beside it ("jo faleminderit" is the Albanian no).
func TestEveryLanguageCollisionsAreUnread(t *testing.T) {
	for _, s := range []string{"jo", "Jo!", "jo jo", "ez", "ie", "ne", "ne ne", "po", "rega"} {
		if got := YesNo(s); got != Unknown {
			t.Errorf("YesNo(%q) = %v, want unknown", s, got)
		}
		if got := BuiltinIntent(s); got.Intent == IntentYes || got.Intent == IntentNo {
			t.Errorf("BuiltinIntent(%q) = %v, want no answer", s, got)
		}
	}
	for s, want := range map[string]Answer{"jo faleminderit": No, "jo gären": Yes, "ez eskerrik asko": No, "bai eskerrik asko": Yes} {
		if got := YesNo(s); got != want {
			t.Errorf("YesNo(%q) = %v, want %v", s, got, want)
		}
	}
}

// Property: no phrase of one meaning in reply_words_world.txt is read as
// another: a yes never as a no, a no never as a yes, a thanks, greeting,
// "don't know" or "forget it" never as a yes; a "don't know" never as any
// answer.
func TestEveryLanguageMeaningsNeverCross(t *testing.T) {
	world := readReplyWords(replyWordsWorldText)
	for kind, byLang := range world {
		for lang, phrases := range byLang {
			for _, p := range phrases {
				got := YesNo(p)
				switch kind {
				case "yes":
					if got == No {
						t.Errorf("yes %s %q reads as no", lang, p)
					}
				case "no", "giveup":
					if got == Yes {
						t.Errorf("%s %s %q reads as yes", kind, lang, p)
					}
				case "greeting", "thanks":
					if got == No {
						t.Errorf("%s %s %q reads as no", kind, lang, p)
					}
				case "dontknow":
					if got != Unknown {
						t.Errorf("dontknow %s %q reads as %v", lang, p, got)
					}
				}
			}
		}
	}
}

// Geordie "why aye" (of course) opens with a wh-word and asks nothing: a
// confirmation's question-back check keeps it whole.
func TestWhyAyeIsNoQuestion(t *testing.T) {
	for _, s := range []string{"why aye", "why aye man, book it", "Why aye pet"} {
		if got := WithoutQuestions(s); got != s {
			t.Errorf("WithoutQuestions(%q) = %q, want it whole", s, got)
		}
		if got := YesNo(s); got != Yes {
			t.Errorf("YesNo(%q) = %v, want yes", s, got)
		}
	}
	if got := WithoutQuestions("why is it so late?"); got != "" {
		t.Errorf("WithoutQuestions(why is it so late?) = %q, want the question left out", got)
	}
}
