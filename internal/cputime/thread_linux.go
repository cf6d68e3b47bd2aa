package cputime

import (
	"syscall"
	"time"
	"unsafe"
)

// Thread is the CPU time of the calling thread. The caller locks its goroutine to the thread.
func Thread() time.Duration {
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}
