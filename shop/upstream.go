package shop

import (
	"strconv"
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// upstreamThreshold is the confidence under which an upstream parse is treated as
// ambiguous (seed 000 section 3.2: "intent confidence below threshold").
const upstreamThreshold = 0.5

func fromUpstream(n *parley.NLU) (nlu.ShopRequest, bool) {
	req := nlu.ShopRequest{Intent: n.Intent}
	switch n.Intent {
	case nlu.ShopSearch, nlu.ShopAmbiguous, nlu.ShopShowMore, nlu.ShopConfirm, nlu.ShopCancel, nlu.ShopHuman, nlu.ShopSelect,
		nlu.ShopGreeting, nlu.ShopThanks, nlu.ShopAboutBot:
	default:
		return req, false
	}
	if n.Confidence > 0 && n.Confidence < upstreamThreshold {
		return nlu.ShopRequest{Intent: nlu.ShopAmbiguous}, true
	}
	str := func(k string) string {
		s, _ := n.Entities[k].(string)
		return strings.TrimSpace(s)
	}
	num := func(k string) *float64 {
		switch v := n.Entities[k].(type) {
		case float64:
			return &v
		case int:
			f := float64(v)
			return &f
		case string:
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				return &f
			}
		}
		return nil
	}
	switch n.Intent {
	case nlu.ShopSelect:
		req.ProductID = str("product_id")
		if req.ProductID == "" {
			return nlu.ShopRequest{Intent: nlu.ShopAmbiguous}, true
		}
	case nlu.ShopSearch:
		q := str("query")
		req.Terms = strings.Fields(strings.ToLower(q))
		req.Category = str("category")
		req.Price.Min, req.Price.Max = num("min_price"), num("max_price")
		if len(req.Terms) == 0 && req.Category == "" && req.Price.Min == nil && req.Price.Max == nil {
			return nlu.ShopRequest{Intent: nlu.ShopAmbiguous}, true
		}
	}
	return req, true
}
