package cli

import (
	"context"
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
	"github.com/kval-dev/kval/upgrade"
)

// upgradeInputs are the old CRDs of kval lint --old (by name) and the stored
// objects of --objects.
type upgradeInputs struct {
	old     map[string]*schema.CRD
	objects []manifest.Document
	// namespace is given to namespaced objects that have none.
	namespace string
	err       error // the first old CRD that could not be read
}

// objectVerdict is what the new CRD does to one stored object (--objects).
type objectVerdict struct {
	File      string       `json:"file"`
	Line      int          `json:"line,omitempty"`
	Name      string       `json:"name"`
	Update    string       `json:"update"` // accepted, rejected or unreadable
	Errors    []fieldError `json:"errors,omitempty"`
	Ratcheted []fieldError `json:"ratcheted,omitempty"`
	Create    string       `json:"create"` // accepted or rejected
	// CreateErrors reject the object as a create under the new CRD.
	CreateErrors []fieldError `json:"createErrors,omitempty"`
	Reason       string       `json:"reason,omitempty"`

	updateErrs, createErrs field.ErrorList
	source                 manifest.Source
}

// loadUpgradeInputs reads the old CRDs and the stored objects; nil when
// --old is not given.
func loadUpgradeInputs(s streams, oldPaths []string, objectsDir, namespace string) (*upgradeInputs, error) {
	if len(oldPaths) == 0 {
		if objectsDir != "" {
			return nil, badInput("--objects needs --old")
		}
		return nil, nil
	}
	in := &upgradeInputs{old: map[string]*schema.CRD{}, namespace: namespace}
	err := readInputs(s, oldPaths, func(d inputDoc) { in.addOld(d) })
	if err == nil && in.err != nil {
		err = in.err
	}
	if err != nil {
		return nil, err
	}
	if objectsDir == "" {
		return in, nil
	}
	return in, readInputs(s, []string{objectsDir}, func(d inputDoc) {
		if d.err == nil {
			in.objects = append(in.objects, d.doc)
		}
	})
}

// addOld keeps one old CRD; an old CRD that cannot be read makes the run unusable.
func (in *upgradeInputs) addOld(d inputDoc) {
	if d.err != nil {
		in.keepErr(badInput("old CRD: %v", d.err))
		return
	}
	if !schema.IsCRD(d.doc.Object) {
		return
	}
	crd, errs := schema.DecodeCRD(d.doc)
	if len(errs) > 0 {
		in.keepErr(badInput("%s: old CRD cannot be read: %v", d.doc.Source, errs.ToAggregate()))
		return
	}
	in.old[crd.Name()] = crd
}

// lintUpdate gives the verdict on updating old to crd: kube-apiserver's
// errors, the breaking changes, and the stored objects' fate.
func lintUpdate(ctx context.Context, r lintResult, in *upgradeInputs, old, crd *schema.CRD) lintResult {
	checker := celrules.NewChecker()
	r = r.withErrors(lint.CheckCRDUpdate(ctx, old, crd, lint.Options{Rules: checker}))
	r.Old = old.Source.String()
	r.Changes = upgrade.Compare(old, crd)
	if r.Valid {
		r.Objects = replayObjects(ctx, in.objects, in.namespace, old, crd)
	}
	r.breaking = upgrade.Worst(r.Changes) == upgrade.Error || anyRejectedOnUpdate(r.Objects)
	return r
}

// replayObjects checks the stored objects of crd's kind under the new CRD;
// namespaced ones without a namespace get namespace, as kubectl gives it.
func replayObjects(ctx context.Context, docs []manifest.Document, namespace string, old, crd *schema.CRD) []objectVerdict {
	replayer := upgrade.NewReplayer(old, crd)
	var out []objectVerdict
	for _, doc := range docs {
		if !ofCRD(doc.Object, old) {
			continue
		}
		if old.Namespaced() {
			giveNamespace(doc.Object, namespace)
		}
		giveGeneratedName(doc.Object)
		v, err := replayer.Replay(ctx, doc.Object)
		if err != nil {
			v.Unreadable = err.Error()
		}
		out = append(out, newObjectVerdict(doc, v))
	}
	return out
}

// giveNamespace sets metadata.namespace when the object has none.
func giveNamespace(obj map[string]any, namespace string) {
	meta, isMap := obj["metadata"].(map[string]any)
	if !isMap {
		return // no metadata, or malformed: reported when the object is decoded
	}
	if current, _ := meta["namespace"].(string); current == "" && namespace != "" {
		meta["namespace"] = namespace
	}
}

// generatedSuffix stands for the five characters kube-apiserver appends to
// generateName when it creates the object: a stored object has a name.
const generatedSuffix = "00000"

// giveGeneratedName names an object that has only generateName as
// kube-apiserver stored it, so that its replayed update is not refused for
// the name it was given on create (Argo Workflows' examples, issue 45).
func giveGeneratedName(obj map[string]any) {
	meta, isMap := obj["metadata"].(map[string]any)
	if !isMap {
		return
	}
	name, _ := meta["name"].(string)
	if prefix, _ := meta["generateName"].(string); name == "" && prefix != "" {
		meta["name"] = prefix + generatedSuffix
	}
}

func ofCRD(obj map[string]any, crd *schema.CRD) bool {
	apiVersion, _ := obj["apiVersion"].(string)
	return strings.HasPrefix(apiVersion, crd.Spec.Group+"/") && obj["kind"] == crd.Spec.Names.Kind
}

func newObjectVerdict(doc manifest.Document, v upgrade.Verdict) objectVerdict {
	o := objectVerdict{File: doc.Source.File, Line: doc.Source.Line, Name: objectName(doc.Object), source: doc.Source,
		Update: "accepted", Create: "accepted", Reason: v.Unreadable,
		updateErrs: v.UpdateErrors, createErrs: v.CreateErrors}
	switch {
	case v.Unreadable != "":
		o.Update, o.Create = "unreadable", "unreadable"
		return o
	case len(v.UpdateErrors) > 0:
		o.Update = "rejected"
	}
	if len(v.CreateErrors) > 0 {
		o.Create = "rejected"
	}
	o.Errors, o.Ratcheted, o.CreateErrors = toFieldErrors(v.UpdateErrors), toFieldErrors(v.Ratcheted), toFieldErrors(v.CreateErrors)
	return o
}

func objectName(obj map[string]any) string {
	meta, _ := obj["metadata"].(map[string]any)
	name, _ := meta["name"].(string)
	if ns, _ := meta["namespace"].(string); ns != "" {
		return ns + "/" + name
	}
	return name
}

func anyRejectedOnUpdate(objects []objectVerdict) bool {
	for _, o := range objects {
		if o.Update != "accepted" {
			return true
		}
	}
	return false
}

// printUpgradeText prints the breaking changes and the stored objects' fate
// under the verdict on the update.
func printUpgradeText(s streams, r *lintResult) {
	if r.Old == "" {
		return
	}
	if len(r.Changes) > 0 {
		fmt.Fprintf(s.out, "Changes from %s:\n", r.Old)
	}
	for _, line := range collapseChanges(r.Changes) {
		fmt.Fprintf(s.out, "  %s\n", line)
	}
	for _, o := range r.Objects {
		fmt.Fprintf(s.out, "%s: %s\n", o.source, o.summary())
	}
}

// summary says what happens to a stored object, kubectl-style.
func (o objectVerdict) summary() string {
	if o.Update == "unreadable" {
		return fmt.Sprintf("%s: %s", o.Name, o.Reason)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s on update", o.Name, o.Update)
	if len(o.Ratcheted) > 0 {
		fmt.Fprintf(&b, " (%d errors ratcheted)", len(o.Ratcheted))
	}
	fmt.Fprintf(&b, ", %s on create", o.Create)
	for _, e := range o.updateErrs {
		fmt.Fprintf(&b, "\n  * update: %s: %s", e.Field, e.ErrorBody())
	}
	for _, e := range o.createErrs {
		fmt.Fprintf(&b, "\n  * create: %s: %s", e.Field, e.ErrorBody())
	}
	return b.String()
}

// oldOf is the old CRD with crd's name; nil without --old or when there is none.
func (in *upgradeInputs) oldOf(crd *schema.CRD) *schema.CRD {
	if in == nil {
		return nil
	}
	return in.old[crd.Name()]
}

func (in *upgradeInputs) keepErr(err error) {
	if in.err == nil && err != nil {
		in.err = err
	}
}
