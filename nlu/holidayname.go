package nlu

import "slices"

// InHolidayName reports whether ws[j], of the folded words ws, is a word of
// the name of a holiday or festival season of holidays.txt said in ws
// ("easter", "good friday", "mother s day"), a season alone (an anchor)
// included: the shop's readers use it to tell an occasion said without a
// product ("any ideas for an easter basket?", "ideas for mother's day")
// from a product named after one ("easter eggs").
func InHolidayName(ws []string, j int) bool {
	for i := max(0, j-maxHolidayWords); i <= j && i < len(ws); i++ {
		for _, h := range holidaysByFirst()[ws[i]] {
			if end := i + len(h.words); end > j && end <= len(ws) && slices.Equal(ws[i:end], h.words) {
				return true
			}
		}
	}
	return false
}

// maxHolidayWords bounds how far before a word a holiday's name that holds
// it may start ("feast of the ascension").
const maxHolidayWords = 6
