package shop

// ReadsAsEnglish reports whether w is an English word or one typo from one,
// for the property tests of package shop_test.
func ReadsAsEnglish(w string) bool { return isEnglishWord(w) || isEnglishTypo(w) }

// ReadsAsShopTypo reports whether the shop reads w as a typo of a catalog
// word or of its everyday vocabulary ("shbrt": shirt), for the property tests
// whose words must be none.
func (e *Engine) ReadsAsShopTypo(w string) bool {
	return e.catalogTypo(w) != "" || len(typoKinds(w)) > 0
}

// EverydayWord reports whether w is a word of the shop's everyday lexicon
// (lexicon/everyday.json: "shades", German "weiss" for white), for the
// property tests of package shop_test.
func EverydayWord(w string) bool { return len(everydayKinds(w)) > 0 }
