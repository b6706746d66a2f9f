package params

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kval-dev/kval/manifest"
)

// ReadOperatorVersions reads a package directory, or the OperatorVersion
// objects of files and directories (other documents are ignored, so a
// directory may hold whole installations). refused are objects that are
// not usable OperatorVersions; err says that path could not be read.
func ReadOperatorVersions(path string) (ovs []*OperatorVersion, refused []error, err error) {
	if isPackage(path) {
		ov, err := LoadPackage(path)
		return []*OperatorVersion{ov}, nil, err
	}
	files, err := manifest.ExpandPaths([]string{path})
	if err != nil {
		return nil, nil, err
	}
	for _, file := range files {
		docs, errs := manifest.ReadFile(file)
		if len(errs) > 0 {
			return nil, nil, fmt.Errorf("reading OperatorVersions: %w", errors.Join(errs...))
		}
		found, bad := decodeOperatorVersions(docs)
		ovs, refused = append(ovs, found...), append(refused, bad...)
	}
	return ovs, refused, nil
}

func decodeOperatorVersions(docs []manifest.Document) (ovs []*OperatorVersion, refused []error) {
	for _, doc := range docs {
		if !isKind(doc.Object, OperatorVersionKind) {
			continue
		}
		ov, err := DecodeOperatorVersion(doc)
		if err != nil {
			refused = append(refused, err)
			continue
		}
		ovs = append(ovs, ov)
	}
	return ovs, refused
}

// isPackage reports whether path is a KUDO package directory.
func isPackage(path string) bool {
	_, err := os.Stat(filepath.Join(path, OperatorFile))
	return err == nil
}

// ReadVerified reads the OperatorVersions of paths (as ReadOperatorVersions
// does) into an index for the rules, refusing the first path that cannot
// be read, object that is not a usable OperatorVersion, or OperatorVersion
// Verify rejects: the rules assume verified definitions, and a broken one
// would judge Instances by a guess. The CLI's --operator-versions and
// kvaltest's OperatorVersions option load with it.
func ReadVerified(paths ...string) (*Index, error) {
	x := NewIndex()
	for _, path := range paths {
		ovs, refused, err := ReadOperatorVersions(path)
		switch {
		case err != nil:
			return nil, err
		case len(refused) > 0:
			return nil, refused[0]
		}
		for _, ov := range ovs {
			if errs := Verify(ov); len(errs) > 0 {
				return nil, fmt.Errorf("%s: %w", ov.Source, errs.ToAggregate())
			}
			x.Add(ov)
		}
	}
	return x, nil
}
