package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
)

// downloadModule returns the directory of a module version in the module
// cache, downloading it first if needed.
func downloadModule(module string) (string, error) {
	cmd := exec.Command("go", "mod", "download", "-json", module)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var info struct{ Dir, Error string }
	if jsonErr := json.Unmarshal(out, &info); jsonErr == nil && info.Error != "" {
		return "", fmt.Errorf("go mod download %s: %s", module, info.Error)
	}
	if err != nil {
		return "", fmt.Errorf("go mod download %s: %v: %s", module, err, stderr.String())
	}
	if info.Dir == "" {
		return "", fmt.Errorf("go mod download %s: no directory in %s", module, out)
	}
	return info.Dir, nil
}
