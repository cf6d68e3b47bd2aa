package search_test

import (
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
)

func TestMain(m *testing.M) { dbtest.Main(m) }
