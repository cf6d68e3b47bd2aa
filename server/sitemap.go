package server

import (
	"encoding/xml"
	"fmt"
	"net/http"
	"strings"
)

// sitemapPages are the pages besides the problems that the sitemap lists.
var sitemapPages = []string{"/", "/problems", "/tags", "/about", "/api"}

// sitemapBatch is how many problems the sitemap reads at a time.
const sitemapBatch = 500

// sitemap is /sitemap.xml: every public problem page (merged ones lead elsewhere and are left
// out) with the time it last changed, and the site's own pages.
func (s *Server) sitemap(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	cw := &countingWriter{w: w}
	fmt.Fprint(cw, xml.Header+`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`+"\n")
	for _, p := range sitemapPages {
		fmt.Fprintf(cw, "  <url><loc>%s</loc></url>\n", xmlEscape(s.baseURL()+p))
	}
	last := 0
	for {
		ps, err := s.reads.SitemapPage(r.Context(), last, sitemapBatch)
		if err != nil {
			if cw.n > 0 {
				s.log.ErrorContext(r.Context(), "sitemap broke off", "err", err)
				return nil
			}
			return err
		}
		for _, p := range ps {
			fmt.Fprintf(cw, "  <url><loc>%s</loc><lastmod>%s</lastmod></url>\n", xmlEscape(s.baseURL()+"/p/"+p.ID),
				atomTime(p.UpdatedAt))
			last = p.Number
		}
		if len(ps) < sitemapBatch {
			break
		}
	}
	fmt.Fprint(cw, "</urlset>\n")
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
