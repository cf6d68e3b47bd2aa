package policy

import "github.com/theoremdb/theoremdb/db"

// DatabaseUnavailable reports whether err is the database refusing or losing a connection (too
// many clients, a restart), which passes: transports answer "try again" for it (db.Unavailable).
func DatabaseUnavailable(err error) bool { return db.Unavailable(err) }
