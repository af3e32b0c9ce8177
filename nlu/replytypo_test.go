package nlu

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestRepliesWithTypos: the short replies of every engine, typed in a hurry
// (issue 38 item 4: "known words within a small edit distance"), are read as the
// reply they are; ordinary words near a reply word, and names, are not.
func TestRepliesWithTypos(t *testing.T) {
	yesNo := []struct {
		text string
		want Answer
	}{
		{"yse", Yes}, {"Yess", Yes}, {"yesss please", Yes}, {"yeees", Yes}, {"yse plase", Yes}, {"okk", Yes},
		{"ouii", Yes}, {"sii", Yes}, {"definately", Yes}, {"absolutly", Yes}, {"yea thats fine", Yes},
		{"sure, pleasee", Yes}, {"wakhaa", Yes}, {"yeah sure", Yes},
		{"noo", No}, {"nooo", No}, {"nop", No}, {"naah", No}, {"nah not really", No}, {"noo thanks", No},
		{"nopeee", No}, {"non mercii", No},
		// Ordinary words and names: not typos of a reply.
		{"yet", Unknown}, {"nod", Unknown}, {"tes", Unknown}, {"noon", Unknown}, {"Noor", Unknown},
		{"yesterday", Unknown}, {"Nina", Unknown}, {"yell", Unknown}, {"noun", Unknown},
		// A typo of a yes beside a change stays the engine's to read.
		{"yse but change the date", Unknown},
	}
	for _, c := range yesNo {
		if got := YesNo(c.text); got != c.want {
			t.Errorf("YesNo(%q) = %v, want %v", c.text, got, c.want)
		}
	}
	talk := []struct {
		text string
		want SmallTalk
	}{
		{"helo", Greeting}, {"hii", Greeting}, {"heyy there", Greeting}, {"helloo", Greeting},
		{"thnx", Thanks}, {"thamks", Thanks}, {"thankss", Thanks}, {"thank youu", Thanks}, {"mercii", Thanks},
		{"graciass", Thanks}, {"shukrann", Thanks},
		{"Hiba", NoSmallTalk}, {"hell", NoSmallTalk}, {"hall", NoSmallTalk}, {"tanks", NoSmallTalk},
		{"hello, I need a flight", NoSmallTalk},
	}
	for _, c := range talk {
		if got := SmallTalkOf(c.text); got != c.want {
			t.Errorf("SmallTalkOf(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestNearReplyWordsFile checks near_reply_words.txt against the word lists it
// was made from, when they are installed (Debian's wamerican, wfrench and
// wspanish; NEAR_REPLY_DICTS names them), and rewrites it with -update.
func TestNearReplyWordsFile(t *testing.T) {
	dicts := strings.Fields(os.Getenv("NEAR_REPLY_DICTS"))
	if len(dicts) == 0 {
		t.Skip("NEAR_REPLY_DICTS names no word lists")
	}
	want := nearReplyWords(t, dicts)
	if *update {
		header := nearReplyWordsText[:strings.Index(nearReplyWordsText, "\n\n")+1]
		body := strings.Join(want, "\n") + "\n"
		if err := os.WriteFile("near_reply_words.txt", []byte(header+body), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	var got []string
	for w := range ordinaryNearReply {
		got = append(got, w)
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("near_reply_words.txt is out of date (%d words, want %d): run with -update", len(got), len(want))
	}
}

// nearReplyWords are the words of the lists, folded as key() folds, of three
// ASCII letters or more, that are no reply word (or intent grammar word) but
// one edit from one with the same first letter.
func nearReplyWords(t *testing.T, dicts []string) []string {
	seen := map[string]bool{}
	for _, path := range dicts {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			w := key(sc.Text())
			if len(w) < 3 || !latinLetters(w) || seen[w] {
				continue
			}
			if _, known := replyVocabulary()[w]; known {
				continue
			}
			// The reply words' neighbours, and the grammar words' that
			// intenttypo.go reads a typo as.
			for _, v := range slices.Concat(replyWordsByFirst()[w[0]], intentTypoWords()[typoBucket{w[0], len(w) - 1}],
				intentTypoWords()[typoBucket{w[0], len(w)}], intentTypoWords()[typoBucket{w[0], len(w) + 1}]) {
				if d := len(v) - len(w); d <= 1 && d >= -1 && typoDistance(w, v) == 1 {
					seen[w] = true
					break
				}
			}
		}
		f.Close()
	}
	out := make([]string, 0, len(seen))
	for w := range seen {
		out = append(out, w)
	}
	slices.Sort(out)
	return out
}

// TestOneEditIsTypoDistanceOne: the allocation-free check of the reply
// corrections agrees with typoDistance on words of a small alphabet.
func TestOneEditIsTypoDistanceOne(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		a := rapid.StringMatching(`[abn]{0,6}`).Draw(rt, "a")
		b := rapid.StringMatching(`[abn]{0,6}`).Draw(rt, "b")
		if got, want := oneEdit(a, b) != editNone, typoDistance(a, b) == 1; got != want {
			rt.Fatalf("oneEdit(%q, %q) = %v, typoDistance %d", a, b, oneEdit(a, b), typoDistance(a, b))
		}
	})
}
