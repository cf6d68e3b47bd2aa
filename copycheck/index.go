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
	b := newShardBuilder(shardLimit, 0)
	flush := func() error {
		if len(b.s.docs) == 0 {
			return nil
		}
		s := b.finish()
		// Round-trip through the file format so that the in-memory index is exactly what a
		// worker would load from disk.
		var buf bytes.Buffer
		buf.Grow(s.fileSize())
		if _, err := s.writeTo(&buf); err != nil {
			return err
		}
		loaded, err := parseShard(buf.Bytes())
		if err != nil {
			return err
		}
		x.shards = append(x.shards, loaded)
		b = newShardBuilder(shardLimit, 0)
		return nil
	}
	for _, d := range docs {
		err := b.add(d.Meta, d.Text, d.Format)
		if err != nil && len(b.s.docs) > 0 {
			if err := flush(); err != nil {
				return nil, err
			}
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
