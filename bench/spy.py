"""`python -m bench.spy [--db postgres|sqlite] [--only NAME] [--seconds N]`: where the
service's CPU goes under load, sampled by py-spy from outside the process.

Seeds the benchmark's database (smaller by default), starts `travel serve` (one worker,
everything on, as `bench.run` does), drives one scenario with wrk (32 connections) while
`py-spy record` samples the server, and prints the functions with the most samples — inclusive
(the function and what it calls) and own — as shares of the server's busy samples, plus
req/s and server CPU per request. The raw stacks are kept (`bench/results/spy-*.txt`, the
collapsed format flame-graph tools read).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import subprocess
import sys
import time
from pathlib import Path

from bench import cpu, wrk
from bench.run import (
    RESULTS,
    booking_script,
    free_port,
    fresh_database,
    gql,
    process,
    seed,
    serve,
    service_env,
)
from bench.scenarios import read_scenarios

PY_SPY = str(Path(sys.executable).with_name("py-spy"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", default="postgres")
    parser.add_argument(
        "--only", default="connectivity", help="a scenario name's substring, or 'booking'"
    )
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--listings", type=int, default=2_000)
    parser.add_argument("--bookings", type=int, default=10_000)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument(
        "--native",
        action="store_true",
        help="also sample C/Cython frames (py-spy pauses the process for each sample)",
    )
    args = parser.parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    url = fresh_database(args.db)
    main_ws = asyncio.run(seed(url, args.listings, args.bookings, 0))["main"]
    if args.only == "booking":  # createTravelBooking on the contention tours, as bench.run
        name = "createTravelBooking"
        script = booking_script(main_ws.keys["booker"], main_ws.contention_tours)
    else:
        scenario = next(
            s
            for s in read_scenarios(str(main_ws.listing_ids["PROPERTY"][0]))
            if args.only.lower() in s.name.lower()
        )
        name = scenario.name
        script = wrk.fixed_script(scenario.body.decode(), main_ws.keys[scenario.role])
    port = free_port()
    stacks = RESULTS / f"spy-{args.db}-{time.strftime('%Y%m%dT%H%M%S')}.txt"
    with process(serve(port), service_env(url, True), gql(port)) as (svc, _):
        wrk.run(gql(port), script, connections=32, duration=2)  # warm up
        spy = subprocess.Popen(
            [
                PY_SPY,
                "record",
                "--pid",
                str(svc.pid),
                "--rate",
                "250",
                "--duration",
                str(args.seconds),
                "--format",
                "raw",
                *(["--native"] if args.native else ["--nonblocking"]),
                "--output",
                str(stacks),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(0.5)
        before = cpu.snapshot([svc.pid], postgres=args.db == "postgres")
        result = wrk.run(gql(port), script, connections=32, duration=args.seconds - 1)
        used = cpu.usage(
            before, cpu.snapshot([svc.pid], postgres=args.db == "postgres"), result.requests
        )
        spy.wait(timeout=args.seconds + 30)
    print(
        f"{name} on {args.db}: {result.requests_per_second:.0f} req/s, "
        f"server CPU {used.server_us_per_request:.0f} µs/request "
        f"(+ database {used.database_us_per_request:.0f})"
    )
    report(stacks, args.top)
    print(f"stacks: {stacks}")


def report(path: Path, top: int) -> None:
    """Inclusive and own shares per function from py-spy's collapsed stacks."""
    inclusive: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    total = 0
    for line in path.read_text().splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack:
            continue
        frames = [_short(f) for f in stack.split(";")]
        if frames and frames[-1].startswith(("select ", "_run_once")) and "epoll" in stack:
            continue  # the event loop waiting: not CPU
        count = int(count_text)
        total += count
        for frame in set(frames):
            inclusive[frame] += count
        own[frames[-1]] += count
    if not total:
        print("no samples")
        return
    print(f"\n{total} busy samples; inclusive share (function and what it calls):")
    for frame, count in inclusive.most_common(top):
        print(f"  {100 * count / total:5.1f}%  {frame}")
    print("\nown share:")
    for frame, count in own.most_common(top):
        print(f"  {100 * count / total:5.1f}%  {frame}")


def _short(frame: str) -> str:
    """`function (path/to/site-packages/pkg/module.py:12)` → `function (pkg/module.py)`."""
    name, _, where = frame.partition(" (")
    where = where.rstrip(")")
    for marker in ("site-packages/", "/src/", "/lib/python3.11/"):
        if marker in where:
            where = where.split(marker, 1)[1]
            break
    return f"{name} ({where.rsplit(':', 1)[0]})"


if __name__ == "__main__":
    main()
