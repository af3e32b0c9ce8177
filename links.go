package parley

import (
	"net/url"
	"strings"
)

// IsWebLink reports whether s is an absolute http or https URL with a host: the
// only links a reply may carry. A catalog, a webhook or a model can hand Parley
// any string as a product's permalink or image; a javascript: or data: link put
// in a card would run in the page of whoever renders it (the inspector, a chat
// widget, Chatwoot), so everything else is dropped where replies are built.
func IsWebLink(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.Opaque == ""
}

// WebLink returns s when it is a web link (IsWebLink), else "".
func WebLink(s string) string {
	if IsWebLink(s) {
		return s
	}
	return ""
}

// KeepWebLinks removes from replies every link that is not a web link: a card's
// url and image_url are emptied, and an option or card action that is only such a
// link is dropped. It changes the replies in place and returns them.
func KeepWebLinks(replies []Reply) []Reply {
	for i := range replies {
		r := &replies[i]
		r.Options = webOptions(r.Options)
		for j := range r.Cards {
			c := &r.Cards[j]
			c.URL, c.ImageURL = WebLink(c.URL), WebLink(c.ImageURL)
			c.Actions = webOptions(c.Actions)
		}
	}
	return replies
}

// webOptions drops the options whose link is not a web link, keeping the order.
func webOptions(opts []Option) []Option {
	out := opts[:0]
	for _, o := range opts {
		if o.URL == "" || IsWebLink(o.URL) {
			out = append(out, o)
		}
	}
	return out
}

// CatalogLink returns s when it can become a web link: an http or https URL with a
// host, or a reference without a scheme that resolves against the shop's address
// ("/product/hoodie/"); else "". The catalog adapters keep only such links of a
// product's permalink and image where they read the catalog, so that no other link
// (javascript:, data:) is ever held in a state, stored or served by the API; replies
// keep only web links besides (KeepWebLinks, WebLink).
func CatalogLink(s string) string {
	s = strings.TrimSpace(s)
	u, err := url.Parse(s)
	switch {
	case err != nil || u.Opaque != "":
		return ""
	case u.Scheme == "" || IsWebLink(s):
		return s
	}
	return ""
}
