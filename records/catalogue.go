package records

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// CatalogueEntry is one line of a local catalogue file (JSON Lines), as `theoremdb records import`
// reads it.
type CatalogueEntry struct {
	Identifier string   `json:"identifier"`
	Title      string   `json:"title"`
	Authors    []string `json:"authors"`
	Year       int      `json:"year"`
	Licence    string   `json:"licence"`
}

// Catalogue is an in-memory local catalogue, consulted before any network resolver so that an
// installation without network, or with a mirror, resolves from it first. It is safe for
// concurrent use.
type Catalogue struct {
	mu      sync.RWMutex
	records map[string]Record
}

// NewCatalogue returns an empty catalogue.
func NewCatalogue() *Catalogue { return &Catalogue{records: map[string]Record{}} }

// ErrCatalogue is wrapped by every error about a catalogue file's content.
var ErrCatalogue = errors.New("invalid catalogue entry")

// ReadCatalogue parses JSON Lines: one CatalogueEntry per line, blank lines skipped. Every entry
// needs an identifier Parse accepts and a title; a later entry for the same work replaces an
// earlier one. It returns the entries in file order, keyed, for the caller to store.
func ReadCatalogue(r io.Reader) ([]Record, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	var out []Record
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var e CatalogueEntry
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil {
			return nil, fmt.Errorf("line %d: %w: %v", n, ErrCatalogue, err)
		}
		id, err := Parse(e.Identifier)
		if err != nil {
			return nil, fmt.Errorf("line %d: identifier %q: %w: %v", n, e.Identifier, ErrCatalogue, err)
		}
		if strings.TrimSpace(e.Title) == "" {
			return nil, fmt.Errorf("line %d: %s has no title: %w", n, id.Key, ErrCatalogue)
		}
		if e.Year < 0 || e.Year > 9999 {
			return nil, fmt.Errorf("line %d: year %d: %w", n, e.Year, ErrCatalogue)
		}
		out = append(out, Record{ID: id, Title: strings.TrimSpace(e.Title), Authors: e.Authors,
			Year: e.Year, Licence: e.Licence, Resolver: "catalogue"})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read catalogue: %w", err)
	}
	return out, nil
}

// Add puts records into the catalogue, replacing those with the same key.
func (c *Catalogue) Add(recs ...Record) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, r := range recs {
		c.records[r.ID.Key] = r
	}
}

// Len is the number of records held.
func (c *Catalogue) Len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.records)
}

// Lookup returns the catalogue's record for id.
func (c *Catalogue) Lookup(id Identifier) (Record, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	r, ok := c.records[id.Key]
	return r, ok
}
