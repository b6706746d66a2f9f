// Package objectmeta handles the implicit apiVersion, kind and metadata of
// custom resources: at the resource root and inside embedded resources
// (x-kubernetes-embedded-resource).
//
// A structural schema never specifies metadata beyond name and generateName;
// the apiserver treats it as Kubernetes ObjectMeta instead. This package does
// the same, with the apiserver's own ObjectMeta type and rules from
// k8s.io/apimachinery:
//
//   - GetObjectMeta decodes metadata into metav1.ObjectMeta, reporting unknown
//     fields (they are dropped) and, on request, dropping malformed ones.
//   - SetObjectMeta writes ObjectMeta back, in its normalized form.
//   - Coerce checks the types of apiVersion, kind and metadata of embedded
//     resources (and the root, if asked) and prunes unknown metadata fields.
//   - Validate checks embedded resources as kube-apiserver does on create:
//     apiVersion and kind required and well formed, metadata valid.
//
// ObjectMeta's declarative rules are not run: in this apimachinery they
// are all alpha, never enforced, so the library's result is its
// handwritten checks' (declarative.go, proven by a comparison test).
package objectmeta
