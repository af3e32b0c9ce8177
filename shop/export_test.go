package shop

// ReadsAsEnglish reports whether w is an English word or one typo from one,
// for the property tests of package shop_test.
func ReadsAsEnglish(w string) bool { return isEnglishWord(w) || isEnglishTypo(w) }

// EverydayWord reports whether w is a word of the shop's everyday lexicon
// (lexicon/everyday.json: "shades", German "weiss" for white), for the
// property tests of package shop_test.
func EverydayWord(w string) bool { return len(everydayKinds(w)) > 0 }
