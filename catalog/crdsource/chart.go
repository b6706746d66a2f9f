package crdsource

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Expand turns a path that is a Helm chart directory into its crds/
// folders (see chartCRDs), for a frontend that reads the files itself;
// any other path is returned as it is.
func Expand(path string) ([]string, error) { return chartCRDs(path) }

// chartCRDs turns a source that is a Helm chart directory (it holds
// Chart.yaml) into the crds/ folders helm install applies: the chart's
// and those of its unpacked subcharts (charts/*/), recursively. Any other
// path is returned as it is. A chart with no crds/ folder is an error:
// its templates are not rendered, so it would serve nothing.
func chartCRDs(source string) ([]string, error) {
	if !isChart(source) {
		return []string{source}, nil
	}
	dirs, err := chartFolders(source)
	if err != nil {
		return nil, err
	}
	if len(dirs) == 0 {
		return nil, fmt.Errorf("Helm chart with no crds/ folder: kval reads a chart's crds/, it does not render its templates (validate `helm template --include-crds` output instead)")
	}
	return dirs, nil
}

// isChart reports whether dir is a Helm chart: a directory with Chart.yaml.
func isChart(dir string) bool {
	info, err := os.Stat(filepath.Join(dir, "Chart.yaml"))
	return err == nil && info.Mode().IsRegular()
}

// chartFolders lists the crds/ folders of a chart and its unpacked
// subcharts, the chart's own first. Packed subcharts (.tgz) are not read.
func chartFolders(chart string) ([]string, error) {
	var dirs []string
	crds := filepath.Join(chart, "crds")
	if info, err := os.Stat(crds); err == nil && info.IsDir() {
		dirs = append(dirs, crds)
	}
	subcharts, err := os.ReadDir(filepath.Join(chart, "charts"))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	for _, sub := range subcharts {
		path := filepath.Join(chart, "charts", sub.Name())
		if !sub.IsDir() || !isChart(path) {
			continue
		}
		more, err := chartFolders(path)
		if err != nil {
			return nil, err
		}
		dirs = append(dirs, more...)
	}
	return dirs, nil
}
