// Package catalog holds the CustomResourceDefinitions a frontend serves (the
// CLI's --crd files, a webhook's schemas, a test client's CRDs) and hands out
// one compiled engine.Validator per served version.
//
// It owns what every frontend would otherwise repeat (where CRDs come
// from, Helm charts, URLs and the cluster included, is its package
// crdsource):
//
//   - loading CRDs from files, directories and bytes, with every unusable
//     document reported (a bare schema serves no kind, so it is reported and
//     not served; kval lint checks bare schemas);
//   - the verdict kube-apiserver gives a CRD on create (package lint): a CRD
//     it would reject serves nothing (InvalidCRDError);
//   - lookup by apiVersion and kind, or by group, version and resource, with
//     the "group known, version or kind unknown" rule: objects of a group no
//     CRD defines are not custom resources kval was asked about
//     (NotCoveredError: the CLI skips them, the webhook denies them), while a group that is defined
//     but does not serve the version or kind is an error (NoMatchError);
//   - fallback CRDs (Options.Fallback) for groups no CRD defines, ahead of
//     the built-in kinds: the webhook serves KUDO's Instances without a CRD
//     of theirs;
//   - a resolver (Options.Resolver) asked, once per kind, for the CRDs of
//     groups no CRD defines, before the built-in kinds: kval validate's
//     catalog of well-known projects' CRDs (package crdindex);
//   - lazy compilation: a CRD version is linted and compiled on first use,
//     once, however many requests ask for it at the same time (the
//     compilation starts beside the lint, so that both cores work);
//   - deferred decoding (LoadFilesDeferred, for the CLI): a CRD whose
//     group and kind schema.ScanCRDIdentity reads is decoded on the first
//     lookup of its kind, so one object need not wait for every CRD given;
//     its problems then fail that lookup (UnusableCRDError);
//   - atomic replacement: Put and Remove publish a new immutable snapshot, so
//     a request that looked up a validator keeps using it while the CRD is
//     replaced, and every lookup sees either the old or the new CRD, never a
//     mix of the two.
package catalog
