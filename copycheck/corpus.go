package copycheck

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Corpus is the reference corpus directory (THEOREMDB_CORPUS, data/corpus by default): the
// ingested originals under files/, the manifest corpus.json, the built index under index/, and
// optionally the curators' phrases.txt and thresholds.json.
type Corpus struct {
	Dir string
}

// Collection is a set of documents added together, with one source URI and one licence class.
type Collection struct {
	Name    string   `json:"name"`
	Source  string   `json:"source"`
	Licence Licence  `json:"licence"`
	Files   []string `json:"files"` // slash-separated, relative to the collection's directory
}

type manifest struct {
	Collections []Collection `json:"collections"`
}

// AddReport says what an Add ingested.
type AddReport struct {
	Name     string
	Files    int
	Bytes    int64
	Sections int
}

func (c Corpus) manifestPath() string { return filepath.Join(c.Dir, "corpus.json") }

func (c Corpus) readManifest() (manifest, error) {
	var m manifest
	b, err := os.ReadFile(c.manifestPath())
	if errors.Is(err, fs.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return m, fmt.Errorf("read corpus manifest: %w", err)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("decode corpus manifest %s: %w", c.manifestPath(), err)
	}
	return m, nil
}

func writeFileAtomic(name string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	tmp := name + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}

// Add ingests the LaTeX and Markdown files under dir as the collection name (the directory's
// base name when empty): it copies the originals into the corpus, so that reported offsets stay
// valid, and records the licence class and source URI. Adding a collection again replaces it.
func (c Corpus) Add(ctx context.Context, dir, name string, licence Licence, source string) (AddReport, error) {
	if _, err := ParseLicence(string(licence)); err != nil {
		return AddReport{}, err
	}
	if source == "" {
		return AddReport{}, fmt.Errorf("a collection needs a source URI: %w", ErrInvalid)
	}
	if name == "" {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return AddReport{}, fmt.Errorf("add %s: %w", dir, err)
		}
		name = filepath.Base(abs)
	}
	if strings.ContainsAny(name, `/\`) || name == "." || name == ".." {
		return AddReport{}, fmt.Errorf("collection name %q must be a plain name: %w", name, ErrInvalid)
	}
	rep := AddReport{Name: name}
	col := Collection{Name: name, Source: source, Licence: licence}
	dest := filepath.Join(c.Dir, "files", name)
	if err := os.RemoveAll(dest); err != nil {
		return rep, fmt.Errorf("replace collection %s: %w", name, err)
	}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".tex", ".md", ".markdown":
		default:
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := writeFileAtomic(filepath.Join(dest, rel), b); err != nil {
			return err
		}
		col.Files = append(col.Files, filepath.ToSlash(rel))
		rep.Files++
		rep.Bytes += int64(len(b))
		rep.Sections += len(Normalize(b, FormatOf(p)).Sections)
		return nil
	})
	if err != nil {
		return rep, fmt.Errorf("add %s: %w", dir, err)
	}
	if rep.Files == 0 {
		return rep, fmt.Errorf("no .tex or .md files under %s: %w", dir, ErrInvalid)
	}
	m, err := c.readManifest()
	if err != nil {
		return rep, err
	}
	m.Collections = slices.DeleteFunc(m.Collections, func(x Collection) bool { return x.Name == name })
	m.Collections = append(m.Collections, col)
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return rep, fmt.Errorf("encode corpus manifest: %w", err)
	}
	if err := writeFileAtomic(c.manifestPath(), b); err != nil {
		return rep, fmt.Errorf("write corpus manifest: %w", err)
	}
	return rep, nil
}

// sourceFile is one document of the corpus as the build reads it.
type sourceFile struct {
	meta DocMeta
	size int64
}

func (c Corpus) sources() ([]sourceFile, error) {
	m, err := c.readManifest()
	if err != nil {
		return nil, err
	}
	if len(m.Collections) == 0 {
		return nil, fmt.Errorf("corpus %s has no collections; run `theoremdb corpus add` first: %w", c.Dir, ErrInvalid)
	}
	var out []sourceFile
	for _, col := range m.Collections {
		for _, f := range col.Files {
			file := path.Join("files", col.Name, f)
			st, err := os.Stat(filepath.Join(c.Dir, filepath.FromSlash(file)))
			if err != nil {
				return nil, fmt.Errorf("corpus file: %w", err)
			}
			out = append(out, sourceFile{meta: DocMeta{
				ID: col.Name + "/" + f, URI: strings.TrimSuffix(col.Source, "/") + "/" + f,
				Licence: col.Licence, File: file,
			}, size: st.Size()})
		}
	}
	return out, nil
}

// BuildOptions tunes a build.
type BuildOptions struct {
	ShardBytes int                 // largest normalised text per shard; 0 means MaxShardText
	Jobs       int                 // shards built at once; 0 means GOMAXPROCS
	Progress   func(BuildProgress) // called from the building goroutines, one call at a time
}

// BuildProgress reports one step of a build.
type BuildProgress struct {
	Shard, Shards int
	Step          string // "normalise", "sort", "write", "done"
	Bytes, Total  int64  // original bytes of the shard read so far, and in all
	Elapsed       time.Duration
}

// BuildReport sums up a build.
type BuildReport struct {
	Documents  int
	Shards     int
	InputBytes int64 // original bytes read
	TextBytes  int64 // normalised bytes indexed
	IndexBytes int64 // bytes written
	Chunks     int   // paragraph chunks in stage 2
	Elapsed    time.Duration
}

type indexManifest struct {
	Shards []shardFile `json:"shards"`
}

type shardFile struct {
	File      string `json:"file"`
	Documents int    `json:"documents"`
	TextBytes int64  `json:"textBytes"`
}

// Build writes the index of the corpus: documents are packed in order into shards of at most
// ShardBytes of normalised text, and the shards are built Jobs at a time.
func (c Corpus) Build(ctx context.Context, opt BuildOptions) (BuildReport, error) {
	start := time.Now()
	srcs, err := c.sources()
	if err != nil {
		return BuildReport{}, err
	}
	limit := opt.ShardBytes
	if limit <= 0 || limit > MaxShardText {
		limit = MaxShardText
	}
	// Normalised text is shorter than the original in practice; leave room for the rare
	// expansion of a short macro into its canonical name.
	plan := [][]sourceFile{{}}
	var size, total int64
	for _, s := range srcs {
		total += s.size
		last := &plan[len(plan)-1]
		if len(*last) > 0 && size+s.size > int64(limit)*9/10 {
			plan = append(plan, nil)
			last, size = &plan[len(plan)-1], 0
		}
		*last = append(*last, s)
		size += s.size
	}
	jobs := opt.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	dir := filepath.Join(c.Dir, "index")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return BuildReport{}, fmt.Errorf("build index: %w", err)
	}
	var mu sync.Mutex
	progress := func(p BuildProgress) {
		if opt.Progress != nil {
			mu.Lock()
			defer mu.Unlock()
			p.Shards, p.Total, p.Elapsed = len(plan), total, time.Since(start)
			opt.Progress(p)
		}
	}
	files := make([]shardFile, len(plan))
	reports := make([]BuildReport, len(plan))
	errs := make([]error, len(plan))
	sem := make(chan struct{}, jobs)
	var wg sync.WaitGroup
	for k, docs := range plan {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			files[k], reports[k], errs[k] = c.buildShard(ctx, dir, k, docs, limit, progress)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return BuildReport{}, fmt.Errorf("build index: %w", err)
	}
	b, err := json.MarshalIndent(indexManifest{Shards: files}, "", "  ")
	if err != nil {
		return BuildReport{}, fmt.Errorf("encode index manifest: %w", err)
	}
	if err := writeFileAtomic(filepath.Join(dir, "index.json"), b); err != nil {
		return BuildReport{}, fmt.Errorf("write index manifest: %w", err)
	}
	// Remove shards of an earlier, larger build.
	for k := len(plan); ; k++ {
		if err := os.Remove(filepath.Join(dir, shardName(k))); err != nil {
			break
		}
	}
	rep := BuildReport{Shards: len(plan), Elapsed: time.Since(start)}
	for _, r := range reports {
		rep.Documents += r.Documents
		rep.InputBytes += r.InputBytes
		rep.TextBytes += r.TextBytes
		rep.IndexBytes += r.IndexBytes
		rep.Chunks += r.Chunks
	}
	return rep, nil
}

func shardName(k int) string { return fmt.Sprintf("shard-%04d.tdb", k) }

func (c Corpus) buildShard(ctx context.Context, dir string, k int, docs []sourceFile, limit int, progress func(BuildProgress)) (shardFile, BuildReport, error) {
	var hint int64
	for _, d := range docs {
		hint += d.size
	}
	b, err := newShardBuilder(limit, int(hint), dir)
	if err != nil {
		return shardFile{}, BuildReport{}, err
	}
	defer b.close()
	var read int64
	var src []byte // one buffer for every document: nothing the shard keeps points into it
	for i, d := range docs {
		if err := ctx.Err(); err != nil {
			return shardFile{}, BuildReport{}, err
		}
		src, err = readFileInto(src, filepath.Join(c.Dir, filepath.FromSlash(d.meta.File)))
		if err != nil {
			return shardFile{}, BuildReport{}, fmt.Errorf("read %s: %w", d.meta.ID, err)
		}
		if err := b.add(d.meta, src, FormatOf(d.meta.File)); err != nil {
			return shardFile{}, BuildReport{}, err
		}
		read += int64(len(src))
		if i%64 == 63 || i == len(docs)-1 {
			progress(BuildProgress{Shard: k, Step: "normalise", Bytes: read})
		}
	}
	text, chunks := len(b.s.text), len(b.s.chunks)
	name := filepath.Join(dir, shardName(k))
	f, err := os.Create(name + ".tmp")
	if err != nil {
		return shardFile{}, BuildReport{}, fmt.Errorf("write shard %d: %w", k, err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	n, err := b.writeTo(w, func(step string) { progress(BuildProgress{Shard: k, Step: step, Bytes: read}) })
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(name+".tmp", name)
	}
	if err != nil {
		os.Remove(name + ".tmp")
		return shardFile{}, BuildReport{}, fmt.Errorf("write shard %d: %w", k, err)
	}
	progress(BuildProgress{Shard: k, Step: "done", Bytes: read})
	rep := BuildReport{Documents: len(docs), InputBytes: read, TextBytes: int64(text), IndexBytes: n, Chunks: chunks}
	return shardFile{File: shardName(k), Documents: len(docs), TextBytes: int64(text)}, rep, nil
}

// Open memory-maps the built index of the corpus. Loading costs no reading beyond the shard
// headers and document tables, so a worker starts at once whatever the corpus size.
func (c Corpus) Open() (*Index, error) {
	dir := filepath.Join(c.Dir, "index")
	b, err := os.ReadFile(filepath.Join(dir, "index.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s has no index; run `theoremdb corpus build`: %w", c.Dir, ErrNoIndex)
	}
	if err != nil {
		return nil, fmt.Errorf("open index: %w", err)
	}
	var m indexManifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("decode index manifest: %w", err)
	}
	x := &Index{}
	for _, sf := range m.Shards {
		s, unmap, err := mapShard(filepath.Join(dir, sf.File))
		if err != nil {
			x.Close()
			return nil, err
		}
		x.shards = append(x.shards, s)
		x.unmap = append(x.unmap, unmap)
	}
	return x, nil
}

func mapShard(name string) (*shard, func() error, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, fmt.Errorf("open shard: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, fmt.Errorf("open shard: %w", err)
	}
	if st.Size() == 0 || st.Size() != int64(int(st.Size())) {
		return nil, nil, fmt.Errorf("shard %s has size %d: %w", name, st.Size(), ErrInvalid)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, fmt.Errorf("map shard %s: %w", name, err)
	}
	s, err := parseShard(data)
	if err != nil {
		syscall.Munmap(data)
		return nil, nil, fmt.Errorf("shard %s: %w", name, err)
	}
	w := warm(data)
	return s, func() error { w.stop(); return syscall.Munmap(data) }, nil
}

// warmer maps the pages of a shard in the background. A search touches pages of the suffix
// array and the text at random, and the first touch of each costs a page fault; on a large
// shard the faults would cost more than the search for a long time after the start. Shards
// warm one at a time, so that an index of many shards does not flood the disk.
type warmer struct {
	once sync.Once
	quit chan struct{} // closed to stop
	done chan struct{}
}

// warming admits one warmer at a time.
var warming = make(chan struct{}, 1)

func warm(data []byte) *warmer {
	w := &warmer{quit: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		select {
		case warming <- struct{}{}:
			defer func() { <-warming }()
		case <-w.quit:
			return
		}
		const step = 16 << 20
		for off := 0; off < len(data); off += step {
			select {
			case <-w.quit:
				return
			default:
			}
			populate(data[off:min(off+step, len(data))])
		}
	}()
	return w
}

// stop ends the warming, at most one step of 16 MiB later, and waits for it, so that the
// mapping can go.
func (w *warmer) stop() {
	w.once.Do(func() { close(w.quit) })
	<-w.done
}

// Config returns the thresholds of the corpus: thresholds.json when the curators wrote one,
// else DefaultConfig.
func (c Corpus) Config() (Config, error) {
	b, err := os.ReadFile(filepath.Join(c.Dir, "thresholds.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return DefaultConfig(), nil
	}
	if err != nil {
		return Config{}, fmt.Errorf("read thresholds: %w", err)
	}
	cfg := DefaultConfig()
	if err := json.Unmarshal(b, &cfg); err != nil {
		return Config{}, fmt.Errorf("decode thresholds.json: %w", err)
	}
	return cfg, cfg.Validate()
}

// Phrases returns the curators' standard phrases: phrases.txt when present, else DefaultPhrases.
func (c Corpus) Phrases() (*Phrases, error) {
	f, err := os.Open(filepath.Join(c.Dir, "phrases.txt"))
	if errors.Is(err, fs.ErrNotExist) {
		return DefaultPhrases(), nil
	}
	if err != nil {
		return nil, fmt.Errorf("open standard phrases: %w", err)
	}
	defer f.Close()
	return ParsePhrases(io.Reader(f))
}

// readFileInto reads the file at path into buf, which it grows when needed, and returns the
// file's contents.
func readFileInto(buf []byte, path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return buf, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return buf, err
	}
	buf = slices.Grow(buf[:0], int(st.Size())+1)
	for {
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, 4096) // the file grew since Stat
		}
	}
}
