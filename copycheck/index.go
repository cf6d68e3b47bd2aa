package copycheck

import (
	"bytes"
	"fmt"
)

// Document is a reference document given to BuildIndex: its description and its original bytes.
type Document struct {
	Meta   DocMeta
	Format Format
	Text   []byte
}

// BuildIndex builds an index in memory, starting a new shard whenever the next document would
// take a shard's normalised text past shardLimit bytes (0 means MaxShardText). Workers load the
// on-disk index with Open instead; this is for tests, calibration and small corpora.
func BuildIndex(docs []Document, shardLimit int) (*Index, error) {
	x := &Index{}
	var b *shardBuilder
	flush := func() error {
		if b == nil || len(b.s.docs) == 0 {
			return nil
		}
		defer b.close()
		// The in-memory index goes through the file format, so that it is exactly what a
		// worker would load from disk.
		var buf bytes.Buffer
		if _, err := b.writeTo(&buf, func(string) {}); err != nil {
			return err
		}
		s, err := parseShard(buf.Bytes())
		if err != nil {
			return err
		}
		x.shards = append(x.shards, s)
		return nil
	}
	for _, d := range docs {
		if b == nil {
			b, _ = newShardBuilder(shardLimit, 0, "")
		}
		err := b.add(d.Meta, d.Text, d.Format)
		if err != nil && len(b.s.docs) > 0 {
			if err := flush(); err != nil {
				return nil, fmt.Errorf("build index: %w", err)
			}
			b, _ = newShardBuilder(shardLimit, 0, "")
			err = b.add(d.Meta, d.Text, d.Format)
		}
		if err != nil {
			return nil, fmt.Errorf("build index: %w", err)
		}
	}
	if err := flush(); err != nil {
		return nil, fmt.Errorf("build index: %w", err)
	}
	return x, nil
}
