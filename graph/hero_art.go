package graph

import (
	"github.com/theoremdb/theoremdb/graph/model"
	"github.com/theoremdb/theoremdb/policy"
)

func heroArtPayload(a policy.HeroArtView, err error) (*model.HeroArtPayload, error) {
	if err != nil {
		ues, err := userErrors(err)
		return &model.HeroArtPayload{UserErrors: ues}, err
	}
	return &model.HeroArtPayload{HeroArt: &a, UserErrors: []*model.UserError{}}, nil
}
