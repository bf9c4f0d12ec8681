"""`python -m bench.profile [--db sqlite|postgres] [--scenario N|booking] [--requests N]`:
where a request's time goes.

Seeds a small database, then sends one scenario's request N times to the app in process
(through httpx's ASGI transport: no sockets, so the profile shows our code) under cProfile,
and prints the functions with the most cumulative and own time. `--scenario booking` sends
`createTravelBooking` (contention tours, as the benchmark does); a number picks one of
bench.scenarios.read_scenarios().
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import random
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

import httpx

from bench.run import bench_databases, fresh_database, system_url
from bench.scenarios import BOOKING_TEMPLATE, read_scenarios
from bench.seed import BenchWorkspace, seed_workspace
from travel.app import create_app
from travel.db import migrate
from travel.settings import Settings


def _bodies(ws: BenchWorkspace, scenario: str, count: int) -> tuple[str, list[bytes]]:
    if scenario == "booking":
        tours = [str(t) for t in ws.contention_tours]
        days = [(date.today() + timedelta(days=d)).isoformat() for d in range(1, 11)]
        bodies = [
            (BOOKING_TEMPLATE % (random.choice(tours), random.choice(days))).encode()
            for _ in range(count)
        ]
        return "booker", bodies
    chosen = read_scenarios(str(ws.listing_ids["PROPERTY"][0]))[int(scenario)]
    return chosen.role, [chosen.body] * count


async def main(url: str, fast: bool, requests: int, scenario: str) -> None:
    databases = bench_databases(url)
    await migrate.upgrade(databases.main)
    ws = await seed_workspace(databases, listings=1000, bookings=5000)
    await databases.dispose()
    app = create_app(
        Settings(
            database_url=url,
            system_database_url=system_url(url),
            fast_path=fast,
            rate_limit_window_seconds=1,
        )
    )
    role, bodies = _bodies(ws, scenario, requests + 20)
    headers = {"Authorization": f"Bearer {ws.keys[role]}", "Content-Type": "application/json"}
    transport = httpx.ASGITransport(app=app)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=transport, base_url="http://bench") as client,
    ):
        for body in bodies[:20]:  # warm the caches
            await client.post("/workspaces/graphql", content=body, headers=headers)
        profiler = cProfile.Profile()
        started, cpu = time.perf_counter(), time.process_time()
        profiler.enable()
        for body in bodies[20:]:
            response = await client.post("/workspaces/graphql", content=body, headers=headers)
            assert response.status_code == 200, response.text
            assert "errors" not in response.json(), response.text
        profiler.disable()
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(
        f"{scenario} on {url.split(':')[0]}: {requests} requests, "
        f"fast path {'on' if fast else 'off'}; "
        f"under the profiler {wall / requests * 1000:.2f} ms wall, "
        f"{cpu / requests * 1000:.2f} ms CPU per request"
    )
    stats = pstats.Stats(profiler)
    stats.sort_stats("cumulative").print_stats(30)
    stats.sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--fast", type=int, default=1)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--scenario", default="1", help="'booking' or an index in read_scenarios()")
    args = parser.parse_args()
    url = (
        f"sqlite:///{Path(tempfile.mkdtemp()) / 'profile.db'}"
        if args.db == "sqlite"
        else fresh_database("postgres")
    )
    asyncio.run(main(url, bool(args.fast), args.requests, args.scenario))
