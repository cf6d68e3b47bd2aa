package ui

import (
	"strconv"
	"strings"
)

// sourceURL links a source identifier to where it resolves.
func sourceURL(identifier string) string {
	kind, rest, _ := strings.Cut(identifier, ":")
	switch kind {
	case "doi":
		return "https://doi.org/" + rest
	case "arxiv":
		return "https://arxiv.org/abs/" + rest
	case "zbmath":
		return "https://zbmath.org/?q=an:" + rest
	case "isbn":
		return "https://openlibrary.org/isbn/" + rest
	case "url":
		return rest
	}
	return "#"
}

func join(xs []string) string { return strings.Join(xs, "; ") }

func diffClass(op byte) string {
	switch op {
	case '+':
		return "add"
	case '-':
		return "del"
	}
	return "same"
}

func requiredList(fields []string) string {
	labels := make([]string, len(fields))
	for i, f := range fields {
		labels[i] = strings.ToLower(FieldLabel(f))
	}
	return strings.Join(labels, ", ")
}

// Plural says "1 flag" or "3 flags".
func Plural(n int, word string) string { return PluralOf(n, word, word+"s") }

// PluralOf says n with the phrase for one or for many: "1 finding fails", "3 findings fail".
func PluralOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
