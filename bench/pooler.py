"""`python -m bench.pooler [--seconds N] [--rounds N] [--connections N]`: the service on
PostgreSQL straight, and through PgBouncer in transaction mode (TRAVEL_DATABASE_POOLER=
transaction), side by side.

Seeds the benchmark's PostgreSQL database, starts a PgBouncer of its own (Debian's package,
tests/support/pgbouncer.py; its pool as large as the service's, so that only the path differs)
and two `travel serve` (one worker each), one on each path. Each scenario — the connectivity
check, a page of 50 listings with their providers, one listing, a booking — is driven by wrk
for N seconds on each in turn, `--rounds` times (the median round kept). Per request it prints
req/s, p50, and the CPU of the service, of PgBouncer and of PostgreSQL's processes: what the
pooler costs in round trips (asyncpg parses every statement again through it: decision 0093)
and in its own CPU. Like every bench it fails nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from typing import Any

from bench import cpu, wrk
from bench.run import (
    booking_script,
    free_port,
    fresh_database,
    gql,
    process,
    seed,
    serve,
    service_env,
    system_url,
)
from bench.scenarios import read_scenarios
from tests.support.pgbouncer import PrivateBouncer

POOL = 20  # the service's TRAVEL_DB_POOL_SIZE, and PgBouncer's default_pool_size here


def _cell(
    url: str, script: str, args: argparse.Namespace, service: int, bouncer: int | None
) -> dict[str, Any]:
    before = cpu.snapshot([service])
    pooler_before = cpu.snapshot([bouncer], postgres=False).server if bouncer else 0.0
    result = wrk.run(url, script, connections=args.connections, duration=args.seconds)
    after = cpu.snapshot([service])
    pooler_after = cpu.snapshot([bouncer], postgres=False).server if bouncer else 0.0
    used = cpu.usage(before, after, result.requests)
    n = max(result.requests, 1)
    return {
        "rps": result.requests_per_second,
        "p50": result.p50_ms,
        "errors": result.errors,
        "service": used.server_us_per_request,
        "pooler": (pooler_after - pooler_before) / n * 1e6,
        "database": used.database_us_per_request,
    }


def _line(name: str, path: str, cell: dict[str, Any], rounds: list[float]) -> str:
    return (
        f"  {name:<30} {path:<9} {cell['rps']:>7.0f} req/s  p50 {cell['p50']:>6.2f} ms"
        f"  cpu µs/req: service {cell['service']:>5.0f}  pgbouncer {cell['pooler']:>4.0f}"
        f"  postgres {cell['database']:>5.0f}  errors {cell['errors']}"
        f"  (rounds: {', '.join(f'{r:.0f}' for r in rounds)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--listings", type=int, default=2_000)
    parser.add_argument("--bookings", type=int, default=10_000)
    args = parser.parse_args()
    url = fresh_database("postgres", "pooler")
    ws = asyncio.run(seed(url, args.listings, args.bookings, 0))["main"]
    system = system_url(url)
    assert system is not None
    bouncer = PrivateBouncer(url, system, pool_size=POOL).start()
    try:
        direct_env = service_env(url, True)
        pooled_env = {
            **direct_env,
            "TRAVEL_DATABASE_URL": bouncer.url(url),
            "TRAVEL_SYSTEM_DATABASE_URL": bouncer.url(system),
            "TRAVEL_DATABASE_POOLER": "transaction",
        }
        for env in (direct_env, pooled_env):
            env["TRAVEL_DB_POOL_SIZE"] = str(POOL)
        ports = {"direct": free_port(), "pgbouncer": free_port()}
        with (
            process(serve(ports["direct"]), direct_env, gql(ports["direct"])) as (direct, _),
            process(serve(ports["pgbouncer"]), pooled_env, gql(ports["pgbouncer"])) as (pooled, _),
        ):
            time.sleep(1)
            single = str(ws.listing_ids["PROPERTY"][0])
            scenarios = [
                (s.name, {p: wrk.fixed_script(s.body.decode(), ws.keys[s.role]) for p in ports})
                for s in read_scenarios(single)
                if s.name in ("connectivity check", "travelProperties 50 + providers")
                or s.name == "single listing"
            ]
            tours = ws.contention_tours
            scenarios.append(
                (
                    "createTravelBooking",
                    {
                        "direct": booking_script(ws.keys["booker"], tours[:2]),
                        "pgbouncer": booking_script(ws.keys["booker"], tours[2:4]),
                    },
                )
            )
            pids = {"direct": (direct.pid, None), "pgbouncer": (pooled.pid, bouncer.pid)}
            print(
                f"== {args.connections} connections, {args.seconds} s a round, "
                f"median of {args.rounds} rounds; pools of {POOL}",
                flush=True,
            )
            for name, scripts in scenarios:
                runs: dict[str, list[dict[str, Any]]] = {p: [] for p in ports}
                for _ in range(args.rounds):
                    for path, port in ports.items():
                        service, pooler = pids[path]
                        runs[path].append(_cell(gql(port), scripts[path], args, service, pooler))
                for path, cells in runs.items():
                    rates = [c["rps"] for c in cells]
                    median = statistics.median_low(rates)
                    kept = next(c for c in cells if c["rps"] == median)
                    print(_line(name, path, kept, rates), flush=True)
    finally:
        bouncer.stop()


if __name__ == "__main__":
    main()
