//go:build !unix

package api

import "syscall"

// writeNonblocking writes nothing where the descriptor cannot be written
// without blocking: every frame goes through the socket's flush.
func writeNonblocking(syscall.RawConn, []byte) (int, error) { return 0, nil }
