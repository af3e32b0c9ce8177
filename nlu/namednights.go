package nlu

import "time"

// ReadNamedNights reads an answer to "how many nights?" that names the nights
// by their weekdays: "Friday and Saturday nights", "Fri, Sat and Sun night",
// "the nights of Friday and Saturday", "vendredi et samedi soir", "las noches
// del viernes y sábado". It returns the first night's weekday and the count
// when the days follow each other, each named once; false when anything else
// is said (another word, a gap: "Friday and Sunday nights"), and the bot asks
// again.
func ReadNamedNights(text string) (first time.Weekday, count int, ok bool) {
	var buf [16]token
	toks := appendTokens(buf[:0], key(text))
	var days [7]time.Weekday
	n, nightWord := 0, false
	for _, t := range toks {
		w := t.text
		if day, isDay := weekdayNames[w]; isDay {
			if n == len(days) {
				return 0, 0, false
			}
			days[n], n = day, n+1
			continue
		}
		if day, isDay := weekdayAbbreviations[w]; isDay && n < len(days) {
			days[n], n = day, n+1
			continue
		}
		switch {
		case namedNightWords[w]:
			nightWord = true
		case !namedNightFillers[w]:
			return 0, 0, false
		}
	}
	if !nightWord || n < 2 {
		return 0, 0, false
	}
	for i := 1; i < n; i++ {
		if days[i] != (days[i-1]+1)%7 {
			return 0, 0, false
		}
	}
	return days[0], n, true
}

// namedNightWords name a night, or the evening that stands for it ("vendredi et
// samedi soir").
var namedNightWords = wordSet(`night nights nite nites nuit nuits soir soirs noche noches lila lyali ليلة ليالي`)

// namedNightFillers may stand between the weekdays of named nights.
var namedNightFillers = wordSet(`and the of on just only please pls thx thanks for et les le de du y las los el del w و l`)
