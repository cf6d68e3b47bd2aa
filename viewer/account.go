package viewer

import "github.com/theoremdb/theoremdb/ent"

// Account is the signed-in account a request carries, by the name the transports use: a
// handler passes it on to policy/ without importing the generated packages.
type Account = ent.Account
