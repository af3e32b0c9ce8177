package wootest

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Attribute is a global product attribute (taxonomy pa_<slug>) with the terms a
// product has.
type Attribute struct {
	ID   int
	Name string
	// Slug is the taxonomy, e.g. "pa_color"; it defaults to "pa_" + the name's slug.
	Slug  string
	Terms []Category
}

var (
	restAttributes  = regexp.MustCompile(`^/wp-json/wc/v3/products/attributes(?:/([0-9]+)/terms)?/?$`)
	storeAttributes = regexp.MustCompile(`^/wp-json/wc/store(?:/v1)?/products/attributes(?:/([0-9]+)/terms)?/?$`)
)

// attributes answers the attribute list or one attribute's terms, in the REST API
// shapes (attribute: id, name, slug, type, order_by, has_archives, _links; term:
// id, name, slug, description, menu_order, count, _links) or the Store API ones
// (attribute: id, name, taxonomy, type, order, has_archives, count; term: id,
// name, slug, description, parent, count).
func (s *Server) attributes(path string, rest bool) (answer, bool) {
	re := storeAttributes
	if rest {
		re = restAttributes
	}
	m := re.FindStringSubmatch(path)
	if m == nil {
		return answer{}, false
	}
	attrs, terms, count := indexAttributes(s.snapshot())
	out := []any{}
	if m[1] == "" {
		ids := slices.Sorted(func(yield func(int) bool) {
			for id := range attrs {
				if !yield(id) {
					return
				}
			}
		})
		for _, id := range ids {
			a := attrs[id]
			if rest {
				out = append(out, map[string]any{"id": a.ID, "name": a.Name, "slug": a.Slug, "type": "select", "order_by": "menu_order", "has_archives": false,
					"_links": map[string]any{"self": []any{map[string]any{"href": fmt.Sprintf("%s/wp-json/wc/v3/products/attributes/%d", s.URL, a.ID)}}}})
				continue
			}
			out = append(out, map[string]any{"id": a.ID, "name": a.Name, "taxonomy": a.Slug, "type": "select", "order": "menu_order", "has_archives": false, "count": len(terms[id])})
		}
		return answer{status: http.StatusOK, body: out}, true
	}
	id, _ := strconv.Atoi(m[1])
	if _, ok := attrs[id]; !ok {
		return wpError(http.StatusNotFound, "woocommerce_rest_taxonomy_invalid", "Resource does not exist."), true
	}
	list := slices.SortedFunc(func(yield func(Category) bool) {
		for _, t := range terms[id] {
			if !yield(t) {
				return
			}
		}
	}, func(a, b Category) int { return strings.Compare(a.Name, b.Name) })
	for _, t := range list {
		if rest {
			out = append(out, map[string]any{"id": t.ID, "name": t.Name, "slug": t.Slug, "description": "", "menu_order": 0, "count": count[t.ID],
				"_links": map[string]any{"self": []any{map[string]any{"href": fmt.Sprintf("%s/wp-json/wc/v3/products/attributes/%d/terms/%d", s.URL, id, t.ID)}}}})
			continue
		}
		out = append(out, map[string]any{"id": t.ID, "name": t.Name, "slug": t.Slug, "description": "", "parent": 0, "count": count[t.ID]})
	}
	return answer{status: http.StatusOK, body: out}, true
}

// indexAttributes collects the attributes of products by id, each attribute's
// terms by id, and how many products carry each term.
func indexAttributes(products []Product) (attrs map[int]Attribute, terms map[int]map[int]Category, count map[int]int) {
	attrs = map[int]Attribute{}
	terms = map[int]map[int]Category{}
	count = map[int]int{}
	for _, p := range products {
		for _, a := range p.Attributes {
			attrs[a.ID] = a
			if terms[a.ID] == nil {
				terms[a.ID] = map[int]Category{}
			}
			for _, t := range a.Terms {
				terms[a.ID][t.ID] = t
				count[t.ID]++
			}
		}
	}
	return attrs, terms, count
}

// matchesAttributes filters by attribute terms: REST attribute=<taxonomy> with
// attribute_term=<ids>; Store API attributes[i][attribute]=<taxonomy> with
// attributes[i][term_id]=<ids> or attributes[i][slug]=<slugs>, every attribute
// required.
func matchesAttributes(p Product, q url.Values, rest bool) bool {
	has := func(taxonomy string, want []string, bySlug bool) bool {
		return hasAttributeTerm(p, taxonomy, want, bySlug)
	}
	if rest {
		if taxonomy := q.Get("attribute"); taxonomy != "" && q.Get("attribute_term") != "" {
			return has(taxonomy, strings.Split(q.Get("attribute_term"), ","), false)
		}
		return true
	}
	for i := 0; ; i++ {
		prefix := "attributes[" + strconv.Itoa(i) + "]"
		taxonomy := q.Get(prefix + "[attribute]")
		if taxonomy == "" {
			return true
		}
		ids, slugs := q.Get(prefix+"[term_id]"), q.Get(prefix+"[slug]")
		switch {
		case ids != "" && !has(taxonomy, strings.Split(ids, ","), false):
			return false
		case slugs != "" && !has(taxonomy, strings.Split(slugs, ","), true):
			return false
		}
	}
}

// hasAttributeTerm reports whether p's attribute with the taxonomy slug has one
// of the wanted terms, compared by slug or by id.
func hasAttributeTerm(p Product, taxonomy string, want []string, bySlug bool) bool {
	for _, a := range p.Attributes {
		if a.Slug != taxonomy {
			continue
		}
		for _, t := range a.Terms {
			for _, w := range want {
				if (!bySlug && strconv.Itoa(t.ID) == w) || (bySlug && t.Slug == w) {
					return true
				}
			}
		}
	}
	return false
}
