package nlu

// shopSizeWords say that a size follows ("boots size 10", "a tee in size
// xl"); shopSizeValues are the sizes of clothing and shoes said in letters
// or words (shop_words.txt "sizeword" and "sizevalue" lines): a size is what
// the shopper wants the thing in, never a word of the thing itself.
var shopSizeWords, shopSizeValues = map[string]bool{}, map[string]bool{}

// sizeBefore are the words that may stand before a size's word and belong
// to it ("in size 9", "in a size 9", "a size 9").
var sizeBefore = wordSet(`in a an`)

// maxSizeNumbers bounds the numbers a size holds ("size 9 5" of "size
// 9.5", "size 10 1 2" of "size 10 1/2").
const maxSizeNumbers = 3

// withoutSizes returns ws without the sizes said in them (issue 38 round
// 25): a size word and the size after it, a number in digits or words or a
// size of shopSizeValues ("hiking boots size 10", "rain boots, size 9", "a
// hoodie in a size m"), with an "in" or "a" before the size word. A size
// word followed by no size ("what size is it?", "sizes?") stays, and so do
// words that would be all the message ("size 10" alone).
func withoutSizes(ws []string) []string {
	at := -1
	for i, w := range ws {
		if shopSizeWords[w] && i+1 < len(ws) && isSizeValue(ws[i+1]) {
			at = i
			break
		}
	}
	if at < 0 {
		return ws
	}
	start, end := at, at+1
	for start > 0 && sizeBefore[ws[start-1]] && start > at-2 {
		start--
	}
	if isSizeNumber(ws[end]) {
		for n := 0; end < len(ws) && n < maxSizeNumbers && isSizeNumber(ws[end]); n++ {
			end++
		}
	} else {
		end++
	}
	if start == 0 && end == len(ws) {
		return ws
	}
	out := make([]string, 0, len(ws)-(end-start))
	out = append(out, ws[:start]...)
	return withoutSizes(append(out, ws[end:]...))
}

// isSizeValue reports whether w may be a size: a number or a size word.
func isSizeValue(w string) bool { return isSizeNumber(w) || shopSizeValues[w] }

// isSizeNumber reports whether w is a number in digits or a number word
// ("ten"), no joiner ("and").
func isSizeNumber(w string) bool {
	if isDigits(w) {
		return true
	}
	_, num := numberWords[w]
	return num
}
