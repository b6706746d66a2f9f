//go:build !linux

package main

import (
	"errors"
	"time"
)

func startTimerSlots(time.Duration) (slots, error) {
	return nil, errors.New("no timerfd on this system")
}
