package nlu

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestIntentGrammarSentencesAreTheirIntent: every sampled sentence of every
// template is read by the rules as its template's intent, and by no template
// of another intent first; a request for a person or a cancel is read by
// IsHumanRequest or IsCancel, and a negated request by neither.
func TestIntentGrammarSentencesAreTheirIntent(t *testing.T) {
	g := loadedGrammar()
	for _, tm := range g.templates {
		for _, s := range tm.sample(grammarSamplePerTemplate * 4) {
			k := key(s)
			if got := grammarIntentOfKey(k); got != tm.intent {
				t.Errorf("%s: %q is read as %q", tm.source, s, got)
			}
			switch tm.intent {
			case IntentHuman:
				if !IsHumanRequest(s) {
					t.Errorf("%s: IsHumanRequest(%q) = false", tm.source, s)
				}
			case IntentCancel:
				if !IsCancel(s) {
					t.Errorf("%s: IsCancel(%q) = false", tm.source, s)
				}
			case intentOther:
				if IsHumanRequest(s) || IsCancel(s) {
					t.Errorf("%s: %q, negated, is read as a person or a cancel", tm.source, s)
				}
				if r := BuiltinIntent(s); r.Intent == IntentHuman || r.Intent == IntentCancel {
					t.Errorf("%s: BuiltinIntent(%q) = %+v", tm.source, s, r)
				}
			}
		}
	}
}

// TestIntentModelLearnsTheGrammar: the model alone, without the rules, reads
// most of the grammar's sentences as their intent (it trained on a sample of
// them; below its thresholds a sentence is not understood, the rules read it), and
// never reads a negated request as a person or a cancel: rules and model agree.
func TestIntentModelLearnsTheGrammar(t *testing.T) {
	g := loadedGrammar()
	var right, all int
	for _, tm := range g.templates {
		for _, s := range tm.sample(grammarSamplePerTemplate * 2) {
			r := BuiltinModelIntent(s)
			if tm.intent == intentOther {
				if r.Intent == IntentHuman || r.Intent == IntentCancel {
					t.Errorf("%s: the model reads %q, negated, as %s", tm.source, s, r.Intent)
				}
				continue
			}
			if tm.rulesOnly {
				continue // not sampled for the model ("cancel*:"): the rules read it
			}
			all++
			if r.Intent == tm.intent {
				right++
			} else if r.Intent != "" && (r.Intent == IntentHuman || r.Intent == IntentCancel) {
				t.Errorf("%s: the model reads %q as %s, not %s", tm.source, s, r.Intent, tm.intent)
			}
		}
	}
	t.Logf("the model alone reads %d of %d grammar sentences as their intent", right, all)
	if right*100 < all*45 {
		t.Errorf("the model alone reads %d of %d grammar sentences as their intent, want 45%%", right, all)
	}
}

// TestNegatedRequestsAreNotRequests: refusing a person or a cancel in any of the
// seeds' languages is neither, by the rules or the model.
func TestNegatedRequestsAreNotRequests(t *testing.T) {
	for _, text := range []string{
		"no need for an agent", "I don't need a person", "i do not want a human, thanks",
		"don't transfer me to support", "pas besoin d'un conseiller", "sans un agent",
		"no necesito un agente", "no quiero hablar con alguien", "لا أحتاج موظف", "ma bghitch bnadem",
		"ما بغيتش نهضر مع شي واحد", "don't cancel my booking", "i still want the order",
	} {
		if IsHumanRequest(text) || IsCancel(text) {
			t.Errorf("%q is read by the rules as a person or a cancel", text)
		}
		if r := BuiltinIntent(text); r.Intent == IntentHuman || r.Intent == IntentCancel {
			t.Errorf("BuiltinIntent(%q) = %+v", text, r)
		}
	}
}

// TestIntentGrammarLookupDoesNotAllocate: the rules read the grammar on every
// turn, so the lookup stays off the heap.
func TestIntentGrammarLookupDoesNotAllocate(t *testing.T) {
	k := key("could you please put me through to a real person")
	loadedGrammar()
	if n := testing.AllocsPerRun(100, func() { grammarIntentOfKey(k) }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
	if got := grammarIntentOfKey(k); got != "" {
		t.Fatalf("a sentence the grammar does not say is read as %q", got)
	}
}

// TestIntentGrammarErrors: a template naming no slot above it, an unknown
// intent or an unclosed brace is an error, with its file and line.
func TestIntentGrammarErrors(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"human: talk to {WHO}", "no slot @WHO"},
		{"@WHO = a person\nperson: talk to {WHO}", "x.grammar:2"},
		{"@WHO = a person\nhuman: talk to {WHO", "unclosed"},
	} {
		fsys := fstest.MapFS{"intent_grammar/x.grammar": {Data: []byte(tt.text)}}
		if _, err := parseIntentGrammar(fsys); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want one with %q", tt.text, err, tt.want)
		}
	}
	fsys := fstest.MapFS{"intent_grammar/x.grammar": {Data: []byte("@WHO = a person | ~\n@P = ~ | please\nhuman: talk to {WHO} {P}")}}
	g, err := parseIntentGrammar(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.samples[IntentHuman]; len(got) != 4 {
		t.Fatalf("samples %q, want the 4 sentences", got)
	}
}

// TestGrammarWordsInSearchesAreNoIntent: the grammar's fillers and frames in a
// search, a value or a statement ("a staff discount", "chat about pricing")
// are no request: only the whole sentence, or the model with the hand-written
// examples' words, reads one.
func TestGrammarWordsInSearchesAreNoIntent(t *testing.T) {
	for _, text := range []string{
		"support bra size 34", "I want a coach to help me run faster", "the manager told me it ships today",
		"a staff discount", "stop by tomorrow", "drop shipping", "I need a new phone", "an agent of change poster",
		"someone's birthday gift", "I want to talk about my goals", "chat about pricing", "more or less 50 euros",
		"help desk chair", "thanks giving decorations", "no need to hurry", "I don't need it gift wrapped", "a chat", "like",
	} {
		if r := BuiltinIntent(text); r.Intent != "" {
			t.Errorf("BuiltinIntent(%q) = %+v, want no intent", text, r)
		}
	}
}

// TestKeepsIt: a cancel taken back is read by the "keep:" templates only, and
// is other (no cancel) to every other reader.
func TestKeepsIt(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"hang on, do not cancel my booking please", true},
		{"no wait I'll keep it", true},
		{"actually leave the reservation as it is", true},
		{"n'annule pas ma réservation", true},
		{"cancel my booking", false},
		{"keep going", false},
		{"never mind", false},
	} {
		if got := KeepsIt(tc.text); got != tc.want {
			t.Errorf("KeepsIt(%q) = %v, want %v", tc.text, got, tc.want)
		}
		if tc.want && IsCancel(tc.text) {
			t.Errorf("IsCancel(%q) = true for a cancel taken back", tc.text)
		}
	}
}

// "anyone" or "anybody" with a please calls for attention (the coach greets
// back); a person or someone with a please asks for one (the fuzzed property
// TestGreetingNeverSpendsAnAttempt drew "anyone please").
func TestAttentionCallIsNoPersonRequest(t *testing.T) {
	for text, want := range map[string]bool{
		"anyone please": false, "ANYBODY PLS": false, "please anyone": false,
		"someone please": true, "a person pls": true, "a real person please": true,
	} {
		if got := IsHumanRequest(text); got != want {
			t.Errorf("IsHumanRequest(%q) = %v, want %v", text, got, want)
		}
	}
}
