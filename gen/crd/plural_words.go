package crd

import "strings"

// irregularNoun is a noun whose plural no regular ending gives.
type irregularNoun struct {
	singular, plural string
	// alternatives are other plurals, recognized as plurals but never
	// produced.
	alternatives []string
	// wholeWord nouns are inflected as a whole word only, never as the
	// ending of a longer one (ox, not box).
	wholeWord bool
	// oneWay: the plural is not recognized as a plural of this noun
	// (media is medium's plural, but media is a word of its own).
	oneWay bool
}

// irregularNouns are the irregular nouns controller-gen's pluralizer
// knows, in its order, which matters: their endings are tried last noun
// first (pluralRules). Each line is "singular plural [alternative...]",
// with = for a whole-word noun, > for a one-way one, and a singular alone
// for an uncountable noun.
var irregularNouns = parseNouns(`
aircraft aircraft
beef beef beefs
bison bison
blues blues >
chassis chassis
deer deer
fish fish fishes
moose moose
police police
salmon salmon salmons
series series
sheep sheep
shrimp shrimp shrimps
species species
swine swine swines
trout trout trouts
tuna tuna tunas
you you
child children
ox oxen =
foot feet
goose geese
man men
human humans
louse lice =
mouse mice
tooth teeth
woman women
die dice =
person people
adieu adieux adieus
fabliau fabliaux
bureau bureaus bureaux
criterion criteria
ganglion ganglia ganglions
lexicon lexica lexicons
mitochondrion mitochondria mitochondrions
noumenon noumena
phenomenon phenomena
taxon taxa
media media
medium media mediums >
stadium stadiums stadia
aquarium aquaria aquariums
auditorium auditoria auditoriums
symposium symposia symposiums
curriculum curriculums curricula
quota quotas
alumnus alumni alumnuses
bacillus bacilli
cactus cacti cactuses
coccus cocci
focus foci focuses
locus loci locuses
nucleus nuclei nucleuses
octopus octupuses octopi
radius radii radiuses
syllabus syllabi
corpus corpora corpuses
genus genera
alumna alumnae
vertebra vertebrae
differentia differentiae
minutia minutiae
vita vitae
larva larvae
postcava postcavae
praecava praecavae
uva uvae
apex apices apexes
codex codices codexes
index indices indexes
latex latices latexes
vertex vertices vertexes
vortex vortices vortexes
appendix appendices appendixes
radix radices radixes
helix helices helixes
axis axes =
crisis crises
ellipsis ellipses >
genesis geneses
oasis oases
thesis theses
testis testes
base bases
basis bases >
alias aliases =
vedalia vedalias
use uses =
abuse abuses
cause causes
clause clauses
cruse cruses
excuse excuses
fuse fuses
house houses
misuse misuses
muse muses
pause pauses
ache aches
topaz topazes
buffalo buffaloes buffalos
potato potatoes
tomato tomatoes
equipment
information
jeans
money
news
rice
dwarf dwarfs dwarves
hoof hoofs hooves
thief thieves
chive chives
hive hives
move moves
movie movies
cookie cookies
pretorium pretoriums
agenda agendas
formula formulas formulae
shoe shoes
toe toes =
graffiti graffiti
ID IDs =
`)

// pluralSuffixes are the regular endings, singular then plural, in the
// order they are tried (after the irregular nouns').
var pluralSuffixes = [][2]string{
	// -f and -fe to -ves
	{"tive", "tives"}, {"eaf", "eaves"}, {"oaf", "oaves"}, {"afe", "aves"}, {"arf", "arves"},
	{"rfe", "rves"}, {"rf", "rves"}, {"lf", "lves"}, {"fe", "ves"},
	// -y after a consonant to -ies
	{"ay", "ays"}, {"ey", "eys"}, {"oy", "oys"}, {"quy", "quies"}, {"uy", "uys"}, {"y", "ies"},
	{"eau", "eaux"},
	{"bula", "bulae"}, {"dula", "bulae"}, {"lula", "bulae"}, {"nula", "bulae"}, {"vula", "bulae"},
	{"hedron", "hedra"},
	// Latin -um to -a
	{"ium", "ia"}, {"seum", "seums"}, {"eum", "ea"}, {"oum", "oa"}, {"stracum", "straca"}, {"dum", "da"},
	{"elum", "ela"}, {"ilum", "ila"}, {"olum", "ola"}, {"ulum", "ula"}, {"llum", "lla"}, {"ylum", "yla"},
	{"imum", "ima"}, {"ernum", "erna"}, {"gnum", "gna"}, {"brum", "bra"}, {"crum", "cra"}, {"terum", "tera"},
	{"serum", "sera"}, {"trum", "tra"}, {"antum", "anta"}, {"atum", "ata"}, {"entum", "enta"}, {"etum", "eta"},
	{"itum", "ita"}, {"otum", "ota"}, {"utum", "uta"}, {"ctum", "cta"}, {"ovum", "ova"},
	{"trix", "trices"},
	// Greek -is to -es
	{"iasis", "iases"}, {"mesis", "meses"}, {"kinesis", "kineses"}, {"resis", "reses"}, {"gnosis", "gnoses"},
	{"opsis", "opses"}, {"ysis", "yses"},
	// sibilants and -o
	{"ouse", "ouses"}, {"lause", "lauses"}, {"us", "uses"}, {"ch", "ches"}, {"io", "ios"}, {"sh", "shes"},
	{"ss", "sses"}, {"ez", "ezzes"}, {"iz", "izzes"}, {"tz", "tzes"}, {"zz", "zzes"}, {"ano", "anos"},
	{"lo", "los"}, {"to", "tos"}, {"oo", "oos"}, {"o", "oes"}, {"x", "xes"},
	{"S", "Ses"},
}

func parseNouns(table string) []irregularNoun {
	var out []irregularNoun
	for _, line := range strings.Split(strings.TrimSpace(table), "\n") {
		f := strings.Fields(line)
		n := irregularNoun{singular: f[0], plural: f[0]}
		if len(f) > 1 {
			n.plural = f[1]
		}
		for _, x := range f[min(2, len(f)):] {
			switch x {
			case "=":
				n.wholeWord = true
			case ">":
				n.oneWay = true
			default:
				n.alternatives = append(n.alternatives, x)
			}
		}
		out = append(out, n)
	}
	return out
}
