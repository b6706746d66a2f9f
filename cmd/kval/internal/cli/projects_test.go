package cli

import "testing"

// projects holds real projects' files (see its README for where each comes
// from): the findings of issue 27 were made on them.
const projects = "../../../../testdata/projects/"

// TestLintOldScrapeConfigEnumOutOfAllOf: prometheus-operator 0.80.1 to
// 0.93.0 moved ScrapeConfig's ovhcloudSDConfigs[*].service enum out of an
// allOf with the same values; lint --old does not call that a narrowing
// (issue 27 item 4). The openstackSDConfigs[*].role narrowing is real.
func TestLintOldScrapeConfigEnumOutOfAllOf(t *testing.T) {
	const dir = projects + "prometheus-operator/"
	runGolden(t, cliCase{golden: "projects/prometheus-operator-0.80-0.93",
		args: []string{"lint", "--old", dir + "v0.80.1", dir + "v0.93.0"}})
}
