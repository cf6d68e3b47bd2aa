package corpusimport_test

import (
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
)

// TestMain copies each PostgreSQL test database from one migrated template.
func TestMain(m *testing.M) { dbtest.Main(m) }
