package api

// SetMemberBehind lowers how many events of one subscription may wait for
// a slow client, until the test ends (restore).
func SetMemberBehind(n int) (restore func()) {
	old := memberBehind
	memberBehind = n
	return func() { memberBehind = old }
}

// SetSocketSendBuffer fixes the kernel's send buffer of the sockets opened
// from now on, until the test ends (restore).
func SetSocketSendBuffer(n int) (restore func()) {
	old := socketSendBuffer
	socketSendBuffer = n
	return func() { socketSendBuffer = old }
}
