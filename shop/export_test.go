package shop

// ReadsAsEnglish reports whether w is an English word or one typo from one,
// for the property tests of package shop_test.
func ReadsAsEnglish(w string) bool { return isEnglishWord(w) || isEnglishTypo(w) }
