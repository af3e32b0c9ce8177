package nlu

import (
	"reflect"
	"testing"
)

// The lists below are the Go literals reader_words.txt replaced: the data
// file must give the readers exactly the same words and frames, in order.
var oldPoliteOpeners = [][]string{
	{"could", "i"}, {"could", "we"}, {"may", "i"}, {"may", "we"}, {"might", "i"},
	{"would", "it", "be", "possible", "to"}, {"would", "it", "be", "ok", "to"}, {"would", "it", "be", "okay", "to"},
	{"pourrais", "je"}, {"est", "ce", "que", "je", "pourrais"}, {"pourrions", "nous"},
	{"podria"}, {"podriamos"}, {"poderia"}, {"poderiamos"},
	{"konnte", "ich"}, {"konnten", "wir"}, {"potrei"}, {"potremmo"},
}
var oldPoliteCanOpeners = [][]string{{"can", "i"}, {"can", "we"}, {"puedo"}, {"podemos"}, {"kann", "ich"}, {"posso"}, {"je", "peux"}, {"puis", "je"}}
var oldRequestPlease = wordSet("please pls plz por favor favor s il vous plait plait bitte per favore")
var oldRequestVerbs = wordSet("depart leave fly go travel head return come arrive stay check book get have take reserve pick choose start " +
	"partir voler aller rester arriver reserver prendre salir volar ir viajar llegar quedarme regresar volver reservar " +
	"sair voar ficar chegar reservar abfliegen fliegen reisen bleiben ankommen buchen nehmen partire volare andare restare arrivare prenotare prendere")
var oldTripParticles = wordSet("in off back away")
var oldCopulaFrames = [][]string{
	{"that", "is"}, {"that", "s"}, {"this", "is"}, {"this", "s"}, {"it", "is"}, {"it", "s"},
	{"everything", "is"}, {"everything", "s"}, {"all", "of", "that", "is"}, {"all", "of", "it", "is"},
	{"that", "all", "is"}, {"it", "all", "is"}, {"that", "was"}, {"it", "was"},
}
var oldEventLinks = wordSet("on is s was starts begins falls")
var oldEventNotNouns = wordSet("fly flying flight flights leave leaving depart departing departure return returning back home " +
	"arrive arriving arrival check checking stay staying trip outbound inbound travel travelling traveling going go out in " +
	"i we you it that this they he she there which one ideally preferably maybe perhaps probably possibly hopefully " +
	"or not no either else sometime anytime any whenever ideal best better earliest latest early late")
var oldExcessWords = wordSet("too trop demasiado demasiada troppo zu")
var oldIngNouns = wordSet("spring string nothing something anything everything during evening morning ceiling darling sterling building wedding")
var oldApologyWords = wordSet(`sorry pardon perdon perdón oops`)
var oldRelativeOpeners = wordSet(`the a an that this le la el`)
var oldReasonSubjects = wordSet("i we you he she they it that this there s")
var oldChangeNouns = wordSet("change changeover switch swap shift handover")
var oldTimeOffHeads = wordSet("day days week weeks weekend weekends time night nights morning afternoon evening shift shifts")

func TestReaderWordsKeepFormerLists(t *testing.T) {
	for _, c := range []struct {
		name     string
		got, was any
	}{
		{"politeOpeners", politeOpeners, oldPoliteOpeners},
		{"politeCanOpeners", politeCanOpeners, oldPoliteCanOpeners},
		{"requestPlease", requestPlease, oldRequestPlease},
		{"requestVerbs", requestVerbs, oldRequestVerbs},
		{"tripParticles", tripParticles, oldTripParticles},
		{"copulaFrames", copulaFrames, oldCopulaFrames},
		{"eventLinks", eventLinks, oldEventLinks},
		{"eventNotNouns", eventNotNouns, oldEventNotNouns},
		{"excessWords", excessWords, oldExcessWords},
		{"ingNouns", ingNouns, oldIngNouns},
		{"apologyWords", apologyWords, oldApologyWords},
		{"relativeOpeners", relativeOpeners, oldRelativeOpeners},
		{"reasonSubjects", reasonSubjects, oldReasonSubjects},
		{"changeNouns", changeNouns, oldChangeNouns},
		{"timeOffHeads", timeOffHeads, oldTimeOffHeads},
	} {
		if !reflect.DeepEqual(c.got, c.was) {
			t.Errorf("%s: reader_words.txt gives %v, the former list was %v", c.name, c.got, c.was)
		}
	}
}

func TestReaderWordsMissingListPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("readerWords of an absent list did not panic")
		}
	}()
	readerWords("no_such_list")
}
