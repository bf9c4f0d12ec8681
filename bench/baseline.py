"""The baseline: a bare Starlette endpoint per scenario that runs the same service and SQL code
as the GraphQL resolvers and answers the same JSON — without GraphQL, authentication, rate
limiting or logging. `python -m bench.baseline CONFIG.json PORT` serves it."""

from __future__ import annotations

import sys
import uuid
from collections.abc import Awaitable, Callable
from datetime import date
from pathlib import Path
from typing import Any

import orjson
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from travel.analytics import service as analytics
from travel.auth.identity import Principal
from travel.auth.permissions import Role, permissions_for
from travel.bookings import service as bookings
from travel.bookings.inputs import BookingInput
from travel.bookings.seen import SeenListings
from travel.catalog import repository as catalog
from travel.catalog.records import ListingRecord, ProviderRecord
from travel.db.engine import Engines, create_engines
from travel.db.session import tenant_transaction
from travel.kernel.ids import MemberId, WorkspaceId
from travel.kernel.kinds import KINDS, ListingKind
from travel.pagination import Page
from travel.settings import Settings


def provider_json(p: ProviderRecord) -> dict[str, Any]:
    return {"id": str(p.id), "name": p.name, "type": p.type, "rating": p.rating}


def listing_json(x: ListingRecord, provider: ProviderRecord) -> dict[str, Any]:
    return {
        "__typename": ListingKind(x.kind).type_name,
        "id": str(x.id),
        "name": x.name,
        "location": x.location,
        "pricePerNight": str(x.price),
        "price": str(x.price),
        "currency": x.currency,
        "rating": x.rating,
        "amenities": x.amenities,
        "provider": provider_json(provider),
    }


def _principal(ws: WorkspaceId, member_id: str, role: Role) -> Principal:
    roles = frozenset({role})
    return Principal(
        workspace_id=ws,
        member_id=MemberId(uuid.UUID(member_id)),
        subject=f"bench-{role.value}",
        roles=roles,
        permissions=permissions_for(roles),
        plan="enterprise",
        credential_id="baseline",
    )


class Baseline:
    """The same service calls as the resolvers make, for fixed callers."""

    def __init__(self, config: dict[str, Any]) -> None:
        # The same pool and memory of booked listings as the service's (TRAVEL_DB_POOL_SIZE,
        # TRAVEL_BOOKED_LISTINGS_CACHE_SIZE), and its system role: the one that reads the secret
        # signing workspace scopes (travel.db.scope)
        settings = Settings.from_env()
        self.engines: Engines = create_engines(
            config["database_url"],
            pool_size=settings.db_pool_size,
            system_url=settings.system_database_url,
        )
        self.seen = SeenListings(settings.booked_listings_cache_size)
        self.ws = WorkspaceId(uuid.UUID(config["workspace_id"]))
        self.admin = _principal(self.ws, config["admin_id"], Role.ADMIN)
        self.traveler = _principal(self.ws, config["traveler_id"], Role.TRAVELER)
        self.booker = _principal(self.ws, config["booker_id"], Role.TRAVELER)
        self.single_id = uuid.UUID(config["single_id"])

    async def listings(self, kind: ListingKind, take: int, with_provider: bool) -> dict[str, Any]:
        root = kind.list_query
        async with tenant_transaction(self.engines, self.ws, write=False) as session:
            rows = await catalog.list_listings(session, self.ws, kind, Page(0, take))
            if not with_provider:
                return {"data": {root: [{"id": str(x.id), "name": x.name} for x in rows]}}
            providers = await catalog.providers_by_id(
                session, self.ws, list({x.provider_id for x in rows})
            )
        return {"data": {root: [listing_json(x, providers[x.provider_id]) for x in rows]}}

    async def single(self) -> dict[str, Any]:
        async with tenant_transaction(self.engines, self.ws, write=False) as session:
            x = (await catalog.listings_by_id(session, self.ws, [self.single_id]))[self.single_id]
            providers = await catalog.providers_by_id(session, self.ws, [x.provider_id])
        return {"data": {ListingKind.PROPERTY.one_query: listing_json(x, providers[x.provider_id])}}

    async def bookings(self) -> dict[str, Any]:
        async with tenant_transaction(self.engines, self.ws, write=False) as session:
            rows = await bookings.list_bookings(session, self.traveler, Page(0, 50), None)
            targets = await catalog.listings_by_id(
                session, self.ws, list({b.target_id for b in rows})
            )
        return {
            "data": {
                "travelBookings": [
                    {
                        "id": str(b.id),
                        "referenceCode": b.reference_code,
                        "status": b.status,
                        "checkIn": b.check_in.isoformat(),
                        "checkOut": b.check_out.isoformat(),
                        "totalPrice": str(b.total_price),
                        "currency": b.currency,
                        "target": {
                            "__typename": ListingKind(targets[b.target_id].kind).type_name,
                            "id": str(b.target_id),
                            "name": targets[b.target_id].name,
                        },
                    }
                    for b in rows
                ]
            }
        }

    async def overview(self) -> dict[str, Any]:
        async with tenant_transaction(self.engines, self.ws, write=False) as session:
            s = await analytics.overview_stats(session, self.admin, None, None)
        return {
            "data": {
                "travelOverviewStats": {
                    "totalBookings": s.total_bookings,
                    "totalRevenue": str(s.total_revenue),
                    "occupancyRate": s.occupancy_rate,
                }
            }
        }

    async def analytics(self) -> dict[str, Any]:
        async with tenant_transaction(self.engines, self.ws, write=False) as session:
            a = await analytics.analytics(session, self.admin, None, None)
        return {
            "data": {
                "travelAnalytics": {
                    "categoryMix": [
                        {"category": c.category, "count": c.count} for c in a.category_mix
                    ],
                    "topProviders": [
                        {
                            "id": str(p.id),
                            "name": p.name,
                            "bookings": p.bookings,
                            "revenue": str(p.revenue),
                        }
                        for p in a.top_providers
                    ],
                }
            }
        }

    async def book(self, body: dict[str, Any]) -> dict[str, Any]:
        sent = body["variables"]["i"]
        given = BookingInput(
            target_type=sent["targetType"],
            target_id=sent["targetId"],
            check_in=date.fromisoformat(sent["checkIn"]),
            guests=sent.get("guests", 1),
        )
        try:
            async with tenant_transaction(self.engines, self.ws, write=True) as session:
                b = await bookings.create_booking(session, self.booker, given, self.seen)
        except Exception as exc:  # the same outcome a GraphQL field error gives
            return {"errors": [{"message": str(exc)}], "data": {"createTravelBooking": None}}
        return {
            "data": {"createTravelBooking": {"id": str(b.id), "referenceCode": b.reference_code}}
        }


def _lister(base: Baseline, kind: ListingKind) -> Callable[[Request], Awaitable[dict[str, Any]]]:
    async def make(_: Request) -> dict[str, Any]:
        return await base.listings(kind, 50, with_provider=True)

    return make


def app(config: dict[str, Any]) -> Starlette:
    base = Baseline(config)

    def route(path: str, make: Callable[[Request], Awaitable[dict[str, Any]]]) -> Route:
        async def endpoint(request: Request) -> Response:
            return Response(orjson.dumps(await make(request)), media_type="application/json")

        return Route(path, endpoint, methods=["POST"])

    async def book(request: Request) -> dict[str, Any]:
        return await base.book(orjson.loads(await request.body()))

    routes = [
        route("/ping", lambda _: base.listings(ListingKind.PROPERTY, 1, with_provider=False)),
        route("/single", lambda _: base.single()),
        route("/bookings", lambda _: base.bookings()),
        route("/overview", lambda _: base.overview()),
        route("/analytics", lambda _: base.analytics()),
        route("/book", book),
    ]
    for kind in KINDS:
        routes.append(route(f"/list/{kind}", _lister(base, kind)))
    return Starlette(routes=routes)


if __name__ == "__main__":
    settings = orjson.loads(Path(sys.argv[1]).read_bytes())
    uvicorn.run(
        app(settings),
        host="127.0.0.1",
        port=int(sys.argv[2]),
        log_level="warning",
        access_log=False,
    )
