package shop

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

func (e *Engine) card(p Product) parley.Card {
	return parley.Card{
		ProductID:   p.ID,
		Title:       p.Name,
		Description: p.Description,
		Price:       strconv.FormatFloat(p.Price, 'f', 2, 64),
		Currency:    p.Currency,
		ImageURL:    parley.WebLink(e.resolve(p.ImageURL)),
		URL:         parley.WebLink(e.resolve(p.Permalink)),
		Actions:     []parley.Option{{Title: "Add to cart", Meaning: nlu.ShopSelect + ":" + p.ID}},
	}
}

// resolve makes a catalog's link absolute against the shop's base URL. Whatever
// it returns may still be no web link (javascript:, data:): the card keeps only
// web links (parley.WebLink).
func (e *Engine) resolve(link string) string {
	if link == "" {
		return ""
	}
	if strings.HasPrefix(link, "/") && !strings.HasPrefix(link, "//") && !strings.ContainsAny(link, "?#.") {
		// A plain absolute path, as WooCommerce permalinks are: no need to parse.
		return e.origin + link
	}
	u, err := url.Parse(link)
	if err != nil {
		return ""
	}
	return e.base.ResolveReference(u).String()
}

// addToCartURL is WooCommerce's add-to-cart link: the shop's base URL with
// ?add-to-cart=<id>.
func (e *Engine) addToCartURL(id string) string {
	u := *e.base
	if u.Path == "" {
		u.Path = "/"
	}
	q := u.Query()
	q.Set("add-to-cart", id)
	u.RawQuery = q.Encode()
	return u.String()
}

func formatPrice(p Product) string {
	s := strconv.FormatFloat(p.Price, 'f', 2, 64)
	switch p.Currency {
	case "USD", "":
		return "$" + s
	default:
		return s + " " + p.Currency
	}
}

// describe names the criteria for the shopper.
func (c Criteria) describe() string {
	var b strings.Builder
	if len(c.Asked) > 0 {
		b.WriteString(`"` + strings.Join(c.Asked, " ") + `"`)
	} else if len(c.Terms) > 0 {
		b.WriteString(`"` + strings.Join(c.Terms, " ") + `"`)
	} else if c.Category != "" {
		b.WriteString(strings.ToLower(c.Category))
	} else {
		b.WriteString("products")
	}
	if c.MinPrice != nil && c.MaxPrice != nil {
		fmt.Fprintf(&b, " between %s and %s", money(*c.MinPrice), money(*c.MaxPrice))
	} else if c.MaxPrice != nil {
		fmt.Fprintf(&b, " under %s", money(*c.MaxPrice))
	} else if c.MinPrice != nil {
		fmt.Fprintf(&b, " over %s", money(*c.MinPrice))
	}
	return b.String()
}

func money(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
