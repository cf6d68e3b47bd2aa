//go:build !linux

package main

import (
	"syscall"
	"time"
)

// threadCPU falls back to the process's CPU time where threads have no clock of their own.
func threadCPU() time.Duration { return processCPU() }

// processCPU is the user and system CPU time of the whole process.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
