package corpus

import (
	"fmt"
	"os"
	"path/filepath"
)

// Dir returns the absolute path of testdata/corpus, found by walking up from
// the working directory (tests run in their package's directory).
func Dir() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		candidate := filepath.Join(dir, "testdata", "corpus")
		if info, err := os.Stat(candidate); err == nil && info.IsDir() {
			return candidate, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("testdata/corpus not found above the working directory")
		}
		dir = parent
	}
}

// Path joins elements below the corpus directory, e.g.
// Path("gateway-api", "crds-standard").
func Path(elem ...string) (string, error) {
	dir, err := Dir()
	if err != nil {
		return "", err
	}
	return filepath.Join(append([]string{dir}, elem...)...), nil
}
