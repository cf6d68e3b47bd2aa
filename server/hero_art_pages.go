package server

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strings"

	"github.com/theoremdb/theoremdb/heroart"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/viewer"
)

// heroArt is /p/{ref}/art: a problem's bespoke hero art, the form that registers a pair and the
// reviewers' checks.
func (s *Server) heroArt(w http.ResponseWriter, r *http.Request) error {
	art, err := s.policy.HeroArtOfProblem(r.Context(), viewer.From(r.Context()), r.PathValue("ref"))
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "Hero art of "+art.ProblemID), ui.HeroArtPage(ui.HeroArtView{Art: art, Errors: map[string]string{}}))
	return nil
}

// registerHeroArt registers the pair of the multipart form; a refusal shows the form again
// with each field's error.
func (s *Server) registerHeroArt(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	who := viewer.From(r.Context())
	art, err := s.policy.HeroArtOfProblem(r.Context(), who, r.PathValue("ref"))
	if err != nil {
		return err
	}
	if err := r.ParseMultipartForm(heroart.MaxSVG + heroart.MaxWebP); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) || hungUp(r, err) {
			return err
		}
		return httpError{http.StatusBadRequest, "The form could not be read: send it as multipart/form-data with both files."}
	}
	defer r.MultipartForm.RemoveAll()
	v := ui.HeroArtView{Art: art, Errors: map[string]string{}, Depicts: r.PostFormValue("depicts"), Rights: r.PostFormValue("rightsBasis")}
	svg, svgErr := formFile(r, "svg", heroart.MaxSVG)
	webp, webpErr := formFile(r, "webp", heroart.MaxWebP)
	for f, e := range map[string]string{"svg": svgErr, "webp": webpErr} {
		if e != "" {
			v.Errors[f] = e
		}
	}
	if len(v.Errors) == 0 {
		_, err = s.policy.RegisterHeroArt(r.Context(), who, policy.HeroArtInput{Problem: art.ProblemID, SVG: svg, WebP: webp,
			Depicts: v.Depicts, RightsBasis: v.Rights})
		if fes := policy.FieldErrors(err); fes != nil {
			for _, fe := range fes {
				if len(fe.Field) == 0 || fe.Field[0] == "problem" {
					v.General = append(v.General, fe.Message)
				} else {
					v.Errors[fe.Field[0]] = fe.Message
				}
			}
		} else if err != nil {
			return err
		}
	}
	if len(v.Errors) > 0 || len(v.General) > 0 {
		s.render(w, r, http.StatusUnprocessableEntity, page(r, "Hero art of "+art.ProblemID), ui.HeroArtPage(v))
		return nil
	}
	redirectWith(w, r, "/p/"+art.ProblemID+"/art", "Registered. A reviewer checks the pair before it appears on the problem page.")
	return nil
}

// formFile reads the uploaded file of a form field, at most max bytes, or says what is wrong.
func formFile(r *http.Request, name string, max int) ([]byte, string) {
	f, _, err := r.FormFile(name)
	if errors.Is(err, http.ErrMissingFile) {
		return nil, "choose a file"
	}
	if err != nil {
		return nil, "the file could not be read"
	}
	defer func(f multipart.File) { _ = f.Close() }(f)
	b, err := io.ReadAll(io.LimitReader(f, int64(max)+1))
	if err != nil {
		return nil, "the file could not be read"
	}
	return b, "" // CheckSVG and CheckWebP refuse a file over the limit with its size
}

// reviewHeroArt records a reviewer's check of one pair.
func (s *Server) reviewHeroArt(w http.ResponseWriter, r *http.Request) error {
	if !requireSignIn(w, r) {
		return nil
	}
	if err := parseForm(r); err != nil {
		return err
	}
	ref := r.PathValue("ref")
	verdict := r.PostForm.Get("verdict")
	if verdict != "pass" && verdict != "fail" {
		redirectWith(w, r, "/p/"+ref+"/art", "Choose pass or fail.")
		return nil
	}
	a, err := s.policy.ReviewHeroArt(r.Context(), viewer.From(r.Context()), r.PathValue("id"), verdict == "pass", r.PostForm.Get("note"))
	if fes := policy.FieldErrors(err); fes != nil {
		msgs := make([]string, len(fes))
		for i, fe := range fes {
			msgs[i] = fe.Message
		}
		redirectWith(w, r, "/p/"+ref+"/art", "The check was not recorded: "+strings.Join(msgs, "; ")+".")
		return nil
	}
	if err != nil {
		return err
	}
	msg := "Failed: the page keeps the neutral figure."
	if a.Passed() {
		msg = "Passed: the problem page shows this art while its revision asks for bespoke art."
	}
	redirectWith(w, r, "/p/"+a.ProblemID+"/art", msg)
	return nil
}

// heroArtFile serves one file of a pair, {asset}.svg or {asset}.webp. An SVG is sent with a
// policy under which it can run nothing and load nothing, whatever it holds; a passed pair is
// immutable and cached, an unchecked one is private.
func (s *Server) heroArtFile(w http.ResponseWriter, r *http.Request) error {
	id, ext, ok := strings.Cut(r.PathValue("file"), ".")
	if !ok {
		return policy.ErrNotFound
	}
	f, err := s.policy.HeroArtFile(r.Context(), viewer.From(r.Context()), r.PathValue("ref"), id, ext)
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", f.ContentType)
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "private, no-store")
	if f.Public {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	}
	_, err = w.Write(f.Body)
	if gone(r, err) {
		return nil
	}
	return err
}
