"""Every SQL statement of analytics: aggregates only, no booking row ever reaches Python.

The statements read the running totals of travel.analytics.models, which database triggers keep
in step with `bookings` (docs/decisions/0053): a report sums a few rows per check-in day rather
than every booking. Each filter is a range of a primary key led by (workspace_id, check_in).
"""

from __future__ import annotations

from datetime import date, timedelta

from sqlalchemy import ColumnElement, and_, case, func, select

from travel.analytics.models import DailyProviderSales, DailySales, StayDates
from travel.analytics.records import CurrencyTotal, Occupancy, Sales, TopProvider, Window
from travel.analytics.sql import days_between
from travel.bookings.rules import longest_booking
from travel.catalog.models import Listing, Provider
from travel.db.session import Reads
from travel.kernel.ids import WorkspaceId
from travel.kernel.kinds import ListingKind
from travel.money import from_minor

# docs/design.md §4: a stay lasts at most MAX_NIGHTS (365) nights, so a stay that overlaps a night
# checked in at most that many days before it. This bound turns the occupancy scan into a short
# key range.
LONGEST_STAY = timedelta(days=longest_booking(ListingKind.PROPERTY))


def _days_before(day: date, span: timedelta) -> date:
    """`day - span`, or the first representable date (a window may start in year 1)."""
    return day - span if day - date.min > span else date.min


def _sold_in(
    totals: type[DailySales | DailyProviderSales], workspace_id: WorkspaceId, window: Window
) -> list[ColumnElement[bool]]:
    """The workspace's totals of bookings whose stay starts in the window (if any)."""
    clauses = [totals.workspace_id == workspace_id]
    if window.check_in_from is not None and window.check_in_to is not None:
        clauses.append(totals.check_in >= window.check_in_from)
        clauses.append(totals.check_in < window.check_in_to)
    return clauses


async def sales(session: Reads, workspace_id: WorkspaceId, window: Window) -> Sales:
    """Counted bookings and revenue per currency, and bookings per kind, in one pass."""
    bookings = func.sum(DailySales.bookings)
    stmt = (
        select(
            DailySales.currency, DailySales.listing_kind, bookings, func.sum(DailySales.total_minor)
        )
        .where(*_sold_in(DailySales, workspace_id, window))
        .group_by(DailySales.currency, DailySales.listing_kind)
        .having(bookings > 0)  # totals of cancelled bookings stay behind as zeros
    )
    per_currency: dict[str, tuple[int, int]] = {}
    by_kind: dict[str, int] = {}
    for currency, kind, n, minor in await session.execute(stmt):
        count, amount = per_currency.get(currency, (0, 0))
        per_currency[currency] = (count + int(n), amount + int(minor))
        by_kind[kind] = by_kind.get(kind, 0) + int(n)
    ranked = sorted(per_currency.items(), key=lambda item: (-item[1][0], item[0]))
    totals = [CurrencyTotal(c, n, from_minor(minor, c)) for c, (n, minor) in ranked]
    return Sales(totals, by_kind)


def _booked_nights(workspace_id: WorkspaceId, window: Window) -> ColumnElement[int]:
    """Nights of counted stays that fall in [nights_from, nights_to), one unit per booking."""
    start, end = window.nights_from, window.nights_to
    clipped_out = case((StayDates.check_out < end, StayDates.check_out), else_=end)
    clipped_in = case((StayDates.check_in > start, StayDates.check_in), else_=start)
    nights = StayDates.stays * days_between(clipped_out, clipped_in)
    return (
        select(func.coalesce(func.sum(nights), 0))
        .where(
            StayDates.workspace_id == workspace_id,
            StayDates.check_in >= _days_before(start, LONGEST_STAY),
            StayDates.check_in < end,
            StayDates.check_out > start,
        )
        .scalar_subquery()
    )


def _property_units(workspace_id: WorkspaceId) -> ColumnElement[int]:
    """Rooms offered by all the workspace's stays (the units of every PROPERTY listing)."""
    return (
        select(func.coalesce(func.sum(Listing.units), 0))
        .where(Listing.workspace_id == workspace_id, Listing.kind == ListingKind.PROPERTY.value)
        .scalar_subquery()
    )


async def occupancy(session: Reads, workspace_id: WorkspaceId, window: Window) -> Occupancy:
    """Booked nights over the window's nights and the property units, in one round trip."""
    stmt = select(_booked_nights(workspace_id, window), _property_units(workspace_id))
    booked, units = (await session.execute(stmt)).one()
    return Occupancy(int(booked), int(units))


async def top_providers(
    session: Reads, workspace_id: WorkspaceId, window: Window, currency: str, limit: int
) -> list[TopProvider]:
    """Providers by revenue in `currency`, then bookings, then id (ties are deterministic)."""
    totals = DailyProviderSales
    bookings = func.sum(totals.bookings).label("bookings")
    revenue = func.sum(totals.total_minor).label("revenue")
    ranked = (
        select(totals.provider_id, bookings, revenue)
        .where(*_sold_in(totals, workspace_id, window), totals.currency == currency)
        .group_by(totals.provider_id)
        .having(bookings > 0)
        .order_by(revenue.desc(), bookings.desc(), totals.provider_id)
        .limit(limit)
        .subquery()
    )
    stmt = (
        select(Provider.id, Provider.name, ranked.c.bookings, ranked.c.revenue)
        .join(
            ranked, and_(Provider.workspace_id == workspace_id, Provider.id == ranked.c.provider_id)
        )
        .order_by(ranked.c.revenue.desc(), ranked.c.bookings.desc(), Provider.id)
    )
    return [
        TopProvider(pid, name, int(n), from_minor(int(minor), currency), currency)
        for pid, name, n, minor in await session.execute(stmt)
    ]
