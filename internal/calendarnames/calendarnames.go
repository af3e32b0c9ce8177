// Package calendarnames writes the month and weekday names of the world's
// most used languages, as the date readers of package nlu read them
// (nlu/calendar_names.txt). The names are CLDR's, through
// github.com/go-playground/locales (generated from CLDR, maintained); a few
// the CLDR locales do not hold (Tagalog's Spanish-derived spellings, Hindi and
// Urdu in Latin script) are added as data below. A name is kept only when it
// is safe to read as a date wherever it is said: see Generate.
//
// Regenerate with `go run ./cmd/parley-tools calendar-names -o nlu/calendar_names.txt`;
// nlu's tests fail when the file is not what Generate writes.
package calendarnames

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/go-playground/locales"
	"github.com/go-playground/locales/af"
	"github.com/go-playground/locales/am"
	"github.com/go-playground/locales/ar"
	"github.com/go-playground/locales/az"
	"github.com/go-playground/locales/be"
	"github.com/go-playground/locales/bg"
	"github.com/go-playground/locales/bn"
	"github.com/go-playground/locales/bs"
	"github.com/go-playground/locales/ca"
	"github.com/go-playground/locales/cs"
	"github.com/go-playground/locales/cy"
	"github.com/go-playground/locales/da"
	"github.com/go-playground/locales/de"
	"github.com/go-playground/locales/el"
	"github.com/go-playground/locales/es"
	"github.com/go-playground/locales/et"
	"github.com/go-playground/locales/eu"
	"github.com/go-playground/locales/fa"
	"github.com/go-playground/locales/fi"
	"github.com/go-playground/locales/fil"
	"github.com/go-playground/locales/fr"
	"github.com/go-playground/locales/ga"
	"github.com/go-playground/locales/gl"
	"github.com/go-playground/locales/gu"
	"github.com/go-playground/locales/ha"
	"github.com/go-playground/locales/he"
	"github.com/go-playground/locales/hi"
	"github.com/go-playground/locales/hr"
	"github.com/go-playground/locales/hu"
	"github.com/go-playground/locales/hy"
	"github.com/go-playground/locales/id"
	"github.com/go-playground/locales/is"
	"github.com/go-playground/locales/it"
	"github.com/go-playground/locales/ja"
	"github.com/go-playground/locales/ka"
	"github.com/go-playground/locales/kk"
	"github.com/go-playground/locales/km"
	"github.com/go-playground/locales/kn"
	"github.com/go-playground/locales/ko"
	"github.com/go-playground/locales/lt"
	"github.com/go-playground/locales/lv"
	"github.com/go-playground/locales/mk"
	"github.com/go-playground/locales/ml"
	"github.com/go-playground/locales/mn"
	"github.com/go-playground/locales/mr"
	"github.com/go-playground/locales/ms"
	"github.com/go-playground/locales/my"
	"github.com/go-playground/locales/nb"
	"github.com/go-playground/locales/ne"
	"github.com/go-playground/locales/nl"
	"github.com/go-playground/locales/nn"
	"github.com/go-playground/locales/pa"
	"github.com/go-playground/locales/pl"
	"github.com/go-playground/locales/pt"
	"github.com/go-playground/locales/ro"
	"github.com/go-playground/locales/ru"
	"github.com/go-playground/locales/si"
	"github.com/go-playground/locales/sk"
	"github.com/go-playground/locales/sl"
	"github.com/go-playground/locales/sq"
	"github.com/go-playground/locales/sr"
	"github.com/go-playground/locales/sr_Latn"
	"github.com/go-playground/locales/sv"
	"github.com/go-playground/locales/sw"
	"github.com/go-playground/locales/ta"
	"github.com/go-playground/locales/te"
	"github.com/go-playground/locales/th"
	"github.com/go-playground/locales/tr"
	"github.com/go-playground/locales/uk"
	"github.com/go-playground/locales/ur"
	"github.com/go-playground/locales/uz"
	"github.com/go-playground/locales/vi"
	"github.com/go-playground/locales/yo"
	"github.com/go-playground/locales/zh"
	"github.com/go-playground/locales/zu"
	"golang.org/x/text/unicode/norm"
)

// Locales are the CLDR locales walked: the most used languages, in Latin and
// other scripts (English is the readers' own).
func Locales() []locales.Translator {
	return []locales.Translator{
		af.New(), am.New(), ar.New(), az.New(), be.New(), bg.New(), bn.New(), bs.New(), ca.New(), cs.New(),
		cy.New(), da.New(), de.New(), el.New(), es.New(), et.New(), eu.New(), fa.New(), fi.New(), fil.New(),
		fr.New(), ga.New(), gl.New(), gu.New(), ha.New(), he.New(), hi.New(), hr.New(), hu.New(), hy.New(),
		id.New(), is.New(), it.New(), ja.New(), ka.New(), kk.New(), km.New(), kn.New(), ko.New(), lt.New(),
		lv.New(), mk.New(), ml.New(), mn.New(), mr.New(), ms.New(), my.New(), nb.New(), ne.New(), nl.New(),
		nn.New(), pa.New(), pl.New(), pt.New(), ro.New(), ru.New(), si.New(), sk.New(), sl.New(), sq.New(),
		sr.New(), sr_Latn.New(), sv.New(), sw.New(), ta.New(), te.New(), th.New(), tr.New(), uk.New(), ur.New(),
		uz.New(), vi.New(), yo.New(), zh.New(), zu.New(),
	}
}

// supplement are names people type that the CLDR locales do not hold: the
// Spanish-derived weekday spellings of Tagalog and Cebuano, and the weekdays
// of languages written in another script as people write them in Latin
// letters: Hindi, Urdu and Bengali, Greek, Russian and Ukrainian, Arabic,
// Persian, Hebrew, Japanese romaji, Korean romanization and Chinese pinyin
// (one word: "xingqiwu", "zhouwu"; spaced forms are gloss phrases,
// nlu/gloss/weekdays-world.txt). "word kind number language".
//
// The declined weekdays people type after a preposition or as an adverb
// (issue 38 round 10), which CLDR's nominative lacks: the Slavic
// accusatives of the feminine days ("v sobotu", "w środę", "в пятницу",
// "у суботу"), the Lithuanian accusatives ("penktadienį"), the Latvian
// adverbs ("piektdien"), the Icelandic accusatives with and without the
// article ("föstudaginn", "á laugardag"), the Hungarian superessives
// ("pénteken"), the Finnish essives and the Estonian adessives ("reedel").
// Left out: Serbian "nedelju" and "недељу", which are also a week; Russian
// "неделю" (a week).
var supplement = `
sobotu weekday 6 cs
středu weekday 3 cs
neděli weekday 0 cs
stredu weekday 3 sk
nedeľu weekday 0 sk
sobotę weekday 6 pl
środę weekday 3 pl
niedzielę weekday 0 pl
srijedu weekday 3 hr
nedjelju weekday 0 hr
sredu weekday 3 sr_Latn
soboto weekday 6 sl
sredo weekday 3 sl
nedeljo weekday 0 sl
суботу weekday 6 sr
среду weekday 3 sr
субботу weekday 6 ru
пятницу weekday 5 ru
п'ятницю weekday 5 uk
пятницю weekday 5 uk
середу weekday 3 uk
неділю weekday 0 uk
subbotu weekday 6 ru
pyatnitsu weekday 5 ru
sredu weekday 3 ru
pirmadienį weekday 1 lt
antradienį weekday 2 lt
trečiadienį weekday 3 lt
ketvirtadienį weekday 4 lt
penktadienį weekday 5 lt
šeštadienį weekday 6 lt
sekmadienį weekday 0 lt
pirmdien weekday 1 lv
otrdien weekday 2 lv
trešdien weekday 3 lv
ceturtdien weekday 4 lv
piektdien weekday 5 lv
sestdien weekday 6 lv
svētdien weekday 0 lv
mánudaginn weekday 1 is
þriðjudaginn weekday 2 is
miðvikudaginn weekday 3 is
fimmtudaginn weekday 4 is
föstudaginn weekday 5 is
laugardaginn weekday 6 is
sunnudaginn weekday 0 is
mánudag weekday 1 is
þriðjudag weekday 2 is
miðvikudag weekday 3 is
fimmtudag weekday 4 is
föstudag weekday 5 is
laugardag weekday 6 is
sunnudag weekday 0 is
hétfőn weekday 1 hu
kedden weekday 2 hu
szerdán weekday 3 hu
csütörtökön weekday 4 hu
pénteken weekday 5 hu
szombaton weekday 6 hu
maanantaina weekday 1 fi
tiistaina weekday 2 fi
keskiviikkona weekday 3 fi
torstaina weekday 4 fi
lauantaina weekday 6 fi
sunnuntaina weekday 0 fi
esmaspäeval weekday 1 et
teisipäeval weekday 2 et
kolmapäeval weekday 3 et
neljapäeval weekday 4 et
reedel weekday 5 et
laupäeval weekday 6 et
pühapäeval weekday 0 et
somvaar weekday 1 pa
mangalvaar weekday 2 pa
budhvaar weekday 3 pa
veervaar weekday 4 pa
shukarvaar weekday 5 pa
shukravaar weekday 5 hi
shanivaar weekday 6 pa
sanivaar weekday 6 pa
aitvaar weekday 0 pa
ravivaar weekday 0 hi
guruvaar weekday 4 hi
yekshanbe weekday 0 fa
doshanbe weekday 1 fa
seshanbe weekday 2 fa
chaharshanbe weekday 3 fa
panjshanbe weekday 4 fa
jomeh weekday 5 fa
jome weekday 5 fa
shanbe weekday 6 fa
shanbeh weekday 6 fa
orshabati weekday 1 ka
samshabati weekday 2 ka
otkhshabati weekday 3 ka
khutshabati weekday 4 ka
shabati weekday 6 ka
kvira weekday 0 ka
miyerkoles weekday 3 fil
biernes weekday 5 fil
byernes weekday 5 fil
sabadu weekday 6 fil
huebes weekday 4 fil
somvar weekday 1 hi
somwar weekday 1 hi
mangalvar weekday 2 hi
mangalwar weekday 2 hi
budhvar weekday 3 hi
budhwar weekday 3 hi
guruvar weekday 4 hi
guruwar weekday 4 hi
brihaspativar weekday 4 hi
shukravar weekday 5 hi
shukrawar weekday 5 hi
shanivar weekday 6 hi
shaniwar weekday 6 hi
ravivar weekday 0 hi
raviwar weekday 0 hi
itvar weekday 0 hi
itwar weekday 0 hi
jumerat weekday 4 ur
jumeraat weekday 4 ur
deftera weekday 1 el
deutera weekday 1 el
dheftera weekday 1 el
triti weekday 2 el
tetarti weekday 3 el
pempti weekday 4 el
paraskevi weekday 5 el
paraskeui weekday 5 el
savvato weekday 6 el
savato weekday 6 el
kyriaki weekday 0 el
kiriaki weekday 0 el
ponedelnik weekday 1 ru
vtornik weekday 2 ru
sreda weekday 3 ru
chetverg weekday 4 ru
pyatnitsa weekday 5 ru
pyatnica weekday 5 ru
pjatnica weekday 5 ru
piatnitsa weekday 5 ru
subbota weekday 6 ru
voskresenye weekday 0 ru
voskresene weekday 0 ru
voskresenie weekday 0 ru
ponedilok weekday 1 uk
vivtorok weekday 2 uk
sereda weekday 3 uk
chetver weekday 4 uk
pyatnytsya weekday 5 uk
pyatnytsia weekday 5 uk
piatnytsia weekday 5 uk
subota weekday 6 uk
nedilya weekday 0 uk
nedilia weekday 0 uk
ithnayn weekday 1 ar
ithnain weekday 1 ar
itnein weekday 1 ar
etnein weekday 1 ar
thulatha weekday 2 ar
khamis weekday 4 ar
khamees weekday 4 ar
jumuah weekday 5 ar
jumua weekday 5 ar
jumaa weekday 5 ar
jumah weekday 5 ar
doshanbe weekday 1 fa
doshanbeh weekday 1 fa
seshanbe weekday 2 fa
seshanbeh weekday 2 fa
chaharshanbe weekday 3 fa
chaharshanbeh weekday 3 fa
charshanbe weekday 3 fa
panjshanbe weekday 4 fa
panjshanbeh weekday 4 fa
jomeh weekday 5 fa
shanbe weekday 6 fa
shanbeh weekday 6 fa
yekshanbe weekday 0 fa
yekshanbeh weekday 0 fa
shabbat weekday 6 he
shabat weekday 6 he
somwaar weekday 1 hi
mangalwaar weekday 2 hi
budhwaar weekday 3 hi
guruwaar weekday 4 hi
veervar weekday 4 hi
veerwar weekday 4 hi
brihaspatiwar weekday 4 hi
shukrawaar weekday 5 hi
shaniwaar weekday 6 hi
raviwaar weekday 0 hi
itwaar weekday 0 ur
jummah weekday 5 ur
jumma weekday 5 ur
sombar weekday 1 bn
mongolbar weekday 2 bn
budhbar weekday 3 bn
brihospotibar weekday 4 bn
shukrobar weekday 5 bn
shonibar weekday 6 bn
robibar weekday 0 bn
getsuyoubi weekday 1 ja
getsuyobi weekday 1 ja
getsuyoobi weekday 1 ja
getsuyōbi weekday 1 ja
kayoubi weekday 2 ja
kayobi weekday 2 ja
kayōbi weekday 2 ja
suiyoubi weekday 3 ja
suiyobi weekday 3 ja
suiyōbi weekday 3 ja
mokuyoubi weekday 4 ja
mokuyobi weekday 4 ja
mokuyōbi weekday 4 ja
kinyoubi weekday 5 ja
kinyobi weekday 5 ja
kinyōbi weekday 5 ja
doyoubi weekday 6 ja
doyobi weekday 6 ja
doyōbi weekday 6 ja
nichiyoubi weekday 0 ja
nichiyobi weekday 0 ja
nichiyōbi weekday 0 ja
woryoil weekday 1 ko
wolyoil weekday 1 ko
hwayoil weekday 2 ko
suyoil weekday 3 ko
mogyoil weekday 4 ko
mokyoil weekday 4 ko
geumyoil weekday 5 ko
kumyoil weekday 5 ko
toyoil weekday 6 ko
iryoil weekday 0 ko
ilyoil weekday 0 ko
xingqiyi weekday 1 zh
xingqier weekday 2 zh
xingqisan weekday 3 zh
xingqisi weekday 4 zh
xingqiwu weekday 5 zh
xingqiliu weekday 6 zh
xingqitian weekday 0 zh
xingqiri weekday 0 zh
zhouyi weekday 1 zh
zhouer weekday 2 zh
zhousan weekday 3 zh
zhousi weekday 4 zh
zhouwu weekday 5 zh
zhouliu weekday 6 zh
zhouri weekday 0 zh
libaiyi weekday 1 zh
libaier weekday 2 zh
libaisan weekday 3 zh
libaisi weekday 4 zh
libaiwu weekday 5 zh
libailiu weekday 6 zh
libaitian weekday 0 zh
`

// dropped are names that read as something else too, with why: a word of
// English or of another language that people write in a sentence, or one
// that names a week or months besides the day.
var dropped = map[string]string{
	"minggu": "Indonesian and Malay for week as well as Sunday",
	"linggo": "Tagalog for week as well as Sunday",
	"isonto": "Zulu for week and church as well as Sunday",
	"luni":   "Romanian for months as well as Monday",
	"senin":  "Turkish for your, Indonesian Monday",
	"ahad":   "Arabic in Latin script for one, Malay Sunday",
	"peer":   "English word",
	"juma":   "Swahili for week, Uzbek Friday",
	"bazar":  "Azerbaijani Sunday, a market in many languages",
	"ہفتہ":   "Urdu for week as well as Saturday",
	"неделя": "Russian for week, Bulgarian Sunday",
}

// name is one calendar name: a month (1-12) or a weekday (0 Sunday - 6).
type name struct {
	kind   string // "month" or "weekday"
	number int
}

// Generate returns the file nlu/calendar_names.txt: one name a line, "word
// kind number languages", sorted. A name is kept when it is one word of
// letters (no digits: "3月" is the numeric grammar's), of at least three
// letters for a month's name (read only beside a day number), four for an
// abbreviation or a weekday (read alone at a date question), is not in the
// dropped list, and means one
// month or one weekday in every language that has it, written with or without
// its accents; each name is written as CLDR spells it (lower case) and, when
// different, without accents ("çarşamba", "carsamba").
func Generate() []byte {
	meanings := map[string]map[name]bool{}
	langs := map[string]map[string]bool{}
	wide := map[string]bool{}
	abbreviated := false
	add := func(word string, n name, lang string) {
		for _, w := range forms(word) {
			wide[w] = wide[w] || !abbreviated
			if meanings[w] == nil {
				meanings[w], langs[w] = map[name]bool{}, map[string]bool{}
			}
			meanings[w][n] = true
			langs[w][lang] = true
		}
	}
	for _, t := range Locales() {
		lang := t.Locale()
		for m := time.January; m <= time.December; m++ {
			add(t.MonthWide(m), name{"month", int(m)}, lang)
			abbreviated = true
			add(t.MonthAbbreviated(m), name{"month", int(m)}, lang)
			abbreviated = false
		}
		for d := time.Sunday; d <= time.Saturday; d++ {
			add(t.WeekdayWide(d), name{"weekday", int(d)}, lang)
		}
	}
	for line := range strings.Lines(supplement) {
		var w, kind, lang string
		var n int
		if _, err := fmt.Sscan(line, &w, &kind, &n, &lang); err == nil {
			add(w, name{kind, n}, lang)
		}
	}
	var b strings.Builder
	b.WriteString("# Generated by `go run ./cmd/parley-tools calendar-names`: do not edit.\n")
	b.WriteString("# Month and weekday names from CLDR (github.com/go-playground/locales) and\n")
	b.WriteString("# internal/calendarnames' supplement: word, month or weekday, its number\n")
	b.WriteString("# (weekday 0 is Sunday), the languages that write it.\n")
	for _, w := range slices.Sorted(maps.Keys(meanings)) {
		if len(meanings[w]) != 1 || !safe(w, meanings[w], wide[w]) {
			continue
		}
		for n := range meanings[w] {
			fmt.Fprintf(&b, "%s %s %d %s\n", w, n.kind, n.number, strings.Join(slices.Sorted(maps.Keys(langs[w])), ","))
		}
	}
	return []byte(b.String())
}

// safe reports whether w, with its one meaning, may be read as it; an
// abbreviation (no language's full name) of fewer than four letters never is
// ("mar", "out", "set", "sat").
func safe(w string, ms map[name]bool, wide bool) bool {
	if _, drop := dropped[w]; drop {
		return false
	}
	n := len([]rune(w))
	if strings.ContainsFunc(w, func(r rune) bool {
		return unicode.In(r, unicode.Han, unicode.Hangul, unicode.Hiragana, unicode.Katakana)
	}) {
		n *= 2 // a syllable or a character is a word's worth of letters: "金曜日"
	}
	for m := range ms {
		if m.kind == "weekday" && n < 4 || n < 3 || !wide && n < 4 {
			return false
		}
	}
	for _, r := range w {
		if !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) && !unicode.Is(unicode.Mc, r) {
			return false
		}
	}
	return true
}

// forms are a name's forms as written: lower case, a closing dot dropped
// ("janv."), and the same without accents when that differs.
func forms(word string) []string {
	w := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(word)), ".")
	if w == "" {
		return nil
	}
	plain := stripAccents(w)
	if plain == w {
		return []string{w}
	}
	return []string{w, plain}
}

// stripAccents drops the accents of Latin letters ("çarşamba" is
// "carsamba", "środa" "sroda"), and leaves other scripts as written.
func stripAccents(w string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(w) {
		if unicode.Is(unicode.Mn, r) && !unicode.In(r, unicode.Devanagari, unicode.Bengali, unicode.Gujarati,
			unicode.Gurmukhi, unicode.Kannada, unicode.Malayalam, unicode.Tamil, unicode.Telugu, unicode.Thai,
			unicode.Lao, unicode.Khmer, unicode.Myanmar, unicode.Sinhala, unicode.Hebrew, unicode.Arabic) {
			continue
		}
		if s, ok := latinLetters[r]; ok {
			b.WriteString(s)
			continue
		}
		b.WriteRune(r)
	}
	return norm.NFC.String(b.String())
}

// latinLetters are the Latin letters NFD does not split into a base and an
// accent.
var latinLetters = map[rune]string{'ł': "l", 'ı': "i", 'đ': "d", 'ø': "o", 'ß': "ss", 'æ': "ae", 'œ': "oe", 'ħ': "h"}
