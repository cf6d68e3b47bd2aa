// Command gen writes the next versioned migration of each dialect from the
// difference between ent/schema and the migrations already written: it
// replays them on an empty development database (a throwaway PostgreSQL
// database on DATABASE_URL's server, an in-memory SQLite) and diffs.
// Nothing is written when the schema has not changed.
package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"log"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"ariga.io/atlas/sql/migrate"
	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"entgo.io/ent/dialect/sql/schema"
	_ "github.com/lib/pq"
	_ "modernc.org/sqlite"

	entmigrate "github.com/theoremdb/theoremdb/ent/migrate"
)

func main() {
	name := flag.String("name", "change", "name of the new migration, when one is needed")
	rehash := flag.Bool("rehash", false, "only rewrite each dialect's atlas.sum, after a data step was added to a written migration by hand")
	pg := flag.String("postgres", envOr("THEOREMDB_DEV_POSTGRES", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"),
		"PostgreSQL server on which a throwaway development database is made")
	flag.Parse()
	ctx := context.Background()
	if *rehash {
		for _, d := range []string{"sqlite", "postgres"} {
			if err := rehashDir(d); err != nil {
				log.Fatal(err)
			}
		}
		return
	}
	if err := gen(ctx, "sqlite", dialect.SQLite, *name, func() (*sql.DB, func(), error) {
		db, err := sql.Open("sqlite", "file:gen-"+randHex()+"?mode=memory&_pragma=foreign_keys(1)")
		return db, func() { db.Close() }, err
	}); err != nil {
		log.Fatal(err)
	}
	if err := gen(ctx, "postgres", dialect.Postgres, *name, func() (*sql.DB, func(), error) {
		return tempPostgres(ctx, *pg)
	}); err != nil {
		log.Fatal(err)
	}
}

func gen(ctx context.Context, dirName, dialectName, name string, open func() (*sql.DB, func(), error)) error {
	dir, err := migrate.NewLocalDir(filepath.Join(dirName))
	if err != nil {
		return fmt.Errorf("%s: %w", dirName, err)
	}
	db, closeDB, err := open()
	if err != nil {
		return fmt.Errorf("%s: dev database: %w", dirName, err)
	}
	defer closeDB()
	s := entmigrate.NewSchema(entsql.OpenDB(dialectName, db))
	err = s.NamedDiff(ctx, name,
		schema.WithDir(dir),
		schema.WithDialect(dialectName),
		schema.WithMigrationMode(schema.ModeReplay),
		schema.WithFormatter(migrate.DefaultFormatter),
		schema.WithErrNoPlan(true),
		schema.WithDropColumn(true),
		schema.WithDropIndex(true),
	)
	if errors.Is(err, migrate.ErrNoPlan) {
		fmt.Printf("migrations/%s: up to date\n", dirName)
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", dirName, err)
	}
	fmt.Printf("migrations/%s: wrote a new migration %q\n", dirName, name)
	return nil
}

// rehashDir rewrites the checksum file of a migration directory.
func rehashDir(name string) error {
	dir, err := migrate.NewLocalDir(name)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	sum, err := dir.Checksum()
	if err != nil {
		return fmt.Errorf("%s: checksum: %w", name, err)
	}
	if err := migrate.WriteSumFile(dir, sum); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	fmt.Printf("migrations/%s: atlas.sum rewritten\n", name)
	return nil
}

func tempPostgres(ctx context.Context, server string) (*sql.DB, func(), error) {
	admin, err := sql.Open("postgres", server)
	if err != nil {
		return nil, nil, err
	}
	name := "theoremdb_gen_" + randHex()
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		admin.Close()
		return nil, nil, fmt.Errorf("create %s (is PostgreSQL running? set THEOREMDB_DEV_POSTGRES): %w", name, err)
	}
	u, err := url.Parse(server)
	if err != nil {
		return nil, nil, err
	}
	u.Path = "/" + name
	db, err := sql.Open("postgres", u.String())
	if err != nil {
		return nil, nil, err
	}
	return db, func() {
		db.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, _ = admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
		admin.Close()
	}, nil
}

func randHex() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return strings.ToLower(hex.EncodeToString(b))
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
