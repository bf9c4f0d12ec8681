"""SQL conditions of the listing filters (decision 0011). The availability filter asks the
capacity rule of travel.catalog.availability (its predicates, as SQLAlchemy conditions) on the
few dates where the answer can change.

Each condition keeps the workspace and kind in front, so a page is read along the
`(workspace_id, kind, …)` indexes; price, rating and date conditions have indexes of their own.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, Date, and_, case, exists, func, literal, or_, select
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import aliased
from sqlalchemy.sql.functions import FunctionElement

from travel.bookings.models import Booking
from travel.catalog.availability import HOLDS_CAPACITY, holds_day, holds_night
from travel.catalog.filters import DateWindow, ListingFilter
from travel.catalog.models import Listing
from travel.kernel.ids import WorkspaceId
from travel.kernel.kinds import ListingKind
from travel.money import EXPONENTS

_taken, _later = aliased(Booking), aliased(Booking)


class next_day(FunctionElement[date]):
    """The day after a date column, in each dialect's date arithmetic."""

    type = Date()
    inherit_cache = True


@compiles(next_day)
def _next_day(element: next_day, compiler: Any, **kw: Any) -> str:
    return f"({compiler.process(element.clauses, **kw)} + 1)"


@compiles(next_day, "sqlite")
def _next_day_sqlite(element: next_day, compiler: Any, **kw: Any) -> str:
    return f"date({compiler.process(element.clauses, **kw)}, '+1 day')"


def _pattern(word: str) -> str:
    escaped = word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def contains_all(columns: Sequence[Any], words: Sequence[str]) -> list[ColumnElement[bool]]:
    """Each (lower-cased) word appears in one of `columns`, case-insensitively."""
    return [
        or_(*(func.lower(column).like(_pattern(word), escape="\\") for column in columns))
        for word in words
    ]


def _currency_groups(currency: str | None) -> list[tuple[ColumnElement[bool], int]]:
    """(which currencies, their decimal places): one group per exponent (JPY 0, KWD 3, and
    every two-decimal currency as "none of those")."""
    if currency is not None:
        return [(Listing.currency == currency, EXPONENTS[currency])]
    odd = {code: exponent for code, exponent in EXPONENTS.items() if exponent != 2}
    groups = [
        (Listing.currency.in_([c for c, e in odd.items() if e == exponent]), exponent)
        for exponent in sorted(set(odd.values()))
    ]
    return [*groups, (Listing.currency.not_in(list(odd)), 2)]


def _price_range(low: Decimal | None, high: Decimal | None, currency: str | None) -> Any:
    """Price within [low, high], compared in each listing's own currency's minor units."""
    ranges = []
    for is_group, exponent in _currency_groups(currency):
        bounds = [is_group]
        if low is not None:
            bounds.append(Listing.price_minor >= math.ceil(low.scaleb(exponent)))
        if high is not None:
            bounds.append(Listing.price_minor <= math.floor(high.scaleb(exponent)))
        ranges.append(and_(*bounds))
    return or_(*ranges)


def _confirmed(booking: Any, workspace_id: WorkspaceId) -> ColumnElement[bool]:
    return and_(
        booking.workspace_id == workspace_id,
        booking.listing_id == Listing.id,
        booking.status == HOLDS_CAPACITY,
    )


def _stay_free(workspace_id: WorkspaceId, window: DateWindow) -> ColumnElement[bool]:
    """A room free every night of [first, last). Occupancy only rises at a check-in, so the
    nights to test are the first one and each booking's check-in inside the stay."""

    def rooms_taken(night: Any) -> Any:
        return (
            select(func.count())
            .where(_confirmed(_taken, workspace_id), holds_night(_taken, night))
            .correlate(Listing, _later)  # two levels down: auto-correlation stops at one
            .scalar_subquery()
        )

    full_later = exists().where(
        _confirmed(_later, workspace_id),
        _later.check_in > window.first,
        _later.check_in < window.last,
        rooms_taken(_later.check_in) >= Listing.units,
    )
    return ~or_(rooms_taken(literal(window.first, Date)) >= Listing.units, full_later)


def _places_free(workspace_id: WorkspaceId, window: DateWindow, guests: int) -> Any:
    """`guests` places free on one date of [first, last] (events, trips: their date only).
    Bookings only fall away the day after a check-out, so the dates to test are the first
    one and each day after a check-out inside the window."""
    occurs_on = Listing.occurs_on  # NULL for tours and activities: the window as given
    first = case((occurs_on > window.first, occurs_on), else_=literal(window.first, Date))
    last = case((occurs_on < window.last, occurs_on), else_=literal(window.last, Date))

    def places_taken(day: Any) -> Any:
        return (
            select(func.coalesce(func.sum(_taken.guests), 0))
            .where(_confirmed(_taken, workspace_id), holds_day(_taken, day))
            .correlate(Listing, _later)  # two levels down: auto-correlation stops at one
            .scalar_subquery()
        )

    free_later = exists().where(
        _confirmed(_later, workspace_id),
        _later.check_out >= first,
        _later.check_out < last,
        Listing.capacity - places_taken(next_day(_later.check_out)) >= guests,
    )
    return and_(first <= last, or_(Listing.capacity - places_taken(first) >= guests, free_later))


def _fits_party(stay: bool, guests: int) -> ColumnElement[bool]:
    if stay:
        return or_(Listing.max_guests.is_(None), Listing.max_guests >= guests)
    return Listing.capacity >= guests


def listing_conditions(
    workspace_id: WorkspaceId, kind: str, conditions: ListingFilter
) -> list[Any]:
    """The WHERE conditions (beyond workspace and kind) that `conditions` asks for."""
    stay = ListingKind(kind).is_stay
    where: list[Any] = contains_all([Listing.name, Listing.description], conditions.words)
    if conditions.location:
        where += contains_all([Listing.location], [conditions.location])
    if conditions.min_price is not None or conditions.max_price is not None:
        where.append(_price_range(conditions.min_price, conditions.max_price, conditions.currency))
    elif conditions.currency is not None:
        where.append(Listing.currency == conditions.currency)
    if conditions.min_rating is not None:
        where.append(Listing.rating >= conditions.min_rating)
    if conditions.provider_id is not None:
        where.append(Listing.provider_id == conditions.provider_id)
    guests = conditions.guests or 1
    if conditions.guests is not None:
        where.append(_fits_party(stay, guests))
    if conditions.window is not None and stay:
        where.append(_stay_free(workspace_id, conditions.window))
    elif conditions.window is not None:
        where.append(_places_free(workspace_id, conditions.window, guests))
    return where
