package copycheck

import (
	"syscall"
	"unsafe"
)

// madvHugepage is MADV_HUGEPAGE, which package syscall does not name.
const madvHugepage = 14

// hugePage is the size of a transparent huge page on amd64 and arm64.
const hugePage = 2 << 20

// largeBytes returns n zero bytes outside the Go heap, aligned to and advised for transparent
// huge pages, and the function that returns them. The suffix sort reads and writes its tables at
// random, and huge pages spare it most TLB misses; they also spare the first touch of every 4 KiB
// page, which in a virtual machine costs more than zeroing it. Pages never written cost nothing.
func largeBytes(n int) ([]byte, func()) {
	if n < 16<<20 {
		return make([]byte, n), func() {}
	}
	size := (n + hugePage - 1) &^ (hugePage - 1)
	m, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]byte, n), func() {}
	}
	// The kernel backs only aligned 2 MiB ranges with huge pages.
	off := int(-uintptr(unsafe.Pointer(&m[0])) & (hugePage - 1))
	b := m[off : off+size]
	_ = syscall.Madvise(b, madvHugepage) // only advice; without it the pages are ordinary
	return b[:n:n], func() { syscall.Munmap(m) }
}

// largeInt32 is largeBytes for n int32.
func largeInt32(n int) ([]int32, func()) {
	b, release := largeBytes(4 * n)
	return fromBytes[int32](b), release
}

// madvPopulateRead is MADV_POPULATE_READ (Linux 5.14).
const madvPopulateRead = 22

// populate maps the pages of b, a read-only file mapping, into the page tables.
func populate(b []byte) {
	if syscall.Madvise(b, madvPopulateRead) != nil {
		touch(b) // an older kernel, or one that refuses the advice
	}
}
