"""`python -m bench.booking [--db sqlite|postgres] [--seconds N] [--rounds N]`: the booking
alone, the service against the floor, with where each one's CPU goes.

Seeds the benchmark's database (smaller by default), starts `travel serve` (one worker,
everything on) and bench.floor side by side, and in each round has wrk's 32 connections book
for N seconds, first on the floor's own two contention tours and then on the service's (each
round on tours the earlier rounds filled a little more: every "places taken" read grows). Per
booking it prints user and system CPU of the process and its voluntary and involuntary
context switches (all threads, from /proc), beside bookings/s and oversold dates — the figures
of decision 0084, where a thread hop or a lock held over one shows in the context switches
before it shows in the rate. On SQLite it also prints the log's (`-wal`) size.
"""

from __future__ import annotations

import argparse
import asyncio
from dataclasses import dataclass
from pathlib import Path

from bench import cpu, wrk
from bench.run import (
    baseline_config,
    booking_dates,
    booking_script,
    constant_rate_latency,
    count_bookings,
    floor,
    free_port,
    fresh_database,
    gql,
    process,
    seed,
    serve,
    service_env,
)
from bench.scenarios import BOOKING_TEMPLATE

TICK_US = cpu.TICK * 1_000_000


@dataclass(frozen=True)
class Sample:
    user: int  # clock ticks
    system: int
    voluntary: int  # context switches, all threads
    involuntary: int

    @classmethod
    def of(cls, pid: int) -> Sample:
        voluntary = involuntary = 0
        for task in Path(f"/proc/{pid}/task").iterdir():
            for line in (task / "status").read_text().splitlines():
                name, _, value = line.partition(":")
                if name == "voluntary_ctxt_switches":
                    voluntary += int(value)
                elif name == "nonvoluntary_ctxt_switches":
                    involuntary += int(value)
        return cls(*cpu.process_ticks(pid), voluntary, involuntary)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--listings", type=int, default=2_000)
    parser.add_argument("--bookings", type=int, default=10_000)
    parser.add_argument(
        "--rate",
        type=float,
        action="append",
        default=[],
        help="after the rounds, book at this constant rate on a tour no round booked and print "
        "the service's p50/p99 (bench.openloop; up to two rates, a tour each)",
    )
    args = parser.parse_args()
    url = fresh_database(args.db)
    ws = asyncio.run(seed(url, args.listings, args.bookings, 0))["main"]
    tours = ws.contention_tours
    env = service_env(url, True)
    service_port, floor_port = free_port(), free_port()
    floor_url = f"http://127.0.0.1:{floor_port}"
    with (
        process(serve(service_port), env, gql(service_port)) as (service, _),
        process(floor(baseline_config(url, ws), floor_port), env, f"{floor_url}/ping") as (
            bare,
            _,
        ),
    ):
        for round_ in range(1, args.rounds + 1):
            for name, pid, endpoint, own, key in (
                ("floor", bare.pid, f"{floor_url}/book", tours[4:6], None),
                ("service", service.pid, gql(service_port), tours[:2], ws.keys["booker"]),
            ):
                script = booking_script(key, own)
                made_before, _ = count_bookings(url, own)
                before = Sample.of(pid)
                wrk.run(endpoint, script, connections=32, duration=args.seconds)
                after = Sample.of(pid)
                made, oversold = count_bookings(url, own)
                n = max(made - made_before, 1)
                log = ""
                if args.db == "sqlite":
                    wal = Path(url.removeprefix("sqlite:///") + "-wal")
                    log = f"  log {wal.stat().st_size / 1e6:.0f} MB" if wal.exists() else ""
                print(
                    f"round {round_} {name:<8} {n / args.seconds:7.0f} bookings/s"
                    f"  user {(after.user - before.user) * TICK_US / n:5.0f} µs"
                    f"  system {(after.system - before.system) * TICK_US / n:5.0f} µs"
                    f"  context switches {(after.voluntary - before.voluntary) / n:5.2f}"
                    f" + {(after.involuntary - before.involuntary) / n:4.2f} involuntary"
                    f" a booking  oversold {oversold}{log}",
                    flush=True,
                )
        for rate, tour in zip(args.rate, ws.constant_rate_tours, strict=False):
            bodies = [(BOOKING_TEMPLATE % (tour, day)).encode() for day in booking_dates()]
            constant_rate_latency(
                "createTravelBooking",
                "service",
                gql(service_port),
                bodies,
                ws.keys["booker"],
                rate,
                args.seconds,
            )


if __name__ == "__main__":
    main()
