package flows

import "testing"

// TestSpacelessScriptClasses plays round 15's Cantonese classes in phrasings
// of our own and in the other scripts written without spaces (Mandarin,
// Japanese, Thai, Khmer, Burmese): a count of nights in words or numerals, a
// stay until a weekday, a weekday with thanks, a pick by price. A count
// that is no number ("三四晚": three or four) and Thai "three people" are
// read as nothing. Sent Sunday 31 October 2027, check-in Friday 12 November.
func TestSpacelessScriptClasses(t *testing.T) {
	playClasses(t, map[string][]heldOutCase{
		"booking": {
			r6("departure_date", "星期一, 唔該", map[string]string{"departure_date": "2027-11-01"}),
			r6("departure_date", "星期二，谢谢", map[string]string{"departure_date": "2027-11-02"}),
			r6("departure_date", "月曜日、ありがとう", map[string]string{"departure_date": "2027-11-01"}),
			r6("departure_date", "ថ្ងៃច័ន្ទ", map[string]string{"departure_date": "2027-11-01"}),
			r6("departure_date", "聽日", map[string]string{"departure_date": "2027-11-01"}),
		},
		"hotel": {
			r6("nights", "三晚", map[string]string{"nights": "3"}),
			r6("nights", "两晚", map[string]string{"nights": "2"}),
			r6("nights", "สามคืน", map[string]string{"nights": "3"}),
			r6("nights", "သုံးည", map[string]string{"nights": "3"}),
			r6("nights", "三四晚", map[string]string{"nights": ""}),
			r6("nights", "สามคน", map[string]string{"nights": ""}),
			r6("nights", "住到星期日", map[string]string{"nights": "2"}),
			r6("nights", "ถึงวันอาทิตย์", map[string]string{"nights": "2"}),
			r6("hotel_name", "最平嗰間", map[string]string{"hotel_name": "Tagus View"}),
			r6("hotel_name", "最便宜", map[string]string{"hotel_name": "Tagus View"}),
			r6("hotel_name", "最貴", map[string]string{"hotel_name": "Bairro Loft"}),
		},
	})
}
