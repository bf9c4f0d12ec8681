.PHONY: run test test-sqlite lint schema sdk ts-sdk bench soak fuzz abuse search-bench fleet

run:            ## install, seed a demo workspace, serve on SQLite
	scripts/run

test:           ## the whole suite: lint, types, pytest on SQLite and PostgreSQL
	scripts/test

test-sqlite:    ## the suite on SQLite only
	scripts/test --sqlite-only

lint:
	.venv/bin/ruff check src tests bench clients/python && .venv/bin/mypy

fuzz:           ## long schema and differential fuzzing + isolation matrix (FUZZ_EXAMPLES, default 200; TRAVEL_TEST_DATABASE_URL for PostgreSQL)
	TRAVEL_FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-200} .venv/bin/pytest -q \
		tests/hardening/test_fuzz_schema.py tests/hardening/test_fuzz_differential.py \
		tests/hardening/test_isolation_matrix.py

fleet:          ## 2 serve + 2 worker processes through PgBouncer and Redis, 60 s of load, and the SIGTERM tests (PostgreSQL: TRAVEL_TEST_DATABASE_URL)
	TRAVEL_FLEET_SECONDS=$${FLEET_SECONDS:-60} .venv/bin/pytest -q -s -m fleet tests/fleet

bench:          ## benchmarks: service vs baseline on SQLite and PostgreSQL (needs wrk)
	@command -v wrk >/dev/null || (apt-get update -qq && apt-get install -y -qq wrk)
	.venv/bin/pip install -q -e '.[bench]'
	.venv/bin/python -m bench.run

soak:           ## 30 minutes of mixed traffic on SQLite: memory over time, fails on a 5xx or a leak
	.venv/bin/python -m bench.soak --seconds 1800 $(SOAK_ARGS)

schema:         ## rewrite schema.graphql from the code (review the diff!)
	.venv/bin/python -m travel.graphql.export schema.graphql

sdk:            ## regenerate the Python SDK's models and blocking client (clients/python)
	scripts/sdk-codegen.sh

ts-sdk:         ## regenerate and build the TypeScript SDK (clients/typescript); --check is in scripts/test
	scripts/ts-sdk.sh

search-bench:   ## discovery at a million listings beside a bare-driver floor (SEARCH_ARGS: --db sqlite --listings 100000 --reuse)
	.venv/bin/python -m bench.search $(SEARCH_ARGS)

abuse:          ## resource attacks for longer: a neighbour's p50/p99 and the server's RSS per attack (ABUSE_ARGS: --db postgres --seconds 60)
	.venv/bin/python -m bench.abuse $(ABUSE_ARGS)
