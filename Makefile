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

# The pages' assets are built once and again only when the npm lock or the bundling script
# changes: ui/static/dist/.built marks a finished build (go:embed leaves dot files out).
ASSETS_BUILT := ui/static/dist/.built

.PHONY: assets
assets: $(ASSETS_BUILT) ## install ui/'s npm packages and build ui/static/dist: KaTeX, and the GraphQL explorer (GraphiQL, bundled by esbuild)

$(ASSETS_BUILT): ui/package-lock.json ui/assets.mjs
	@echo "assets: installing the pages' npm packages and bundling KaTeX and the GraphQL explorer (under a minute)"
	cd ui && npm ci --no-audit --no-fund --loglevel=error && node assets.mjs
	@touch $@

.PHONY: build
build: assets ## build bin/theoremdb
	@echo "build: compiling bin/theoremdb; the first build takes a few minutes on a small machine, later ones seconds"
	$(GO) build -o $(BIN) ./cmd/theoremdb
	@echo "build: bin/theoremdb is ready"

.PHONY: run
run: build corpus-index ## serve http://localhost:8080 with demo data (DATABASE_URL=postgres://… for PostgreSQL)
	$(BIN) migrate
	$(BIN) seed
	@$(MAKE) --no-print-directory corpus-demo
	$(BIN) serve --addr :8080

# The copy check's reference corpus: make run builds its index from the shared corpora when that
# folder exists and no index is built yet; without one the copy check is UNKNOWN, which blocks
# qualify (never default acceptance), and the review page says how to build one.
SHARED_CORPUS ?= ../shared/data/corpus
CORPUS_DIR    ?= $(or $(THEOREMDB_CORPUS),data/corpus)

.PHONY: corpus-demo
corpus-demo: build ## import the Open Logic Project and the HoTT book into the corpus from ../shared/data/corpus when there, through change requests as the importer (a second run changes nothing)
	@for src in openlogic:openlogic hott:hott-book; do \
	  dir="$(SHARED_CORPUS)/$${src#*:}"; \
	  if [ -d "$$dir" ]; then \
	    echo "corpus: importing $${src%%:*} from $$dir (progress every 250 items; about a minute on a small machine)"; \
	    out=$$(mktemp); $(BIN) import $${src%%:*} "$$dir" > "$$out" || { cat "$$out"; rm -f "$$out"; exit 1; }; \
	    sed -n 1p "$$out"; rm -f "$$out"; \
	  else echo "corpus: $$dir is not there; the corpus stays as it is"; fi; \
	done

.PHONY: corpus-index
corpus-index: build ## build the copy-check index from ../shared/data/corpus when that folder exists and none is built
	@if [ -f "$(CORPUS_DIR)/index/index.json" ]; then \
	  echo "copy-check index: $(CORPUS_DIR)"; \
	elif [ -d "$(SHARED_CORPUS)" ]; then \
	  for c in stacks-project:gfdl:https://github.com/stacks/stacks-project \
	           hott-book:share-alike:https://github.com/HoTT/book \
	           openlogic:open:https://github.com/OpenLogicProject/OpenLogic; do \
	    name=$${c%%:*}; rest=$${c#*:}; lic=$${rest%%:*}; src=$${rest#*:}; \
	    if [ -d "$(SHARED_CORPUS)/$$name" ]; then \
	      THEOREMDB_CORPUS="$(CORPUS_DIR)" $(BIN) corpus add "$(SHARED_CORPUS)/$$name" --licence $$lic --source $$src || exit 1; \
	    fi; \
	  done; \
	  THEOREMDB_CORPUS="$(CORPUS_DIR)" $(BIN) corpus build || exit 1; \
	else \
	  echo "no copy-check index and no $(SHARED_CORPUS): the copy check reports UNKNOWN until an operator runs theoremdb corpus add and theoremdb corpus build"; \
	fi

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
# The calibrate tag only adds files (the gates' planters and their tools; no file is built only
# without it), so one go vet with the tag reads every file once.
lint: ## go vet (with the calibrate tag, which adds the gates' planters and their tools) and gofmt
	$(GO) vet -tags calibrate ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt needed"; exit 1; }

# -race turns on checkptr, which checks every unsafe pointer conversion. The embedded SQLite
# (modernc.org/sqlite and its libc) is C translated to Go, made of such conversions: checking them
# took more than half of the tests' CPU time and checks C's pointer arithmetic, not ours. It stays
# under the race detector; only its pointer checks are off.
# The password hash (golang.org/x/crypto's argon2id, 64 MiB filled three times) is not
# instrumented at all: under the race detector one hash took 1.5 s instead of 0.25 s, and the
# tests sign in and sign up hundreds of times. It is computation on memory of its own, with no
# goroutines; the code that calls it stays under the race detector.
RACE_FLAGS = -race -gcflags='modernc.org/...=-d=checkptr=0' -gcflags='golang.org/x/crypto/...=-race=false'

# A binary built with the race detector sleeps a second before it exits, for reports of races
# still being written; a test binary's races are reported, and its test failed, as they happen.
# Without the sleep, the seventy test binaries of make test finish that much sooner.
RACE_ENV = GORACE="atexit_sleep_ms=0 $(GORACE)"

# Three of the gates' tests are single-threaded computation over megabytes of text: every gate
# within its time on huge packets, every finding of every fixture, long tables. The race
# detector makes them 25 times slower and has nothing to watch in them, so the race run skips
# them and the second run, without it, holds them to the production time budget. The gates'
# concurrency (RunGate's deadline, their caches) stays under the race detector in their other
# tests and in the workers', seed's and policy's tests that run them.
RACE_SKIP = ^(TestTextHelpersBounded|TestFindingsAreAuditableUnits|TestConsistencyLongTables)$$

# go test runs a part of go vet on every package it builds; lint has run all of go vet on every
# file of them, so the tests do not run it again.
.PHONY: test
test: assets check-generated lint e2e/deps ## every test: unit, SQLite and PostgreSQL integration, GraphQL conformance, end-to-end
	$(RACE_ENV) $(GO) test $(RACE_FLAGS) -vet=off -count=1 -parallel 4 -timeout 20m -skip '$(RACE_SKIP)' ./...
	$(GO) test -tags calibrate -vet=off -count=1 ./gates/... ./similar/... ./cmd/gold/ ./cmd/calibrate-gates/

.PHONY: bench
bench: bench-api bench-hostile bench-search bench-copycheck bench-gates bench-sandbox bench-kernel bench-corpus bench-scale ## every benchmark: API and pages on PostgreSQL, live fan-out, hostile requests, search, the copy check, the sandbox, the proof kernel, corpus change requests, the site at a million problems

.PHONY: bench/deps
bench/deps: ## install what the read benchmark compares and loads with: PostGraphile 4 (e2e/peers) and wrk
	cd e2e/peers && npm ci --no-audit --no-fund --loglevel=error
	@command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; }

.PHONY: bench-api
bench-api: assets bench/deps ## reads under load on PostgreSQL with 10,000 problems, next to PostGraphile and raw SQL, as a table of goals; live fan-out
	$(GO) test -run '^$$' -bench Reads -benchtime 1x -count 1 -timeout 60m ./e2e/
	$(GO) test -run '^$$' -bench Fanout -count 1 -timeout 30m ./e2e/

# The size of bench-scale's site; its database (theoremdb_scale_SCALE on the test server) is kept
# between runs, so only the first run of a size seeds it.
SCALE ?= 1000000

.PHONY: bench-scale
bench-scale: bench/deps ## the site at SCALE problems on PostgreSQL (1,000,000 unless SCALE=…; seeded once through the write path, kept): search, list pages at every depth, sitemap and export memory, RSS, reads under 20 submissions a second for 5 minutes
	THEOREMDB_SCALE_KEEP=1 THEOREMDB_SCALE_PROBLEMS=$(SCALE) $(GO) test -run '^$$' -bench Scale -benchtime 1x -count 1 -timeout 48h ./e2e/

.PHONY: bench-hostile
bench-hostile: ## problem(id:) latency and deadline acceptance on PostgreSQL while one client sends the worst requests (about 1½ minutes)
	$(GO) test -run '^$$' -bench Hostile -benchtime 1x -count 1 -timeout 15m ./e2e/

.PHONY: bench-search
bench-search: ## full-text search on both databases over 100,000 problems (seeding takes several minutes)
	$(GO) test -run '^$$' -bench Search -benchtime 200x -count 1 -timeout 60m ./e2e/

.PHONY: bench-gates
bench-gates: ## the publication gates: every gate on one revision (p95), the duplicate search over 100,000 statements
	$(GO) test -run '^$$' -bench 'AllGates' -benchtime 2s -count 1 -timeout 30m ./gates/
	$(GO) test -tags calibrate -run '^$$' -bench 'Similar100k' -benchtime 2s -count 1 -timeout 30m ./similar/

.PHONY: bench-sandbox
bench-sandbox: ## what the sandbox adds to a program that does nothing (p95)
	$(GO) test -run '^$$' -bench Start -benchtime 200x -count 1 ./sandbox/

.PHONY: bench-kernel
bench-kernel: ## both proof checkers on nf.mm side by side: the second checker, and Debian's metamath directly and in the sandbox
	$(GO) test -run '^$$' -bench KernelNF -benchtime 10x -count 5 ./kernel/

.PHONY: calibrate-gates
calibrate-gates: ## the gates' planted-defect recall and false-fail rate on real packets, as a table; writes gates/calibration.json and gates/CALIBRATION.md
	$(GO) run -tags calibrate ./cmd/calibrate-gates -write gates/calibration.json -markdown gates/CALIBRATION.md $(ARGS)

.PHONY: bench-copycheck
bench-copycheck: ## copy check on the shared corpus (per core), in benchstat format
	GOMAXPROCS=1 $(GO) test -run '^$$' -bench . -benchtime 2s ./copycheck
	GOMAXPROCS=1 $(GO) run ./cmd/copycheck-bench

.PHONY: gold
gold: ## rebuild the blind gold packets of agent-assisted review (lanes/gold/packets.json) from the demo and imported data
	$(GO) run -tags calibrate ./cmd/gold

.PHONY: bench-large
bench-large: ## copy check on a synthetic 1 GiB corpus (about 8 GB of disk, 6 GB of memory)
	GOMAXPROCS=1 $(GO) run ./cmd/copycheck-bench -synthetic 1073741824

.PHONY: bench-paragraphs
bench-paragraphs: ## copy check stage 2 against about 1 M paragraphs (a synthetic 256 MiB corpus)
	GOMAXPROCS=1 $(GO) run ./cmd/copycheck-bench -synthetic 268435456

.PHONY: calibrate
calibrate: ## copy check: false matches on human text and recall of planted copies, short statements too (held-out split), as tables
	GOMAXPROCS=1 $(GO) run ./cmd/copycheck-calibrate -q $(ARGS)

.PHONY: fuzz
fuzz: ## fuzz the parsers of user input for a minute each
	$(GO) test -run '^$$' -fuzz FuzzParse -fuzztime 60s ./records
	$(GO) test -run '^$$' -fuzz FuzzNormalize -fuzztime 60s ./copycheck
	$(GO) test -run '^$$' -fuzz FuzzBuildSuffixArray -fuzztime 60s ./copycheck
	$(GO) test -run '^$$' -fuzz FuzzDraw -fuzztime 60s ./ui/hero
	$(GO) test -run '^$$' -fuzz FuzzJSONShape -fuzztime 60s ./api

.PHONY: db/reset
db/reset: ## delete the local SQLite database
	rm -f data/theoremdb.db data/theoremdb.db-wal data/theoremdb.db-shm

.PHONY: bench-corpus
bench-corpus: ## corpus change requests on both databases (open to merged, dry run, closure(id) on 500 nodes); closure(id) on a generated corpus on PostgreSQL (THEOREMDB_CORPUS_BENCH_NODES, 100,000 by default); a level change reaching 10,000 dependants; 100,000 nodes in SQLite; /quality warm on both databases; the month's draw over 1,000,000 nodes
	$(GO) test -run '^$$' -bench 'ChangeRequest' -benchtime 200x -count 1 -timeout 30m ./corpus/
	$(GO) test -run '^$$' -bench 'ClosureScale' -benchtime 50x -count 1 -timeout 60m ./corpus/
	$(GO) test -run '^$$' -bench 'LevelPropagation' -benchtime 20x -count 1 -timeout 30m ./corpus/
	$(GO) test -run '^$$' -bench 'SQLiteScale' -benchtime 50x -count 1 -timeout 30m ./corpus/
	$(GO) test -run '^$$' -bench 'QualityPage' -benchtime 200x -count 1 -timeout 30m ./server/
	$(GO) test -run '^$$' -bench 'DrawMillion' -benchtime 1x -count 1 -timeout 30m ./corpus/audit/

.PHONY: bench-corpus-million
bench-corpus-million: ## the issue's scale: 1,000,000 nodes and 10,000,000 edges on PostgreSQL, loaded, then closure(id) by the plain recursive query beside the stored summary (about half an hour of both cores)
	THEOREMDB_CORPUS_BENCH_NODES=1000000 THEOREMDB_CORPUS_BENCH_OPEN=0 THEOREMDB_CORPUS_BENCH_SAMPLES=20 $(GO) test -run '^$$' -bench 'ClosureScale' -benchtime 1x -count 1 -timeout 120m ./corpus/
