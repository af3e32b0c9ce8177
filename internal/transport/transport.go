// Package transport holds what the HTTP clients of the integrations (chatwoot,
// woocommerce) share about a request that got no answer.
package transport

import (
	"errors"
	"net/url"
)

// Cause is the error under the *url.Error an http.Client returns, without the
// URL: a request's URL may carry a secret (WooCommerce's consumer secret over
// http), and the transport error says what went wrong. An error of another kind
// is its own cause.
func Cause(err error) error {
	var uerr *url.Error
	if errors.As(err, &uerr) {
		return uerr.Err
	}
	return err
}
