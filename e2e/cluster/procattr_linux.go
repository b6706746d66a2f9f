package cluster

import "syscall"

// sysProcAttr has the servers killed when the test binary dies without
// stopping them (a test timeout panics past every deferred Stop).
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
