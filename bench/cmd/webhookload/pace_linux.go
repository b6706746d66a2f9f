package main

import (
	"encoding/binary"
	"fmt"
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// timerSlots reads a periodic timerfd through Go's netpoller: each read
// returns the expirations since the last one.
type timerSlots struct {
	f   *os.File
	buf [8]byte
}

func startTimerSlots(interval time.Duration) (slots, error) {
	fd, err := unix.TimerfdCreate(unix.CLOCK_MONOTONIC, unix.TFD_NONBLOCK|unix.TFD_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("timerfd: %w", err)
	}
	every := unix.NsecToTimespec(interval.Nanoseconds())
	if err := unix.TimerfdSettime(fd, 0, &unix.ItimerSpec{Interval: every, Value: every}, nil); err != nil {
		_ = unix.Close(fd)
		return nil, fmt.Errorf("timerfd: %w", err)
	}
	return &timerSlots{f: os.NewFile(uintptr(fd), "timerfd")}, nil
}

func (s *timerSlots) wait() (int, error) {
	if _, err := s.f.Read(s.buf[:]); err != nil {
		return 0, fmt.Errorf("timerfd: %w", err)
	}
	return int(binary.NativeEndian.Uint64(s.buf[:])), nil
}

func (s *timerSlots) stop() { _ = s.f.Close() }
