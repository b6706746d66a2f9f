// Package playbrowser tests the playground (kval play, package play) in a
// real headless Chromium (Debian's chromium; .ci/run installs it), driven
// with chromedp: kval is built and `kval play` serves the page, which is
// loaded with inputs in its URL fragment, as a shared link carries them.
// It needs no cluster. Screenshots go to the tests' artifact directories:
// go test -artifacts -outputdir DIR ./e2e/playbrowser keeps them.
package playbrowser
