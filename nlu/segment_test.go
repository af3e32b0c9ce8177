package nlu

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// TestSpacelessSegmentation: a run of a script written without spaces is cut
// into known words and numerals only when it is wholly those; otherwise it
// is left as it was (one word no reader reads).
func TestSpacelessSegmentation(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"三晚", "3 晚"},                   // Chinese numeral before the night word
		{"十三晚", "13 晚"},                 // a composed numeral is one number
		{"两晚", "2 晚"},                   // 两 is two
		{"三四晚", "三四晚"},                  // three or four nights: no number, left as is
		{"第十三", "第十三"},                  // an ordinal the lists lack is not cut inside a numeral
		{"三月二十五日", "3月25日"},             // digits glued to the date markers, as typed
		{"住到星期日", "住到 星期日"},             // stay until Sunday
		{"我想同真人傾", "我想同 真人 傾"},          // Cantonese: I want to talk with a real person
		{"要sunglasses", "要 sunglasses"}, // a run is spaced from Latin letters
		{"สามคืน", "สาม คืน"},           // Thai: three nights, its vowel signs kept
		{"สามคน", "สาม คน"},             // Thai: three people, never three nights
		{"បីយប់", "បី យប់"},             // Khmer: three nights
		{"我们吃饭", "我们吃饭"},                // unknown words: left as written
		{"3 nights", "3 nights"},
	} {
		if got := key(tc.text); got != tc.want {
			t.Errorf("key(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestSpacelessReaders: the readers read the scripts written without spaces
// through the cut: nights, weekdays, relative days, the end of a stay, a
// person asked for.
func TestSpacelessReaders(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"三晚", "3 nights"}, {"两晚", "2 nights"}, {"สามคืน", "three nights"}, {"ສາມຄືນ", "three nights"},
		{"បីយប់", "three nights"}, {"သုံးည", "three nights"}, {"三泊", "3 nights"},
		{"สามคน", "สาม คน"}, {"三四晚", "三四晚"},
	} {
		if got := Gloss(tc.text); got != tc.want {
			t.Errorf("Gloss(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
	now := time.Date(2027, 4, 14, 6, 20, 0, 0, time.UTC)
	for _, tc := range []struct{ text, want string }{
		{"星期一, 唔該", "2027-04-19"}, {"住到星期天", "2027-04-18"}, {"ថ្ងៃច័ន្ទ", "2027-04-19"},
		{"တနင်္လာနေ့", "2027-04-19"}, {"ថ្ងៃស្អែក", "2027-04-15"}, {"聽日", "2027-04-15"},
		{"ถึงวันอาทิตย์", "2027-04-18"}, {"我们吃饭", ""},
	} {
		d, ok := FindDate(tc.text, now)
		if got := map[bool]string{true: d.String()}[ok]; got != tc.want {
			t.Errorf("FindDate(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
	for _, s := range []string{"住到星期日", "ถึงวันอาทิตย์"} {
		if d, ok := ReadStayEnd(s, now); !ok || d.String() != "2027-04-18" {
			t.Errorf("ReadStayEnd(%q) = %v %v, want 2027-04-18", s, d, ok)
		}
	}
	for _, s := range []string{"我想同真人傾", "我要找真人", "我想和真人说话"} {
		if !IsHumanRequest(s) {
			t.Errorf("IsHumanRequest(%q) = false", s)
		}
	}
	for s, want := range map[string]Answer{"唔使喇": No, "啱呀": Yes, "好的": Yes} {
		if got := YesNo(s); got != want {
			t.Errorf("YesNo(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestChineseNumeralsProperty: a count of nights in Chinese numerals (one to
// 999, each way of writing it) reads as that count or nothing, never another;
// two digits side by side ("三四", three or four) read as nothing.
func TestChineseNumeralsProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 999).Draw(t, "n")
		text := hanNumeral(n) + rapid.SampledFrom([]string{"晚", "泊", "夜"}).Draw(t, "night")
		g := Gloss(text)
		if g != text && g != strconv.Itoa(n)+" nights" && !(n == 1 && g == "1 night") {
			t.Fatalf("Gloss(%q) = %q, want %d nights or nothing", text, g, n)
		}
		a, b := rapid.IntRange(1, 9).Draw(t, "a"), rapid.IntRange(1, 9).Draw(t, "b")
		two := string([]rune("一二三四五六七八九")[a-1]) + string([]rune("一二三四五六七八九")[b-1]) + "晚"
		if g := Gloss(two); strings.Contains(g, "night") {
			t.Fatalf("Gloss(%q) = %q: two digits side by side are no count", two, g)
		}
	})
}

// hanNumeral writes n (1-999) in Chinese numerals: 十三, 二十, 三百零五.
func hanNumeral(n int) string {
	digits := []rune("零一二三四五六七八九")
	var b strings.Builder
	h, t, u := n/100, n/10%10, n%10
	if h > 0 {
		b.WriteRune(digits[h])
		b.WriteRune('百')
	}
	switch {
	case t > 0 && (h > 0 || t > 1):
		b.WriteRune(digits[t])
		b.WriteRune('十')
	case t == 1:
		b.WriteRune('十')
	case h > 0 && u > 0:
		b.WriteRune('零')
	}
	if u > 0 {
		b.WriteRune(digits[u])
	}
	return b.String()
}

// TestSpacelessUnknownLetterProperty: known words with one letter no list
// holds put among them are left as written: a letter is never read apart
// from the word it may belong to.
func TestSpacelessUnknownLetterProperty(t *testing.T) {
	known := []string{"星期一", "唔該", "真人", "我想", "晚", "明天", "สาม", "คืน"}
	rapid.Check(t, func(t *rapid.T) {
		ws := rapid.SliceOfN(rapid.SampledFrom(known), 1, 4).Draw(t, "words")
		at := rapid.IntRange(0, len(ws)).Draw(t, "at")
		run := strings.Join(ws[:at], "") + "吃" + strings.Join(ws[at:], "")
		if got := segmentSpaceless(run); got != run {
			t.Fatalf("segmentSpaceless(%q) = %q, want it left as written", run, got)
		}
	})
}
