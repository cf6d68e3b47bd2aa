// Package sandbox runs a program nobody has read — a small-case search a
// person or an agent wrote, a proof checker on a database someone sent —
// where it can do no harm, and says in words why it stopped.
//
// A run is Debian's bubblewrap (bwrap) under prlimit: new user, PID, IPC,
// UTS, cgroup and network namespaces (so no network at all), a root that
// holds only /usr and its links read-only, a private /tmp of bounded size,
// the run's files in a read-only /work where it starts, no capabilities,
// a new session, and the process rlimits of Limits (CPU time, address
// space, processes, file size, open files). Run reads at most
// Limits.Output bytes of what it prints and kills the whole sandbox past
// that or past Limits.Wall. When the caller is root each run has a user
// id of its own, so the process bound is the run's alone; otherwise it
// counts the caller's processes too and is raised by their number.
//
// The package knows nothing of what the program is for: the checks that
// use it read Result and write their own findings.
package sandbox
