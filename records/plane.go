package records

import "context"

// Plane resolves any identifier: from the local catalogue first, then the reference texts,
// then the network resolver of the identifier's kind.
type Plane struct {
	Catalogue *Catalogue
	Texts     *Texts
	Resolvers map[Kind]Resolver
}

// NewPlane makes a plane whose network resolvers use one Client built from cfg. catalogue and
// texts may be nil.
func NewPlane(cfg Config, catalogue *Catalogue, texts *Texts) *Plane {
	cfg = cfg.withDefaults()
	c := NewClient(cfg)
	return &Plane{
		Catalogue: catalogue,
		Texts:     texts,
		Resolvers: map[Kind]Resolver{
			DOI:    DOIResolver{Client: c, CrossrefURL: cfg.CrossrefURL, DataCiteURL: cfg.DataCiteURL},
			ArXiv:  ArxivResolver{Client: c, URL: cfg.ArxivURL},
			ZbMATH: ZbMATHResolver{Client: c, URL: cfg.ZbMATHURL},
			ISBN:   OpenLibraryResolver{Client: c, URL: cfg.OpenLibraryURL},
		},
	}
}

// Resolve implements Resolver. A URL that cites none of the reference texts has no resolver.
func (p *Plane) Resolve(ctx context.Context, id Identifier, cached *Record) Result {
	if p.Catalogue != nil {
		if r, ok := p.Catalogue.Lookup(id); ok {
			return found(r)
		}
	}
	if p.Texts != nil {
		if r, ok := p.Texts.Lookup(id); ok {
			return found(r)
		}
	}
	res, ok := p.Resolvers[id.Kind]
	if !ok {
		return Result{Status: StatusNoResolver, Reason: "the record plane has no catalogue for " + string(id.Kind) + " identifiers such as " + id.Key}
	}
	return res.Resolve(ctx, id, cached)
}
