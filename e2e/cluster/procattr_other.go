//go:build !linux

package cluster

import "syscall"

// sysProcAttr is nil where there is no parent death signal: servers of a
// test binary that dies without stopping them keep running.
func sysProcAttr() *syscall.SysProcAttr { return nil }
