// Package cputime reads CPU clocks, so that benchmark figures per core hold even when other
// processes share the machine. The copy check's benchmarks and cmd/copycheck-bench use it; the
// product does not.
package cputime

import (
	"syscall"
	"time"
)

// Process is the user and system CPU time of the whole process.
func Process() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
