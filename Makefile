# TheoremDB — `make help` lists the targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help

GO        ?= go
BIN       := bin/theoremdb
DATABASE_URL ?= sqlite:data/theoremdb.db
export DATABASE_URL

.PHONY: help
help: ## list the targets
	@grep -E '^[a-zA-Z/_-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

.PHONY: assets
assets: ## install ui/'s npm packages (KaTeX, html-validate) and copy KaTeX into ui/static/dist
	cd ui && npm ci --no-audit --no-fund --loglevel=error && node assets.mjs

.PHONY: build
build: assets ## build bin/theoremdb
	$(GO) build -o $(BIN) ./cmd/theoremdb

.PHONY: run
run: build ## serve http://localhost:8080 with demo data (DATABASE_URL=postgres://… for PostgreSQL)
	$(BIN) migrate
	$(BIN) seed
	$(BIN) serve --addr :8080

.PHONY: generate
generate: ## regenerate ent, GraphQL and migrations from their sources
	$(GO) generate ./ent/... ./graph/... ./migrations/... ./ui/...

.PHONY: check-generated
check-generated: generate ## fail when generated code is not up to date (in CI)
	@if [ "$$CI" = "true" ]; then \
	  if [ -n "$$(git status --porcelain -- ent graph migrations gqlgen.yml ui)" ]; then \
	    git status --porcelain -- ent graph migrations gqlgen.yml ui; \
	    echo "generated code is out of date: run make generate and commit the result"; exit 1; \
	  fi; \
	fi

.PHONY: e2e/deps
e2e/deps: ## install the npm packages the end-to-end tests use
	cd e2e && npm ci --no-audit --no-fund --loglevel=error

.PHONY: lint
lint: ## go vet and gofmt
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt needed"; exit 1; }

.PHONY: test
test: assets check-generated lint e2e/deps ## every test: unit, SQLite and PostgreSQL integration, GraphQL conformance, end-to-end
	$(GO) test -race -count=1 -timeout 20m ./...

.PHONY: bench
bench: ## benchmarks on PostgreSQL (10,000 problems) and the copy check
	$(GO) test -run '^$$' -bench . -benchtime 3s -count 1 -timeout 60m ./e2e/... 

.PHONY: db/reset
db/reset: ## delete the local SQLite database
	rm -f data/theoremdb.db data/theoremdb.db-wal data/theoremdb.db-shm
