package crd

import (
	"go/types"
	"reflect"
	"strconv"
	"strings"

	"github.com/kval-dev/kval/schema"
	"github.com/kval-dev/kval/tags"
)

// kindInfo is one root type: a kind in one version, with what its resource
// markers say.
type kindInfo struct {
	pkg   *pkgInfo
	named *types.Named
	pos   tags.Pos
	root  bool

	names       schema.Names
	scope       string
	version     schema.Version
	skip        bool
	annotations map[string]string
	labels      map[string]string
}

func setRoot(k *kindInfo, u use) error {
	b, err := flagValue(u)
	k.root = b
	return err
}

func setResourceNames(k *kindInfo, u use) error {
	var err error
	for name, dst := range map[string]*string{"path": &k.names.Plural, "singular": &k.names.Singular, "scope": &k.scope} {
		if v, ok := u.args[name]; ok && err == nil {
			*dst, err = stringValue(v)
		}
	}
	if k.scope != "" && k.scope != schema.NamespaceScoped && k.scope != schema.ClusterScoped {
		return u.errorf("scope %q is not Namespaced or Cluster", k.scope)
	}
	k.names.ShortNames = append(k.names.ShortNames, listValue(u.args["shortName"])...)
	k.names.Categories = append(k.names.Categories, listValue(u.args["categories"])...)
	return err
}

func setStatusSubresource(k *kindInfo, _ use) error {
	k.subresources().Status = true
	return nil
}

func (k *kindInfo) subresources() *schema.Subresources {
	if k.version.Subresources == nil {
		k.version.Subresources = &schema.Subresources{}
	}
	return k.version.Subresources
}

func setScaleSubresource(k *kindInfo, u use) error {
	sc := &schema.Scale{}
	var err error
	for name, dst := range map[string]*string{"specpath": &sc.SpecReplicasPath, "statuspath": &sc.StatusReplicasPath} {
		if *dst, err = stringValue(u.args[name]); err != nil || *dst == "" {
			return u.errorf("needs %s=", name)
		}
	}
	if v, ok := u.args["selectorpath"]; ok {
		p, err := stringValue(v)
		if err != nil {
			return u.errorf("%v", err)
		}
		sc.LabelSelectorPath = &p
	}
	k.subresources().Scale = sc
	return nil
}

func addPrintColumn(k *kindInfo, u use) error {
	var c schema.PrinterColumn
	var err error
	for name, dst := range map[string]*string{"name": &c.Name, "type": &c.Type, "JSONPath": &c.JSONPath, "description": &c.Description, "format": &c.Format} {
		if *dst, err = stringValue(u.args[name]); err != nil {
			return u.errorf("%s: %v", name, err)
		}
	}
	if c.Name == "" || c.Type == "" || c.JSONPath == "" {
		return u.errorf("needs name=, type= and JSONPath=")
	}
	if v, ok := u.args["priority"]; ok {
		p, err := strconv.ParseInt(v, 10, 32)
		if err != nil {
			return u.errorf("priority %q is not an integer", v)
		}
		c.Priority = int32(p)
	}
	k.version.PrinterColumns = append(k.version.PrinterColumns, c)
	// controller-gen gives a version with a printer column a subresources
	// object, empty without a subresource marker; kube-apiserver serves
	// the same API either way, and kval's CRD is then controller-gen's.
	k.subresources()
	return nil
}

func addSelectableField(k *kindInfo, u use) error {
	p, err := stringValue(u.args["JSONPath"])
	if err != nil || p == "" {
		return u.errorf("needs JSONPath=")
	}
	k.version.SelectableFields = append(k.version.SelectableFields, schema.SelectableField{JSONPath: p})
	return nil
}

func setStorageVersion(k *kindInfo, _ use) error {
	k.version.Storage = true
	return nil
}

func setDeprecated(k *kindInfo, u use) error {
	k.version.Deprecated = true
	if v, ok := u.args["warning"]; ok {
		w, err := stringValue(v)
		if err != nil {
			return u.errorf("%v", err)
		}
		k.version.DeprecationWarning = &w
	}
	return nil
}

func setUnserved(k *kindInfo, _ use) error {
	k.version.Served = false
	return nil
}

func setSkipVersion(k *kindInfo, _ use) error {
	k.skip = true
	return nil
}

// setCRDMetadata reads annotations="k=v;k2=v2" and labels= likewise.
func setCRDMetadata(k *kindInfo, u use) error {
	for name, dst := range map[string]*map[string]string{"annotations": &k.annotations, "labels": &k.labels} {
		for _, item := range listValue(u.args[name]) {
			item, err := stringValue(item)
			key, value, ok := strings.Cut(item, "=")
			if err != nil || !ok {
				return u.errorf("%s: %q is not key=value", name, item)
			}
			if *dst == nil {
				*dst = map[string]string{}
			}
			(*dst)[key] = value
		}
	}
	return nil
}

// trimRoot trims a kind's schema where kube-apiserver allows less than
// Go comments say: the root's metadata may have only its type (a doc
// comment on the ObjectMeta field would be its description, and
// Options.GenerateEmbeddedObjectMeta would give it properties), as
// controller-gen writes it.
func trimRoot(s *schema.Schema) *schema.Schema {
	m := s.Properties["metadata"]
	if m != nil && m.Type == "object" && len(m.Properties) == 0 {
		m.Description = ""
	}
	if m != nil && isEmbeddedObjectMeta(m) {
		s.Properties["metadata"] = &schema.Schema{Type: "object"}
	}
	return s
}

// isEmbeddedObjectMeta says whether s is embeddedObjectMeta's schema,
// descriptions aside.
func isEmbeddedObjectMeta(s *schema.Schema) bool {
	own := *s
	own.Description = ""
	return reflect.DeepEqual(&own, embeddedObjectMeta())
}
