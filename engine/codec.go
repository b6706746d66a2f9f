package engine

import (
	"context"

	"github.com/kval-dev/kval/defaults"
	"github.com/kval-dev/kval/objectmeta"
	"github.com/kval-dev/kval/prune"
	"github.com/kval-dev/kval/schema"
)

// codec is what kube-apiserver's decoding needs of one CRD version: its
// schema, whether it prunes, its defaults, and whether it declares embedded
// resources. A Validator has one for the version it serves and one for the
// storage version, to read objects back as storage does.
type codec struct {
	apiVersion string
	schema     *schema.Schema
	// prunes is false for v1beta1 CRDs with preserveUnknownFields: true.
	prunes    bool
	defaulter *defaults.Defaulter
	embedded  bool // the schema declares embedded resources
}

func newCodec(crd *schema.CRD, version string) *codec {
	s := crd.VersionSchema(version)
	c := &codec{
		apiVersion: apiVersionOf(crd.Spec.Group, version),
		schema:     s,
		prunes:     crd.PrunesUnknownFields(),
		// Without embedded resources, coercing object meta below the root
		// has nothing to do: skip the walk.
		embedded: objectmeta.HasEmbeddedResources(s),
	}
	if c.prunes {
		c.defaulter = defaults.Compile(s)
	} else {
		// Without pruning kube-apiserver serves the defaults as written.
		c.defaulter = defaults.CompileUnpruned(s)
	}
	return c
}

// storageVersion is the version a CRD stores its objects in; the version
// itself when the CRD names none (lint refuses that).
func storageVersion(crd *schema.CRD, version string) string {
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			return v.Name
		}
	}
	return version
}

// coerce is what converting an object to the codec's version does besides
// setting apiVersion: prune unknown fields, drop non-nullable nulls, and
// coerce embedded resources. Objects it reaches have been decoded, so
// nothing it finds is reported. Once ctx ends it stops early.
func (c *codec) coerce(ctx context.Context, obj map[string]any) {
	if c.prunes {
		if prune.PruneContext(ctx, obj, c.schema, prune.Options{ResourceRoot: true}).MayHoldNulls {
			c.defaulter.PruneNullsContext(ctx, obj)
		}
	}
	if c.embedded {
		objectmeta.Coerce(nil, obj, c.schema, objectmeta.CoerceOptions{})
	}
}

// apiVersionOf is the apiVersion of objects of a group and version. A CRD
// always has a group; the core group ("", the CRDs package builtin
// describes for Pods and ConfigMaps) is written without one: "v1".
func apiVersionOf(group, version string) string {
	if group == "" {
		return version
	}
	return group + "/" + version
}
