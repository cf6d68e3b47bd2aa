package server

// Operation is an operation /api and the explorer show.
type Operation = example

// Operations returns every operation /api and the explorer show, for the tests that validate
// and run them.
func Operations() []Operation { return examples }
