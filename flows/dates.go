package flows

import (
	"strconv"
	"strings"
	"time"
)

// A date slot keeps its value as YYYY-MM-DD, which is what webhooks want and what
// people do not say. A text writes it for people with a format after the slot's
// name: {date:long} is "Wednesday, December 2, 2026", {date:medium} "Dec 2, 2026",
// {date:weekday} "Wednesday", in the language of the flow file (language:, English
// when it names none of dateLocales). A value that is not a date is shown as it is.

// DateFormats are the formats a {slot:format} placeholder may name.
var DateFormats = []string{"long", "medium", "weekday"}

// dateLocale is how one language writes dates: its month and weekday names and
// the order of the parts, as data.
type dateLocale struct {
	months, shortMonths [12]string
	weekdays            [7]string // Sunday first, as time.Weekday
	// long and medium lay a date out: W weekday, D day, M month, Y year.
	long, medium string
}

// dateLocales are the languages dates are written in, by language code.
var dateLocales = map[string]dateLocale{
	"en": {
		months:      [12]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
		shortMonths: [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
		weekdays:    [7]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"},
		long:        "W, M D, Y", medium: "m D, Y",
	},
	"es": {
		months:      [12]string{"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"},
		shortMonths: [12]string{"ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"},
		weekdays:    [7]string{"domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"},
		long:        "W, D de M de Y", medium: "D m Y",
	},
	"fr": {
		months:      [12]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"},
		shortMonths: [12]string{"janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."},
		weekdays:    [7]string{"dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"},
		long:        "W D M Y", medium: "D m Y",
	},
	"de": {
		months:      [12]string{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"},
		shortMonths: [12]string{"Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."},
		weekdays:    [7]string{"Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"},
		long:        "W, D. M Y", medium: "D. m Y",
	},
	"pt": {
		months:      [12]string{"janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"},
		shortMonths: [12]string{"jan.", "fev.", "mar.", "abr.", "mai.", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."},
		weekdays:    [7]string{"domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"},
		long:        "W, D de M de Y", medium: "D de m de Y",
	},
	"it": {
		months:      [12]string{"gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"},
		shortMonths: [12]string{"gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"},
		weekdays:    [7]string{"domenica", "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato"},
		long:        "W D M Y", medium: "D m Y",
	},
}

// localeOf is the date locale of a language tag ("pt-BR" is pt), English by default.
func localeOf(language string) dateLocale {
	lang, _, _ := strings.Cut(strings.ToLower(language), "-")
	lang, _, _ = strings.Cut(lang, "_")
	if l, ok := dateLocales[lang]; ok {
		return l
	}
	return dateLocales["en"]
}

// formatDate writes value, a YYYY-MM-DD date, in format for language; any other
// value, or an unknown format, is returned as it is.
func formatDate(value, format, language string) string {
	d, err := time.Parse(time.DateOnly, value)
	if err != nil {
		return value
	}
	l := localeOf(language)
	var layout string
	switch format {
	case "long":
		layout = l.long
	case "medium":
		layout = l.medium
	case "weekday":
		return l.weekdays[d.Weekday()]
	default:
		return value
	}
	var b strings.Builder
	for _, r := range layout {
		switch r {
		case 'W':
			b.WriteString(l.weekdays[d.Weekday()])
		case 'D':
			b.WriteString(strconv.Itoa(d.Day()))
		case 'M':
			b.WriteString(l.months[d.Month()-1])
		case 'm':
			b.WriteString(l.shortMonths[d.Month()-1])
		case 'Y':
			b.WriteString(strconv.Itoa(d.Year()))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
