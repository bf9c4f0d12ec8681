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
from travel.auth.identity import WorkspaceId
from travel.bookings.models import Booking
from travel.catalog.models import Listing, Provider
from travel.db.registry import Databases
from travel.db.session import tenant_transaction

KINDS = ("PROPERTY", "TOUR", "ACTIVITY", "EVENT", "TRIP")
CITIES = ("Lisbon", "Porto", "Madrid", "Kyoto", "Cusco", "Cape Town", "Oslo", "Hanoi")
AMENITIES = ("wifi", "breakfast", "pool", "parking", "kitchen", "guide", "pickup", "lunch")
BATCH = 5000


@dataclass
class BenchWorkspace:
    workspace_id: WorkspaceId
    keys: dict[str, str]
    listing_ids: dict[str, list[uuid.UUID]] = field(default_factory=dict)
    traveler_id: uuid.UUID | None = None
    busy_traveler_key: str = ""


async def _insert(session: AsyncSession, table: Any, rows: list[dict[str, Any]]) -> None:
    for start in range(0, len(rows), BATCH):
        await session.execute(insert(table), rows[start : start + BATCH])


def _listing(
    ws: uuid.UUID, provider: uuid.UUID, kind: str, n: int, now: datetime
) -> dict[str, Any]:
    rng = random.Random(n)
    starts = now + timedelta(days=30 + n % 300, hours=rng.randint(8, 20))
    row: dict[str, Any] = {
        "workspace_id": ws,
        "id": uuid.uuid4(),
        "kind": kind,
        "provider_id": provider,
        "name": f"{kind.title()} {n:05d} in {CITIES[n % len(CITIES)]}",
        "description": "A well-reviewed listing with everything a traveller needs.",
        "location": CITIES[n % len(CITIES)],
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
            origin=CITIES[n % 8],
            destination=CITIES[(n + 3) % 8],
            departs_at=starts,
            arrives_at=starts + timedelta(hours=5),
            mode=rng.choice(("BUS", "TRAIN", "FERRY")),
        )
    return row


async def seed_workspace(
    databases: Databases, *, listings: int, bookings: int, plan: str = "enterprise"
) -> BenchWorkspace:
    """One workspace with `listings` listings (an equal share per kind) and `bookings` bookings."""
    workspace = await auth_service.create_workspace(
        databases, f"Bench {uuid.uuid4().hex[:6]}", plan
    )
    keys: dict[str, str] = {}
    members = {}
    for role in ("traveler", "host", "admin"):
        member = await auth_service.add_member(databases, workspace, f"bench-{role}", [role])
        members[role] = member
        keys[role] = (
            await auth_service.create_api_key(
                databases, workspace, roles=[], subject=member.subject, permissions=[]
            )
        ).secret
    ws = WorkspaceId(workspace.id)
    bench = BenchWorkspace(ws, keys, traveler_id=members["traveler"].id)
    now = datetime.now(UTC)
    async with tenant_transaction(databases.main, ws, write=True) as session:
        providers = [
            {
                "workspace_id": ws,
                "id": uuid.uuid4(),
                "owner_member_id": members["host"].id,
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
        await _insert(session, Listing.__table__, rows)
        for row in rows:
            bench.listing_ids.setdefault(row["kind"], []).append(row["id"])
        await _insert(session, Booking.__table__, _bookings(ws, rows, members, bookings, now))
    return bench


def _bookings(
    ws: uuid.UUID,
    listings: list[dict[str, Any]],
    members: dict[str, Any],
    count: int,
    now: datetime,
) -> list[dict[str, Any]]:
    rng = random.Random(42)
    today = date.today()
    traveler = members["traveler"].id
    out = []
    for n in range(count):
        listing = listings[rng.randrange(len(listings))]
        check_in = today + timedelta(days=rng.randint(-200, 200))
        nights = rng.randint(1, 7) if listing["kind"] == "PROPERTY" else 0
        guests = rng.randint(1, 2)
        units = nights if nights else guests
        out.append(
            {
                "workspace_id": ws,
                "id": uuid.uuid4(),
                "reference_code": f"TRV-{listing['kind']}-{n:08X}"[:32],
                "listing_id": listing["id"],
                "listing_kind": listing["kind"],
                "member_id": traveler,
                "status": "CONFIRMED" if n % 10 else "CANCELLED",
                "payment_status": "PAID" if n % 10 else "REFUNDED",
                "check_in": check_in,
                "check_out": check_in + timedelta(days=nights),
                "guests": guests,
                "total_minor": listing["price_minor"] * units,
                "currency": "USD",
                "created_at": now - timedelta(seconds=n),
                "updated_at": now,
            }
        )
    return out
