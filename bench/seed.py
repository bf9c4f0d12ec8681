"""Bulk data for benchmarks: workspaces, providers, listings of every kind and many bookings.

Rows are inserted with Core `insert()` in large batches (not through the API): the point is a
realistic volume to read, fast to make.
"""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth import service as auth_service
from travel.auth.models import Member
from travel.bookings.models import Booking
from travel.catalog.models import Listing, Provider
from travel.cli.common import progress
from travel.db.registry import Databases
from travel.db.session import tenant_transaction
from travel.kernel.ids import WorkspaceId

KINDS = ("PROPERTY", "TOUR", "ACTIVITY", "EVENT", "TRIP")
CITIES = ("Lisbon", "Porto", "Madrid", "Kyoto", "Cusco", "Cape Town", "Oslo", "Hanoi")
AMENITIES = ("wifi", "breakfast", "pool", "parking", "kitchen", "guide", "pickup", "lunch")
BATCH = 5000


@dataclass
class BenchWorkspace:
    workspace_id: WorkspaceId
    keys: dict[str, str]
    members: dict[str, uuid.UUID]
    listing_ids: dict[str, list[uuid.UUID]] = field(default_factory=dict)
    contention_tours: list[uuid.UUID] = field(default_factory=list)
    # Two more, booked only at a constant rate (half the peak): on tours as fresh as the
    # contention tours were, not on those the contention rounds filled.
    constant_rate_tours: list[uuid.UUID] = field(default_factory=list)


async def _insert(session: AsyncSession, table: Any, rows: list[dict[str, Any]]) -> None:
    for start in range(0, len(rows), BATCH):
        await session.execute(insert(table), rows[start : start + BATCH])


def _listing(
    ws: uuid.UUID, provider: uuid.UUID, kind: str, n: int, now: datetime
) -> dict[str, Any]:
    rng = random.Random(n)
    starts = now + timedelta(days=30 + n % 300, hours=rng.randint(8, 20))
    city = CITIES[n % len(CITIES)]
    row: dict[str, Any] = {
        "workspace_id": ws,
        "id": uuid.uuid4(),
        "kind": kind,
        "provider_id": provider,
        "name": f"{kind.title()} {n:05d} in {city}",
        "description": "A well-reviewed listing with everything a traveller needs.",
        "location": city,
        "price_minor": rng.randint(20, 400) * 100,
        "currency": "USD",
        "rating": round(rng.uniform(3.0, 5.0), 1),
        "amenities": rng.sample(AMENITIES, 3),
        "units": 1,
        "max_guests": None,
        "capacity": None,
        "duration_minutes": None,
        "starts_at": None,
        "ends_at": None,
        "origin": None,
        "destination": None,
        "departs_at": None,
        "arrives_at": None,
        "mode": None,
        "created_at": now - timedelta(seconds=n),
    }
    if kind == "PROPERTY":
        row.update(units=rng.randint(1, 20), max_guests=rng.randint(2, 6))
    else:
        row.update(capacity=rng.randint(20, 200))
    if kind in ("TOUR", "ACTIVITY"):
        row["duration_minutes"] = rng.choice((90, 120, 180, 240))
    if kind == "EVENT":
        row.update(starts_at=starts, ends_at=starts + timedelta(hours=3))
    if kind == "TRIP":
        row.update(
            origin=city,
            destination=CITIES[(n + 3) % 8],
            departs_at=starts,
            arrives_at=starts + timedelta(hours=5),
            mode=rng.choice(("BUS", "TRAIN", "FERRY")),
        )
    return row


async def _members(
    databases: Databases, workspace: Any, travelers: int
) -> tuple[dict[str, uuid.UUID], dict[str, str], list[uuid.UUID]]:
    ids: dict[str, uuid.UUID] = {}
    keys: dict[str, str] = {}
    for who, role in (
        ("traveler", "traveler"),
        ("booker", "traveler"),
        ("host", "host"),
        ("admin", "admin"),
    ):
        member = await auth_service.add_member(databases, workspace, f"bench-{who}", [role])
        ids[who] = member.id
        issued = await auth_service.create_api_key(
            databases, workspace, roles=[], subject=member.subject, permissions=[]
        )
        keys[who] = issued.secret
    others = [
        {
            "workspace_id": workspace.id,
            "id": uuid.uuid4(),
            "subject": f"traveler-{i}",
            "roles": ["traveler"],
        }
        for i in range(travelers)
    ]
    async with tenant_transaction(databases.main, WorkspaceId(workspace.id), write=True) as s:
        await _insert(s, Member.__table__, others)
    return ids, keys, [ids["traveler"]] * 20 + [o["id"] for o in others]


async def seed_workspace(
    databases: Databases, *, listings: int, bookings: int, plan: str = "enterprise"
) -> BenchWorkspace:
    """A workspace with `listings` listings (a fifth of each kind), `bookings` bookings spread
    over many travelers (one of them busy), and four tours to race for."""
    workspace = await auth_service.create_workspace(
        databases, f"Bench {uuid.uuid4().hex[:6]}", plan
    )
    ws = WorkspaceId(workspace.id)
    ids, keys, bookers = await _members(databases, workspace, travelers=max(10, bookings // 200))
    bench = BenchWorkspace(ws, keys, ids)
    now = datetime.now(UTC)
    async with tenant_transaction(databases.main, ws, write=True) as session:
        providers: list[dict[str, Any]] = [
            {
                "workspace_id": ws,
                "id": uuid.uuid4(),
                "owner_member_id": ids["host"],
                "name": f"Provider {i:03d}",
                "type": "HOST" if i % 2 else "OPERATOR",
                "rating": round(3 + (i % 20) / 10, 1),
                "created_at": now - timedelta(minutes=i),
            }
            for i in range(max(10, listings // 100))
        ]
        await _insert(session, Provider.__table__, providers)
        rows = [
            _listing(ws, providers[n % len(providers)]["id"], KINDS[n % 5], n, now)
            for n in range(listings)
        ]
        contention = [
            {**_listing(ws, providers[0]["id"], "TOUR", listings + i, now), "capacity": 1000}
            # two each for the service, the baseline and the floor, then the constant rate's
            for i in range(8)
        ]
        await _insert(session, Listing.__table__, rows + contention)
        bench.contention_tours = [row["id"] for row in contention[:6]]
        bench.constant_rate_tours = [row["id"] for row in contention[6:]]
        for row in rows:
            bench.listing_ids.setdefault(row["kind"], []).append(row["id"])
    # A transaction per batch, as bookings really arrive: each one updates analytics' running
    # totals (a trigger), whose old row versions PostgreSQL can only prune once committed.
    made = _bookings(ws, rows, bookers, bookings, now)
    batches = range(0, len(made), BATCH)
    with progress(len(batches), f"seeding {len(made):,} bookings") as advance:
        for start in batches:
            async with tenant_transaction(databases.main, ws, write=True) as session:
                await _insert(session, Booking.__table__, made[start : start + BATCH])
            advance(f"{min(start + BATCH, len(made)):,}")
    return bench


def _bookings(
    ws: uuid.UUID,
    listings: list[dict[str, Any]],
    bookers: list[uuid.UUID],
    count: int,
    now: datetime,
) -> list[dict[str, Any]]:
    """Bookings over the year around today; one in ten cancelled."""
    rng = random.Random(42)
    today = date.today()
    out = []
    for n in range(count):
        listing = listings[rng.randrange(len(listings))]
        check_in = today + timedelta(days=rng.randint(-200, 200))
        nights = rng.randint(1, 7) if listing["kind"] == "PROPERTY" else 0
        guests = rng.randint(1, 2)
        out.append(
            {
                "workspace_id": ws,
                "id": uuid.uuid4(),
                "reference_code": f"TRV-BENCH-{n:08X}",
                "listing_id": listing["id"],
                "listing_kind": listing["kind"],
                "member_id": bookers[rng.randrange(len(bookers))],
                "status": "CONFIRMED" if n % 10 else "CANCELLED",
                "payment_status": "PAID" if n % 10 else "REFUNDED",
                "check_in": check_in,
                "check_out": check_in + timedelta(days=nights),
                "guests": guests,
                "total_minor": listing["price_minor"] * (nights or guests),
                "currency": "USD",
                "created_at": now - timedelta(seconds=n),
                "updated_at": now,
            }
        )
    return out
