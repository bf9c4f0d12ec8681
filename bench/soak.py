"""`python -m bench.soak` (`make soak`: 30 minutes; CI: 60 s): mixed traffic against one
`travel serve` for a while, its memory sampled from /proc, and a verdict.

    python -m bench.soak --seconds 1800 [--db sqlite|postgres] [--rate 120] [--clients 8]

Traffic, paced at `--rate` requests a second over `--clients` connections: single listings,
filtered lists, the traveler's bookings, bookings (half with an Idempotency-Key) and their
cancellations, favorite toggles and lists, analytics. Exits non-zero on any 5xx or unanswered
request, a traceback in the service's log, an oversold date, or resident memory growing more
than `--max-growth-mb` between the end of the warm-up (the first fifth) and the end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import httpx

from bench.run import (
    count_bookings,
    free_port,
    fresh_database,
    rss_mb,
    seed,
    serve,
    system_url,
)

LISTING = "query ($id: ID!) { travelTour(id: $id) { id name price currency capacity rating } }"
LIST = """query ($filter: TravelListingFilterInput) {
  travelProperties(pagination: {take: 20}, filter: $filter) { id name pricePerNight location }
}"""
MY_BOOKINGS = "{ travelBookings(pagination: {take: 20}) { id referenceCode status checkIn } }"
BOOK = """mutation ($input: CreateTravelBookingInput!) {
  createTravelBooking(input: $input) { id referenceCode status }
}"""
CANCEL = "mutation ($id: ID!) { cancelTravelBooking(id: $id) { id status } }"
TOGGLE = "mutation ($id: ID!) { toggleTravelFavorite(targetType: PROPERTY, targetId: $id) }"
FAVORITES = "{ travelFavorites(pagination: {take: 20}) { id targetId } }"
OVERVIEW = "{ travelOverviewStats { totalBookings totalRevenue occupancyRate } }"
ANALYTICS = "{ travelAnalytics { categoryMix { category count } topProviders { id revenue } } }"


Action = Callable[[httpx.AsyncClient, random.Random], Awaitable[None]]


@dataclass
class Tally:
    """What the clients saw: per action and answer, and latencies."""

    answers: Counter[tuple[str, str]] = field(default_factory=Counter)  # (action, status/code)
    latency: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    failures: list[str] = field(default_factory=list)  # 5xx and unanswered, described
    requests: int = 0


class Traffic:
    """The mixed workload of one seeded workspace."""

    def __init__(self, url: str, seeded: Any, tally: Tally) -> None:
        self.url = url
        self.keys = seeded.keys
        self.tours = seeded.contention_tours
        self.properties = seeded.listing_ids["PROPERTY"]
        self.tally = tally
        self.mine: list[str] = []  # bookings to cancel
        self.actions: list[
            tuple[int, Callable[[httpx.AsyncClient, random.Random], Awaitable[None]]]
        ]
        self.actions = [
            (25, self.read_listing),
            (20, self.list_listings),
            (10, self.my_bookings),
            (15, self.book),
            (5, self.cancel),
            (10, self.toggle_favorite),
            (5, self.favorites),
            (10, self.analytics),
        ]

    async def one(self, http: httpx.AsyncClient, rng: random.Random) -> None:
        weights = [w for w, _ in self.actions]
        _, action = rng.choices(self.actions, weights)[0]
        await action(http, rng)

    async def call(
        self,
        http: httpx.AsyncClient,
        action: str,
        who: str,
        query: str,
        variables: dict[str, Any] | None = None,
        key: str | None = None,
    ) -> Any:
        headers = {"Authorization": f"Bearer {self.keys[who]}"}
        if key is not None:
            headers["Idempotency-Key"] = key
        started = time.perf_counter()
        self.tally.requests += 1
        try:
            response = await http.post(
                self.url, json={"query": query, "variables": variables or {}}, headers=headers
            )
        except httpx.HTTPError as exc:
            self.tally.answers[(action, "no answer")] += 1
            self.tally.failures.append(f"{action}: no answer: {exc!r}")
            return None
        self.tally.latency[action].append(time.perf_counter() - started)
        body = response.json()
        codes = sorted({e["extensions"]["code"] for e in body.get("errors", [])})
        self.tally.answers[(action, f"{response.status_code} {' '.join(codes) or 'OK'}")] += 1
        if response.status_code >= 500:
            self.tally.failures.append(f"{action}: {response.status_code} {body}")
        return body.get("data")

    async def read_listing(self, http: httpx.AsyncClient, rng: random.Random) -> None:
        await self.call(http, "listing", "traveler", LISTING, {"id": str(rng.choice(self.tours))})

    async def list_listings(self, http: httpx.AsyncClient, rng: random.Random) -> None:
        city = rng.choice(("Lisbon", "Porto", "Kyoto", "Oslo"))
        low = rng.randint(20, 200)
        variables = {"filter": {"location": city, "minPrice": str(low)}}
        await self.call(http, "list", "traveler", LIST, variables)

    async def my_bookings(self, http: httpx.AsyncClient, rng: random.Random) -> None:
        await self.call(http, "my bookings", "booker", MY_BOOKINGS)

    async def book(self, http: httpx.AsyncClient, rng: random.Random) -> None:
        day = date.today() + timedelta(days=rng.randint(30, 400))
        booking: dict[str, Any] = {"targetType": "TOUR", "targetId": str(rng.choice(self.tours))}
        booking |= {"checkIn": day.isoformat(), "guests": rng.randint(1, 3)}
        key = uuid.uuid4().hex if rng.random() < 0.5 else None
        made = await self.call(http, "book", "booker", BOOK, {"input": booking}, key)
        if made and made.get("createTravelBooking"):
            self.mine.append(made["createTravelBooking"]["id"])

    async def cancel(self, http: httpx.AsyncClient, rng: random.Random) -> None:
        if self.mine:
            booking = self.mine.pop(rng.randrange(len(self.mine)))
            await self.call(http, "cancel", "booker", CANCEL, {"id": booking})

    async def toggle_favorite(self, http: httpx.AsyncClient, rng: random.Random) -> None:
        listing = str(rng.choice(self.properties[:50]))
        await self.call(http, "favorite", "traveler", TOGGLE, {"id": listing})

    async def favorites(self, http: httpx.AsyncClient, rng: random.Random) -> None:
        await self.call(http, "favorites", "traveler", FAVORITES)

    async def analytics(self, http: httpx.AsyncClient, rng: random.Random) -> None:
        await self.call(http, "analytics", "admin", rng.choice((OVERVIEW, ANALYTICS)))


@dataclass
class Sample:
    elapsed: float
    rss_mb: float
    requests: int


async def drive(
    traffic: Traffic, pid: int, seconds: float, rate: float, clients: int, every: float
) -> list[Sample]:
    """Run the clients, paced to `rate` in all, sampling the server's RSS every `every` s."""
    started = time.monotonic()
    stop_at = started + seconds
    samples = [Sample(0.0, rss_mb(pid), 0)]
    interval = clients / rate

    async def client(n: int, http: httpx.AsyncClient) -> None:
        rng = random.Random(n)
        next_at = time.monotonic() + rng.random() * interval
        while time.monotonic() < stop_at:
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            next_at += interval
            await traffic.one(http, rng)

    async def sampler() -> None:
        while time.monotonic() < stop_at:
            await asyncio.sleep(min(every, max(0.0, stop_at - time.monotonic())))
            elapsed = time.monotonic() - started
            samples.append(Sample(elapsed, rss_mb(pid), traffic.tally.requests))

    limits = httpx.Limits(max_connections=clients)
    async with httpx.AsyncClient(timeout=30, limits=limits) as http:
        await asyncio.gather(sampler(), *(client(n, http) for n in range(clients)))
    return samples


def report(samples: list[Sample], tally: Tally, warm_up: float) -> float:
    """Print memory over time and the answers; return the growth after warm-up (MB)."""
    print("\nmemory over time (travel serve's resident set)")
    print(f"{'elapsed s':>10} {'RSS MB':>8} {'requests':>9} {'req/s':>7}")
    previous = samples[0]
    for sample in samples:
        span = sample.elapsed - previous.elapsed
        per_second = (sample.requests - previous.requests) / span if span else 0.0
        marker = "  (warm-up ends)" if previous.elapsed < warm_up <= sample.elapsed else ""
        print(
            f"{sample.elapsed:10.0f} {sample.rss_mb:8.1f} {sample.requests:9d} "
            f"{per_second:7.1f}{marker}"
        )
        previous = sample
    settled = [s for s in samples if s.elapsed >= warm_up]
    growth = settled[-1].rss_mb - settled[0].rss_mb if settled else 0.0

    print("\nanswers (action, HTTP status and error codes)")
    for (action, answer), count in sorted(tally.answers.items()):
        print(f"  {action:<12} {answer:<28} {count:8d}")
    print("\nlatency ms (p50 / p99 / max)")
    for action, took in sorted(tally.latency.items()):
        ordered = sorted(took)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        print(
            f"  {action:<12} {statistics.median(ordered) * 1000:7.1f} "
            f"{p99 * 1000:7.1f} {ordered[-1] * 1000:7.1f}"
        )
    return growth


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1800)
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--rate", type=float, default=120, help="requests a second, in all")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--sample", type=float, default=0, help="seconds (default: 1/20 run)")
    parser.add_argument("--max-growth-mb", type=float, default=40)
    args = parser.parse_args()
    every = args.sample or max(1.0, args.seconds / 20)
    warm_up = args.seconds / 5

    url = fresh_database(args.db, "soak")
    print(f"soak: {args.seconds:.0f} s of mixed traffic at {args.rate:g} req/s on {args.db}")
    seeded = asyncio.run(seed(url, listings=500, bookings=5_000, big=0))["main"]
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRAVEL_")}
    env.update(
        TRAVEL_DATABASE_URL=url,
        TRAVEL_SYSTEM_DATABASE_URL=system_url(url) or "",
        TRAVEL_METRICS_PORT="0",
    )
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "serve.log"
        with log.open("w") as out:
            server = subprocess.Popen(serve(port), env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            _wait_until_serving(port, server)
            tally = Tally()
            traffic = Traffic(f"http://127.0.0.1:{port}/workspaces/graphql", seeded, tally)
            samples = asyncio.run(
                drive(traffic, server.pid, args.seconds, args.rate, args.clients, every)
            )
        finally:
            server.terminate()
            server.wait(timeout=30)
        tracebacks = log.read_text().count("Traceback")
    growth = report(samples, tally, warm_up)
    _, oversold = count_bookings(url, seeded.contention_tours)

    problems = tally.failures[:10]
    if tracebacks:
        problems.append(f"{tracebacks} traceback(s) in the service's log")
    if oversold:
        problems.append(f"{oversold} tour date(s) sold beyond capacity")
    if growth > args.max_growth_mb:
        problems.append(f"memory grew {growth:.1f} MB after warm-up (bound {args.max_growth_mb:g})")
    print(
        f"\nsoak: {tally.requests} requests, {len(tally.failures)} 5xx or unanswered, "
        f"memory {samples[0].rss_mb:.0f} -> {samples[-1].rss_mb:.0f} MB "
        f"(+{growth:.1f} MB after warm-up, bound {args.max_growth_mb:g}), "
        f"{oversold} oversold: {'FAILED' if problems else 'ok'}"
    )
    for problem in problems:
        print(f"  {problem}", file=sys.stderr)
    return 1 if problems else 0


def _wait_until_serving(port: int, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if server.poll() is not None:
            raise SystemExit("soak: travel serve exited at start")
        time.sleep(0.1)
    raise SystemExit("soak: travel serve did not start")


if __name__ == "__main__":
    sys.exit(main())
