// Package cldr holds the word lists generated from Unicode CLDR 48.2.0 by
// parley-tools (README.md in this folder), for the readers to embed.
package cldr

import _ "embed"

// CountsNights is counts_nights.txt: every CLDR locale's counts of nights
// ("N phrase" lines) and its night unit's patterns ("unit PATTERN").
//
//go:embed counts_nights.txt
var CountsNights string

// NowWords is now_words.txt: every CLDR locale's word for "now", as
// "now: word" lines (nlu.WordLists' form).
//
//go:embed now_words.txt
var NowWords string

// Positions is positions.txt: every CLDR locale's ordinals ("ordinal LOC:
// word=N ...") and the cardinals a position cue takes ("cardinal LOC:
// word=N ...").
//
//go:embed positions.txt
var Positions string

// DateOrders is date_orders.txt: every CLDR locale's order of a numeric
// date's fields, as "LOCALE ORDER" lines (en-US MDY, en-GB DMY).
//
//go:embed date_orders.txt
var DateOrders string
