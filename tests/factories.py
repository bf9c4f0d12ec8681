"""Plain factory functions: each makes real rows through the service's own code."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import func, select

from tests.support.api import answered
from tests.support.live import LiveServer
from travel.auth import service as auth_service
from travel.auth.models import Member, Workspace
from travel.db.models import Base
from travel.db.session import system_transaction


def create_workspace(
    server: LiveServer, plan: str = "free", name: str = "Test", database_url: str | None = None
) -> Workspace:
    """A workspace; with `database_url`, a dedicated tenant in that (empty) database."""
    databases = server.services.databases
    return server.run(
        auth_service.create_workspace(databases, name, plan, database_url=database_url)
    )


def add_member(server: LiveServer, workspace: Workspace, subject: str, roles: list[str]) -> Member:
    return server.run(auth_service.add_member(server.services.databases, workspace, subject, roles))


def issue_key(
    server: LiveServer,
    workspace: Workspace,
    *,
    roles: list[str] | None = None,
    subject: str | None = None,
    permissions: list[str] | None = None,
    expires_at: datetime | None = None,
) -> auth_service.IssuedKey:
    return server.run(
        auth_service.create_api_key(
            server.services.databases,
            workspace,
            roles=roles or [],
            subject=subject,
            permissions=permissions or [],
            expires_at=expires_at,
        )
    )


@dataclass
class Tenant:
    """A workspace with one member (and key) per role, plus a second traveler and host."""

    workspace: Workspace
    keys: dict[str, str] = field(default_factory=dict)
    members: dict[str, uuid.UUID] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return str(self.workspace.id)


def create_tenant(
    server: LiveServer, plan: str = "free", database_url: str | None = None
) -> Tenant:
    tenant = Tenant(create_workspace(server, plan=plan, database_url=database_url))
    for who, role in (
        ("traveler", "traveler"),
        ("traveler2", "traveler"),
        ("host", "host"),
        ("host2", "host"),
        ("admin", "admin"),
    ):
        member = add_member(server, tenant.workspace, f"{who}-{uuid.uuid4().hex[:6]}", [role])
        tenant.members[who] = member.id
        tenant.keys[who] = issue_key(server, tenant.workspace, subject=member.subject).secret
    return tenant


def count_rows(server: LiveServer, table: str, workspace: Workspace | str) -> int:
    """How many rows of `table` belong to the workspace (seen past row-level security)."""
    ws = str(workspace.id) if isinstance(workspace, Workspace) else workspace

    async def count() -> int:
        table_ = Base.metadata.tables[table]
        stmt = (
            select(func.count()).select_from(table_).where(table_.c.workspace_id == uuid.UUID(ws))
        )
        async with system_transaction(server.services.databases.main) as session:
            return int((await session.execute(stmt)).scalar_one())

    return server.run(count())


def snapshot(
    server: LiveServer, workspace: Workspace | str, tables: tuple[str, ...]
) -> dict[str, Any]:
    return {t: count_rows(server, t, workspace) for t in tables}


def create_listing(
    server: LiveServer,
    workspace: Workspace,
    owner_member_id: uuid.UUID,
    *,
    kind: str = "PROPERTY",
    provider_id: uuid.UUID | None = None,
    **fields: Any,
) -> uuid.UUID:
    """A provider (unless given) and a listing of `kind`, inserted directly: set-up for tests
    of other domains (the catalog's own tests create listings through GraphQL)."""
    from travel.catalog.models import Provider
    from travel.catalog.repository import insert_listing
    from travel.db.session import tenant_transaction

    async def insert() -> uuid.UUID:
        engines = server.services.databases.for_tenant(workspace.database_url)
        async with tenant_transaction(engines, workspace.id, write=True) as session:  # type: ignore[arg-type]
            pid = provider_id
            if pid is None:
                provider = Provider(
                    workspace_id=workspace.id,
                    owner_member_id=owner_member_id,
                    name="Factory Provider",
                    type="HOST" if kind == "PROPERTY" else "OPERATOR",
                )
                session.add(provider)
                await session.flush()
                pid = provider.id
            values: dict[str, Any] = {
                "name": f"Factory {kind.title()}",
                "location": "Lisbon",
                "price_minor": 10_000,
                "currency": "USD",
                "units": 1,
                "max_guests": 2 if kind == "PROPERTY" else None,
                "capacity": None if kind == "PROPERTY" else 10,
            }
            values.update(fields)
            # The catalog's own insert: the listing's words join the search vocabulary.
            return (await insert_listing(session, workspace.id, pid, kind, values)).id

    return server.run(insert())


def tenant_listing(
    server: LiveServer,
    tenant: Tenant,
    kind: str = "PROPERTY",
    *,
    provider: uuid.UUID | str | None = None,
    **fields: Any,
) -> uuid.UUID:
    """`create_listing` owned by the tenant's host, under `provider` (an id, e.g. from
    `api_provider`) or a new one. Unlike `create_listing`, an event starts and a trip departs
    (from Lisbon to Porto by train) 10 days ahead unless `fields` say otherwise: bookable."""
    if kind == "EVENT":
        fields.setdefault("starts_at", future_time(10))
        fields.setdefault("ends_at", future_time(10, 22))
    if kind == "TRIP":
        fields.setdefault("departs_at", future_time(10, 7))
        fields.setdefault("origin", "Lisbon")
        fields.setdefault("destination", "Porto")
        fields.setdefault("mode", "TRAIN")
    provider_id = None if provider is None else uuid.UUID(str(provider))
    owner = tenant.members["host"]
    return create_listing(
        server, tenant.workspace, owner, kind=kind, provider_id=provider_id, **fields
    )


def create_booking(
    server: LiveServer,
    workspace: Workspace,
    listing_id: uuid.UUID,
    member_id: uuid.UUID,
    *,
    check_in: str,
    check_out: str | None = None,
    guests: int = 1,
    total_minor: int | None = None,
    currency: str | None = None,
    status: str = "CONFIRMED",
) -> uuid.UUID:
    """A booking row inserted directly (dates as YYYY-MM-DD): set-up for tests of other domains.
    Kind and currency come from the listing; the total defaults to nights * price for stays and
    guests * price otherwise, as the bookings service prices them."""
    from travel.bookings.models import Booking
    from travel.catalog.models import Listing
    from travel.db.session import tenant_transaction

    async def insert() -> uuid.UUID:
        engines = server.services.databases.for_tenant(workspace.database_url)
        async with tenant_transaction(engines, workspace.id, write=True) as session:  # type: ignore[arg-type]
            listing = await session.get(Listing, (workspace.id, listing_id))
            assert listing is not None, "create_booking needs a listing of the same workspace"
            start = date.fromisoformat(check_in)
            end = date.fromisoformat(check_out) if check_out else start
            units = (end - start).days if listing.kind == "PROPERTY" else guests
            booking = Booking(
                workspace_id=workspace.id,
                reference_code=f"TRV-{listing.kind}-{uuid.uuid4().hex[:8].upper()}",
                listing_id=listing_id,
                listing_kind=listing.kind,
                member_id=member_id,
                status=status,
                payment_status="PAID" if status == "CONFIRMED" else "REFUNDED",
                check_in=start,
                check_out=end,
                guests=guests,
                total_minor=listing.price_minor * units if total_minor is None else total_minor,
                currency=currency or listing.currency,
            )
            session.add(booking)
            await session.flush()
            return booking.id

    return server.run(insert())


def tenant_booking(
    server: LiveServer,
    tenant: Tenant,
    listing: uuid.UUID | str,
    check_in: str,
    check_out: str | None = None,
    *,
    who: str = "traveler",
    **fields: Any,
) -> uuid.UUID:
    """`create_booking` by the tenant's `who` (its traveler unless said otherwise)."""
    member = tenant.members[who]
    return create_booking(
        server,
        tenant.workspace,
        uuid.UUID(str(listing)),
        member,
        check_in=check_in,
        check_out=check_out,
        **fields,
    )


BOOKING_FIELDS = """
  id referenceCode status paymentStatus targetType checkIn checkOut guests totalPrice currency
  createdAt updatedAt target { __typename id name } timeline { from to at actor }
"""
BOOK = (
    "mutation Book($input: CreateTravelBookingInput!) { createTravelBooking(input: $input) {"
    + BOOKING_FIELDS
    + "} }"
)


def future_date(days: int) -> str:
    """The date `days` after today (UTC) as YYYY-MM-DD."""
    return (datetime.now(UTC).date() + timedelta(days=days)).isoformat()


def future_time(days: int, hour: int = 18) -> datetime:
    """`hour` o'clock (UTC) on the date `days` after today."""
    return datetime.combine(date.fromisoformat(future_date(days)), time(hour), tzinfo=UTC)


def request_booking(
    server: LiveServer,
    key: str,
    target_id: uuid.UUID | str,
    *,
    target_type: str = "PROPERTY",
    headers: dict[str, str] | None = None,
    **fields: Any,
) -> Any:
    """POST createTravelBooking as a partner would; `fields` are checkIn, checkOut, guests.
    Returns the raw httpx response (the caller asserts)."""
    from tests.support.api import post

    booking_input = {"targetType": target_type, "targetId": str(target_id), **fields}
    return post(server, key, BOOK, {"input": booking_input}, headers=headers)


def book(
    server: LiveServer,
    tenant: Tenant,
    listing: uuid.UUID | str,
    *,
    days: int,
    nights: int | None = None,
    kind: str = "PROPERTY",
    who: str = "traveler",
    **fields: Any,
) -> Any:
    """`request_booking` by the tenant's `who`: check-in `days` from today and, for a stay,
    check-out `nights` later; `fields` add guests (or headers). The raw response."""
    dates = {"checkIn": future_date(days)}
    if nights is not None:
        dates["checkOut"] = future_date(days + nights)
    key = tenant.keys[who]
    return request_booking(server, key, listing, target_type=kind, **dates, **fields)


def booked(response: Any) -> dict[str, Any]:
    """The booking a createTravelBooking response made; it must have succeeded."""
    return answered(response)["createTravelBooking"]  # type: ignore[no-any-return]


# Catalog set-up through GraphQL, as a host or an operator would do it.

CREATE_LISTING_MUTATIONS = {
    "PROPERTY": ("createTravelProperty", "CreateTravelPropertyInput"),
    "TOUR": ("createTravelTour", "CreateTravelTourInput"),
    "ACTIVITY": ("createTravelActivity", "CreateTravelActivityInput"),
    "EVENT": ("createTravelEvent", "CreateTravelEventInput"),
    "TRIP": ("createTravelTrip", "CreateTravelTripInput"),
}


def listing_input(kind: str, provider_id: str, **fields: Any) -> dict[str, Any]:
    """A valid create input for a listing of `kind`; `fields` override or add (None drops)."""
    values: dict[str, Any] = {"providerId": provider_id, "name": f"A {kind.lower()}"}
    values["location"] = "Lisbon"
    if kind == "PROPERTY":
        values.update(pricePerNight="120.00", maxGuests=2, units=1)
    else:
        values.update(price="45.00", capacity=10)
    if kind == "EVENT":
        values.update(startsAt="2030-06-01T19:00:00Z", endsAt="2030-06-01T23:00:00Z")
    if kind == "TRIP":
        values.update(origin="Lisbon", destination="Porto", departsAt="2030-06-01T08:00:00Z")
        values.update(mode="TRAIN")
    values.update(fields)
    return {k: v for k, v in values.items() if v is not None}


def create_listing_mutation(kind: str, selection: str = "id") -> str:
    name, input_type = CREATE_LISTING_MUTATIONS[kind]
    return f"mutation ($input: {input_type}!) {{ {name}(input: $input) {{ {selection} }} }}"


def api_provider(server: LiveServer, key: str, name: str = "Casa Azul", type: str = "HOST") -> str:
    """Register a provider through createTravelProvider; returns its id."""
    from tests.support.api import data

    mutation = "mutation ($input: CreateTravelProviderInput!) { createTravelProvider(input: $input) { id } }"
    result = data(server, key, mutation, {"input": {"name": name, "type": type}})
    return str(result["createTravelProvider"]["id"])


def api_listing(server: LiveServer, key: str, kind: str, provider_id: str, **fields: Any) -> str:
    """Create a listing of `kind` through GraphQL (see `listing_input`); returns its id."""
    from tests.support.api import data

    variables = {"input": listing_input(kind, provider_id, **fields)}
    result = data(server, key, create_listing_mutation(kind), variables)
    return str(result[CREATE_LISTING_MUTATIONS[kind][0]]["id"])


CANCEL = "mutation ($id: ID!) { cancelTravelBooking(id: $id) { id status } }"


def set_ratings(server: LiveServer, tenant: Tenant, ratings: dict[str, float]) -> None:
    """Ratings come from reviews (roadmap); tests set them the way the demo seed does."""
    from travel.catalog import repository
    from travel.db.session import tenant_transaction
    from travel.kernel.ids import WorkspaceId

    async def update() -> None:
        engines = server.services.databases.main
        async with tenant_transaction(engines, WorkspaceId(tenant.workspace.id), write=True) as s:
            await repository.set_listing_ratings(
                s, WorkspaceId(tenant.workspace.id), {uuid.UUID(k): v for k, v in ratings.items()}
            )

    server.run(update())
