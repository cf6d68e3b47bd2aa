package graph

import "context"

// loaded answers a list edge from the values a read side filled in (the
// problem packet fills its edges whatever alias asks for them), or else
// through ent's accessor, which reads what eager loading stored under the
// field's alias or queries the database.
func loaded[T any](ctx context.Context, filled func() ([]T, error), read func(context.Context) ([]T, error)) ([]T, error) {
	if v, err := filled(); err == nil {
		return v, nil
	}
	return read(ctx)
}
