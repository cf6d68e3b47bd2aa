package records

import (
	"fmt"
	"strconv"
	"time"
)

// Config holds the record plane's network settings. ConfigFromEnv reads it from the
// environment; the zero values of the numeric fields mean the defaults.
type Config struct {
	CrossrefURL    string // THEOREMDB_CROSSREF_URL, https://api.crossref.org
	DataCiteURL    string // THEOREMDB_DATACITE_URL, https://api.datacite.org
	ArxivURL       string // THEOREMDB_ARXIV_URL, https://export.arxiv.org
	ZbMATHURL      string // THEOREMDB_ZBMATH_URL, https://api.zbmath.org
	OpenLibraryURL string // THEOREMDB_OPENLIBRARY_URL, https://openlibrary.org
	// Contact is the address sent in the User-Agent, which puts Crossref requests in its polite
	// pool (THEOREMDB_RECORDS_CONTACT).
	Contact string

	Timeout     time.Duration // one request; 15s
	MaxAttempts int           // per request, retries included; 4
	BaseDelay   time.Duration // first backoff; 500ms
	MaxDelay    time.Duration // largest backoff; 30s
	MaxTotal    time.Duration // a request with its retries and waits; 2m
	MaxBody     int64         // largest response body; 4 MiB
	// Rate is the requests per second allowed to each host (THEOREMDB_RECORDS_RATE); 5. HostRates
	// overrides it per host name; arXiv's API asks for one request every three seconds, which is
	// the default for export.arxiv.org.
	Rate      float64
	HostRates map[string]float64
	Burst     int // bucket size; 1
	// MaxAuthors bounds the author look-ups of one Open Library record; 20.
	MaxAuthors int
}

// The environment variables ConfigFromEnv reads.
const (
	EnvCrossrefURL    = "THEOREMDB_CROSSREF_URL"
	EnvDataCiteURL    = "THEOREMDB_DATACITE_URL"
	EnvArxivURL       = "THEOREMDB_ARXIV_URL"
	EnvZbMATHURL      = "THEOREMDB_ZBMATH_URL"
	EnvOpenLibraryURL = "THEOREMDB_OPENLIBRARY_URL"
	EnvContact        = "THEOREMDB_RECORDS_CONTACT"
	EnvRate           = "THEOREMDB_RECORDS_RATE"
)

// ConfigFromEnv reads the configuration through getenv (os.Getenv in production) and fills in
// the defaults.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	c := Config{
		CrossrefURL:    getenv(EnvCrossrefURL),
		DataCiteURL:    getenv(EnvDataCiteURL),
		ArxivURL:       getenv(EnvArxivURL),
		ZbMATHURL:      getenv(EnvZbMATHURL),
		OpenLibraryURL: getenv(EnvOpenLibraryURL),
		Contact:        getenv(EnvContact),
	}
	if s := getenv(EnvRate); s != "" {
		r, err := strconv.ParseFloat(s, 64)
		if err != nil || r <= 0 {
			return Config{}, fmt.Errorf("%s=%q: want a positive number of requests per second", EnvRate, s)
		}
		c.Rate = r
	}
	return c.withDefaults(), nil
}

func (c Config) withDefaults() Config {
	def := func(s *string, v string) {
		if *s == "" {
			*s = v
		}
	}
	def(&c.CrossrefURL, "https://api.crossref.org")
	def(&c.DataCiteURL, "https://api.datacite.org")
	def(&c.ArxivURL, "https://export.arxiv.org")
	def(&c.ZbMATHURL, "https://api.zbmath.org")
	def(&c.OpenLibraryURL, "https://openlibrary.org")
	if c.Timeout == 0 {
		c.Timeout = 15 * time.Second
	}
	if c.MaxAttempts == 0 {
		c.MaxAttempts = 4
	}
	if c.BaseDelay == 0 {
		c.BaseDelay = 500 * time.Millisecond
	}
	if c.MaxDelay == 0 {
		c.MaxDelay = 30 * time.Second
	}
	if c.MaxTotal == 0 {
		c.MaxTotal = 2 * time.Minute
	}
	if c.MaxBody == 0 {
		c.MaxBody = 4 << 20
	}
	if c.Rate == 0 {
		c.Rate = 5
	}
	if c.HostRates == nil {
		c.HostRates = map[string]float64{"export.arxiv.org": 1.0 / 3}
	}
	if c.Burst == 0 {
		c.Burst = 1
	}
	if c.MaxAuthors == 0 {
		c.MaxAuthors = 20
	}
	return c
}

// UserAgent is sent with every request; with a contact it asks for Crossref's polite pool.
func (c Config) UserAgent() string {
	if c.Contact == "" {
		return "TheoremDB/1.0"
	}
	return "TheoremDB/1.0 (mailto:" + c.Contact + ")"
}
