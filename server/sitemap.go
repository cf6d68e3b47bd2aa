package server

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
)

// sitemapPages are the pages besides the problems that the sitemap lists.
var sitemapPages = []string{"/", "/problems", "/tags", "/about", "/api"}

// sitemapBatch is how many problems a sitemap file reads at a time.
const sitemapBatch = 500

// sitemapFileURLs is the most URLs one sitemap file lists: the sitemap protocol's limit.
const sitemapFileURLs = 50_000

// sitemap is /sitemap.xml, a sitemap index: the site's own pages in /sitemaps/pages.xml, and
// the problems in files of sitemapFileURLs numbers each (/sitemaps/problems-1.xml for numbers
// 1 to 50,000, and so on up to the highest number), so that no file passes the protocol's limit
// of 50,000 URLs however many problems there are. It costs one statement, on the numbers' index.
func (s *Server) sitemap(w http.ResponseWriter, r *http.Request) error {
	last, err := s.reads.SitemapLastNumber(r.Context())
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	bw := bufio.NewWriter(w)
	fmt.Fprint(bw, xml.Header+`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`+"\n")
	fmt.Fprintf(bw, "  <sitemap><loc>%s</loc></sitemap>\n", xmlEscape(s.baseURL()+"/sitemaps/pages.xml"))
	for k := 1; (k-1)*s.sitemapPerFile() < last; k++ {
		fmt.Fprintf(bw, "  <sitemap><loc>%s</loc></sitemap>\n", xmlEscape(fmt.Sprintf("%s/sitemaps/problems-%d.xml", s.baseURL(), k)))
	}
	fmt.Fprint(bw, "</sitemapindex>\n")
	return bw.Flush()
}

func (s *Server) sitemapPerFile() int {
	if s.sitemapURLs > 0 {
		return s.sitemapURLs
	}
	return sitemapFileURLs
}

// sitemapFile is /sitemaps/pages.xml (the site's own pages) or /sitemaps/problems-k.xml: every
// public problem page numbered in the file's range (merged ones lead elsewhere and are left
// out) with the time it last changed, read sitemapBatch at a time from the last number written
// and streamed, so a file holds one batch in memory whatever its size.
func (s *Server) sitemapFile(w http.ResponseWriter, r *http.Request) error {
	file := r.PathValue("file")
	if file == "pages.xml" {
		w.Header().Set("Content-Type", "application/xml; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=3600")
		bw := bufio.NewWriter(w)
		fmt.Fprint(bw, xml.Header+`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`+"\n")
		for _, p := range sitemapPages {
			fmt.Fprintf(bw, "  <url><loc>%s</loc></url>\n", xmlEscape(s.baseURL()+p))
		}
		fmt.Fprint(bw, "</urlset>\n")
		return bw.Flush()
	}
	num, ok := strings.CutPrefix(file, "problems-")
	if num, ok = strings.CutSuffix(num, ".xml"); !ok {
		return httpError{http.StatusNotFound, "There is no such sitemap."}
	}
	k, err := strconv.Atoi(num)
	per := s.sitemapPerFile()
	if err != nil || k < 1 || strconv.Itoa(k) != num || k > math.MaxInt/per {
		return httpError{http.StatusNotFound, "There is no such sitemap."}
	}
	lo, hi := (k-1)*per, k*per // numbers in (lo, hi]
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	cw := &countingWriter{w: w}
	bw := bufio.NewWriter(cw)
	fmt.Fprint(bw, xml.Header+`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`+"\n")
	for last := lo; last < hi; {
		want := min(sitemapBatch, hi-last)
		ps, err := s.reads.SitemapPage(r.Context(), last, want)
		if err != nil {
			if cw.n > 0 {
				s.log.ErrorContext(r.Context(), "sitemap broke off", "err", err)
				return nil
			}
			return err
		}
		for _, p := range ps {
			if p.Number > hi {
				ps = nil // the next file's
				break
			}
			fmt.Fprintf(bw, "  <url><loc>%s</loc><lastmod>%s</lastmod></url>\n", xmlEscape(s.baseURL()+"/p/"+p.ID),
				atomTime(p.UpdatedAt))
			last = p.Number
		}
		if len(ps) < want {
			break
		}
		if err := bw.Flush(); err != nil {
			return nil // the reader went away
		}
	}
	fmt.Fprint(bw, "</urlset>\n")
	_ = bw.Flush()
	return nil
}

func xmlEscape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// robotsDisallowed are the paths crawlers are asked to leave alone: staff and personal pages.
var robotsDisallowed = []string{"/review", "/admin", "/moderate", "/account"}

// robots is /robots.txt: crawl the record, not the staff pages, and find it through the sitemap.
func (s *Server) robots(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	var b strings.Builder
	b.WriteString("User-agent: *\nAllow: /\n")
	for _, p := range robotsDisallowed {
		b.WriteString("Disallow: " + p + "\n")
	}
	b.WriteString("\nSitemap: " + s.baseURL() + "/sitemap.xml\n")
	_, _ = w.Write([]byte(b.String()))
	return nil
}
