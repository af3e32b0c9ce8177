// Package nlu is Parley's rule-based natural-language understanding, shared by the shop
// (seed 000), flows (seeds 001/003) and gates (seed 002; all in docs/spec/) engines:
// text normalization, the yes/no confirmation lexicon and the one yes/no rule every
// engine uses (English, Darija in Latin and Arabic script, French, Spanish; Portuguese,
// Italian, German and Dutch from reply_words.txt), greetings and thanks, requests for a
// human told from mentions of one, questions about the bot, cancel phrases,
// intent-change markers, date, email, phone, number, quantity and price-range
// extractors, enum matching, keyword categories and an example-based intent classifier.
//
// Everything here is a pure, deterministic function of its inputs. Lexicons are
// unexported package-level literals and embedded data files (or indexes built once from
// them) that are never written after package initialization, and the functions that
// expose them return copies. Regular expressions are compiled once at package level.
//
// # Matching rules
//
// Lexicon matching compares "keys": the text is normalized (Normalize), then folded:
// Latin diacritics are removed ("sûr" = "sur", "sí" = "si"), Arabic alef variants
// become bare alef (إيه = ايه), tatweel and combining marks are dropped and
// Arabic-Indic digits become ASCII digits. Phrase matches are on whole words: a
// word is a run of letters and digits, so Darija chat spellings such as "m3a" or
// "sme7li" are single words.
//
// Typo-tolerant lookups (a city name, an enum value, an example's word) go
// through a Fuzzy index built once per vocabulary (fuzzy.go: symmetric deletes,
// the edit distance of github.com/agnivade/levenshtein), never a scan of the
// vocabulary per word.
//
// # The gloss layer
//
// Gloss rewrites a message's words of other languages and registers into the
// English the readers read ("demain matin" is "tomorrow morning", "men Rabat"
// "from Rabat", "tmw" "tomorrow"), from data files embedded from gloss/ (one
// per language: fr, es, ar, darija-latin, darija-arabic, chat, en-cues; the
// day and count words of Portuguese, Italian and German in pt-dates, it-dates,
// de-dates) and indexed by first word at package initialization. The longest phrase wins;
// an entry marked [place] or [number] holds only before a place or a number;
// every byte not glossed is kept as written, so names keep their spelling, and
// a message with nothing to gloss is returned without allocating. Callers read
// a message's own words first and its gloss only for what they left unread.
//
// # Choices where the seeds are silent
//
//   - Confirmation matches seed 000 section 6.1's whole answers only ("yes please"
//     is Unknown). YesNo, the rule every engine uses, reads the message as yes/no
//     phrases of one kind, polite words and hedges ("yes please", "yeah go ahead",
//     "ok thanks", "that works for me", "👍", "no thanks", "nah, I'll pass", "not
//     that one", "la shukran", "non merci"), with words that only carry the
//     answer out or refuse it ("yep, go ahead and book", "forget it, I'm not
//     booking": YesNoTo, answer.go, whose verbs are a list of action verbs and
//     the question's own, compared by Snowball stem); LeadingYesNo also returns
//     what follows ("no, make it Boston"). A yes or no said formally, with no
//     phrase of the lexicons ("that is all correct, you may proceed", "I'm
//     afraid that won't do"), is the built-in intents' model's at 0.85 when
//     every word is one of that answer's examples, none asks for a change, and
//     a no refuses something (SaysNot).
//   - IsHumanRequest tells a request for a human from a mention (handoff.go): a
//     human noun with a request cue before it in its clause, or alone with polite
//     words, and no negation or question about the bot before it; questions ask
//     too ("can someone from your team help me?", "is there someone I can talk
//     to?").
//   - SmallTalkOf reads a whole-message greeting or thanks.
//   - YesNo, LeadingYesNo and SmallTalkOf read a short message that does not read
//     as typed again with its typos of reply words corrected ("yse", "noo",
//     "helo": replytypo.go): a letter held down or one edit away, never an
//     ordinary English, French or Spanish word (near_reply_words.txt).
//   - ParseDate: a bare weekday ("Friday") and "next Friday" both mean the first such
//     day strictly after today, which reproduces seed 001 example 1 (sent Friday
//     2025-12-05, "Next Friday" = 2025-12-12). "this Friday" includes today. "last
//     Friday" is the latest such day strictly before today. A month and day without
//     a year is the next such date on or after today. Numeric dates with slashes or
//     dashes are month/day/year (US) unless the first number cannot be a month
//     (13..31), then day/month/year; dotted dates (12.05.2026) are day.month.year.
//     When a sentence holds several dates, the leftmost wins.
//   - An ordinal without its month is a day of the month only in date context
//     (a word ordinal after "the", nothing it could rank after it): "on second
//     thought" and "the first one" say no day. A number right before a unit it
//     counts (IsCountUnit) is a count, never an hour nor a day: "3 night" is no
//     15:00. "a few", "several" and "some" are no number. A word of a date or
//     time (IsDateWord) names no place.
//   - IsCancel counts a whole-message cancel word ("stop", "khlas") and a clear
//     cancel phrase anywhere ("cancel the booking", "never mind"), unless a negation
//     comes right before it ("don't cancel"). Engines with a "cancel_booking" style
//     intent should consult their classifier before IsCancel.
//   - Markers.Match returns the longest marker found (in words); ties go to the
//     leftmost occurrence, then to language name order.
//   - Enum.Match prefers an exact value or synonym, then the leftmost whole-word
//     occurrence, then the closest fuzzy word; ties go to Values order.
//   - Classifier: a keyword phrase found in the text wins (confidence 1 when it is
//     the whole message, 0.9 otherwise); otherwise examples are compared by fuzzy
//     token overlap, stop words ignored. Ties go to the earlier intent.
package nlu
