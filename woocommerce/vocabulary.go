package woocommerce

import (
	"context"
	"encoding/json"
	"html"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/shop"
)

var _ shop.Vocabulary = (*Catalog)(nil)

// maxCategoryPages bounds the category pages read (100 categories each).
const maxCategoryPages = 20

// minProbeLen is the shortest word Known asks the product search about.
const minProbeLen = 3

// categoryTerm is a category as both APIs list it.
type categoryTerm struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Slug   string `json:"slug"`
	Parent int64  `json:"parent"`
}

// Categories returns the shop's own product categories (GET
// wc/v3/products/categories or wc/store/v1/products/categories, every page),
// cached for the cache period: the engine names them in its questions and reads
// their names in messages.
func (c *Catalog) Categories(ctx context.Context) ([]shop.Category, error) {
	terms, err := c.categoryTerms(ctx)
	if err != nil {
		return nil, err
	}
	names := make(map[int64]string, len(terms))
	for _, t := range terms {
		names[t.ID] = t.Name
	}
	out := make([]shop.Category, 0, len(terms))
	for _, t := range terms {
		out = append(out, shop.Category{Name: t.Name, Parent: names[t.Parent]})
	}
	return out, nil
}

// categoryTerms returns every category of the shop, names unescaped, cached.
func (c *Catalog) categoryTerms(ctx context.Context) ([]categoryTerm, error) {
	return c.termList(ctx, "categories")
}

// tagTerms returns every product tag of the shop, names unescaped, cached.
func (c *Catalog) tagTerms(ctx context.Context) ([]categoryTerm, error) {
	return c.termList(ctx, "tags")
}

// termList reads every page of products/categories or products/tags, cached under
// the taxonomy's name.
func (c *Catalog) termList(ctx context.Context, taxonomy string) ([]categoryTerm, error) {
	now := c.now()
	if v, ok := c.cache.get(taxonomy, now); ok {
		return v.([]categoryTerm), nil
	}
	path := "wc/store/v1/products/" + taxonomy
	if c.api == APIREST {
		path = "wc/v3/products/" + taxonomy
	}
	var all []categoryTerm
	for page := 1; page <= maxCategoryPages; page++ {
		terms, more, err := c.termPage(ctx, path, taxonomy, page)
		if err != nil {
			return nil, err
		}
		all = append(all, terms...)
		if !more {
			break
		}
	}
	c.cache.put(taxonomy, all, now)
	return all, nil
}

// termPage reads one page of a term list, and whether another page follows.
func (c *Catalog) termPage(ctx context.Context, path, taxonomy string, page int) ([]categoryTerm, bool, error) {
	params := url.Values{"per_page": {strconv.Itoa(maxPerPage)}, "page": {strconv.Itoa(page)}}
	body, header, err := c.get(ctx, path, params, taxonomy+" list", false)
	if err != nil {
		return nil, false, err
	}
	terms, n, err := decodeCategoryTerms(body)
	if err != nil {
		return nil, false, err
	}
	pages, err := strconv.Atoi(header.Get("X-WP-TotalPages"))
	return terms, n >= maxPerPage && err == nil && page < pages, nil
}

// decodeCategoryTerms reads one page of a category list (either API): the named
// terms, names unescaped, and how many terms the page held.
func decodeCategoryTerms(body []byte) ([]categoryTerm, int, error) {
	var terms []categoryTerm
	if err := json.Unmarshal(body, &terms); err != nil {
		return nil, 0, parley.WrapError(parley.EUNAVAILABLE, err, "woocommerce: malformed category list")
	}
	out := terms[:0]
	for _, t := range terms {
		t.Name = html.UnescapeString(strings.TrimSpace(t.Name))
		if t.Name != "" {
			out = append(out, t)
		}
	}
	return out, len(terms), nil
}

// Known returns the words the shop can match: a word of a category name, a tag or
// an attribute term (searched as filters, see Search), or a word its product search finds
// something for (one cached request per word of 3 letters or more, per_page=1: the
// REST API searches titles, excerpts and content, the Store API titles and SKUs,
// both as substrings).
func (c *Catalog) Known(ctx context.Context, words []string) ([]string, error) {
	v, err := c.vocabulary(ctx)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, w := range words {
		known, err := c.knows(ctx, v, w)
		if err != nil {
			return nil, err
		}
		if known {
			out = append(out, w)
		}
	}
	return out, nil
}

// shopVocabulary is what a shop names by filters: its categories, tags and
// attribute terms.
type shopVocabulary struct {
	categories []categoryTerm
	tags       []categoryTerm
	attributes []attributeTerm
}

// vocabulary reads the shop's categories, tags and attribute terms (cached).
func (c *Catalog) vocabulary(ctx context.Context) (*shopVocabulary, error) {
	var v shopVocabulary
	var err error
	if v.categories, err = c.categoryTerms(ctx); err != nil {
		return nil, err
	}
	if v.tags, err = c.tagTerms(ctx); err != nil {
		return nil, err
	}
	if v.attributes, err = c.attributeTerms(ctx); err != nil {
		return nil, err
	}
	return &v, nil
}

// knows reports whether the shop knows the word w: a filter names it, or (for a
// word of minProbeLen letters or more) its product search finds something.
func (c *Catalog) knows(ctx context.Context, v *shopVocabulary, w string) (bool, error) {
	stem := likeStem(strings.ToLower(w))
	if stem == "" {
		return false, nil
	}
	_, isAttribute := attributeNamed(v.attributes, w)
	if categoryHas(v.categories, stem) || tagNamed(v.tags, w) != "" || isAttribute {
		return true, nil
	}
	if len([]rune(stem)) < minProbeLen {
		return false, nil // WooCommerce searches substrings: "u" is inside most names
	}
	page, err := c.Search(ctx, shop.Query{Text: w, Terms: []string{w}, Limit: 1})
	if err != nil {
		return false, err
	}
	return page.Total > 0 || len(page.Products) > 0, nil
}

// isNameSeparator reports whether r separates the words of a category name or
// slug.
func isNameSeparator(r rune) bool { return strings.ContainsRune(" -&,/", r) }

// categoryHas reports whether a category name or slug holds the stem as the start
// of one of its words.
func categoryHas(terms []categoryTerm, stem string) bool {
	for _, t := range terms {
		for _, w := range strings.FieldsFunc(strings.ToLower(t.Name+" "+t.Slug), isNameSeparator) {
			if strings.HasPrefix(w, stem) {
				return true
			}
		}
	}
	return false
}

// cachedCategoryID returns the id of the shop's category of that name (or slug)
// when the cached category list has it: a name with an entity ("Planters &amp;
// Pots") or a slug that is not its name's is found this way. It makes no request.
func (c *Catalog) cachedCategoryID(name string) (string, bool) {
	v, ok := c.cache.get("categories", c.now())
	if !ok {
		return "", false
	}
	for _, t := range v.([]categoryTerm) {
		if strings.EqualFold(t.Name, name) || strings.EqualFold(t.Slug, categorySlug(name)) {
			return strconv.FormatInt(t.ID, 10), true
		}
	}
	return "", false
}

// tagNamed returns the id of the tag whose name or slug is the word (singular or
// plural alike), or "".
func tagNamed(tags []categoryTerm, word string) string {
	stem := likeStem(strings.ToLower(strings.TrimSpace(word)))
	for _, t := range tags {
		if stem != "" && (likeStem(strings.ToLower(t.Name)) == stem || likeStem(t.Slug) == stem) {
			return strconv.FormatInt(t.ID, 10)
		}
	}
	return ""
}

// cachedTagIDs splits search words into the ids of the shop's tags they name, by
// the cached tag list, and the other words. It makes no request.
func (c *Catalog) cachedTagIDs(words []string) (ids, rest []string) {
	v, ok := c.cache.get("tags", c.now())
	if !ok {
		return nil, words
	}
	for _, w := range words {
		if id := tagNamed(v.([]categoryTerm), w); id != "" {
			ids = append(ids, id)
			continue
		}
		rest = append(rest, w)
	}
	return ids, rest
}

// attributeTerm is one term of a global attribute ("Blue" of pa_color).
type attributeTerm struct {
	Taxonomy string
	ID       int64
	Name     string
	Slug     string
}

// maxAttributes bounds the attributes whose terms are read.
const maxAttributes = 20

// attributeTerms returns the terms of the shop's global attributes (GET
// products/attributes, then products/attributes/<id>/terms for each), names
// unescaped, cached for the cache period.
func (c *Catalog) attributeTerms(ctx context.Context) ([]attributeTerm, error) {
	now := c.now()
	if v, ok := c.cache.get("attributes", now); ok {
		return v.([]attributeTerm), nil
	}
	base := "wc/store/v1/products/attributes"
	if c.api == APIREST {
		base = "wc/v3/products/attributes"
	}
	body, _, err := c.get(ctx, base, nil, "attribute list", false)
	if err != nil {
		return nil, err
	}
	attrs, err := decodeAttributes(body)
	if err != nil {
		return nil, err
	}
	var all []attributeTerm
	for _, a := range attrs[:min(len(attrs), maxAttributes)] {
		terms, err := c.termsOf(ctx, base, a)
		if err != nil {
			return nil, err
		}
		all = append(all, terms...)
	}
	c.cache.put("attributes", all, now)
	return all, nil
}

// termsOf reads the terms of one global attribute.
func (c *Catalog) termsOf(ctx context.Context, base string, a globalAttribute) ([]attributeTerm, error) {
	params := url.Values{"per_page": {strconv.Itoa(maxPerPage)}}
	body, _, err := c.get(ctx, base+"/"+strconv.FormatInt(a.ID, 10)+"/terms", params, "attribute terms", false)
	if err != nil {
		return nil, err
	}
	terms, _, err := decodeCategoryTerms(body)
	if err != nil {
		return nil, err
	}
	var out []attributeTerm
	for _, t := range terms {
		out = append(out, attributeTerm{Taxonomy: a.Taxonomy, ID: t.ID, Name: t.Name, Slug: t.Slug})
	}
	return out, nil
}

// globalAttribute is an attribute as both APIs list it: the REST API names its
// taxonomy "slug", the Store API "taxonomy".
type globalAttribute struct {
	ID       int64  `json:"id"`
	Slug     string `json:"slug"`
	Taxonomy string `json:"taxonomy"`
}

// decodeAttributes reads an attribute list, keeping the attributes with a taxonomy.
func decodeAttributes(body []byte) ([]globalAttribute, error) {
	var attrs []globalAttribute
	if err := json.Unmarshal(body, &attrs); err != nil {
		return nil, parley.WrapError(parley.EUNAVAILABLE, err, "woocommerce: malformed attribute list")
	}
	out := attrs[:0]
	for _, a := range attrs {
		if a.Taxonomy == "" {
			a.Taxonomy = a.Slug
		}
		if a.Taxonomy != "" && a.ID > 0 {
			out = append(out, a)
		}
	}
	return out, nil
}

// attributeNamed returns the attribute term the word names (singular or plural
// alike), if any.
func attributeNamed(terms []attributeTerm, word string) (attributeTerm, bool) {
	stem := likeStem(strings.ToLower(strings.TrimSpace(word)))
	for _, t := range terms {
		if stem != "" && (likeStem(strings.ToLower(t.Name)) == stem || likeStem(t.Slug) == stem) {
			return t, true
		}
	}
	return attributeTerm{}, false
}

// cachedAttributeFilter takes the first search word that names a term of the
// cached attribute list out of words and returns its filter: the REST API filters
// by one attribute term at a time (attribute, attribute_term), the Store API by
// attributes[0][attribute] and attributes[0][term_id]. It makes no request.
func (c *Catalog) cachedAttributeFilter(words []string) (url.Values, []string) {
	v, ok := c.cache.get("attributes", c.now())
	if !ok {
		return nil, words
	}
	for i, w := range words {
		t, ok := attributeNamed(v.([]attributeTerm), w)
		if !ok {
			continue
		}
		rest := append(slices.Clone(words[:i]), words[i+1:]...)
		id := strconv.FormatInt(t.ID, 10)
		if c.api == APIREST {
			return url.Values{"attribute": {t.Taxonomy}, "attribute_term": {id}}, rest
		}
		return url.Values{"attributes[0][attribute]": {t.Taxonomy}, "attributes[0][term_id]": {id}}, rest
	}
	return nil, words
}
