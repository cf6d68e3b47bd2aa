// Package ent holds the code entc generates from ent/schema, with the entgql
// extension. Run `make generate`; never edit the generated files.
package ent

//go:generate sh -c "cd .. && go run -mod=mod ./ent/entc.go"
