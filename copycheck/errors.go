package copycheck

import "errors"

// ErrInvalid marks input that the caller must correct: an unknown licence class, a malformed
// flag, a corrupt or foreign index file.
var ErrInvalid = errors.New("invalid input")

// ErrNoIndex means the corpus directory has no built index; run `theoremdb corpus build`.
var ErrNoIndex = errors.New("no copy-check index")
