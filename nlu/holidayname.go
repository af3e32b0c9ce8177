package nlu

import "slices"

// HolidayNameEndsAt reports whether the folded words ws end in the name of a
// holiday or festival season of holidays.txt ("easter", "good friday",
// "mother s day"), a season alone (an anchor) included: the readers of the
// shop use it to tell an occasion said without a product ("any ideas for an
// easter basket?") from a product named after one ("easter eggs").
func HolidayNameEndsAt(ws []string) bool {
	for i := range ws {
		for _, h := range holidaysByFirst()[ws[i]] {
			if slices.Equal(ws[i:], h.words) {
				return true
			}
		}
	}
	return false
}
