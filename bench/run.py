"""`python -m bench.run` (or `make bench`): seed, start the service and a baseline, drive both
with wrk, print a table and write a JSON report. Never fails on timing."""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import httpx
import orjson
from sqlalchemy import func, select, text

from bench import executor, wrk
from bench.scenarios import BOOKING_TEMPLATE, analytics_scenarios, read_scenarios
from bench.seed import BenchWorkspace, seed_workspace
from travel.bookings.models import Booking
from travel.catalog.models import Listing
from travel.db import migrate
from travel.db.engine import async_url
from travel.db.registry import Databases
from travel.db.session import system_transaction

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def fresh_database(kind: str) -> str:
    """An empty database for the run: a new SQLite file, or PostgreSQL's travel_bench."""
    if kind == "sqlite":
        path = RESULTS / "bench.db"
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        return f"sqlite:///{path}"
    admin_url = (
        subprocess.run(
            [str(ROOT / "scripts" / "postgres.sh")], capture_output=True, text=True, check=True
        )
        .stdout.strip()
        .splitlines()[-1]
    )
    asyncio.run(_recreate(admin_url))
    return admin_url.rsplit("/", 1)[0] + "/travel_bench"


async def _recreate(admin_url: str) -> None:
    from sqlalchemy.ext.asyncio import create_async_engine

    engine = create_async_engine(async_url(admin_url), isolation_level="AUTOCOMMIT")
    async with engine.connect() as conn:
        await conn.execute(text("DROP DATABASE IF EXISTS travel_bench"))
        await conn.execute(text("CREATE DATABASE travel_bench"))
    await engine.dispose()


async def seed(url: str, listings: int, bookings: int, big: int) -> dict[str, Any]:
    databases = Databases(url, pool_size=2)
    try:
        await migrate.upgrade(databases.main)
        started = time.perf_counter()
        main = await seed_workspace(databases, listings=listings, bookings=bookings)
        for _ in range(2):  # neighbours: the main workspace never sees them
            await seed_workspace(databases, listings=listings // 10, bookings=bookings // 10)
        big_ws = await seed_workspace(databases, listings=1000, bookings=big) if big else None
        if databases.main.dialect == "postgresql":
            # A bulk load leaves work behind (statistics, hint bits, the visibility map) that
            # autovacuum would do during the first scenarios; a production database has it done.
            async with databases.main.writer.connect() as conn:
                settled = await conn.execution_options(isolation_level="AUTOCOMMIT")
                await settled.execute(text("VACUUM (ANALYZE)"))
        print(f"  seeded in {time.perf_counter() - started:.0f} s", flush=True)
        return {"main": main, "big": big_ws}
    finally:
        await databases.dispose()


@contextmanager
def process(args: list[str], env: dict[str, str], health: str) -> Any:
    started = time.perf_counter()
    proc = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):
            try:
                if httpx.post(health, content=b"{}", timeout=1).status_code < 500:
                    break
            except httpx.HTTPError:
                time.sleep(0.02)
        else:
            raise RuntimeError(f"{args[0]} did not start")
        yield proc, time.perf_counter() - started
    finally:
        proc.terminate()
        proc.wait(timeout=15)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def service_env(url: str, fast: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRAVEL_")}
    env.update(
        TRAVEL_DATABASE_URL=url,
        # Quotas stay on and are counted; a 1 s window keeps them from being the bottleneck.
        TRAVEL_RATE_LIMIT_WINDOW_SECONDS="1",
        TRAVEL_FAST_PATH="1" if fast else "0",
    )
    return env


def count_bookings(url: str, tours: list[uuid.UUID]) -> tuple[int, int]:
    """(confirmed bookings on `tours`, listing-dates sold beyond capacity)."""

    async def run() -> tuple[int, int]:
        databases = Databases(url, pool_size=1)
        try:
            async with system_transaction(databases.main) as session:
                made = await session.scalar(
                    select(func.count()).where(
                        Booking.listing_id.in_(tours), Booking.status == "CONFIRMED"
                    )
                )
                sold = (
                    select(
                        Booking.listing_id, Booking.check_in, func.sum(Booking.guests).label("sold")
                    )
                    .where(Booking.listing_id.in_(tours), Booking.status == "CONFIRMED")
                    .group_by(Booking.listing_id, Booking.check_in)
                    .subquery()
                )
                over = await session.scalar(
                    select(func.count())
                    .select_from(sold)
                    .join(Listing, Listing.id == sold.c.listing_id)
                    .where(sold.c.sold > Listing.capacity)
                )
            return int(made or 0), int(over or 0)
        finally:
            await databases.dispose()

    return asyncio.run(run())


def baseline_config(url: str, ws: BenchWorkspace) -> Path:
    path = RESULTS / f"baseline-{ws.workspace_id}.json"
    path.write_bytes(
        orjson.dumps(
            {
                "database_url": url,
                "workspace_id": str(ws.workspace_id),
                "traveler_id": str(ws.members["traveler"]),
                "booker_id": str(ws.members["booker"]),
                "admin_id": str(ws.members["admin"]),
                "single_id": str(ws.listing_ids["PROPERTY"][0]),
            }
        )
    )
    return path


def serve(port: int) -> list[str]:
    travel = str(Path(sys.executable).with_name("travel"))
    return [travel, "serve", "--port", str(port), "--web-port", str(port)]


def base(config: Path, port: int) -> list[str]:
    return [sys.executable, "-m", "bench.baseline", str(config), str(port)]


def gql(port: int) -> str:
    return f"http://127.0.0.1:{port}/workspaces/graphql"


def wanted(args: argparse.Namespace, scenario: str) -> bool:
    """Whether `--only` (substrings, comma-separated) selects the scenario; all by default."""
    picks = [p.strip().lower() for p in (args.only or "").split(",") if p.strip()]
    return not picks or any(p in scenario.lower() for p in picks)


def row(scenario: str, target: str, result: wrk.Result, **extra: Any) -> dict[str, Any]:
    return {"scenario": scenario, "target": target, **result.as_dict(), **extra}


def drive(
    name: str,
    url: str,
    script: str,
    args: argparse.Namespace,
    target: str,
    connections: int | None = None,
) -> dict[str, Any]:
    result = wrk.run(
        url, script, connections=connections or args.connections, duration=args.duration
    )
    print(
        f"  {name:<34} {target:<12} {result.requests_per_second:>9.0f} req/s  "
        f"p50 {result.p50_ms:>7.2f} ms  p99 {result.p99_ms:>7.2f} ms  errors {result.errors}",
        flush=True,
    )
    return row(name, target, result)


def bench_database(kind: str, args: argparse.Namespace) -> dict[str, Any]:
    print(
        f"== {kind}: seeding {args.listings} listings, {args.bookings} bookings"
        f" (+{args.big_bookings} in an analytics workspace)",
        flush=True,
    )
    url = fresh_database(kind)
    seeded = asyncio.run(seed(url, args.listings, args.bookings, args.big_bookings))
    main: BenchWorkspace = seeded["main"]
    big: BenchWorkspace | None = seeded["big"]
    report: dict[str, Any] = {"database": kind, "rows": []}
    ports = {name: free_port() for name in ("fast", "standard", "baseline", "big")}
    with (
        process(serve(ports["fast"]), service_env(url, True), gql(ports["fast"])) as (svc, cold),
        process(serve(ports["standard"]), service_env(url, False), gql(ports["standard"])),
        process(
            base(baseline_config(url, main), ports["baseline"]),
            service_env(url, True),
            f"http://127.0.0.1:{ports['baseline']}/ping",
        ),
    ):
        time.sleep(1)
        report["cold_start_s"] = round(cold, 2)
        report["idle_rss_mb"] = round(rss_mb(svc.pid), 1)
        print(f"  cold start {cold:.2f} s, idle RSS {report['idle_rss_mb']} MB", flush=True)
        scenarios = read_scenarios(str(main.listing_ids["PROPERTY"][0])) + analytics_scenarios()
        for scenario in [s for s in scenarios if wanted(args, s.name)]:
            key = main.keys[scenario.role]
            body = scenario.body.decode()
            report["rows"].append(
                drive(
                    scenario.name,
                    f"http://127.0.0.1:{ports['baseline']}{scenario.baseline_path}",
                    wrk.fixed_script(body, None),
                    args,
                    "baseline",
                )
            )
            report["rows"].append(
                drive(
                    scenario.name, gql(ports["fast"]), wrk.fixed_script(body, key), args, "service"
                )
            )
            if scenario.read:
                report["rows"].append(
                    drive(
                        scenario.name,
                        gql(ports["standard"]),
                        wrk.fixed_script(body, key),
                        args,
                        "graphql-core",
                    )
                )
        if wanted(args, "createTravelBooking contention"):
            report["rows"] += contention(url, main, ports, args)
    if big is not None:
        report["rows"] += big_analytics(url, big, args)
    return report


def contention(
    url: str, ws: BenchWorkspace, ports: dict[str, int], args: argparse.Namespace
) -> list[dict[str, Any]]:
    dates = [(date.today() + timedelta(days=d)).isoformat() for d in range(1, 11)]
    rows = []
    for target, endpoint, tours, key in (
        ("baseline", f"http://127.0.0.1:{ports['baseline']}/book", ws.contention_tours[2:], None),
        (
            "service",
            f"http://127.0.0.1:{ports['fast']}/workspaces/graphql",
            ws.contention_tours[:2],
            ws.keys["booker"],
        ),
    ):
        script = wrk.booking_script(BOOKING_TEMPLATE, key, [str(t) for t in tours], dates)
        result = wrk.run(endpoint, script, connections=args.connections, duration=args.duration)
        made, oversold = count_bookings(url, tours)
        per_second = made / args.duration
        print(
            f"  {'createTravelBooking (32 clients)':<34} {target:<12} {per_second:>9.0f} bookings/s"
            f"  p50 {result.p50_ms:>7.2f} ms  p99 {result.p99_ms:>7.2f} ms  oversold {oversold}",
            flush=True,
        )
        rows.append(
            row(
                "createTravelBooking contention",
                target,
                result,
                bookings_per_second=round(per_second, 1),
                oversold=oversold,
            )
        )
    return rows


def big_analytics(url: str, big: BenchWorkspace, args: argparse.Namespace) -> list[dict[str, Any]]:
    port, bport = free_port(), free_port()
    rows = []
    with (
        process(serve(port), service_env(url, True), gql(port)),
        process(
            base(baseline_config(url, big), bport),
            service_env(url, True),
            f"http://127.0.0.1:{bport}/ping",
        ),
    ):
        for scenario in [s for s in analytics_scenarios() if wanted(args, s.name)]:
            name = f"{scenario.name} ({args.big_bookings // 1000}k bookings)"
            body = scenario.body.decode()
            rows.append(
                drive(
                    name,
                    f"http://127.0.0.1:{bport}{scenario.baseline_path}",
                    wrk.fixed_script(body, None),
                    args,
                    "baseline",
                    connections=4,
                )
            )
            rows.append(
                drive(
                    name,
                    gql(port),
                    wrk.fixed_script(body, big.keys["admin"]),
                    args,
                    "service",
                    connections=4,
                )
            )
    return rows


def _cells(targets: dict[str, dict[str, Any]]) -> list[str]:
    b, s, g = targets["baseline"], targets["service"], targets.get("graphql-core")
    metric = "bookings_per_second" if "bookings_per_second" in s else "requests_per_second"
    ratio = f"{s[metric] / b[metric]:.0%}" if b[metric] else "—"
    extra = f" (oversold {s['oversold']})" if "oversold" in s else ""
    core = f"{g['requests_per_second']:.0f}" if g else "—"
    latency = f"{s['p50_ms']:.2f} / {s['p99_ms']:.2f}"
    return [f"{b[metric]:.0f}", f"{s[metric]:.0f}{extra}", ratio, core, latency, str(s["errors"])]


def print_executors(rows: list[dict[str, Any]]) -> None:
    print("\n### executors alone, in-memory data (`python -m bench.executor`)\n")
    print("| document | graphql-core/s | compiled/s | compiled/graphql-core |")
    print("|---|---|---|---|")
    for r in rows:
        ratio = r["compiled"] / r["graphql_core"]
        print(f"| {r['scenario']} | {r['graphql_core']:.0f} | {r['compiled']:.0f} | {ratio:.1f}x |")


def print_table(reports: list[dict[str, Any]]) -> None:
    head = [
        "scenario",
        "baseline/s",
        "service/s",
        "service/baseline",
        "graphql-core/s",
        "service p50 / p99 ms",
        "errors",
    ]
    for report in reports:
        print(
            f"\n### {report['database']}: cold start {report['cold_start_s']} s, "
            f"idle RSS {report['idle_rss_mb']} MB\n"
        )
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        by: dict[str, dict[str, dict[str, Any]]] = {}
        for r in report["rows"]:
            by.setdefault(r["scenario"], {})[r["target"]] = r
        for name, targets in by.items():
            print("| " + " | ".join([name, *_cells(targets)]) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", default="sqlite,postgres", help="sqlite, postgres or both")
    parser.add_argument("--duration", type=int, default=10, help="seconds per wrk run")
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--listings", type=int, default=10_000)
    parser.add_argument("--bookings", type=int, default=100_000)
    parser.add_argument(
        "--big-bookings",
        type=int,
        default=1_000_000,
        help="bookings of the analytics workspace (0: skip)",
    )
    parser.add_argument(
        "--only",
        default="",
        help="run only scenarios whose name contains one of these (comma-separated), "
        "e.g. 'createTravelBooking' or 'connectivity,travelTours'",
    )
    args = parser.parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    print("== executors alone, in-memory data (the issue's table's setting)", flush=True)
    executors = asyncio.run(executor.measure(3.0))
    reports = [bench_database(kind.strip(), args) for kind in args.db.split(",") if kind.strip()]
    print_table(reports)
    print_executors(executors)
    out = RESULTS / f"report-{time.strftime('%Y%m%dT%H%M%S')}.json"
    document = {"args": vars(args), "executors": executors, "reports": reports}
    out.write_bytes(orjson.dumps(document, option=orjson.OPT_INDENT_2))
    print(f"\nreport: {out}")


if __name__ == "__main__":
    main()
