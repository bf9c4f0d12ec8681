"""Providers and listings (all five kinds share one table)."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import BigInteger, ForeignKeyConstraint, Index, String, Text, text
from sqlalchemy.orm import Mapped, mapped_column

from travel.db.base import Base, TenantMixin, utcnow
from travel.kernel.kinds import ListingKind


def _occurs_on(context: Any) -> date | None:
    """Derived on insert, whatever inserts the row (service, seed or test factory)."""
    params = context.get_current_parameters()
    column = ListingKind(params["kind"]).fixed_start_column
    instant = None if column is None else params.get(column)
    return instant.astimezone(UTC).date() if isinstance(instant, datetime) else None


class Provider(TenantMixin, Base):
    """A host or operator; owned by the member who registered it."""

    __tablename__ = "providers"
    __table_args__ = (
        ForeignKeyConstraint(
            ["workspace_id", "owner_member_id"], ["members.workspace_id", "members.id"]
        ),
        Index("ix_providers_workspace_id_created_at_id", "workspace_id", "created_at", "id"),
        Index("ix_providers_workspace_id_owner_member_id", "workspace_id", "owner_member_id"),
    )

    owner_member_id: Mapped[uuid.UUID]
    name: Mapped[str] = mapped_column(String(200))
    type: Mapped[str] = mapped_column(String(16))  # HOST | OPERATOR
    rating: Mapped[float | None] = mapped_column(default=None)
    # +1 per update: an update that names the version it read is refused if it moved on
    # (CONFLICT, docs/decisions/0089-host-tools.md).
    version: Mapped[int] = mapped_column(default=1, server_default=text("1"))
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class Listing(TenantMixin, Base):
    """A bookable item: PROPERTY, TOUR, ACTIVITY, EVENT or TRIP."""

    __tablename__ = "listings"
    __table_args__ = (
        ForeignKeyConstraint(
            ["workspace_id", "provider_id"], ["providers.workspace_id", "providers.id"]
        ),
        # The kinds' lists: a kind's active listings, oldest first.
        Index(
            "ix_listings_workspace_id_kind_status_created_at_id",
            "workspace_id",
            "kind",
            "status",
            "created_at",
            "id",
        ),
        Index("ix_listings_workspace_id_provider_id", "workspace_id", "provider_id"),
        Index("ix_listings_workspace_id_kind_occurs_on", "workspace_id", "kind", "occurs_on"),
        Index("ix_listings_workspace_id_kind_price_minor", "workspace_id", "kind", "price_minor"),
        Index("ix_listings_workspace_id_kind_rating", "workspace_id", "kind", "rating"),
        # "near": a bounding box read along latitude, longitude checked in the same index
        # (docs/decisions/0088-discovery.md).
        Index(
            "ix_listings_workspace_id_latitude_longitude", "workspace_id", "latitude", "longitude"
        ),
    )

    kind: Mapped[str] = mapped_column(String(16))
    provider_id: Mapped[uuid.UUID]
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str | None] = mapped_column(Text, default=None)
    location: Mapped[str] = mapped_column(String(200))
    # Money in the currency's minor unit (cents for USD): exact sums, no floats.
    price_minor: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(3))
    rating: Mapped[float | None] = mapped_column(default=None)
    amenities: Mapped[list[str]] = mapped_column(default=list)
    # PROPERTY: identical rooms, and guests per booking. Other kinds: persons per date.
    units: Mapped[int] = mapped_column(default=1)
    max_guests: Mapped[int | None] = mapped_column(default=None)
    capacity: Mapped[int | None] = mapped_column(default=None)
    duration_minutes: Mapped[int | None] = mapped_column(default=None)
    starts_at: Mapped[datetime | None] = mapped_column(default=None)
    ends_at: Mapped[datetime | None] = mapped_column(default=None)
    origin: Mapped[str | None] = mapped_column(String(200), default=None)
    destination: Mapped[str | None] = mapped_column(String(200), default=None)
    departs_at: Mapped[datetime | None] = mapped_column(default=None)
    arrives_at: Mapped[datetime | None] = mapped_column(default=None)
    mode: Mapped[str | None] = mapped_column(String(16), default=None)
    # EVENT: the UTC date it starts; TRIP: the UTC date it departs. The only date on which
    # they can be booked, kept as a date so availability filters compare dates portably.
    occurs_on: Mapped[date | None] = mapped_column(default=_occurs_on)
    # WGS84 degrees, both or neither (travel.catalog.rules).
    latitude: Mapped[float | None] = mapped_column(default=None)
    longitude: Mapped[float | None] = mapped_column(default=None)
    # ACTIVE, PAUSED or ARCHIVED (travel.catalog.status); only ACTIVE is found and booked.
    status: Mapped[str] = mapped_column(String(16), default="ACTIVE", server_default="ACTIVE")
    # +1 per update, for the lost-update guard (docs/decisions/0089-host-tools.md).
    version: Mapped[int] = mapped_column(default=1, server_default=text("1"))
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    # The IANA zone its times happen in (events, trips, tours), e.g. Europe/Lisbon.
    time_zone: Mapped[str | None] = mapped_column(String(64), default=None)
    # PostgreSQL also has `search_document`, a stored tsvector generated from the text columns,
    # and SQLite an FTS5 table kept by triggers: each database's own, made by revision 0008 and
    # left out of the models (docs/decisions/0088-discovery.md).


class _Dates:
    """A listing's range of dates, both ends included (for a stay, the nights starting on
    them), with the host's note."""

    listing_id: Mapped[uuid.UUID]
    starts_on: Mapped[date]
    ends_on: Mapped[date]
    note: Mapped[str | None] = mapped_column(String(200), default=None)


def _of_listing(table: str) -> tuple[Any, ...]:
    """A calendar table's key to its listing, and its index for a window of dates."""
    return (
        ForeignKeyConstraint(
            ["workspace_id", "listing_id"], ["listings.workspace_id", "listings.id"]
        ),
        Index(
            f"ix_{table}_workspace_id_listing_id_ends_on", "workspace_id", "listing_id", "ends_on"
        ),
    )


class ListingBlock(_Dates, TenantMixin, Base):
    """Dates a host closed: `units` rooms or places (None: the whole listing)
    (docs/decisions/0090-calendar.md)."""

    __tablename__ = "listing_blocks"
    __table_args__ = _of_listing("listing_blocks")

    units: Mapped[int | None] = mapped_column(default=None)


class SeasonalPrice(_Dates, TenantMixin, Base):
    """A price per night (stays) or person (others) in the listing's currency for its dates,
    over the listing's own; ranges of a listing never overlap."""

    __tablename__ = "listing_prices"
    __table_args__ = _of_listing("listing_prices")

    price_minor: Mapped[int] = mapped_column(BigInteger)
