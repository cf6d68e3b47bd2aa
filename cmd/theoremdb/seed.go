package main

import (
	"context"
	"io"
)

func runSeed(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return nil
}
