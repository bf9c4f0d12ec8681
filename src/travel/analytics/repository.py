"""Every SQL statement of analytics: aggregates only, no booking row ever reaches Python.

All booking filters lead with (workspace_id, status, check_in), the columns of
`ix_bookings_workspace_id_status_check_in`, so each query is a range scan of that index.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import ColumnElement, and_, case, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from travel.analytics.records import CurrencyTotal, TopProvider, Window
from travel.analytics.sql import days_between
from travel.auth.identity import WorkspaceId
from travel.bookings.models import Booking
from travel.catalog.models import Listing, Provider
from travel.money import from_minor

CONFIRMED = "CONFIRMED"
PROPERTY = "PROPERTY"
# DESIGN §4: a stay lasts at most 365 nights, so a stay that overlaps a night checked in at
# most 365 days before it. This bound turns the occupancy scan into a short index range.
LONGEST_STAY = timedelta(days=365)


def _confirmed_in(workspace_id: WorkspaceId, window: Window) -> list[ColumnElement[bool]]:
    """Confirmed bookings of the workspace whose stay starts in the window (if any)."""
    clauses = [Booking.workspace_id == workspace_id, Booking.status == CONFIRMED]
    if window.check_in_from is not None and window.check_in_to is not None:
        clauses.append(Booking.check_in >= window.check_in_from)
        clauses.append(Booking.check_in < window.check_in_to)
    return clauses


async def totals_by_currency(
    session: AsyncSession, workspace_id: WorkspaceId, window: Window
) -> list[CurrencyTotal]:
    """Confirmed bookings and summed total price per currency (most bookings first)."""
    count = func.count()
    stmt = (
        select(Booking.currency, count, func.sum(Booking.total_minor))
        .where(*_confirmed_in(workspace_id, window))
        .group_by(Booking.currency)
        .order_by(count.desc(), Booking.currency)
    )
    return [
        CurrencyTotal(currency, int(n), from_minor(int(minor), currency))
        for currency, n, minor in await session.execute(stmt)
    ]


async def bookings_by_kind(
    session: AsyncSession, workspace_id: WorkspaceId, window: Window
) -> dict[str, int]:
    """Confirmed bookings per listing kind (kinds without bookings are absent)."""
    stmt = (
        select(Booking.listing_kind, func.count())
        .where(*_confirmed_in(workspace_id, window))
        .group_by(Booking.listing_kind)
    )
    return {kind: int(n) for kind, n in await session.execute(stmt)}


async def booked_property_nights(
    session: AsyncSession, workspace_id: WorkspaceId, window: Window
) -> int:
    """Nights of confirmed stays that fall in [nights_from, nights_to), one unit per booking."""
    start, end = window.nights_from, window.nights_to
    clipped_out = case((Booking.check_out < end, Booking.check_out), else_=end)
    clipped_in = case((Booking.check_in > start, Booking.check_in), else_=start)
    stmt = select(func.coalesce(func.sum(days_between(clipped_out, clipped_in)), 0)).where(
        Booking.workspace_id == workspace_id,
        Booking.status == CONFIRMED,
        Booking.check_in >= start - LONGEST_STAY,
        Booking.check_in < end,
        Booking.check_out > start,
        Booking.listing_kind == PROPERTY,
    )
    return int((await session.execute(stmt)).scalar_one())


async def property_units(session: AsyncSession, workspace_id: WorkspaceId) -> int:
    """Rooms offered by all the workspace's stays (the units of every PROPERTY listing)."""
    stmt = select(func.coalesce(func.sum(Listing.units), 0)).where(
        Listing.workspace_id == workspace_id, Listing.kind == PROPERTY
    )
    return int((await session.execute(stmt)).scalar_one())


async def top_providers(
    session: AsyncSession, workspace_id: WorkspaceId, window: Window, currency: str, limit: int
) -> list[TopProvider]:
    """Providers by revenue in `currency`, then bookings, then id (ties are deterministic)."""
    bookings = func.count()
    revenue = func.sum(Booking.total_minor)
    stmt = (
        select(Provider.id, Provider.name, bookings, revenue)
        .select_from(Booking)
        .join(
            Listing,
            and_(Listing.workspace_id == Booking.workspace_id, Listing.id == Booking.listing_id),
        )
        .join(
            Provider,
            and_(Provider.workspace_id == Listing.workspace_id, Provider.id == Listing.provider_id),
        )
        .where(*_confirmed_in(workspace_id, window), Booking.currency == currency)
        .group_by(Provider.id, Provider.name)
        .order_by(revenue.desc(), bookings.desc(), Provider.id)
        .limit(limit)
    )
    return [
        TopProvider(pid, name, int(n), from_minor(int(minor), currency), currency)
        for pid, name, n, minor in await session.execute(stmt)
    ]
