"""`make abuse`: the resource attacks of docs/reliability.md ("Resource bounds") run for longer
than the tests run them, against one `travel serve`, printing per attack the neighbour's p50/p99
against its unloaded value and the server's RSS over time.

    python -m bench.abuse [--db sqlite|postgres] [--seconds 20]

Attacks (each from two processes of a free-plan workspace, one after the other):
- respaced: documents the cache has never seen (490 repeated fields, small valid ones);
- bombs: fragment bombs of growing depth;
- megabytes: documents of a megabyte (refused unread) and 60 KB valid ones, all distinct;
- variables: a megabyte of junk beside `take` in a pagination variable.
The neighbour is an enterprise workspace reading one listing at a time.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import threading
import time
from collections.abc import Callable
from typing import Any

import httpx

from bench.run import bench_databases, free_port, fresh_database, process, rss_mb, seed, serve
from bench.run import service_env as bench_env
from bench.seed import seed_workspace

SINGLE = "query ($id: ID!) { travelProperty(id: $id) { id name location } }"
Body = Callable[[int], dict[str, Any]]


def respaced(n: int) -> dict[str, Any]:
    if n % 2:
        fields = (" " * (1 + n % 7)).join(["workspace { id }"] * 490)
        return {"query": "{ travelViewer { " + fields + f" }} }} # {n}"}
    return {"query": f"{{ travelViewer {{ workspace {{ id name }} }} }} # {n}"}


def bombs(n: int) -> dict[str, Any]:
    depth = 10 + n % 50
    fragments = ["fragment F0 on TravelProvider { id name }"] + [
        f"fragment F{i} on TravelProvider {{ ...F{i - 1} ...F{i - 1} }}"
        for i in range(1, depth + 1)
    ]
    return {"query": f"{{ travelProviders {{ ...F{depth} }} }} # {n}\n" + " ".join(fragments)}


def megabytes(n: int) -> dict[str, Any]:
    size = 1_000_000 if n % 2 else 60_000
    return {"query": f"{{ travelViewer {{ subject }} }} #{n}" + "x" * size}


def variables(n: int) -> dict[str, Any]:
    page = "query ($p: TravelPaginationInput) { travelProperties(pagination: $p) { id } }"
    return {"query": page, "variables": {"p": {"take": 1, "junk": f"{n}" + "z" * 1_000_000}}}


ATTACKS: dict[str, Body] = {
    "respaced": respaced,
    "bombs": bombs,
    "megabytes": megabytes,
    "variables": variables,
}


def _attacker(url: str, key: str, attack: str, seconds: float, first: int, out: Any) -> None:
    os.nice(19)  # another machine's clients: their CPU must not slow the neighbour's client
    body, statuses, refused = ATTACKS[attack], [0, 0], []
    deadline = time.monotonic() + seconds
    with httpx.Client(timeout=60) as client:
        n = first
        while time.monotonic() < deadline:
            started = time.perf_counter()
            response = client.post(url, json=body(n), headers={"Authorization": f"Bearer {key}"})
            if response.status_code == 429:
                refused.append(time.perf_counter() - started)
            statuses[0] += 1
            statuses[1] += response.status_code >= 500
            n += 2
    out.put((statuses, refused))


def neighbour(url: str, key: str, listing: str, seconds: float) -> list[float]:
    took: list[float] = []
    deadline = time.monotonic() + seconds
    with httpx.Client(timeout=60) as client:
        while time.monotonic() < deadline:
            started = time.perf_counter()
            client.post(
                url,
                json={"query": SINGLE, "variables": {"id": listing}},
                headers={"Authorization": f"Bearer {key}"},
            )
            took.append(time.perf_counter() - started)
    return took


def _sample(pid: int, stop: threading.Event, rss: list[float]) -> None:
    while not stop.wait(1.0):
        rss.append(rss_mb(pid))


def _p(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()

    url = fresh_database(args.db, "abuse")
    victim = asyncio.run(seed(url, listings=200, bookings=0, big=0))["main"]

    async def attacker_workspace() -> Any:
        databases = bench_databases(url)
        try:
            return await seed_workspace(databases, listings=5, bookings=0, plan="free")
        finally:
            await databases.dispose()

    attacker = asyncio.run(attacker_workspace())
    port = free_port()
    env = {**bench_env(url, fast=True), "TRAVEL_RATE_LIMIT_WINDOW_SECONDS": "60"}
    graphql = f"http://127.0.0.1:{port}/workspaces/graphql"
    listing = str(victim.listing_ids["PROPERTY"][0])
    key = victim.keys["traveler"]
    with process(serve(port), env, graphql) as (server, _):
        neighbour(graphql, key, listing, 2.0)  # warm up
        unloaded = neighbour(graphql, key, listing, 5.0)
        print(
            f"neighbour unloaded: p50 {_p(unloaded, 0.5):.2f} ms, p99 {_p(unloaded, 0.99):.2f} ms"
        )
        print(f"RSS at start: {rss_mb(server.pid):.0f} MB")
        context = multiprocessing.get_context("spawn")
        for attack in ATTACKS:
            queue = context.Queue()
            attackers = [
                context.Process(
                    target=_attacker,
                    args=(graphql, attacker.keys["traveler"], attack, args.seconds, i, queue),
                )
                for i in range(2)
            ]
            for started in attackers:
                started.start()
            rss: list[float] = []
            stop = threading.Event()
            sampler = threading.Thread(target=_sample, args=(server.pid, stop, rss))
            sampler.start()
            time.sleep(1.0)
            loaded = neighbour(graphql, key, listing, args.seconds - 2)
            reports = [queue.get() for _ in attackers]
            for finished in attackers:
                finished.join()
            stop.set()
            sampler.join()
            sent = sum(statuses[0] for statuses, _ in reports)
            errors = sum(statuses[1] for statuses, _ in reports)
            refused = [took for _, times in reports for took in times]
            answered = f"{_p(refused, 0.5):.2f} ms" if refused else "none"
            ratio = statistics.median(loaded) / statistics.median(unloaded)
            print(
                f"{attack:10} neighbour p50 {_p(loaded, 0.5):.2f} ms ({ratio:.2f}x unloaded), "
                f"p99 {_p(loaded, 0.99):.2f} ms; {sent} attacking requests, {errors} 5xx, "
                f"{len(refused)} refused 429 (p50 {answered}, seen by the attacker); "
                f"RSS {' '.join(f'{r:.0f}' for r in rss[:: max(1, len(rss) // 8)])} MB"
            )
        print(f"RSS at the end: {rss_mb(server.pid):.0f} MB")


if __name__ == "__main__":
    main()
