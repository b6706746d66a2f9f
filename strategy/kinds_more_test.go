package strategy_test

import (
	"strconv"
	"testing"

	"github.com/kval-dev/kval/internal/testcert"
)

// TestMoreKindsAnsweredAsKubeAPIServer holds kube-apiserver's answers
// (v1.36.3, server-side dry run, recorded 2026-12-06; v1beta1
// ClusterTrustBundle's and PodCertificateRequest's from their code, as
// that server does not serve them)
// for kinds whose
// strategies kval wires beyond the common workloads: each of them passed
// on its published schema alone where kube-apiserver refuses it (or, for
// the admission policies' bindings, failed where it passes).
func TestMoreKindsAnsweredAsKubeAPIServer(t *testing.T) {
	cat := newCatalog(t)
	for _, tc := range []struct{ name, doc, want string }{
		{"a Node's podCIDR", "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nspec: {podCIDR: not-a-cidr}\n", "FieldValueInvalid spec.podCIDRs[0]"},
		{"a CSR's usage and request", "apiVersion: certificates.k8s.io/v1\nkind: CertificateSigningRequest\nmetadata: {name: c}\nspec: {request: aGVsbG8=, signerName: example.com/s, usages: [nope]}\n",
			"FieldValueInvalid spec.request; FieldValueNotSupported spec.usages[0]"},
		{"an IPAddress named by no IP", "apiVersion: networking.k8s.io/v1\nkind: IPAddress\nmetadata: {name: not-an-ip}\nspec: {parentRef: {group: '', resource: services, name: s, namespace: default}}\n", "FieldValueInvalid metadata.name"},
		{"an IPAddress", "apiVersion: networking.k8s.io/v1\nkind: IPAddress\nmetadata: {name: 10.0.0.200}\nspec: {parentRef: {group: '', resource: services, name: s, namespace: default}}\n", ""},
		{"a ServiceCIDR's /33", "apiVersion: networking.k8s.io/v1\nkind: ServiceCIDR\nmetadata: {name: s}\nspec: {cidrs: [10.96.0.0/33]}\n", "FieldValueInvalid spec.cidrs[0]"},
		{"a CSIStorageCapacity's class name", "apiVersion: storage.k8s.io/v1\nkind: CSIStorageCapacity\nmetadata: {name: c, namespace: default}\nstorageClassName: Bad_Name\n", "FieldValueInvalid storageClassName"},
		{"an events.k8s.io Event's type", "apiVersion: events.k8s.io/v1\nkind: Event\nmetadata: {name: e, namespace: default}\nreason: Started\ntype: Weird\nregarding: {kind: Pod, name: p, namespace: default}\n",
			"FieldValueInvalid type; FieldValueRequired eventTime"},
		{"a ValidatingAdmissionPolicyBinding's action", "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {name: b}\nspec: {policyName: p, validationActions: [Nope]}\n",
			"FieldValueNotSupported spec.validationActions[0]"},
		{"a ValidatingAdmissionPolicy's undeclared variable", "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\nmetadata: {name: p}\nspec: {paramKind: {apiVersion: example.com/v1, kind: Limit}, matchConstraints: " + deploymentRules + ", validations: [{expression: 'object.spec.replicas <= params.max + nosuchvar'}]}\n",
			"FieldValueInvalid spec.validations[0].expression"},
		{"a ValidatingAdmissionPolicyBinding with a paramRef", "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {name: b}\nspec: {policyName: p, validationActions: [Deny], paramRef: {name: limits, namespace: default, parameterNotFoundAction: Deny}}\n", ""},
		{"a MutatingAdmissionPolicy's patch", "apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingAdmissionPolicy\nmetadata: {name: m}\nspec: {matchConstraints: " + deploymentRules + ", mutations: [{patchType: JSONPatch, jsonPatch: {expression: '[]'}}]}\n",
			"FieldValueInvalid spec.mutations[0].jsonPatch.expression; FieldValueRequired spec.reinvocationPolicy"},
		{"a MutatingAdmissionPolicyBinding with a paramRef", "apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingAdmissionPolicyBinding\nmetadata: {name: mb}\nspec: {policyName: m, paramRef: {name: limits, namespace: default, parameterNotFoundAction: Allow}}\n", ""},
		{"a ResourceClaim's device class name", "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: c, namespace: default}\nspec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: Bad_Class}}]}}\n",
			"FieldValueInvalid spec.devices.requests[0].exactly.deviceClassName"},
		{"a ResourceClaimTemplate", "apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata: {name: c, namespace: default}\nspec: {spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: example.com-gpu}}]}}}\n", ""},
		{"a PodCertificateRequest's public key", "apiVersion: certificates.k8s.io/v1beta1\nkind: PodCertificateRequest\nmetadata: {name: p, namespace: default}\n" +
			"spec: {signerName: example.com/signer, podName: web, podUID: 00000000-0000-0000-0000-000000000001, serviceAccountName: default, serviceAccountUID: 00000000-0000-0000-0000-000000000002, " +
			"nodeName: n1, nodeUID: 00000000-0000-0000-0000-000000000003, maxExpirationSeconds: 86400, pkixPublicKey: aGVsbG8=, proofOfPossession: aGVsbG8=}\n",
			"FieldValueInvalid spec.pkixPublicKey"},
		{"a DeviceClass selector that does not compile", "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: d}\nspec: {selectors: [{cel: {expression: 'device.driver == '}}]}\n",
			"FieldValueInvalid spec.selectors[0].cel.expression"},
		{"a DeviceClass", "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: d}\nspec: {selectors: [{cel: {expression: \"device.driver == 'example.com'\"}}]}\n", ""},
		{"an APIService named for another group", "apiVersion: apiregistration.k8s.io/v1\nkind: APIService\nmetadata: {name: v1.wrong.group}\n" +
			"spec: {group: metrics.k8s.io, version: v1beta1, insecureSkipTLSVerify: true, caBundle: Zm9v, service: {name: s, namespace: kube-system, port: 70000}}\n",
			"FieldValueInvalid metadata.name; FieldValueInvalid spec.groupPriorityMinimum; FieldValueInvalid spec.insecureSkipTLSVerify; FieldValueInvalid spec.service.port; FieldValueInvalid spec.versionPriority"},
		{"a local APIService", "apiVersion: apiregistration.k8s.io/v1\nkind: APIService\nmetadata: {name: v1.local.example.com}\nspec: {group: local.example.com, version: v1, groupPriorityMinimum: 100, versionPriority: 10}\n", ""},
		{"a ClusterTrustBundle named with colons", "apiVersion: certificates.k8s.io/v1beta1\nkind: ClusterTrustBundle\nmetadata: {name: 'example.com:signer:b1'}\nspec: {signerName: example.com/signer, trustBundle: " + strconv.Quote(selfSignedPEM(t)) + "}\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := summary(validate(t, cat, tc.doc, "")); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// deploymentRules match Deployments' creates, as an admission policy's
// matchConstraints.
const deploymentRules = "{resourceRules: [{apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}]}"

// selfSignedPEM is a self-signed CA certificate in PEM, a trust anchor.
func selfSignedPEM(t *testing.T) string {
	t.Helper()
	cert, err := testcert.Write(t.TempDir(), 1)
	if err != nil {
		t.Fatal(err)
	}
	return string(cert.CertPEM)
}
