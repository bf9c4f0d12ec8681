"""`python -m bench.profile [--fast 0|1] [--requests N]`: where a request's time goes.

Seeds a small SQLite database, then sends the 50-item property list N times to the app in
process (through httpx's ASGI transport: no sockets, so the profile shows our code) under
cProfile, and prints the functions with the most cumulative and own time.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import tempfile
from pathlib import Path

import httpx

from bench.scenarios import read_scenarios
from bench.seed import seed_workspace
from travel.app import create_app
from travel.db import migrate
from travel.db.registry import Databases
from travel.settings import Settings


async def main(fast: bool, requests: int, scenario_index: int) -> None:
    url = f"sqlite:///{Path(tempfile.mkdtemp()) / 'profile.db'}"
    databases = Databases(url, pool_size=2)
    await migrate.upgrade(databases.main)
    ws = await seed_workspace(databases, listings=1000, bookings=5000)
    await databases.dispose()
    app = create_app(Settings(database_url=url, fast_path=fast, rate_limit_window_seconds=1))
    scenario = read_scenarios(str(ws.listing_ids["PROPERTY"][0]))[scenario_index]
    headers = {"Authorization": f"Bearer {ws.keys['traveler']}", "Content-Type": "application/json"}
    transport = httpx.ASGITransport(app=app)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=transport, base_url="http://bench") as client,
    ):
        for _ in range(20):  # warm the caches
            await client.post("/workspaces/graphql", content=scenario.body, headers=headers)
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(requests):
            response = await client.post(
                "/workspaces/graphql", content=scenario.body, headers=headers
            )
            assert response.status_code == 200, response.text
        profiler.disable()
    print(f"{scenario.name}: {requests} requests, fast path {'on' if fast else 'off'}")
    stats = pstats.Stats(profiler)
    stats.sort_stats("cumulative").print_stats(30)
    stats.sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--fast", type=int, default=1)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--scenario", type=int, default=1, help="index in read_scenarios()")
    args = parser.parse_args()
    asyncio.run(main(bool(args.fast), args.requests, args.scenario))
