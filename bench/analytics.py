"""`python -m bench.analytics [--db postgres|sqlite] [--bookings N]`: how long analytics take.

Seeds one workspace with N bookings (default 1,000,000 on PostgreSQL, 100,000 on SQLite) and a
neighbour with a tenth of that into a scratch database (PostgreSQL: `travel_bench_analytics`,
dropped and recreated; SQLite: bench/results/analytics.db), then times each analytics service
call in a read transaction, as a request makes it, and prints the median and p95 in ms. On
PostgreSQL it also prints EXPLAIN (ANALYZE, BUFFERS) of every statement each call runs. It
prints numbers and never fails on timing.

`--keep` leaves the seeded database in place and `--reuse` measures it again without seeding
(for trying a query change quickly).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import event, func, select, text
from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine

from bench.run import bench_databases, system_url
from bench.seed import seed_workspace
from travel.analytics import service
from travel.auth.identity import Principal
from travel.auth.models import Member
from travel.auth.permissions import Role, permissions_for
from travel.bookings.models import Booking
from travel.db import migrate
from travel.db.engine import async_url
from travel.db.registry import Databases
from travel.db.session import system_transaction, tenant_transaction
from travel.kernel.ids import MemberId, WorkspaceId

DATABASE = "travel_bench_analytics"
SQLITE_PATH = Path(__file__).resolve().parent / "results" / "analytics.db"
ADMIN_URL = "postgresql://travel:travel@127.0.0.1:5432/travel"  # its system role has CREATEDB
Call = Callable[[AsyncSession, Principal], Awaitable[Any]]


def calls(today: date) -> dict[str, Call]:
    """The measured service calls: each report of all time, of a month and of a whole year."""
    month = (today - timedelta(days=30), today)
    year = (today - timedelta(days=183), today + timedelta(days=183))
    return {
        "overview (all time)": lambda s, p: service.overview_stats(s, p, None, None),
        "overview (30-day window)": lambda s, p: service.overview_stats(s, p, *month),
        "overview (366-day window)": lambda s, p: service.overview_stats(s, p, *year),
        "analytics (all time)": lambda s, p: service.analytics(s, p, None, None),
        "analytics (30-day window)": lambda s, p: service.analytics(s, p, *month),
        "analytics (366-day window)": lambda s, p: service.analytics(s, p, *year),
    }


def database_url(kind: str, admin_url: str) -> str:
    if kind == "sqlite":
        return f"sqlite:///{SQLITE_PATH}"
    return admin_url.rsplit("/", 1)[0] + f"/{DATABASE}"


def remove_sqlite_file() -> None:
    SQLITE_PATH.parent.mkdir(parents=True, exist_ok=True)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{SQLITE_PATH}{suffix}").unlink(missing_ok=True)


async def fresh_database(kind: str, admin_url: str) -> str:
    """An empty scratch database: a new SQLite file, or PostgreSQL's travel_bench_analytics."""
    if kind == "sqlite":
        remove_sqlite_file()
        return database_url(kind, admin_url)
    engine = create_async_engine(
        async_url(system_url(admin_url) or admin_url), isolation_level="AUTOCOMMIT"
    )
    async with engine.connect() as conn:
        await conn.execute(text(f"DROP DATABASE IF EXISTS {DATABASE}"))
        await conn.execute(text(f"CREATE DATABASE {DATABASE}"))
    await engine.dispose()
    return database_url(kind, admin_url)


async def drop_database(admin_url: str) -> None:
    engine = create_async_engine(
        async_url(system_url(admin_url) or admin_url), isolation_level="AUTOCOMMIT"
    )
    async with engine.connect() as conn:
        await conn.execute(text(f"DROP DATABASE IF EXISTS {DATABASE}"))
    await engine.dispose()


def admin(workspace_id: WorkspaceId, member_id: uuid.UUID) -> Principal:
    roles = frozenset({Role.ADMIN})
    return Principal(
        workspace_id=workspace_id,
        member_id=MemberId(member_id),
        subject="bench-admin",
        roles=roles,
        permissions=permissions_for(roles),
        plan="enterprise",
        credential_id="bench",
    )


async def seed(databases: Databases, listings: int, bookings: int) -> Principal:
    """Migrate, seed the measured workspace and a small neighbour, and refresh statistics."""
    await migrate.upgrade(databases.main)
    started = time.perf_counter()
    ws = await seed_workspace(databases, listings=listings, bookings=bookings)
    # A neighbour, so that every query has to tell workspaces apart.
    await seed_workspace(databases, listings=listings // 10, bookings=bookings // 10)
    print(f"seeded {bookings:,} bookings in {time.perf_counter() - started:.0f} s", flush=True)
    await settle(databases)
    return admin(ws.workspace_id, ws.members["admin"])


async def settle(databases: Databases) -> None:
    """Refresh statistics, and on PostgreSQL vacuum now: measure a steady state, not the bulk
    load's leftovers, and not with autovacuum starting in the middle of the timings."""
    async with databases.main.writer.connect() as conn:
        if databases.main.dialect == "postgresql":
            await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.execute(text("VACUUM ANALYZE"))
        else:
            await conn.execute(text("ANALYZE"))
            await conn.commit()


async def seeded(databases: Databases) -> Principal:
    """The admin of the workspace with the most bookings in an already seeded database."""
    async with system_transaction(databases.main) as session:
        workspace_id = await session.scalar(
            select(Booking.workspace_id)
            .group_by(Booking.workspace_id)
            .order_by(func.count().desc())
            .limit(1)
        )
        member_id = await session.scalar(
            select(Member.id).where(
                Member.workspace_id == workspace_id, Member.subject == "bench-admin"
            )
        )
    if workspace_id is None or member_id is None:
        raise SystemExit("nothing seeded: run without --reuse first")
    return admin(WorkspaceId(workspace_id), member_id)


async def timed(databases: Databases, principal: Principal, call: Call, repeat: int) -> list[float]:
    """Milliseconds per call, each in its own read transaction (as a request runs it)."""
    out = []
    for _ in range(repeat):
        started = time.perf_counter()
        async with tenant_transaction(databases.main, principal.workspace_id, write=False) as s:
            await call(s, principal)
        out.append((time.perf_counter() - started) * 1000)
    return out


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


async def explain(databases: Databases, principal: Principal, call: Call) -> None:
    """Run the call once recording its statements, then EXPLAIN ANALYZE each of them."""
    statements: list[tuple[str, Any]] = []

    def record(_conn: Any, _cursor: Any, sql: str, params: Any, _ctx: Any, _many: bool) -> None:
        if not sql.lstrip().upper().startswith(("SELECT SET_CONFIG", "EXPLAIN")):
            statements.append((sql, params))

    engine = databases.main.reader.sync_engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        async with tenant_transaction(databases.main, principal.workspace_id, write=False) as s:
            await call(s, principal)
    finally:
        event.remove(engine, "before_cursor_execute", record)
    for sql, params in statements:
        async with tenant_transaction(databases.main, principal.workspace_id, write=False) as s:
            conn = await s.connection()
            plan = await conn.exec_driver_sql(f"EXPLAIN (ANALYZE, BUFFERS) {sql}", params)
            print(f"\n{sql}\n  params: {params}")
            print("\n".join("  " + line for (line,) in plan))


async def measure(url: str, args: argparse.Namespace) -> None:
    databases = bench_databases(url)
    try:
        if args.reuse:
            principal = await seeded(databases)
        else:
            principal = await seed(databases, args.listings, args.bookings)
        results = {}
        for name, call in calls(datetime.now(UTC).date()).items():
            await timed(databases, principal, call, 2)  # warm the caches
            results[name] = await timed(databases, principal, call, args.repeat)
            if args.explain and databases.main.dialect == "postgresql":
                print(f"\n=== EXPLAIN: {name}", flush=True)
                await explain(databases, principal, call)
        print(f"\n{databases.main.dialect}, {args.bookings:,} bookings, {args.repeat} runs each")
        for name, ms in results.items():
            print(f"  {name:<28} median {statistics.median(ms):8.1f} ms   p95 {p95(ms):8.1f} ms")
    finally:
        await databases.dispose()


async def main(args: argparse.Namespace) -> None:
    if args.bookings is None:
        args.bookings = 100_000 if args.db == "sqlite" else 1_000_000
    if args.reuse:
        url = database_url(args.db, args.admin_url)
    else:
        url = await fresh_database(args.db, args.admin_url)
    try:
        await measure(url, args)
    finally:
        if args.db == "postgres" and not (args.keep or args.reuse):
            await drop_database(args.admin_url)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", choices=("postgres", "sqlite"), default="postgres")
    parser.add_argument("--bookings", type=int, help="default: 1,000,000 (PostgreSQL), 100,000")
    parser.add_argument("--listings", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=20, help="timed runs per call")
    parser.add_argument("--no-explain", dest="explain", action="store_false")
    parser.add_argument("--keep", action="store_true", help="keep the PostgreSQL database")
    parser.add_argument("--reuse", action="store_true", help="measure a kept database again")
    parser.add_argument("--admin-url", default=ADMIN_URL, help="a database the travel role reaches")
    asyncio.run(main(parser.parse_args()))
