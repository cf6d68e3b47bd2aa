// Package search is full-text search of the problems on either database:
// the index of each revision's text, the query language readers type,
// matching and ranking, snippets with their matches marked, and keeping
// SQLite's index compact.
//
// Full-text search runs on the database's own engine: PostgreSQL's text
// search (the tdb_search configuration: accents folded by unaccent, English
// stems, a GIN index) or SQLite's FTS5 (Porter stems over unicode61 with
// diacritics removed), over tables that migrations/search creates. Both
// index the same text of each revision and read the same query language:
// every word must occur somewhere ("sum of two squares" finds "Sums of two
// squares"), "quoted words" must occur together, -word must not occur.
// FTS5 finds a phrase by its word pairs (search/searchtext), which SQLite's
// index holds beside the words.
//
// It must not decide what a reader may see or in which order a list
// shows: policy/ builds the lists, passes the problems a reader may see as
// a query, and calls this package to match, rank and cut snippets. search
// never imports policy.
package search
