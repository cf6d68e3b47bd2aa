package graph

import (
	"github.com/theoremdb/theoremdb/graph/model"
	"github.com/theoremdb/theoremdb/policy"
)

// pointers makes a slice of values a slice of pointers, as gqlgen's lists of objects are.
func pointers[T any](vs []T) []*T {
	out := make([]*T, len(vs))
	for i := range vs {
		out[i] = &vs[i]
	}
	return out
}

func profilePayload(p policy.OperatingProfileView, err error) (*model.SetOperatingProfilePayload, error) {
	if err != nil {
		ues, err := userErrors(err)
		return &model.SetOperatingProfilePayload{UserErrors: ues}, err
	}
	return &model.SetOperatingProfilePayload{Profile: &p, UserErrors: []*model.UserError{}}, nil
}

func registerPayload(e policy.LaneRegisterEntry, err error) (*model.LaneRegisterPayload, error) {
	if err != nil {
		ues, err := userErrors(err)
		return &model.LaneRegisterPayload{UserErrors: ues}, err
	}
	return &model.LaneRegisterPayload{Entry: &e, UserErrors: []*model.UserError{}}, nil
}

func appealPayload(a policy.AppealView, err error) (*model.AppealPayload, error) {
	if err != nil {
		ues, err := userErrors(err)
		return &model.AppealPayload{UserErrors: ues}, err
	}
	return &model.AppealPayload{Appeal: &a, UserErrors: []*model.UserError{}}, nil
}

func criterionPayload(c policy.CriterionChangeView, err error) (*model.CriterionChangePayload, error) {
	if err != nil {
		ues, err := userErrors(err)
		return &model.CriterionChangePayload{UserErrors: ues}, err
	}
	return &model.CriterionChangePayload{CriterionChange: &c, UserErrors: []*model.UserError{}}, nil
}
