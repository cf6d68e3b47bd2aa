package records

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Text is one reference text the record plane can read: its record and the labels of its
// LaTeX sources.
type Text struct {
	Name    string // stacks-project, hott-book, openlogic: the corpus directory
	Title   string
	Authors []string
	Year    int // 0 when the text is a living document with no edition year
	Licence string
	URL     string
	hosts   []string // URL identifiers on these hosts (and paths) cite the text
	names   []string // what people call the text, besides its title
	dir     string
	labels  map[string]place // locator, canonical form, to where it is defined
	files   []string         // Stacks: the chapter files' base names, longest first
	tags    map[string]string
}

type place struct {
	file string // relative to dir
	line int    // 0-based line of the \label, \ollabel or \olfileid
}

// Located is a locator found in a text: its heading and the first lines after it, for a check
// that compares the cited item with the claim it supports.
type Located struct {
	Text    string // the text's Name
	Locator string // canonical: a Stacks tag, a HoTT label, an Open Logic file id or label
	Label   string // the label in the source: a Stacks tag's full label, otherwise Locator
	File    string // relative to the text's directory
	Line    int    // 1-based
	Heading string // the sectioning command or environment the label belongs to
	Excerpt string // up to five lines of source after the label
	// Kind is the kind of item at the label (lemma, theorem, definition, section, …), from the
	// label's own prefix where the text names kinds in its labels, else from the heading; empty
	// when neither says.
	Kind string
	// Title is the item's name: a section's title, or an environment's optional argument
	// (“Stein factorization; Noetherian case”); often empty for a lemma.
	Title string
	// Body is the item's source from the label on: to the end of its environment, or a
	// section's opening lines, at most maxBodyLines lines.
	Body string
}

// maxBodyLines bounds the lines of an item's source read for a comparison.
const maxBodyLines = 40

// Texts are the reference texts of the copy check's corpus.
type Texts struct {
	texts []*Text
}

// Errors of Texts.Locate.
var (
	// ErrNotLocal: the identifier cites no text the record plane can read, so its locator stays
	// unconfirmed until a person confirms it.
	ErrNotLocal = errors.New("not a reference text the record plane can read")
	// ErrNoLocator: the text is readable and has no such locator.
	ErrNoLocator = errors.New("no such locator in the text")
)

// LoadTexts reads the reference texts found under root (../shared/data/corpus: stacks-project,
// hott-book, openlogic); a text whose directory is missing is left out.
func LoadTexts(root string) (*Texts, error) {
	ts := &Texts{}
	for _, t := range knownTexts() {
		t.dir = filepath.Join(root, t.Name)
		if _, err := os.Stat(t.dir); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		var err error
		switch t.Name {
		case "stacks-project":
			err = t.indexStacks()
		case "hott-book":
			err = t.indexLabels(hottLabel, "")
		case "openlogic":
			err = t.indexLabels(nil, "openlogic")
		}
		if err != nil {
			return nil, fmt.Errorf("index %s: %w", t.Name, err)
		}
		ts.texts = append(ts.texts, t)
	}
	return ts, nil
}

// knownTexts are the records of the three texts, from their front matter and licence files.
func knownTexts() []*Text {
	return []*Text{
		{Name: "stacks-project", Title: "The Stacks project", Authors: []string{"The Stacks project authors"},
			Licence: "GFDL-1.2", URL: "https://stacks.math.columbia.edu",
			hosts: []string{"stacks.math.columbia.edu"}, names: []string{"Stacks project"}},
		{Name: "hott-book", Title: "Homotopy Type Theory: Univalent Foundations of Mathematics",
			Authors: []string{"The Univalent Foundations Program"}, Year: 2013, Licence: "CC-BY-SA-3.0",
			URL: "https://homotopytypetheory.org/book", hosts: []string{"homotopytypetheory.org/book"},
			names: []string{"Homotopy Type Theory", "HoTT book", "HoTT"}},
		{Name: "openlogic", Title: "The Open Logic Text", Authors: []string{"The Open Logic Project"},
			Licence: "CC-BY-4.0", URL: "https://openlogicproject.org",
			hosts: []string{"openlogicproject.org", "builds.openlogicproject.org"},
			names: []string{"Open Logic Project", "Open Logic Text", "Open Logic", "OpenLogic"}},
	}
}

// Len is the number of texts loaded.
func (ts *Texts) Len() int { return len(ts.texts) }

// Text returns the text an identifier cites: a URL on the text's site.
func (ts *Texts) Text(id Identifier) (*Text, bool) {
	if ts == nil || id.Kind != URL {
		return nil, false
	}
	u, err := url.Parse(strings.TrimPrefix(id.Key, "url:"))
	if err != nil {
		return nil, false
	}
	hp := strings.TrimPrefix(u.Host, "www.") + strings.TrimSuffix(u.Path, "/")
	for _, t := range ts.texts {
		for _, h := range t.hosts {
			if hp == h || strings.HasPrefix(hp, h+"/") {
				return t, true
			}
		}
	}
	return nil, false
}

// Lookup returns the record of the text id cites.
func (ts *Texts) Lookup(id Identifier) (Record, bool) {
	t, ok := ts.Text(id)
	if !ok {
		return Record{}, false
	}
	return Record{ID: id, Title: t.Title, Authors: t.Authors, Year: t.Year, Licence: t.Licence,
		URL: t.URL, Resolver: "text"}, true
}

var stacksTag = regexp.MustCompile(`^[0-9A-Z]{4}$`)

// Locate finds locator in the text id cites. A Stacks identifier may carry the tag in its URL
// (https://stacks.math.columbia.edu/tag/0A1B); locator then may be empty.
func (ts *Texts) Locate(id Identifier, locator string) (Located, error) {
	t, ok := ts.Text(id)
	if !ok {
		return Located{}, fmt.Errorf("%s: %w", id.Key, ErrNotLocal)
	}
	loc := strings.TrimSpace(locator)
	if t.Name == "stacks-project" && loc == "" {
		if i := strings.Index(id.Key, "/tag/"); i >= 0 {
			loc = id.Key[i+len("/tag/"):]
		}
	}
	key := t.canonical(loc)
	var p place
	var found bool
	if t.Name == "stacks-project" {
		p, found = t.stacksPlace(key)
	} else {
		p, found = t.labels[key]
	}
	if !found {
		return Located{}, fmt.Errorf("%s %q: %w", t.Name, locator, ErrNoLocator)
	}
	l, err := t.excerpt(key, p)
	if err != nil {
		return Located{}, err
	}
	l.Label = key
	if full, ok := t.tags[key]; ok {
		l.Label = full
	}
	l.Kind = t.labelKind(l.Label)
	if l.Kind == "" {
		l.Kind = headingKind(t.Name, l.Heading)
	}
	return l, nil
}

// canonical strips what people put around a locator: "Tag 0A1B", "tag:0A1B", "Section
// sec:equality", "\ref{sec:equality}", an Open Logic file id written with slashes.
func (t *Text) canonical(loc string) string {
	if f := strings.Fields(loc); len(f) == 2 {
		loc = f[1]
	}
	for _, cmd := range []string{`\ref{`, `\cref{`, `\olref{`} {
		if strings.HasPrefix(loc, cmd) && strings.HasSuffix(loc, "}") {
			loc = loc[len(cmd) : len(loc)-1]
		}
	}
	switch t.Name {
	case "stacks-project":
		if len(loc) == 8 && strings.EqualFold(loc[:4], "tag:") {
			loc = loc[4:]
		}
		if len(loc) == 4 {
			return strings.ToUpper(loc)
		}
	case "openlogic":
		loc = strings.ReplaceAll(strings.Trim(loc, "/"), "/", ":")
	}
	return loc
}

func (t *Text) indexStacks() error {
	f, err := os.Open(filepath.Join(t.dir, "tags", "tags"))
	if err != nil {
		return err
	}
	defer f.Close()
	t.tags = map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		tag, label, ok := strings.Cut(line, ",")
		if !ok || !stacksTag.MatchString(tag) || label == "" {
			continue
		}
		t.tags[tag] = label
	}
	if err := sc.Err(); err != nil {
		return err
	}
	m, err := filepath.Glob(filepath.Join(t.dir, "*.tex"))
	if err != nil {
		return err
	}
	for _, p := range m {
		t.files = append(t.files, strings.TrimSuffix(filepath.Base(p), ".tex"))
	}
	sort.Slice(t.files, func(i, j int) bool { return len(t.files[i]) > len(t.files[j]) })
	return nil
}

// stacksPlace finds a tag (or a full label such as sets-lemma-map-from-set-lifts) in its
// chapter: the full label is the chapter's file name, a hyphen and the label in the file.
func (t *Text) stacksPlace(key string) (place, bool) {
	full, ok := t.tags[key]
	if !ok {
		full = key
	}
	for _, base := range t.files {
		if !strings.HasPrefix(full, base+"-") {
			continue
		}
		lines, err := readLines(filepath.Join(t.dir, base+".tex"))
		if err != nil {
			return place{}, false
		}
		want := `\label{` + full[len(base)+1:] + `}`
		for i, l := range lines {
			if strings.Contains(l, want) {
				return place{file: base + ".tex", line: i}, true
			}
		}
		return place{}, false
	}
	return place{}, false
}

var (
	labelRe    = regexp.MustCompile(`\\label\{([^}]+)\}`)
	ollabelRe  = regexp.MustCompile(`\\ollabel\{([^}]+)\}`)
	olfileidRe = regexp.MustCompile(`\\olfileid\{([^}]*)\}\{([^}]*)\}\{([^}]*)\}`)
	hottLabel  = regexp.MustCompile(`^(cha|sec|subsec|thm|lem|defn|cor|eg|ex|rmk|axiom|conj|eq|item):`)
)

// indexLabels records every \label of the text's .tex files (only those keep matching, when
// keep is set). For Open Logic, a file's \olfileid{a}{b}{c} is the locator "a:b:c" of its
// section, and \ollabel{x} in it is "a:b:c:x".
func (t *Text) indexLabels(keep *regexp.Regexp, flavour string) error {
	t.labels = map[string]place{}
	return filepath.WalkDir(t.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".tex") {
			return err
		}
		lines, err := readLines(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(t.dir, p)
		fileID := ""
		for i, l := range lines {
			if flavour == "openlogic" {
				if m := olfileidRe.FindStringSubmatch(l); m != nil {
					fileID = strings.Join(m[1:], ":")
					t.add(fileID, place{rel, i})
				}
				for _, m := range ollabelRe.FindAllStringSubmatch(l, -1) {
					if fileID != "" {
						t.add(fileID+":"+m[1], place{rel, i})
					}
				}
			}
			for _, m := range labelRe.FindAllStringSubmatch(l, -1) {
				if keep == nil || keep.MatchString(m[1]) {
					t.add(m[1], place{rel, i})
				}
			}
		}
		return nil
	})
}

func (t *Text) add(key string, p place) {
	if _, dup := t.labels[key]; !dup {
		t.labels[key] = p
	}
}

var headingRe = regexp.MustCompile(`\\(part|chapter|section|subsection|subsubsection|olchapter|olsection|olpart)\*?(\{[^}]*\})*\{([^}]*)\}|\\begin\{([a-zA-Z*]+)\}(\[[^\]]*\])?`)

// excerpt reads the heading at or just before the label and the lines after it.
func (t *Text) excerpt(key string, p place) (Located, error) {
	lines, err := readLines(filepath.Join(t.dir, p.file))
	if err != nil {
		return Located{}, fmt.Errorf("read %s: %w", p.file, err)
	}
	l := Located{Text: t.Name, Locator: key, File: filepath.ToSlash(p.file), Line: p.line + 1}
	heading := func(i int) {
		if m := headingRe.FindString(lines[i]); m != "" && m != `\begin{document}` {
			l.Heading = m
		}
	}
	for i := p.line; i >= 0 && i >= p.line-3 && l.Heading == ""; i-- {
		heading(i)
	}
	for i := p.line + 1; i < len(lines) && i <= p.line+3 && l.Heading == ""; i++ {
		heading(i)
	}
	var ex []string
	for i := p.line + 1; i < len(lines) && len(ex) < 5; i++ {
		s := strings.TrimSpace(lines[i])
		if s == "" || strings.HasPrefix(s, `\label`) || strings.HasPrefix(s, `\index`) || strings.HasPrefix(s, "%") {
			continue
		}
		ex = append(ex, s)
	}
	l.Excerpt = strings.Join(ex, "\n")
	l.Title = headingTitle(l.Heading)
	l.Body = itemBody(lines, p.line, l.Heading)
	return l, nil
}

// headingTitle is a sectioning command's title or an environment's optional argument.
func headingTitle(h string) string {
	m := headingRe.FindStringSubmatch(h)
	switch {
	case m == nil:
		return ""
	case m[3] != "":
		return m[3]
	case m[5] != "":
		return strings.TrimSuffix(strings.TrimPrefix(m[5], "["), "]")
	}
	return ""
}

var (
	endRe        = regexp.MustCompile(`\\end\{([a-zA-Z*]+)\}`)
	sectioningRe = regexp.MustCompile(`\\(part|chapter|section|subsection|subsubsection|olchapter|olsection|olpart)\*?[\[{]`)
)

// itemBody is the source of the item whose label is on line at: to the end of its environment
// when it is one, else to the next sectioning command, at most maxBodyLines lines, comments left
// out.
func itemBody(lines []string, at int, heading string) string {
	env := ""
	if m := headingRe.FindStringSubmatch(heading); m != nil {
		env = m[4]
	}
	var out []string
	for i := at; i < len(lines) && len(out) < maxBodyLines; i++ {
		l := lines[i]
		if i > at && env == "" && sectioningRe.MatchString(l) && (heading == "" || !strings.Contains(l, heading)) {
			break
		}
		if c := strings.IndexByte(l, '%'); c >= 0 && (c == 0 || l[c-1] != '\\') {
			l = l[:c]
		}
		if s := strings.TrimSpace(l); s != "" {
			out = append(out, s)
		}
		if env != "" {
			if m := endRe.FindStringSubmatch(l); m != nil && m[1] == env {
				break
			}
		}
	}
	return strings.Join(out, "\n")
}

func readLines(p string) ([]string, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	return strings.Split(string(b), "\n"), nil
}
