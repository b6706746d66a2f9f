//go:build experimental

package main

// crdChannel is the Gateway API channel whose CRDs the tests run against.
const crdChannel = "experimental"
