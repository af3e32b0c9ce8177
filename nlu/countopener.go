package nlu

// OpensCount reports whether w, the first word of an answer to a count's
// question, is a one-word discourse opener or a sound of hesitation
// (discourse_frame.txt's opener and hesitation: "so", "well", "ah", "hmm").
// The frame needs a comma after an opener ("so cute" is no frame), but a
// count's own words are closed (a number, its unit, fillers): before them
// such a word holds no value, with or without the comma ("so 2 nights",
// "well a week").
func OpensCount(w string) bool {
	k, ok := frameKey(w)
	if !ok {
		return false
	}
	g := discourse()
	for _, phrases := range [2][][]string{g.openers[k], g.hesitations[k]} {
		for _, p := range phrases {
			if len(p) == 1 {
				return true
			}
		}
	}
	return false
}
