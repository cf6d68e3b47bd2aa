package ui

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"path"
	"strings"
	"sync"
)

// hashLen is how many hex digits of a file's SHA-256 its URL carries.
const hashLen = 12

// StaticFile is one file under static/, ready to serve.
type StaticFile struct {
	Name string // its path under static/, unhashed
	Body []byte
	Hash string // the first hashLen hex digits of the SHA-256 of Body

	gzipOnce sync.Once
	gzipped  []byte
}

// Gzipped is Body compressed, or nil when compressing does not pay (fonts
// and images that are compressed already). It is compressed once, on first
// use.
func (f *StaticFile) Gzipped() []byte {
	f.gzipOnce.Do(func() {
		if !compressible(f.Name) {
			return
		}
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		_, _ = zw.Write(f.Body)
		_ = zw.Close()
		if b.Len() < len(f.Body)*9/10 {
			f.gzipped = b.Bytes()
		}
	})
	return f.gzipped
}

func compressible(name string) bool {
	switch path.Ext(name) {
	case ".css", ".js", ".svg", ".json", ".ttf", ".txt", ".map", ".ico":
		return true
	}
	return false
}

var (
	staticOnce  sync.Once
	staticFiles map[string]*StaticFile
)

func loadStatic() map[string]*StaticFile {
	staticOnce.Do(func() {
		staticFiles = map[string]*StaticFile{}
		sub, _ := fs.Sub(Static, "static")
		_ = fs.WalkDir(sub, ".", func(name string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := fs.ReadFile(sub, name)
			if err != nil {
				return err
			}
			sum := sha256.Sum256(b)
			staticFiles[name] = &StaticFile{Name: name, Body: b, Hash: hex.EncodeToString(sum[:])[:hashLen]}
			return nil
		})
	})
	return staticFiles
}

// Asset is the URL of a file under static/ with its content hash in the
// name (app.css → /static/app.0123456789ab.css), so that it may be cached
// for good: a changed file gets a new URL. A file the build did not make
// keeps its plain URL.
func Asset(name string) string {
	f, ok := loadStatic()[name]
	if !ok {
		return "/static/" + name
	}
	dir, base := path.Split(name)
	ext := path.Ext(base)
	return "/static/" + dir + strings.TrimSuffix(base, ext) + "." + f.Hash + ext
}

// LookupStatic finds the file a path under /static/ names. hashed reports
// whether the path carried the file's current content hash; a path with
// another hash (a page from before a deploy) still finds the file, unhashed.
func LookupStatic(name string) (f *StaticFile, hashed bool) {
	files := loadStatic()
	if f, ok := files[name]; ok {
		return f, false
	}
	dir, base := path.Split(name)
	ext := path.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	i := strings.LastIndexByte(stem, '.')
	if i < 0 || !isHash(stem[i+1:]) {
		return nil, false
	}
	f, ok := files[dir+stem[:i]+ext]
	if !ok {
		return nil, false
	}
	return f, f.Hash == stem[i+1:]
}

func isHash(s string) bool {
	if len(s) != hashLen {
		return false
	}
	for _, c := range s {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
