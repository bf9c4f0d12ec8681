"""`python -m bench.gate [--calls N] [--rounds N]`: what the write gate of a moving workspace
(revision 0013, docs/decisions/0098-workspace-moves.md) adds to every write transaction's first
statement on PostgreSQL, beside its floor: the same `set_config` without the gate.

Both run N times inside one PL/pgSQL loop on the server (no round trips, so only the statement's
own cost shows), on a freshly migrated database (bench.run.fresh_database), first with no gate
in the table and then with 100 workspaces gated (a busy day of moves). It prints µs per call
for each; like every bench it fails nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import time
import uuid

import asyncpg  # type: ignore[import-untyped]

from bench.run import bench_databases, fresh_database, system_url
from travel.db import migrate


async def _per_call(conn: asyncpg.Connection, body: str, calls: int) -> float:
    started = time.perf_counter()
    await conn.execute(f"DO $$ BEGIN FOR i IN 1..{calls} LOOP {body} END LOOP; END $$")
    return (time.perf_counter() - started) / calls * 1e6


async def main(url: str, calls: int, rounds: int) -> None:
    databases = bench_databases(url)
    try:
        await migrate.upgrade(databases.main)
    finally:
        await databases.dispose()
    app = await asyncpg.connect(url)
    system_ = system_url(url)
    assert system_ is not None
    system = await asyncpg.connect(system_)
    token = f"{uuid.uuid4()}.{'0' * 64}"
    floor = f"PERFORM set_config('travel.workspace_id', '{token}', true);"
    gated = (
        f"PERFORM set_config('travel.workspace_id', '{token}', true), travel_write_gate('{token}');"
    )
    try:
        for gates in (0, 100):
            if gates:
                await system.execute(
                    "INSERT INTO travel_private.workspace_gates "
                    "SELECT gen_random_uuid(), 'closed', NULL FROM generate_series(1, $1)",
                    gates,
                )
            for round_ in range(1, rounds + 1):
                alone = await _per_call(app, floor, calls)
                with_gate = await _per_call(app, gated, calls)
                print(
                    f"{gates:3d} gated workspaces, round {round_}: set_config alone (floor) "
                    f"{alone:6.2f} µs, with the gate {with_gate:6.2f} µs per call "
                    f"(+{with_gate - alone:.2f} µs)"
                )
    finally:
        await app.close()
        await system.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(main(fresh_database("postgres", "gate"), args.calls, args.rounds))
