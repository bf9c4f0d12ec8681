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
from collections.abc import Sequence
from contextlib import contextmanager
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import httpx
import orjson
from sqlalchemy import func, make_url, select, text

from bench import cpu, executor, openloop, wrk
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


def fresh_database(kind: str, name: str = "bench") -> str:
    """An empty database for the run: a new SQLite file, or PostgreSQL's travel_<name>."""
    if kind == "sqlite":
        RESULTS.mkdir(parents=True, exist_ok=True)
        path = RESULTS / f"{name}.db"
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        return f"sqlite:///{path}"
    app_url = (
        subprocess.run(
            [str(ROOT / "scripts" / "postgres.sh")], capture_output=True, text=True, check=True
        )
        .stdout.strip()
        .splitlines()[-1]
    )
    url = app_url.rsplit("/", 1)[0] + f"/travel_{name}"
    asyncio.run(recreate_database(system_url(app_url) or app_url, f"travel_{name}"))
    return url


def system_url(url: str) -> str | None:
    """The system role's URL for the same database (PostgreSQL): the role scripts/postgres.sh
    creates (docs/decisions/0072-database-roles.md); None on SQLite."""
    if not url.startswith("postgres"):
        return None
    return (
        make_url(url)
        .set(username="travel_system", password="travel_system")
        .render_as_string(hide_password=False)
    )


def bench_databases(url: str) -> Databases:
    return Databases(url, pool_size=2, system_url=system_url(url))


async def recreate_database(admin_url: str, database: str, template: str | None = None) -> None:
    """Drop `database` and create it anew: empty, or a copy of `template`."""
    from sqlalchemy.ext.asyncio import create_async_engine

    engine = create_async_engine(async_url(admin_url), isolation_level="AUTOCOMMIT")
    copy = "" if template is None else f" TEMPLATE {template}"
    async with engine.connect() as conn:
        await conn.execute(text(f"DROP DATABASE IF EXISTS {database}"))
        await conn.execute(text(f"CREATE DATABASE {database}{copy}"))
    await engine.dispose()


async def seed(url: str, listings: int, bookings: int, big: int) -> dict[str, Any]:
    databases = bench_databases(url)
    try:
        await migrate.upgrade(databases.main)
        started = time.perf_counter()
        main = await seed_workspace(databases, listings=listings, bookings=bookings)
        for _ in range(2):  # neighbours: the main workspace never sees them
            await seed_workspace(databases, listings=listings // 10, bookings=bookings // 10)
        big_ws = await seed_workspace(databases, listings=1000, bookings=big) if big else None
        if databases.main.dialect == "postgresql":
            # A bulk load leaves work behind (statistics, hint bits, the visibility map, dirty
            # pages) that autovacuum and the checkpointer would do during the first scenarios,
            # their CPU counted as the database's; a production database has it done. As the
            # system role: VACUUM skips (with a warning) the tables a role does not own, and the
            # application role owns none (decision 0072); CHECKPOINT needs pg_checkpoint
            # (granted by scripts/postgres.sh).
            async with databases.main.system.connect() as conn:
                settled = await conn.execution_options(isolation_level="AUTOCOMMIT")
                await settled.execute(text("VACUUM (ANALYZE)"))
                await settled.execute(text("CHECKPOINT"))
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
        TRAVEL_SYSTEM_DATABASE_URL=system_url(url) or "",
        # Quotas stay on and are counted; a 1 s window keeps them from being the bottleneck.
        TRAVEL_RATE_LIMIT_WINDOW_SECONDS="1",
        TRAVEL_FAST_PATH="1" if fast else "0",
        # Metrics are still counted on every request; only the scrape port is not opened, so
        # that several services can run side by side.
        TRAVEL_METRICS_PORT="0",
    )
    return env


def count_bookings(url: str, tours: list[uuid.UUID]) -> tuple[int, int]:
    """(confirmed bookings on `tours`, listing-dates sold beyond capacity)."""

    async def run() -> tuple[int, int]:
        databases = bench_databases(url)
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


def workspace_scope(url: str, ws: BenchWorkspace) -> str | None:
    """The workspace's signed scope, from the secret the system role reads (PostgreSQL; the
    floor sets it as the service does, travel.db.scope); None on SQLite."""
    if not url.startswith("postgres"):
        return None

    async def run() -> str:
        databases = bench_databases(url)
        try:
            assert databases.main.scope is not None
            return await databases.main.scope.token(ws.workspace_id)
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
                "workspace_scope": workspace_scope(url, ws),
                "traveler_id": str(ws.members["traveler"]),
                "booker_id": str(ws.members["booker"]),
                "admin_id": str(ws.members["admin"]),
                "single_id": str(ws.listing_ids["PROPERTY"][0]),
            }
        )
    )
    return path


def serve(port: int, workers: int = 1) -> list[str]:
    travel = str(Path(sys.executable).with_name("travel"))
    command = [travel, "serve", "--port", str(port), "--web-port", str(port)]
    return [*command, "--workers", str(workers)] if workers > 1 else command


def base(config: Path, port: int) -> list[str]:
    return [sys.executable, "-m", "bench.baseline", str(config), str(port)]


def floor(config: Path, port: int) -> list[str]:
    return [sys.executable, "-m", "bench.floor", str(config), str(port)]


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
    pids: list[int],
    connections: int | None = None,
) -> dict[str, Any]:
    """wrk against one target, with the CPU it cost (server, database, rest of the machine)."""
    postgres = args.database == "postgres"
    before = cpu.snapshot(pids, postgres=postgres)
    result = wrk.run(
        url, script, connections=connections or args.connections, duration=args.duration
    )
    used = cpu.usage(before, cpu.snapshot(pids, postgres=postgres), result.requests)
    print(
        f"  {name:<34} {target:<12} {result.requests_per_second:>9.0f} req/s  "
        f"p50 {result.p50_ms:>7.2f} ms  p99 {result.p99_ms:>7.2f} ms  errors {result.errors}  "
        f"cpu {used.server_us_per_request:>6.0f} us/req (+db {used.database_us_per_request:.0f})"
        f"  rest {used.rest_of_machine_cores:.2f} cores",
        flush=True,
    )
    return row(name, target, result, **used.as_dict())


Cell = tuple[str, str, str | None, list[int]]
"""One target of a scenario: its name, URL, the API key it takes (None: none) and its pids."""


def rounds(
    name: str,
    cells: list[Cell],
    body: str,
    args: argparse.Namespace,
) -> list[dict[str, Any]]:
    """Each target driven `--rounds` times, the targets taking turns
    round after round (so that a drift of the machine — autovacuum, a neighbour — falls on all
    of them alike); per target the round with the median req/s is kept, with the req/s of every
    round beside it."""
    runs: dict[str, list[dict[str, Any]]] = {target: [] for target, *_ in cells}
    for _ in range(args.rounds):
        for target, url, key, pids in cells:
            runs[target].append(drive(name, url, wrk.fixed_script(body, key), args, target, pids))
    kept = []
    for target, rows in runs.items():
        ordered = sorted(rows, key=lambda r: r["requests_per_second"])
        median = dict(ordered[len(ordered) // 2])
        median["rounds"] = [round(r["requests_per_second"]) for r in rows]
        kept.append(median)
        if args.rounds > 1:
            print(
                f"  {name:<34} {target:<12} median of {args.rounds}: "
                f"{median['requests_per_second']:.0f} req/s (rounds: "
                f"{', '.join(str(n) for n in median['rounds'])})",
                flush=True,
            )
    return kept


def same_answer(name: str, service: str, key: str, other: str, body: bytes) -> None:
    """Refuse to compare with a target that answers differently: the floor and the baseline
    must give the service's answer (as JSON; key order and spacing aside), or the ratio means
    nothing. Every listing of a page is compared, so a read that finds nothing fails too."""
    headers = {"Content-Type": "application/json"}
    theirs = httpx.post(other, content=body, headers=headers, timeout=30)
    ours = httpx.post(service, content=body, headers={**headers, "Authorization": f"Bearer {key}"})
    if theirs.status_code != 200 or orjson.loads(theirs.content) != orjson.loads(ours.content):
        raise SystemExit(
            f"{name}: {other} answers differently from the service:\n"
            f"  {theirs.status_code} {theirs.text[:300]}\n  {ours.status_code} {ours.text[:300]}"
        )


def bench_database(kind: str, args: argparse.Namespace) -> dict[str, Any]:
    args = argparse.Namespace(**vars(args), database=kind)  # what every cell below runs on
    print(
        f"== {kind}: seeding {args.listings} listings, {args.bookings} bookings"
        f" (+{args.big_bookings} in an analytics workspace)",
        flush=True,
    )
    url = fresh_database(kind)
    seeded = asyncio.run(seed(url, args.listings, args.bookings, args.big_bookings))
    main: BenchWorkspace = seeded["main"]
    big: BenchWorkspace | None = seeded["big"]
    report: dict[str, Any] = {"database": kind, "rows": [], "latency": [], "workers": []}
    ports = {name: free_port() for name in ("fast", "standard", "baseline", "floor", "big")}
    config = baseline_config(url, main)
    env = service_env(url, True)
    with (
        process(serve(ports["fast"]), env, gql(ports["fast"])) as (svc, cold),
        process(
            base(config, ports["baseline"]), env, f"http://127.0.0.1:{ports['baseline']}/ping"
        ) as (baseline_process, _),
        process(floor(config, ports["floor"]), env, f"http://127.0.0.1:{ports['floor']}/ping") as (
            floor_process,
            _,
        ),
        optional(
            args.graphql_core,
            lambda: process(
                serve(ports["standard"]), service_env(url, False), gql(ports["standard"])
            ),
        ) as standard,
    ):
        time.sleep(1)
        report["cold_start_s"] = round(cold, 2)
        report["idle_rss_mb"] = round(rss_mb(svc.pid), 1)
        print(f"  cold start {cold:.2f} s, idle RSS {report['idle_rss_mb']} MB", flush=True)
        pids = {
            "service": [svc.pid],
            "baseline": [baseline_process.pid],
            "floor": [floor_process.pid],
        }
        scenarios = read_scenarios(str(main.listing_ids["PROPERTY"][0])) + analytics_scenarios()
        for scenario in [s for s in scenarios if wanted(args, s.name)]:
            key = main.keys[scenario.role]
            body = scenario.body.decode()
            cells: list[Cell] = []
            for target, port in [("baseline", ports["baseline"]), ("floor", ports["floor"])]:
                if target == "floor" and not scenario.floor:
                    continue
                endpoint = f"http://127.0.0.1:{port}{scenario.baseline_path}"
                same_answer(scenario.name, gql(ports["fast"]), key, endpoint, scenario.body)
                cells.append((target, endpoint, None, pids[target]))
            cells.append(("service", gql(ports["fast"]), key, pids["service"]))
            if standard is not None and scenario.read:
                cells.append(("graphql-core", gql(ports["standard"]), key, [standard[0].pid]))
            rows = rounds(scenario.name, cells, body, args)
            report["rows"] += rows
            service = next(r for r in rows if r["target"] == "service")
            if scenario.name in LATENCY_SCENARIOS:
                report["latency"].append(
                    half_rate_latency(
                        scenario.name, gql(ports["fast"]), [scenario.body], key, service, args
                    )
                )
        if wanted(args, "createTravelBooking contention"):
            booked = contention(url, main, ports, pids, args)
            report["rows"] += booked
            # The booking at half its peak too, on two tours as fresh as the contention's were
            # (the rounds filled those: each "places taken" read grows with them), every date.
            bodies = [
                (BOOKING_TEMPLATE % (tour, day)).encode()
                for tour in main.constant_rate_tours
                for day in booking_dates()
            ]
            service = next(r for r in booked if r["target"] == "service")
            report["latency"].append(
                half_rate_latency(
                    "createTravelBooking contention",
                    gql(ports["fast"]),
                    bodies,
                    main.keys["booker"],
                    service,
                    args,
                )
            )
    if args.workers > 1:
        report["workers"] = two_workers(url, main, args)
    if big is not None:
        report["rows"] += big_analytics(url, big, args)
    return report


LATENCY_SCENARIOS = ("travelProperties 50 + providers",)


def half_rate_latency(
    name: str,
    url: str,
    bodies: list[bytes],
    key: str | None,
    peak: dict[str, Any],
    args: argparse.Namespace,
) -> dict[str, Any]:
    """p50/p99 at half the peak rate wrk measured, from a constant-rate client."""
    rate = max(peak.get("bookings_per_second", peak["requests_per_second"]) / 2, 1.0)
    return constant_rate_latency(
        name, "half rate", url, bodies, key, rate, args.duration, args.connections
    )


def constant_rate_latency(
    name: str,
    label: str,
    url: str,
    bodies: list[bytes],
    key: str | None,
    rate: float,
    duration: float,
    connections: int = 32,
) -> dict[str, Any]:
    """p50/p99 of `bodies` sent at `rate` a second (bench.openloop), printed and returned."""
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    result = asyncio.run(
        openloop.run(url, bodies, headers, rate=rate, duration=duration, connections=connections)
    )
    print(
        f"  {name:<34} {label:<12} {rate:>9.0f} req/s  "
        f"p50 {result.p50_ms:>7.2f} ms  p99 {result.p99_ms:>7.2f} ms  errors {result.errors}",
        flush=True,
    )
    return {"scenario": name, **result.as_dict()}


def two_workers(url: str, ws: BenchWorkspace, args: argparse.Namespace) -> list[dict[str, Any]]:
    """The connectivity check and a 50-item list with one worker process and with more."""
    rows = []
    scenarios = [
        s for s in read_scenarios(str(ws.listing_ids["PROPERTY"][0])) if s.name in WORKER_SCENARIOS
    ]
    for workers in (1, args.workers):
        port = free_port()
        with process(serve(port, workers), service_env(url, True), gql(port)) as (svc, _):
            time.sleep(1)
            for scenario in scenarios:
                body = scenario.body.decode()
                result = drive(
                    f"{scenario.name} ({workers} worker{'s' if workers > 1 else ''})",
                    gql(port),
                    wrk.fixed_script(body, ws.keys[scenario.role]),
                    args,
                    "service",
                    [svc.pid],
                )
                rows.append({**result, "workers": workers, "base_scenario": scenario.name})
    return rows


WORKER_SCENARIOS = ("connectivity check", "travelProperties 50 + providers")


@contextmanager
def optional(enabled: bool, start: Any) -> Any:
    if not enabled:
        yield None
        return
    with start() as started:
        yield started


def booking_script(key: str | None, tours: Sequence[uuid.UUID]) -> str:
    """wrk's script booking `tours` on `booking_dates`, as `key` (None: the floor, no key)."""
    return wrk.booking_script(BOOKING_TEMPLATE, key, [str(t) for t in tours], booking_dates())


def booking_dates() -> list[str]:
    """The ten dates the booking scenario books (tomorrow on)."""
    return [(date.today() + timedelta(days=d)).isoformat() for d in range(1, 11)]


def contention(
    url: str,
    ws: BenchWorkspace,
    ports: dict[str, int],
    pids: dict[str, list[int]],
    args: argparse.Namespace,
) -> list[dict[str, Any]]:
    """createTravelBooking from 32 clients on two tours per target (each its own tours)."""
    rows = []
    tours = ws.contention_tours
    for target, endpoint, own, key in (
        ("floor", f"http://127.0.0.1:{ports['floor']}/book", tours[4:6], None),
        ("baseline", f"http://127.0.0.1:{ports['baseline']}/book", tours[2:4], None),
        ("service", gql(ports["fast"]), tours[:2], ws.keys["booker"]),
    ):
        script = booking_script(key, own)
        postgres = args.database == "postgres"
        before = cpu.snapshot(pids[target], postgres=postgres)
        result = wrk.run(endpoint, script, connections=args.connections, duration=args.duration)
        made, oversold = count_bookings(url, own)
        used = cpu.usage(before, cpu.snapshot(pids[target], postgres=postgres), made)
        per_second = made / args.duration
        print(
            f"  {'createTravelBooking (32 clients)':<34} {target:<12} {per_second:>9.0f} bookings/s"
            f"  p50 {result.p50_ms:>7.2f} ms  p99 {result.p99_ms:>7.2f} ms  oversold {oversold}"
            f"  cpu {used.server_us_per_request:>6.0f} us/booking"
            f" (+db {used.database_us_per_request:.0f})",
            flush=True,
        )
        rows.append(
            row(
                "createTravelBooking contention",
                target,
                result,
                bookings_per_second=round(per_second, 1),
                oversold=oversold,
                **used.as_dict(),
            )
        )
    return rows


def big_analytics(url: str, big: BenchWorkspace, args: argparse.Namespace) -> list[dict[str, Any]]:
    port, bport = free_port(), free_port()
    rows = []
    with (
        process(serve(port), service_env(url, True), gql(port)) as (svc, _),
        process(
            base(baseline_config(url, big), bport),
            service_env(url, True),
            f"http://127.0.0.1:{bport}/ping",
        ) as (baseline_process, _),
    ):
        for scenario in [s for s in analytics_scenarios() if wanted(args, s.name)]:
            name = f"{scenario.name} ({args.big_bookings // 1000}k bookings)"
            body = scenario.body.decode()
            endpoint = f"http://127.0.0.1:{bport}{scenario.baseline_path}"
            script = wrk.fixed_script(body, None)
            rows.append(drive(name, endpoint, script, args, "baseline", [baseline_process.pid], 4))
            script = wrk.fixed_script(body, big.keys["admin"])
            rows.append(drive(name, gql(port), script, args, "service", [svc.pid], 4))
    return rows


def _ratio(part: float, whole: float) -> str:
    return f"{part / whole:.0%}" if whole else "—"


def _cells(targets: dict[str, dict[str, Any]]) -> list[str]:
    s, b, f = targets["service"], targets.get("baseline"), targets.get("floor")
    metric = "bookings_per_second" if "bookings_per_second" in s else "requests_per_second"
    extra = f" (oversold {s['oversold']})" if "oversold" in s else ""
    floor_rate = f"{f[metric]:.0f}" if f else "—"
    base_rate = f"{b[metric]:.0f}" if b else "—"
    service_cpu = f"{s['server_us_per_request']:.0f} + {s['database_us_per_request']:.0f}"
    floor_cpu = (
        f"{f['server_us_per_request']:.0f} + {f['database_us_per_request']:.0f}" if f else "—"
    )
    rest = max(t["rest_of_machine_cores"] for t in targets.values())
    return [
        floor_rate,
        f"{s[metric]:.0f}{extra}",
        _ratio(s[metric], f[metric]) if f else "—",
        base_rate,
        _ratio(s[metric], b[metric]) if b else "—",
        service_cpu,
        floor_cpu,
        f"{s['p50_ms']:.2f} / {s['p99_ms']:.2f}",
        f"{rest:.2f}",
        str(s["errors"]),
    ]


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
        "floor/s",
        "service/s",
        "service÷floor",
        "baseline/s",
        "service÷baseline",
        "service CPU µs/req (+db)",
        "floor CPU µs/req (+db)",
        "service p50 / p99 ms",
        "rest of machine (cores)",
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
            if "service" in targets:
                print("| " + " | ".join([name, *_cells(targets)]) + " |")
        for r in report["latency"]:
            print(
                f"\nconstant rate at half the peak ({r['rate']:.0f}/s), {r['scenario']}: "
                f"p50 {r['p50_ms']} ms, p99 {r['p99_ms']} ms, errors {r['errors']}"
            )
        if report["workers"]:
            print("\n| scenario | workers | service/s | CPU µs/req |")
            print("|---|---|---|---|")
            for r in report["workers"]:
                print(
                    f"| {r['base_scenario']} | {r['workers']} | {r['requests_per_second']:.0f} | "
                    f"{r['server_us_per_request']:.0f} |"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", default="sqlite,postgres", help="sqlite, postgres or both")
    parser.add_argument("--duration", type=int, default=10, help="seconds per wrk run")
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="wrk runs per read scenario and target, taking turns; the median is reported",
    )
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
        "--workers", type=int, default=2, help="also run the service with this many workers"
    )
    parser.add_argument(
        "--graphql-core",
        action="store_true",
        help="also run the service on graphql-core's executor (the compiled path's comparison)",
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
