//go:build !linux

package cputime

import "time"

// Thread falls back to the process's CPU time where threads have no clock of their own.
func Thread() time.Duration { return Process() }
