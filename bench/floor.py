"""The floor: each scenario's answer from the bare driver in one statement, on a minimal ASGI app
— asyncpg (or sqlite3) and orjson, no SQLAlchemy, no project code, no GraphQL, authentication,
limits or logging. What the service's request path is measured against.

    python -m bench.floor CONFIG.json PORT

CONFIG is the JSON `bench.run` writes (database URL, workspace, member and listing ids, and on
PostgreSQL the workspace's signed scope). On PostgreSQL the statements connect as the
application role, so row-level security applies: each statement sets the workspace's scope
itself (`set_config(..., true)` in a lateral join — the same single-statement form the service
uses), the fairest floor there is.
"""

from __future__ import annotations

import asyncio
import secrets
import sqlite3
import sys
import uuid
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import orjson
import uvicorn

Send = Callable[[dict[str, Any]], Awaitable[None]]
Receive = Callable[[], Awaitable[dict[str, Any]]]

TYPES = {
    "PROPERTY": "TravelProperty",
    "TOUR": "TravelTour",
    "ACTIVITY": "TravelActivity",
    "EVENT": "TravelEvent",
    "TRIP": "TravelTrip",
}
ROOTS = {
    "PROPERTY": "travelProperties",
    "TOUR": "travelTours",
    "ACTIVITY": "travelActivities",
    "EVENT": "travelEvents",
    "TRIP": "travelTrips",
}
# Minor-unit exponents other than 2 (ISO 4217), to print prices as the API does.
_ZERO = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF"
EXPONENTS = {
    **dict.fromkeys(_ZERO.split(), 0),
    **dict.fromkeys(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"], 3),
}
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def money(minor: int, currency: str) -> str:
    exponent = EXPONENTS.get(currency, 2)
    if exponent == 0:
        return str(minor)
    sign, digits = ("-" if minor < 0 else ""), str(abs(minor)).rjust(exponent + 1, "0")
    return f"{sign}{digits[:-exponent]}.{digits[-exponent:]}"


# -- PostgreSQL: one statement each, the workspace set by the statement itself ---------------


def _scoped(read: str, scope: int) -> str:
    """`read` in the statement that sets the workspace's scope (its parameter `$<scope>`, after
    the read's) first: the service's own single-statement form (travel/db/session.py,
    `_SCOPED_READ`). The fence matters: without it PostgreSQL may pull the read up and check
    row-level security before `set_config` has run, and the read finds nothing."""
    return (
        "WITH travel_scope AS MATERIALIZED "
        f"(SELECT set_config('travel.workspace_id', ${scope}::text, true) AS ws) "
        "SELECT travel_read.* FROM travel_scope CROSS JOIN LATERAL "
        f"(SELECT * FROM ({read}) AS travel_query "
        "WHERE travel_scope.ws IS NOT NULL OFFSET 0) AS travel_read"
    )


PG_PING = _scoped(
    "SELECT id, name FROM listings WHERE workspace_id = $1::uuid AND kind = 'PROPERTY' "
    "ORDER BY created_at, id LIMIT 1",
    2,
)
_LISTING_COLUMNS = (
    "l.id, l.kind, l.name, l.location, l.price_minor, l.currency, l.rating, l.amenities::text, "
    "p.id, p.name, p.type, p.rating"
)
PG_LIST = _scoped(
    f"""SELECT {_LISTING_COLUMNS} FROM (
  SELECT * FROM listings WHERE workspace_id = $1::uuid AND kind = $2
  ORDER BY created_at, id LIMIT 50) l
  JOIN providers p ON p.workspace_id = l.workspace_id AND p.id = l.provider_id
  ORDER BY l.created_at, l.id""",
    3,
)
PG_SINGLE = _scoped(
    f"""SELECT {_LISTING_COLUMNS} FROM listings l
  JOIN providers p ON p.workspace_id = l.workspace_id AND p.id = l.provider_id
  WHERE l.workspace_id = $1::uuid AND l.id = $2""",
    3,
)
PG_BOOKINGS = _scoped(
    """SELECT b.id, b.reference_code, b.status, b.check_in, b.check_out, b.total_minor,
  b.currency, l.kind, l.id AS listing_id, l.name FROM (
  SELECT * FROM bookings WHERE workspace_id = $1::uuid AND member_id = $2
  ORDER BY created_at DESC, id DESC LIMIT 50) b
  JOIN listings l ON l.workspace_id = b.workspace_id AND l.id = b.listing_id
  ORDER BY b.created_at DESC, b.id DESC""",
    3,
)
PG_BOOK = "SELECT * FROM travel_book_listing($1, $2, $3, $4, $5)"
# The listing columns travel_book_listing compares and returns, in its order.
PG_SEEN = [
    *("kind", "price_minor", "currency", "units"),
    *("max_guests", "capacity", "starts_at", "departs_at"),
    *("status", "version"),
]  # then the seasonal prices to come (the floor's bookings are priced at the listing's own)


def listing_json(row: Any) -> dict[str, Any]:
    price = money(row[4], row[5])
    return {
        "__typename": TYPES[row[1]],
        "id": str(row[0]),
        "name": row[2],
        "location": row[3],
        "pricePerNight": price,
        "price": price,
        "currency": row[5],
        "rating": row[6],
        "amenities": orjson.Fragment(row[7]),
        "provider": {"id": str(row[8]), "name": row[9], "type": row[10], "rating": row[11]},
    }


def bookings_json(rows: list[Any]) -> list[dict[str, Any]]:
    return [
        {
            "id": str(r[0]),
            "referenceCode": r[1],
            "status": r[2],
            "checkIn": r[3].isoformat(),
            "checkOut": r[4].isoformat(),
            "totalPrice": money(r[5], r[6]),
            "currency": r[6],
            "target": {"__typename": TYPES[r[7]], "id": str(r[8]), "name": r[9]},
        }
        for r in rows
    ]


async def _keep(_: Any) -> None:
    """A pooled connection goes back as it is."""


class Postgres:
    def __init__(self, config: dict[str, Any]) -> None:
        self.config = config
        self.ws = config["workspace_id"]
        # What row-level security admits the workspace by: `<id>.<mac>` (travel/db/scope.py).
        self.scope = config["workspace_scope"]
        self.seen: dict[str, Any] = {}

    async def start(self) -> None:
        import asyncpg  # type: ignore[import-untyped]

        # No reset on release: asyncpg's default (advisory unlocks, CLOSE ALL, UNLISTEN, RESET
        # ALL) is a second round trip per request, and these single statements leave nothing
        # behind (the workspace setting is transaction-local).
        self.pool = await asyncpg.create_pool(
            self.config["database_url"], min_size=20, max_size=20, reset=_keep
        )

    async def ping(self, _: dict[str, Any]) -> Any:
        async with self.pool.acquire() as c:
            rows = await c.fetch(PG_PING, self.ws, self.scope)
        return {"data": {"travelProperties": [{"id": str(r[0]), "name": r[1]} for r in rows]}}

    async def listings(self, kind: str) -> Any:
        async with self.pool.acquire() as c:
            rows = await c.fetch(PG_LIST, self.ws, kind, self.scope)
        return {"data": {ROOTS[kind]: [listing_json(r) for r in rows]}}

    async def single(self, _: dict[str, Any]) -> Any:
        async with self.pool.acquire() as c:
            single = uuid.UUID(self.config["single_id"])
            row = await c.fetchrow(PG_SINGLE, self.ws, single, self.scope)
        return {"data": {"travelProperty": listing_json(row)}}

    async def bookings(self, _: dict[str, Any]) -> Any:
        member = uuid.UUID(self.config["traveler_id"])
        async with self.pool.acquire() as c:
            rows = await c.fetch(PG_BOOKINGS, self.ws, member, self.scope)
        return {"data": {"travelBookings": bookings_json(rows)}}

    async def book(self, payload: dict[str, Any]) -> Any:
        """The same booking statement as the service (the function travel_book_listing), with
        the rows it writes made here: the listing as last seen, a fresh reference code."""
        target, check_in = payload["targetId"], payload["checkIn"]
        async with self.pool.acquire() as c:
            for _ in range(6):
                seen = self.seen.get(target)
                rows = None if seen is None else orjson.dumps(self._rows(target, seen, check_in))
                seen_json = None if seen is None else orjson.dumps(seen).decode()
                row = await c.fetchrow(
                    PG_BOOK,
                    uuid.UUID(self.ws),
                    self.scope,
                    uuid.UUID(target),
                    seen_json,
                    rows and rows.decode(),
                )
                outcome = row[0]
                if outcome == "CREATED":
                    return {
                        "data": {
                            "createTravelBooking": {"id": self._id, "referenceCode": self._code}
                        }
                    }
                if outcome == "FULL":
                    return {"data": {"createTravelBooking": None}, "errors": [{"message": "full"}]}
                self.seen[target] = dict(zip(PG_SEEN, row[1 : len(PG_SEEN) + 1], strict=True))
        return {"errors": [{"message": "could not book"}]}

    def _rows(self, target: str, seen: dict[str, Any], check_in: str) -> dict[str, Any]:
        now = datetime.now(UTC).isoformat()
        self._id = str(uuid.uuid4())
        self._code = f"TRV-{seen['kind']}-" + "".join(secrets.choice(CROCKFORD) for _ in range(8))
        member = self.config["booker_id"]
        ids = {"workspace_id": self.ws, "created_at": now}
        return {
            "booking": {
                **ids,
                "id": self._id,
                "reference_code": self._code,
                "listing_id": target,
                "listing_kind": seen["kind"],
                "member_id": member,
                "status": "CONFIRMED",
                "payment_status": "PAID",
                "check_in": check_in,
                "check_out": check_in,
                "guests": 1,
                "total_minor": seen["price_minor"],
                "currency": seen["currency"],
                "updated_at": now,
            },
            "transition": {
                **ids,
                "id": str(uuid.uuid4()),
                "booking_id": self._id,
                "from_status": None,
                "to_status": "CONFIRMED",
                "actor_member_id": member,
            },
            "audit": {
                **ids,
                "id": str(uuid.uuid4()),
                "actor_member_id": member,
                "action": "booking.created",
                "entity_type": "booking",
                "entity_id": self._id,
                "data": {"referenceCode": self._code},
            },
            "event": {
                **ids,
                "id": str(uuid.uuid4()),
                "type": "booking.created",
                "data": {"id": self._id, "referenceCode": self._code},
            },
        }


# -- SQLite: the same statements, on sqlite3 in a thread per call ----------------------------

SQ_PING = """SELECT id, name FROM listings WHERE workspace_id = ? AND kind = 'PROPERTY'
  ORDER BY created_at, id LIMIT 1"""
SQ_LIST = f"""SELECT {_LISTING_COLUMNS.replace("l.amenities::text", "l.amenities")} FROM (
  SELECT * FROM listings WHERE workspace_id = ? AND kind = ? ORDER BY created_at, id LIMIT 50) l
  JOIN providers p ON p.workspace_id = l.workspace_id AND p.id = l.provider_id
  ORDER BY l.created_at, l.id"""
SQ_SINGLE = f"""SELECT {_LISTING_COLUMNS.replace("l.amenities::text", "l.amenities")}
  FROM listings l JOIN providers p ON p.workspace_id = l.workspace_id AND p.id = l.provider_id
  WHERE l.workspace_id = ? AND l.id = ?"""
SQ_BOOKINGS = """SELECT b.id, b.reference_code, b.status, b.check_in, b.check_out, b.total_minor,
  b.currency, l.kind, l.id, l.name FROM (
  SELECT * FROM bookings WHERE workspace_id = ? AND member_id = ?
  ORDER BY created_at DESC, id DESC LIMIT 50) b
  JOIN listings l ON l.workspace_id = b.workspace_id AND l.id = b.listing_id
  ORDER BY b.created_at DESC, b.id DESC"""


class Sqlite:
    """sqlite3 connections (one per worker thread of a small pool), each query in a thread."""

    def __init__(self, config: dict[str, Any]) -> None:
        self.path = config["database_url"].removeprefix("sqlite:///")
        self.config = config
        self.ws = uuid.UUID(config["workspace_id"]).hex
        self.connections: asyncio.Queue[sqlite3.Connection] = asyncio.Queue()

    async def start(self) -> None:
        for _ in range(8):
            conn = sqlite3.connect(self.path, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            self.connections.put_nowait(conn)
        self.writer = sqlite3.connect(
            self.path, check_same_thread=False, isolation_level=None, timeout=15
        )
        self.write_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="writer")
        self.writer.execute("PRAGMA foreign_keys=ON")
        self.writer.execute("PRAGMA synchronous=NORMAL")

    async def _fetch(self, sql: str, *args: Any) -> list[Any]:
        conn = await self.connections.get()
        try:
            return await asyncio.to_thread(lambda: conn.execute(sql, args).fetchall())
        finally:
            self.connections.put_nowait(conn)

    async def ping(self, _: dict[str, Any]) -> Any:
        rows = await self._fetch(SQ_PING, self.ws)
        return {
            "data": {"travelProperties": [{"id": str(uuid.UUID(r[0])), "name": r[1]} for r in rows]}
        }

    async def listings(self, kind: str) -> Any:
        rows = await self._fetch(SQ_LIST, self.ws, kind)
        return {"data": {ROOTS[kind]: [listing_json(_uuids(r, 0, 8)) for r in rows]}}

    async def single(self, _: dict[str, Any]) -> Any:
        [row] = await self._fetch(SQ_SINGLE, self.ws, uuid.UUID(self.config["single_id"]).hex)
        return {"data": {"travelProperty": listing_json(_uuids(row, 0, 8))}}

    async def bookings(self, _: dict[str, Any]) -> Any:
        member = uuid.UUID(self.config["traveler_id"]).hex
        rows = await self._fetch(SQ_BOOKINGS, self.ws, member)
        read = []
        for row in rows:
            values = _uuids(row, 0, 8)  # the booking's and its listing's ids
            dates = date.fromisoformat(values[3]), date.fromisoformat(values[4])
            read.append((*values[:3], *dates, *values[5:]))
        return {"data": {"travelBookings": bookings_json(read)}}

    async def book(self, payload: dict[str, Any]) -> Any:
        """SQLite has no booking statement: the same steps as the service's SQLite path, on one
        write connection, without SQLAlchemy. The connection's one thread serialises them, as
        aiosqlite's does for the service's writer (threads sharing it would interleave their
        transactions on it)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.write_thread, self._book, payload["targetId"], payload["checkIn"]
        )

    def _book(self, target: str, check_in: str) -> Any:
        conn = self.writer
        listing_id = uuid.UUID(target).hex
        conn.execute("BEGIN IMMEDIATE")
        try:
            kind, price, currency, capacity = conn.execute(
                "SELECT kind, price_minor, currency, capacity FROM listings "
                "WHERE workspace_id = ? AND id = ?",
                (self.ws, listing_id),
            ).fetchone()
            # The places taken that date, read as the service does: bookings that start no
            # earlier than the longest booking of a tour allows (one date), an index range.
            (taken,) = conn.execute(
                "SELECT coalesce(sum(guests), 0) FROM bookings WHERE workspace_id = ? AND "
                "listing_id = ? AND status = 'CONFIRMED' AND check_in <= ? AND check_in >= ? "
                "AND check_out >= ?",
                (self.ws, listing_id, check_in, check_in, check_in),
            ).fetchone()
            if (capacity or 0) - taken < 1:
                conn.execute("ROLLBACK")
                return {"data": {"createTravelBooking": None}, "errors": [{"message": "full"}]}
            now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")
            booking, member = uuid.uuid4(), uuid.UUID(self.config["booker_id"]).hex
            code = f"TRV-{kind}-" + "".join(secrets.choice(CROCKFORD) for _ in range(8))
            data = orjson.dumps({"id": str(booking), "referenceCode": code}).decode()
            conn.execute(
                "INSERT INTO bookings (workspace_id, id, created_at, reference_code, listing_id, "
                "listing_kind, member_id, status, payment_status, check_in, check_out, guests, "
                "total_minor, currency, updated_at) VALUES "
                "(?, ?, ?, ?, ?, ?, ?, 'CONFIRMED', 'PAID', ?, ?, 1, ?, ?, ?)",
                (
                    self.ws,
                    booking.hex,
                    now,
                    code,
                    listing_id,
                    kind,
                    member,
                    check_in,
                    check_in,
                    price,
                    currency,
                    now,
                ),
            )
            conn.execute(
                "INSERT INTO booking_transitions (workspace_id, id, created_at, booking_id, "
                "from_status, to_status, actor_member_id) "
                "VALUES (?, ?, ?, ?, NULL, 'CONFIRMED', ?)",
                (self.ws, uuid.uuid4().hex, now, booking.hex, member),
            )
            conn.execute(
                "INSERT INTO audit_log (workspace_id, id, created_at, actor_member_id, action, "
                "entity_type, entity_id, data) "
                "VALUES (?, ?, ?, ?, 'booking.created', 'booking', ?, ?)",
                (self.ws, uuid.uuid4().hex, now, member, booking.hex, data),
            )
            conn.execute(
                "INSERT INTO outbox_events (workspace_id, id, created_at, type, data) "
                "VALUES (?, ?, ?, 'booking.created', ?)",
                (self.ws, uuid.uuid4().hex, now, data),
            )
            # The event's deliveries go to the workspace's enabled endpoints (none here).
            for (endpoint,) in conn.execute(
                "SELECT id FROM webhook_endpoints WHERE workspace_id = ? AND enabled = 1",
                (self.ws,),
            ).fetchall():
                raise RuntimeError(f"the bench workspace has a webhook endpoint: {endpoint}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return {"data": {"createTravelBooking": {"id": str(booking), "referenceCode": code}}}


def _uuids(row: Any, *positions: int) -> tuple[Any, ...]:
    values = list(row)
    for i in positions:
        values[i] = uuid.UUID(values[i])
    return tuple(values)


# -- the minimal ASGI app ------------------------------------------------------------------


def _lister(db: Postgres | Sqlite, kind: str) -> Callable[[dict[str, Any]], Awaitable[Any]]:
    async def list_kind(_: dict[str, Any]) -> Any:
        return await db.listings(kind)

    return list_kind


def app_for(db: Postgres | Sqlite) -> Callable[..., Awaitable[None]]:
    routes: dict[str, Callable[[dict[str, Any]], Awaitable[Any]]] = {
        "/ping": db.ping,
        "/single": db.single,
        "/bookings": db.bookings,
        "/book": db.book,
        **{f"/list/{kind}": _lister(db, kind) for kind in ROOTS},
    }
    headers = [(b"content-type", b"application/json")]

    async def app(scope: dict[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            while (message := await receive())["type"] != "lifespan.shutdown":
                if message["type"] == "lifespan.startup":
                    await db.start()
                    await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        handler = routes.get(scope["path"])
        if handler is None:
            await send({"type": "http.response.start", "status": 404, "headers": headers})
            await send({"type": "http.response.body", "body": b"{}"})
            return
        variables = orjson.loads(body).get("variables", {}) if body else {}
        payload = variables.get("i", {}) if isinstance(variables, dict) else {}
        answer = orjson.dumps(await handler(payload))
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": answer})

    return app


def main() -> None:
    config = orjson.loads(Path(sys.argv[1]).read_bytes())
    port = int(sys.argv[2])
    db: Postgres | Sqlite = (
        Postgres(config) if config["database_url"].startswith("postgres") else Sqlite(config)
    )
    uvicorn.run(app_for(db), host="127.0.0.1", port=port, log_level="warning", access_log=False)


if __name__ == "__main__":
    main()
