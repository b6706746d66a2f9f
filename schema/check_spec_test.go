package schema

import (
	"strings"
	"testing"
)

// crdEdit returns the valid test CRD with old replaced by new (once).
func crdEdit(old, new string) string {
	base := crdWith("type: object")
	if !strings.Contains(base, old) {
		panic("test CRD has no " + old)
	}
	return strings.Replace(base, old, new, 1)
}

const dns1035 = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"

func TestCheckMetadataAndNames(t *testing.T) {
	runCheckCases(t, []checkCase{
		{"valid", crdWith("type: object"), nil},
		{"name must be plural.group", crdEdit("name: foos.example.com", "name: bars.example.com"), []string{
			`metadata.name: Invalid value: "bars.example.com": must be spec.names.plural+"."+spec.group`,
		}},
		{"name required", crdEdit("name: foos.example.com", "labels: {a: b}"), []string{
			"metadata.name: Required value: name or generateName is required",
		}},
		{"namespace is cleared on create", crdEdit("name: foos.example.com", "name: foos.example.com\n  namespace: default"), nil},
		{"labels", crdEdit("name: foos.example.com", "name: foos.example.com\n  labels: {'bad key': x}"), []string{
			`metadata.labels: Invalid value: "bad key": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
		}},
		{"group required", crdEdit("group: example.com", "group: ''"), []string{
			`metadata.name: Invalid value: "foos.example.com": must be spec.names.plural+"."+spec.group`,
			"spec.group: Required value",
		}},
		{"group with a dot", replaceOnce(crdEdit("name: foos.example.com", "name: foos.example"), "group: example.com", "group: example"), []string{
			`spec.group: Invalid value: "example": should be a domain with at least one dot`,
		}},
		{"scope", crdEdit("scope: Namespaced", "scope: Global"), []string{
			`spec.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"`,
		}},
		{"names", crdEdit("names: {plural: foos, singular: foo, kind: Foo, listKind: FooList}",
			"names: {plural: foos, singular: foo_, kind: Foo.Bar, listKind: Foo.Bar, shortNames: ['No'], categories: [all, 'x y']}"), []string{
			`spec.names.singular: Invalid value: "foo_": ` + dns1035,
			`spec.names.kind: Invalid value: "Foo.Bar": may have mixed case, but should otherwise match: ` + dns1035,
			`spec.names.listKind: Invalid value: "Foo.Bar": may have mixed case, but should otherwise match: ` + dns1035,
			`spec.names.shortNames[0]: Invalid value: "No": ` + dns1035,
			`spec.names.listKind: Invalid value: "Foo.Bar": kind and listKind may not be the same`,
			`spec.names.categories[1]: Invalid value: "x y": ` + dns1035,
		}},
		{"names required", crdEdit("names: {plural: foos, singular: foo, kind: Foo, listKind: FooList}", "names: {plural: ''}"), []string{
			`metadata.name: Invalid value: "foos.example.com": must be spec.names.plural+"."+spec.group`,
			"spec.names.plural: Required value",
			"spec.names.singular: Required value",
			"spec.names.kind: Required value",
			"spec.names.listKind: Required value",
		}},
		{"approval missing", replaceOnce(crdEdit("name: foos.example.com", "name: foos.x.k8s.io"), "group: example.com", "group: x.k8s.io"), []string{
			`metadata.annotations[api-approved.kubernetes.io]: Required value: protected groups must have approval annotation "api-approved.kubernetes.io", see https://github.com/kubernetes/enhancements/pull/1111`,
		}},
		{"approval invalid", replaceOnce(crdEdit("name: foos.example.com", "name: foos.k8s.io\n  annotations: {api-approved.kubernetes.io: 'yes'}"), "group: example.com", "group: k8s.io"), []string{
			`metadata.annotations[api-approved.kubernetes.io]: Invalid value: "yes": protected groups must have approval annotation "api-approved.kubernetes.io" with either a URL or a reason starting with "unapproved", see https://github.com/kubernetes/enhancements/pull/1111`,
		}},
		{"approval bypassed", replaceOnce(crdEdit("name: foos.example.com", "name: foos.k8s.io\n  annotations: {api-approved.kubernetes.io: unapproved}"), "group: example.com", "group: k8s.io"), nil},
		{"approval URL", replaceOnce(crdEdit("name: foos.example.com", "name: foos.kubernetes.io\n  annotations: {api-approved.kubernetes.io: 'https://k8s.io/pr/1'}"), "group: example.com", "group: kubernetes.io"), nil},
	})
}

func replaceOnce(s, old, new string) string {
	return strings.Replace(s, old, new, 1)
}

func TestCheckVersions(t *testing.T) {
	runCheckCases(t, []checkCase{
		{"version name", crdEdit("- name: v1", "- name: V1"), []string{
			`spec.versions[0].name: Invalid value: "V1": ` + dns1035,
			`spec.version: Invalid value: "V1": ` + dns1035,
		}},
		{"no storage version", crdEdit("storage: true", "storage: false"), []string{
			`spec.versions: Invalid value: [{"Name":"v1","Served":true,"Storage":false,"Deprecated":false,"DeprecationWarning":null,"Schema":null,"Subresources":null,"AdditionalPrinterColumns":null,"SelectableFields":null}]: must have exactly one version marked as storage version`,
			"status.storedVersions: Invalid value: null: must have at least one stored version",
		}},
		{"deprecation warning without deprecation", crdEdit("served: true", "served: true\n    deprecationWarning: soon"), []string{
			`spec.versions[0].deprecationWarning: Invalid value: "soon": can only be set for deprecated versions`,
		}},
		{"deprecation warning empty", crdEdit("served: true", "served: true\n    deprecated: true\n    deprecationWarning: ''"), []string{
			`spec.versions[0].deprecationWarning: Invalid value: "": must not be an empty string`,
		}},
		{"deprecation warning control character", crdEdit("served: true", "served: true\n    deprecated: true\n    deprecationWarning: \"a\\u0007b\""), []string{
			`spec.versions[0].deprecationWarning: Invalid value: "a\u0007b": must only contain printable UTF-8 characters; non-printable character found at index 1`,
		}},
	})
}

func TestCheckVersionsWithoutSchema(t *testing.T) {
	crd := loadCRD(t, crdWith("type: object"))
	crd.Spec.Validation = nil
	assertErrors(t, errorStrings(checkModel(crd)), []string{"spec.versions[0].schema.openAPIV3Schema: Required value"})
}

func TestCheckSubresourcesAndColumns(t *testing.T) {
	version := func(extra string) string { return crdEdit("served: true", "served: true\n"+indent(extra, "    ")) }
	runCheckCases(t, []checkCase{
		{"scale paths", version("subresources: {scale: {specReplicasPath: '', statusReplicasPath: status, labelSelectorPath: .metadata}}"), []string{
			"spec.subresources.scale.specReplicasPath: Required value",
			`spec.subresources.scale.statusReplicasPath: Invalid value: "status": must be a simple json path starting with .`,
			`spec.subresources.scale.labelSelectorPath: Invalid value: ".metadata": should be a json path under either .spec or .status`,
		}},
		{"scale prefixes", version("subresources: {scale: {specReplicasPath: .status.r, statusReplicasPath: .spec.r}}"), []string{
			`spec.subresources.scale.specReplicasPath: Invalid value: ".status.r": should be a json path under .spec`,
			`spec.subresources.scale.statusReplicasPath: Invalid value: ".spec.r": should be a json path under .status`,
		}},
		{"printer columns", version("additionalPrinterColumns: [{name: '', type: '', jsonPath: ''}, {name: b, type: float, format: uuid, jsonPath: spec.b}]"), []string{
			"spec.additionalPrinterColumns[0].name: Required value",
			"spec.additionalPrinterColumns[0].type: Required value: must be one of boolean,date,integer,number,string",
			"spec.additionalPrinterColumns[0].JSONPath: Required value",
			`spec.additionalPrinterColumns[1].type: Invalid value: "float": must be one of boolean,date,integer,number,string`,
			`spec.additionalPrinterColumns[1].format: Invalid value: "uuid": must be one of byte,date,date-time,double,float,int32,int64,password`,
			`spec.additionalPrinterColumns[1].JSONPath: Invalid value: "spec.b": must be a simple json path starting with .`,
		}},
	})
}

func TestCheckSelectableFields(t *testing.T) {
	crd := crdWith(`
type: object
properties:
  num: {type: integer}
  s: {type: string}
  f: {type: number}
  m: {type: object, additionalProperties: {type: string}}`)
	crd = strings.Replace(crd, "served: true", `served: true
    selectableFields:
    - jsonPath: ''
    - jsonPath: .spec.num
    - jsonPath: .spec.num
    - jsonPath: .spec.f
    - jsonPath: .spec.x
    - jsonPath: spec.s
    - jsonPath: ".spec['s']"
    - jsonPath: .spec.
    - jsonPath: .spec.m.k
    - jsonPath: .spec.s`, 1)
	const v = "spec.selectableFields"
	runCheckCases(t, []checkCase{{"rules", crd, []string{
		v + "[0].jsonPath: Required value",
		v + `[2].jsonPath: Duplicate value: ".spec.num"`,
		v + `[3].jsonPath: Invalid value: ".spec.f": must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.`,
		v + `[4].jsonPath: Invalid value: ".spec.x": is an invalid path: does not refer to a valid field`,
		v + `[5].jsonPath: Invalid value: "spec.s": is an invalid path: expected [ or . but got: spec`,
		v + `[6].jsonPath: Invalid value: ".spec['s']": is an invalid path: array notation is not allowed`,
		v + `[7].jsonPath: Invalid value: ".spec.": is an invalid path: unexpected end of JSON path`,
	}}})
}

func TestCheckConversion(t *testing.T) {
	conversion := func(c string) string {
		return crdEdit("  versions:", "  conversion:\n"+indent(c, "    ")+"  versions:")
	}
	runCheckCases(t, []checkCase{
		{"strategy", conversion("strategy: Magic"), []string{`spec.conversion.strategy: Unsupported value: "Magic": supported values: "None", "Webhook"`}},
		{"webhook missing", conversion("strategy: Webhook"), []string{
			"spec.conversion.webhookClientConfig: Required value: required when strategy is set to Webhook",
			"spec.conversion.conversionReviewVersions: Required value",
		}},
		{"url", conversion("strategy: Webhook\nwebhook: {conversionReviewVersions: [v1], clientConfig: {url: 'http://u@/p?q=1#f'}}"), []string{
			`spec.conversion.webhookClientConfig.url: Invalid value: "http": 'https' is the only allowed URL scheme; desired format: https://host[/path]`,
			`spec.conversion.webhookClientConfig.url: Invalid value: "": host must be specified; desired format: https://host[/path]`,
			`spec.conversion.webhookClientConfig.url: Invalid value: "u": user information is not permitted in the URL`,
			`spec.conversion.webhookClientConfig.url: Invalid value: "f": fragments are not permitted in the URL`,
			`spec.conversion.webhookClientConfig.url: Invalid value: "q=1": query parameters are not permitted in the URL`,
		}},
		{"service", conversion("strategy: Webhook\nwebhook: {conversionReviewVersions: [v9, v9], clientConfig: {service: {name: '', namespace: ns, port: 0, path: 'x//'}}}"), []string{
			"spec.conversion.webhookClientConfig.service.name: Required value",
			"spec.conversion.webhookClientConfig.service.port: Invalid value: 0: port is not valid: must be between 1 and 65535, inclusive",
			`spec.conversion.webhookClientConfig.service.path: Invalid value: "x//": must start with a '/'`,
			`spec.conversion.webhookClientConfig.service.path: Invalid value: "x//": segment[0] may not be empty`,
			`spec.conversion.webhookClientConfig.service.path: Invalid value: "x//": segment[1] may not be empty`,
			`spec.conversion.conversionReviewVersions[1]: Invalid value: "v9": duplicate version`,
			`spec.conversion.conversionReviewVersions: Invalid value: ["v9","v9"]: must include at least one of v1, v1beta1`,
		}},
		{"both url and service", conversion("strategy: Webhook\nwebhook: {conversionReviewVersions: [v1], clientConfig: {url: 'https://a', service: {name: a, namespace: b}}}"), []string{
			"spec.conversion.webhookClientConfig: Required value: exactly one of url or service is required",
		}},
	})
}
