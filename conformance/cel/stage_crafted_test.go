package cel

import (
	"fmt"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/internal/objgen"
	"github.com/kval-dev/kval/schema"
)

// craftedCase is a schema with objects to create and updates to run.
type craftedCase struct {
	schema  string
	objects []string
	updates [][2]string // old, new
}

var craftedCases = map[string]craftedCase{
	"seed 001 immutable since first write": {
		schema: `{type: object, properties: {value: {type: string, maxLength: 512, x-kubernetes-validations: [{rule: "self == oldSelf", message: Value is immutable}]}},
			x-kubernetes-validations: [{rule: "!has(oldSelf.value) || has(self.value)", message: Value is required once set}]}`,
		objects: []string{`{}`, `{value: a}`},
		updates: [][2]string{{`{}`, `{value: a}`}, {`{value: a}`, `{value: b}`}, {`{value: a}`, `{}`}, {`{value: a}`, `{value: a}`}},
	},
	"seed 001 append-only list and map": {
		schema: `{type: object, properties: {
			list: {type: array, maxItems: 100, items: {type: object, properties: {name: {type: string}, image: {type: string}}},
				x-kubernetes-validations: [{rule: "oldSelf.all(x, x in self)", message: Values may only be added}]},
			values: {type: object, maxProperties: 10, additionalProperties: {type: string},
				x-kubernetes-validations: [{rule: "oldSelf.all(key, key in self && self[key] == oldSelf[key])", message: Keys may not be removed and their values must stay the same}]}}}`,
		updates: [][2]string{
			{`{list: [{name: a}]}`, `{list: [{name: a}, {name: b}]}`},
			{`{list: [{name: a}, {name: b}]}`, `{list: [{name: b}]}`},
			{`{values: {a: x}}`, `{values: {a: x, b: y}}`},
			{`{values: {a: x, b: y}}`, `{values: {a: z, b: y}}`},
			{`{values: {a: x, b: y}}`, `{values: {b: y}}`},
		},
	},
	"correlation through map lists, maps, atomic and set lists": {
		schema: `{type: object, properties: {
			mapList: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [k], items: {type: object, required: [k], properties: {
				k: {type: string}, v: {type: integer, x-kubernetes-validations: [{rule: "self >= oldSelf", message: may only grow}, {rule: "self < 100"}]}}}},
			twoKeys: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [a, b], items: {type: object, required: [a, b], properties: {
				a: {type: string}, b: {type: integer}, c: {type: string, x-kubernetes-validations: [{rule: "self == oldSelf", message: c is immutable}]}}}},
			atomicList: {type: array, items: {type: object, properties: {v: {type: integer, x-kubernetes-validations: [{rule: "self < 10", message: small}]}}}},
			setList: {type: array, x-kubernetes-list-type: set, items: {type: string, x-kubernetes-validations: [{rule: "self.size() < 3"}]}},
			granular: {type: object, additionalProperties: {type: object, properties: {num: {type: integer, x-kubernetes-validations: [{rule: "self == oldSelf", message: fixed}, {rule: "self > 0"}]}}}},
			atomicMap: {type: object, x-kubernetes-map-type: atomic, properties: {num: {type: integer, x-kubernetes-validations: [{rule: "self == oldSelf", message: fixed}]}}}}}`,
		objects: []string{`{mapList: [{k: a, v: 200}], atomicList: [{v: 20}], setList: [abcd], granular: {x: {num: 0}}}`},
		updates: [][2]string{
			{`{mapList: [{k: a, v: 5}, {k: b, v: 6}]}`, `{mapList: [{k: b, v: 7}, {k: a, v: 4}]}`},
			{`{mapList: [{k: a, v: 500}]}`, `{mapList: [{k: a, v: 500}, {k: b, v: 1}]}`},
			{`{mapList: [{k: a, v: 500}]}`, `{mapList: [{k: a, v: 501}]}`},
			{`{twoKeys: [{a: x, b: 1, c: p}, {a: x, b: 2, c: q}]}`, `{twoKeys: [{a: x, b: 2, c: r}, {a: x, b: 1, c: p}]}`},
			{`{atomicList: [{v: 20}]}`, `{atomicList: [{v: 20}]}`},
			{`{atomicList: [{v: 20}]}`, `{atomicList: [{v: 20}, {v: 1}]}`},
			{`{setList: [abcd]}`, `{setList: [abcd]}`},
			{`{setList: [abcd]}`, `{setList: [abcd, e]}`},
			{`{granular: {x: {num: 1}, yy: {num: 0}}}`, `{granular: {x: {num: 2}, yy: {num: 0}}}`},
			{`{atomicMap: {num: 1}}`, `{atomicMap: {num: 2}}`},
		},
	},
	"optionalOldSelf": {
		schema: `{type: object, properties: {
			n: {type: integer, x-kubernetes-validations: [
				{rule: "oldSelf.hasValue() ? self >= oldSelf.value() : self < 10", optionalOldSelf: true, message: "grows, or starts small"},
				{rule: "self == oldSelf.orValue(self)", optionalOldSelf: true, messageExpression: "'was ' + string(oldSelf.orValue(-1))"}]},
			list: {type: array, items: {type: object, properties: {num: {type: integer, x-kubernetes-validations: [{rule: "!oldSelf.hasValue()", optionalOldSelf: true}]}}}}}}`,
		objects: []string{`{num: 5}`, `{num: 50}`, `{list: [{num: 1}]}`},
		updates: [][2]string{{`{num: 5}`, `{num: 6}`}, {`{num: 5}`, `{num: 4}`}, {`{}`, `{num: 50}`}, {`{list: [{num: 1}]}`, `{list: [{num: 1}]}`}},
	},
	"messages, messageExpressions and reasons": {
		schema: `{type: object, properties: {spec: {type: object, properties: {
				s: {type: string}, num: {type: integer}, m: {type: object, additionalProperties: {type: string}}, l: {type: array, items: {type: string}}},
			x-kubernetes-validations: [
				{rule: "self.s != 'a'", message: "  padded message  "},
				{rule: "self.s != 'b'"},
				{rule: "self.s != 'c'", messageExpression: "'s is ' + self.s"},
				{rule: "self.s != 'd'", messageExpression: "self.s + '\\n' + self.s", message: newline fallback},
				{rule: "self.s != 'e'", messageExpression: "'   '"},
				{rule: "self.s != 'f'", messageExpression: "'` + strings.Repeat("x", 5200) + `'"},
				{rule: "self.s != 'g'", messageExpression: "string(1 / 0)", message: error fallback},
				{rule: "self.s != 'h'", messageExpression: "self.m['missing']"},
				{rule: "self.s != 'i'", reason: FieldValueForbidden, fieldPath: ".s"},
				{rule: "self.s != 'j'", reason: FieldValueRequired, fieldPath: ".m['key.with.dots']", message: required},
				{rule: "self.s != 'k'", reason: FieldValueDuplicate, fieldPath: ".l"},
				{rule: "self.s != 'l'", reason: FieldValueInvalid, fieldPath: ".num"},
				{rule: "self.s != 'm'", reason: FieldValueDuplicate},
				{rule: "self.s != 'n'", messageExpression: "'  trimmed  '"},
				{rule: "!has(self.num) || self.num != 1", messageExpression: "'num is ' + string(self.num)"}]}}}`,
		objects: []string{`{spec: {s: a}}`, `{spec: {s: b}}`, `{spec: {s: c}}`, `{spec: {s: d}}`, `{spec: {s: e}}`, `{spec: {s: f}}`, `{spec: {s: g}}`,
			`{spec: {s: h, m: {}}}`, `{spec: {s: i}}`, `{spec: {s: j}}`, `{spec: {s: k}}`, `{spec: {s: l, num: 1}}`, `{spec: {s: m}}`, `{spec: {s: "n"}}`, `{spec: {s: z, num: 1}}`},
		updates: [][2]string{{`{spec: {s: a}}`, `{spec: {s: a}}`}, {`{spec: {s: a, num: 1}}`, `{spec: {s: a, num: 1, l: [x]}}`}},
	},
	"evaluation errors": {
		schema: `{type: object, properties: {spec: {type: object, properties: {
				m: {type: object, additionalProperties: {type: integer}}, i: {type: integer}, l: {type: array, items: {type: integer}},
				ios: {x-kubernetes-int-or-string: true, x-kubernetes-validations: [{rule: "self > 5"}, {rule: "self.startsWith('x')", message: string}]}},
			x-kubernetes-validations: [
				{rule: "self.m['missing'] == 1"},
				{rule: "self.i + 9223372036854775000 > 0", message: overflow},
				{rule: "10 / self.i > 1"},
				{rule: "self.l[5] == 1"},
				{rule: "self.i == 2"}]}}}`,
		objects: []string{`{spec: {m: {a: 1}, i: 0, l: [1], ios: 7}}`, `{spec: {m: {missing: 1}, i: 1000, l: [1, 2, 3, 4, 5, 1], ios: "x%"}}`, `{spec: {ios: "5"}}`},
		updates: [][2]string{{`{spec: {i: 0}}`, `{spec: {i: 0}}`}},
	},
	"budgets (map iteration order)": {
		schema: `{type: object, properties: {
			perCall: {type: array, items: {type: string}, x-kubernetes-validations: [{rule: "self.all(x, self.all(y, x == y || x != y))"}, {rule: "false", message: not reached}]},
			total: {type: array, items: {type: array, items: {type: integer}, x-kubernetes-validations: [{rule: "self.all(x, self.all(y, x + y > -1))", message: each}]}},
			message: {type: array, items: {type: string}, x-kubernetes-validations: [{rule: "self.size() == 0", messageExpression: "self.map(x, self.map(y, x + y).join('')).join(',')"}]}}}`,
		objects: []string{
			`{perCall: [` + strings.TrimSuffix(strings.Repeat(`a,`, 1200), ",") + `]}`,
			`{total: [` + strings.TrimSuffix(strings.Repeat(`[`+strings.TrimSuffix(strings.Repeat(`1,`, 400), ",")+`],`, 80), ",") + `]}`,
			`{message: [` + strings.TrimSuffix(strings.Repeat(`ab,`, 1100), ",") + `]}`,
			`{message: [a, b]}`,
		},
	},
	"string and list builders (bounded before they build)": {
		schema: `{type: object, properties: {
			s: {type: string, x-kubernetes-validations: [
				{rule: "(self + self + self + self + self + self).size() > 0", messageExpression: "self + ' ' + self"},
				{rule: "self.replace('a', 'bc').size() >= self.size()"},
				{rule: "'%s/%d/%.2f/%x'.format([self, self.size(), 1.5, self]).size() > 0"}]},
			l: {type: array, items: {type: string}, x-kubernetes-validations: [
				{rule: "self.join(',').size() >= 0"},
				{rule: "self.map(x, self.join('')).join('').size() >= 0"},
				{rule: "self.sort().distinct().reverse().size() == self.size() || self.size() > 3"},
				{rule: "self.size() < 2 || self.slice(0, 2).size() == 2"},
				{rule: "self.map(x, [x, x]).flatten().size() == 2 * self.size()"},
				{rule: "self.size() == 0", messageExpression: "'items: ' + self.join(', ')"}]},
			num: {type: integer, x-kubernetes-validations: [{rule: "lists.range(self).size() == self"}]}}}`,
		objects: []string{`{s: abca, l: [b, a, b], num: 3}`, `{s: "", l: [], num: 0}`,
			`{s: ` + strings.Repeat("a", 1<<20) + `}`,
			`{l: [` + strings.TrimSuffix(strings.Repeat(strings.Repeat("x", 20)+",", 600), ",") + `]}`,
			`{l: [` + strings.TrimSuffix(strings.Repeat("c,", 700), ",") + `]}`,
			`{num: 2000000}`},
	},
	"resource roots, embedded resources and formats": {
		schema: `{type: object,
			x-kubernetes-validations: [{rule: "self.metadata.name.startsWith('a')", messageExpression: "self.kind + ' ' + self.metadata.name + ' in ' + self.apiVersion"},
				{rule: "!has(self.metadata.generateName) || self.metadata.generateName != 'x-'"}],
			properties: {metadata: {type: object}, spec: {type: object, properties: {
				embedded: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true,
					x-kubernetes-validations: [{rule: "self.kind == 'Pod'", messageExpression: "'kind ' + self.kind"}, {rule: "has(self.metadata.name)"}]},
				d: {type: string, format: duration, x-kubernetes-validations: [{rule: "self < duration('1h')"}]},
				t: {type: string, format: date-time, x-kubernetes-validations: [{rule: "self.getFullYear() > 2000"}]},
				day: {type: string, format: date, x-kubernetes-validations: [{rule: "self.getMonth() == 0"}]},
				b: {type: string, format: byte, x-kubernetes-validations: [{rule: "size(self) == 3"}]},
				x: {type: number, x-kubernetes-validations: [{rule: "self > 1.5"}]},
				q: {type: string, x-kubernetes-validations: [{rule: "quantity(self).isLessThan(quantity('1Gi'))"}, {rule: "isURL(self) || self.contains('i')"}]}}}}}`,
		objects: []string{
			`{apiVersion: example.com/v1, kind: Widget, metadata: {name: bob}, spec: {embedded: {apiVersion: v1, kind: Service, metadata: {}}, d: 2h, t: "1999-01-01T00:00:00Z", day: "2020-02-02", b: "YWJjZA==", x: 1, q: 2Gi}}`,
			`{apiVersion: example.com/v1, kind: Widget, metadata: {name: alice, generateName: x-}, spec: {embedded: {kind: Pod, metadata: {name: p}}, d: 1m, t: "2020-01-01T00:00:00Z", day: "2020-01-02", b: "YWJj", x: 2, q: 1Mi}}`,
			`{apiVersion: example.com/v1, kind: Widget, metadata: {name: ann}, spec: {d: nope, t: nope, day: nope, b: "!!", q: nope}}`,
		},
		updates: [][2]string{
			{`{apiVersion: example.com/v1, kind: Widget, metadata: {name: bob}}`, `{apiVersion: example.com/v1, kind: Widget, metadata: {name: bob}}`},
			{`{apiVersion: example.com/v1, kind: Widget, metadata: {name: bob}, spec: {q: 2Gi}}`, `{apiVersion: example.com/v1, kind: Widget, metadata: {name: bob, labels: {a: b}}, spec: {q: 2Gi}}`},
		},
	},
	"escaped property names": {
		schema: `{type: object, properties: {spec: {type: object,
			properties: {dash-name: {type: string}, "x.y": {type: string}, namespace: {type: string}, "true": {type: string}, "a/b": {type: string}},
			x-kubernetes-validations: [{rule: "self.dash__dash__name != self.x__dot__y", messageExpression: "'same: ' + self.dash__dash__name"},
				{rule: "!has(self.namespace) || self.namespace != 'kube-system'"}, {rule: "!has(self.__true__) || self.__true__ == 'yes'"},
				{rule: "!has(self.a__slash__b) || self.a__slash__b.size() < 3", fieldPath: ".a/b"}]}}}`,
		objects: []string{`{spec: {dash-name: a, x.y: a, namespace: kube-system, "true": "no", a/b: long}}`, `{spec: {dash-name: a, x.y: b}}`},
	},
	"preserved unknown fields and embedded metadata": {
		schema: `{type: object, properties: {spec: {type: object, properties: {
			free: {type: object, x-kubernetes-preserve-unknown-fields: true, properties: {known: {type: integer}},
				x-kubernetes-validations: [{rule: "!has(self.known) || self.known > 0"}, {rule: "self == self"}]},
			template: {type: object, x-kubernetes-embedded-resource: true, properties: {
				metadata: {type: object, properties: {name: {type: string, maxLength: 10}}, x-kubernetes-validations: [{rule: "self.name != 'bad'"}]},
				spec: {type: object, x-kubernetes-preserve-unknown-fields: true}},
				x-kubernetes-validations: [{rule: "self.metadata.name.size() < 5", messageExpression: "self.kind + '/' + self.metadata.name"}]}}}}}`,
		objects: []string{`{spec: {free: {known: 0, other: {deep: [1]}}, template: {apiVersion: v1, kind: Pod, metadata: {name: bad}, spec: {x: 1}}}}`,
			`{spec: {free: {}, template: {kind: Pod, metadata: {name: longname}}}}`},
		updates: [][2]string{{`{spec: {free: {known: 0, other: 1}}}`, `{spec: {free: {known: 0, other: 2}}}`}},
	},
	"nulls and nullable": {
		schema: `{type: object, properties: {
			s: {type: string, nullable: true, x-kubernetes-validations: [{rule: "self.size() > 3"}]},
			l: {type: array, items: {type: string, nullable: true}, x-kubernetes-validations: [{rule: "self.all(x, x.size() > 1)"}]},
			o: {type: object, nullable: true, properties: {a: {type: string}}, x-kubernetes-validations: [{rule: "has(self.a)"}]}}}`,
		objects: []string{`{s: null, l: [null, a], o: null}`, `{s: ab, l: [abc], o: {}}`},
		updates: [][2]string{{`{s: null}`, `{s: ab}`}, {`{o: {}}`, `{o: null}`}},
	},
}

// TestStageCrafted runs the crafted cases, then objects and updates
// generated from each crafted schema.
func TestStageCrafted(t *testing.T) {
	var c stageTally
	for name, cc := range craftedCases {
		t.Run(name, func(t *testing.T) {
			kvalSchema := parseSchema(t, cc.schema)
			p := newStagePair(t, kvalSchema, structuralOf(t, cc.schema))
			for i, o := range cc.objects {
				p.create(t, &c, fmt.Sprintf("object %d", i), object(t, o))
			}
			for i, u := range cc.updates {
				p.update(t, &c, fmt.Sprintf("update %d", i), object(t, u[1]), object(t, u[0]))
			}
			g := objgen.New(seedOf(name), objgen.Options{Optional: 0.7, Null: 0.05, WrongType: 0.02, MaxItems: 4, MaxDepth: 2})
			for i := 0; i < 100; i++ {
				obj := g.Resource(kvalSchema, "example.com/v1", "Widget")
				p.create(t, &c, fmt.Sprintf("generated #%d", i), obj)
				p.update(t, &c, fmt.Sprintf("generated update #%d", i), g.Mutate(kvalSchema, obj), obj)
			}
		})
	}
	report(t, "stage: crafted schemas: "+c.String())
}

func parseSchema(t testing.TB, doc string) *schema.Schema {
	t.Helper()
	s, errs := schema.Parse(nil, object(t, doc))
	if len(errs) > 0 {
		t.Fatalf("kval cannot parse the schema: %v", errs)
	}
	return s
}

func object(t testing.TB, doc string) map[string]any {
	t.Helper()
	var out map[string]any
	if err := yaml.Unmarshal([]byte(doc), &out); err != nil {
		t.Fatalf("bad test object %s: %v", doc, err)
	}
	return runtime.DeepCopyJSON(normalize(out).(map[string]any))
}

// normalize turns the float64 integers of YAML decoding into int64, as
// the apiserver's decoding has them.
func normalize(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			v[k] = normalize(x)
		}
	case []any:
		for i, x := range v {
			v[i] = normalize(x)
		}
	case float64:
		if v == float64(int64(v)) {
			return int64(v)
		}
	}
	return v
}
