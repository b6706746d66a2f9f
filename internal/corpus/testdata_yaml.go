package corpus

import (
	"io/fs"
	"path/filepath"
	"strings"
)

// testDataDirs are the folders of the repository that hold the CRDs and
// objects of kval's tests, relative to its root.
var testDataDirs = []string{"testdata", "cmd/kval/internal/cli/testdata", "examples"}

// TestDataYAML lists every YAML file of the repository's test data
// (testDataDirs), for tests that must hold for every CRD kval is tested
// with, such as two ways of linting that must agree.
func TestDataYAML() ([]string, error) {
	dir, err := Dir()
	if err != nil {
		return nil, err
	}
	root := filepath.Dir(filepath.Dir(dir))
	var files []string
	for _, d := range testDataDirs {
		err := filepath.WalkDir(filepath.Join(root, d), func(path string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && (strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) {
				files = append(files, path)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}
