package woocommerce

import (
	"bytes"
	"encoding/json"
	"html"
	"math"
	"strconv"
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/shop"
)

// decimal is a price WooCommerce sends as a string ("21.99", "") or, from some
// plugins, as a number.
type decimal string

func (d *decimal) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '"' {
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}
		*d = decimal(strings.TrimSpace(s))
		return nil
	}
	if string(data) == "null" {
		*d = ""
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(data, &n); err != nil {
		return err
	}
	*d = decimal(n.String())
	return nil
}

// value parses the decimal; ok is false for "" or anything that is not a finite
// non-negative number.
func (d decimal) value() (float64, bool) {
	if d == "" {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(d), 64)
	if err != nil || f < 0 || math.IsNaN(f) || f > 1e15 {
		return 0, false
	}
	return f, true
}

type term struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
}

type image struct {
	Src string `json:"src"`
}

// restProduct is the part of a REST API v3 product Parley reads.
type restProduct struct {
	ID               int64             `json:"id"`
	Name             string            `json:"name"`
	Permalink        string            `json:"permalink"`
	Type             string            `json:"type"`
	Status           string            `json:"status"`
	ParentID         int64             `json:"parent_id"`
	Description      string            `json:"description"`
	ShortDescription string            `json:"short_description"`
	Price            decimal           `json:"price"`
	RegularPrice     decimal           `json:"regular_price"`
	Categories       []term            `json:"categories"`
	Images           []image           `json:"images"`
	Variations       []json.RawMessage `json:"variations"`
}

// storeProduct is the part of a Store API v1 product Parley reads.
type storeProduct struct {
	ID               int64  `json:"id"`
	Name             string `json:"name"`
	Parent           int64  `json:"parent"`
	Type             string `json:"type"`
	Permalink        string `json:"permalink"`
	Description      string `json:"description"`
	ShortDescription string `json:"short_description"`
	Prices           struct {
		CurrencyCode      string  `json:"currency_code"`
		CurrencyMinorUnit int     `json:"currency_minor_unit"`
		Price             decimal `json:"price"`
		RegularPrice      decimal `json:"regular_price"`
		PriceRange        *struct {
			MinAmount decimal `json:"min_amount"`
		} `json:"price_range"`
	} `json:"prices"`
	Categories []term  `json:"categories"`
	Images     []image `json:"images"`
}

// decodeRESTProducts decodes a REST API v3 product list. currency is the shop's
// currency (the REST product has none). Malformed JSON is EUNAVAILABLE: the shop
// answered, but not with a product list.
func decodeRESTProducts(data []byte, currency string) ([]shop.Product, error) {
	var list []restProduct
	if err := json.Unmarshal(data, &list); err != nil {
		return nil, parley.WrapError(parley.EUNAVAILABLE, err, "woocommerce: malformed REST product list")
	}
	out := make([]shop.Product, 0, len(list))
	for _, p := range list {
		out = append(out, p.product(currency))
	}
	return dedupe(out), nil
}

func decodeRESTProduct(data []byte) (restProduct, error) {
	var p restProduct
	if err := json.Unmarshal(data, &p); err != nil {
		return p, parley.WrapError(parley.EUNAVAILABLE, err, "woocommerce: malformed REST product")
	}
	return p, nil
}

func (p restProduct) product(currency string) shop.Product {
	id := p.ID
	if p.Type == "variation" && p.ParentID > 0 {
		id = p.ParentID
	}
	price, ok := p.Price.value()
	if !ok {
		price, ok = lowestVariationPrice(p.Variations)
	}
	if !ok {
		price, _ = p.RegularPrice.value()
	}
	return shop.Product{
		ID:          strconv.FormatInt(id, 10),
		Name:        html.UnescapeString(strings.TrimSpace(p.Name)),
		Description: describe(p.ShortDescription, p.Description),
		Price:       price,
		Currency:    currency,
		ImageURL:    firstImage(p.Images),
		Permalink:   parley.CatalogLink(p.Permalink),
		Categories:  termNames(p.Categories),
	}
}

// lowestVariationPrice reads variations given as objects with a price (REST lists
// give bare ids, which carry no price).
func lowestVariationPrice(variations []json.RawMessage) (float64, bool) {
	lowest, found := 0.0, false
	for _, raw := range variations {
		var v struct {
			Price decimal `json:"price"`
		}
		if json.Unmarshal(raw, &v) != nil {
			continue
		}
		if price, ok := v.Price.value(); ok && (!found || price < lowest) {
			lowest, found = price, true
		}
	}
	return lowest, found
}

// decodeStoreProducts decodes a Store API v1 product list and returns the currency
// minor unit it saw (-1 when the list is empty).
func decodeStoreProducts(data []byte) ([]shop.Product, int, error) {
	var list []storeProduct
	if err := json.Unmarshal(data, &list); err != nil {
		return nil, -1, parley.WrapError(parley.EUNAVAILABLE, err, "woocommerce: malformed Store API product list")
	}
	out := make([]shop.Product, 0, len(list))
	minor := -1
	for _, p := range list {
		product, err := p.product()
		if err != nil {
			return nil, -1, err
		}
		out = append(out, product)
		minor = p.Prices.CurrencyMinorUnit
	}
	return dedupe(out), minor, nil
}

// price is the product's price: its price, else the lowest of its range, else
// its regular price; 0 when it has none. A negative amount is no price (as in the
// REST API's decimals, decimal.value): the next one is read.
func (p storeProduct) price() (float64, error) {
	var lowest decimal
	if p.Prices.PriceRange != nil {
		lowest = p.Prices.PriceRange.MinAmount
	}
	for _, amount := range []decimal{p.Prices.Price, lowest, p.Prices.RegularPrice} {
		if amount == "" {
			continue
		}
		text, err := minorToDecimal(string(amount), p.Prices.CurrencyMinorUnit)
		if err != nil {
			return 0, parley.WrapError(parley.EUNAVAILABLE, err, "woocommerce: product %d has a malformed price", p.ID)
		}
		if price, _ := strconv.ParseFloat(text, 64); price >= 0 {
			return price, nil
		}
	}
	return 0, nil
}

func (p storeProduct) product() (shop.Product, error) {
	id := p.ID
	if p.Type == "variation" && p.Parent > 0 {
		id = p.Parent
	}
	price, err := p.price()
	if err != nil {
		return shop.Product{}, err
	}
	return shop.Product{
		ID:          strconv.FormatInt(id, 10),
		Name:        html.UnescapeString(strings.TrimSpace(p.Name)),
		Description: describe(p.ShortDescription, p.Description),
		Price:       price,
		Currency:    p.Prices.CurrencyCode,
		ImageURL:    firstImage(p.Images),
		Permalink:   parley.CatalogLink(p.Permalink),
		Categories:  termNames(p.Categories),
	}, nil
}

// minorToDecimal turns an integer amount in minor units into a decimal string by
// moving the decimal point: ("1105", 2) is "11.05", ("5", 2) is "0.05". No float
// arithmetic is involved, so no rounding error can creep in.
func minorToDecimal(amount string, minorUnit int) (string, error) {
	if minorUnit < 0 || minorUnit > 8 {
		return "", parley.Errorf(parley.EUNAVAILABLE, "currency minor unit %d is out of range", minorUnit)
	}
	digits, negative := strings.CutPrefix(strings.TrimSpace(amount), "-")
	if digits == "" || len(digits) > 18 || strings.ContainsFunc(digits, func(r rune) bool { return r < '0' || r > '9' }) {
		return "", parley.Errorf(parley.EUNAVAILABLE, "amount %q is not an integer in minor units", amount)
	}
	digits = pointAt(digits, minorUnit)
	if negative {
		digits = "-" + digits
	}
	return digits, nil
}

// pointAt writes a decimal point before the last minorUnit digits, padding
// with zeros so that one digit stands before it.
func pointAt(digits string, minorUnit int) string {
	if minorUnit == 0 {
		return digits
	}
	if len(digits) <= minorUnit {
		digits = strings.Repeat("0", minorUnit-len(digits)+1) + digits
	}
	return digits[:len(digits)-minorUnit] + "." + digits[len(digits)-minorUnit:]
}

// decimalToMinor is the inverse for price filters: 11.05 with unit 2 is 1105. The
// value comes from a float the engine parsed, so it is rounded to the nearest minor
// unit.
func decimalToMinor(value float64, minorUnit int) string {
	scaled := value
	for range minorUnit {
		scaled *= 10
	}
	return strconv.FormatFloat(math.Round(scaled), 'f', 0, 64)
}

// dedupe keeps the first product of each id: variations of one parent collapse.
func dedupe(products []shop.Product) []shop.Product {
	seen := make(map[string]bool, len(products))
	out := products[:0]
	for _, p := range products {
		if seen[p.ID] {
			continue
		}
		seen[p.ID] = true
		out = append(out, p)
	}
	return out
}

func firstImage(images []image) string {
	for _, img := range images {
		if src := parley.CatalogLink(img.Src); src != "" {
			return src
		}
	}
	return ""
}

func termNames(terms []term) []string {
	var out []string
	for _, t := range terms {
		if name := html.UnescapeString(strings.TrimSpace(t.Name)); name != "" {
			out = append(out, name)
		}
	}
	return out
}

func describe(short, long string) string {
	if text := stripHTML(short); text != "" {
		return text
	}
	return stripHTML(long)
}

// stripHTML removes tags (and the content of script and style elements), decodes
// entities and collapses whitespace. Product descriptions are editor HTML, not
// documents, so a small scanner is enough.
// skipScript skips the content of a script or style element whose opening tag
// ends before i: to its closing tag, or to the end.
func skipScript(s string, i int, tag string) int {
	for _, skip := range []string{"script", "style"} {
		if strings.HasPrefix(tag, skip) {
			closing := strings.Index(strings.ToLower(s[i:]), "</"+skip)
			if closing < 0 {
				return len(s)
			}
			i += closing
		}
	}
	return i
}

func stripHTML(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '<' || !startsTag(s[i+1:]) {
			b.WriteByte(s[i])
			i++
			continue
		}
		end := strings.IndexByte(s[i:], '>')
		if end < 0 {
			// An unclosed "<p" is text.
			b.WriteByte(s[i])
			i++
			continue
		}
		tag := strings.ToLower(s[i+1 : i+end])
		i += end + 1
		b.WriteByte(' ')
		i = skipScript(s, i, tag)
	}
	return strings.Join(strings.Fields(html.UnescapeString(b.String())), " ")
}

// startsTag reports whether the text after a "<" opens a tag, a comment or a
// declaration; "< 10" does not.
func startsTag(rest string) bool {
	if rest == "" {
		return false
	}
	c := rest[0]
	return c == '/' || c == '!' || c == '?' || (c|0x20 >= 'a' && c|0x20 <= 'z')
}

// wpError is WordPress's REST error body.
type wpError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func decodeWPError(body []byte) string {
	var e wpError
	if json.Unmarshal(body, &e) != nil || (e.Code == "" && e.Message == "") {
		text := strings.TrimSpace(string(body))
		if len(text) > 200 {
			text = text[:200] + "..."
		}
		return text
	}
	return strings.TrimSpace(e.Code + ": " + html.UnescapeString(e.Message))
}
