"""Analytics rules: who may read them, what window a report covers, and how figures combine.

Definitions (also in the schema descriptions and docs/decisions/0050-analytics-definitions.md):
a booking counts when it is CONFIRMED and its stay starts (check-in) in the window; revenue is
the sum of those bookings' total prices in the reporting currency; occupancy is booked
property-nights ÷ (units * nights) over the window's nights.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from travel.analytics import repository
from travel.analytics.records import Analytics, CategoryCount, CurrencyTotal, OverviewStats, Window
from travel.auth.identity import Principal
from travel.auth.permissions import Permission
from travel.db.session import Reads
from travel.errors import InvalidInput
from travel.kernel.kinds import KINDS
from travel.money import from_minor

MAX_WINDOW_DAYS = 366  # a whole year, leap years included
DEFAULT_OCCUPANCY_NIGHTS = 30
TOP_PROVIDERS = 5
# The catalog's default listing currency: what a workspace without bookings reports in.
DEFAULT_CURRENCY = "USD"


def utc_today() -> date:
    return datetime.now(UTC).date()


def window_from(start: date | None, end: date | None, today: date) -> Window:
    """The window `start`..`end` asks for, or VALIDATION_ERROR naming `start` or `end`."""
    if start is None and end is None:
        nights_to = today + timedelta(days=DEFAULT_OCCUPANCY_NIGHTS)
        return Window(None, None, today, nights_to)
    if start is None or end is None:
        field = "start" if start is None else "end"
        raise InvalidInput(field, "$start and $end must be given together (or neither)")
    if start >= end:
        raise InvalidInput("end", "$start must be before $end")
    if (end - start).days > MAX_WINDOW_DAYS:
        raise InvalidInput(
            "end", f"the window $start..$end may span at most {MAX_WINDOW_DAYS} days"
        )
    return Window(start, end, start, end)


def reporting_currency(totals: list[CurrencyTotal]) -> str:
    """The currency of the most confirmed bookings (ties: first code alphabetically)."""
    return totals[0].currency if totals else DEFAULT_CURRENCY


async def overview_stats(
    session: Reads, principal: Principal, start: date | None, end: date | None
) -> OverviewStats:
    """Confirmed bookings, their revenue and property occupancy over the window."""
    principal.require(Permission.ANALYTICS)
    window = window_from(start, end, utc_today())
    workspace_id = principal.workspace_id
    sales = await repository.sales(session, workspace_id, window)
    totals = sales.by_currency
    currency = reporting_currency(totals)
    revenue = next((t.amount for t in totals if t.currency == currency), None)
    occupancy = await repository.occupancy(session, workspace_id, window)
    available = occupancy.units * window.nights
    return OverviewStats(
        total_bookings=sum(t.bookings for t in totals),
        total_revenue=revenue if revenue is not None else from_minor(0, currency),
        currency=currency,
        revenue_by_currency=totals,
        occupancy_rate=occupancy.booked_nights / available if available else 0.0,
        booked_nights=occupancy.booked_nights,
        available_nights=available,
        occupancy_from=window.nights_from,
        occupancy_to=window.nights_to,
    )


async def analytics(
    session: Reads, principal: Principal, start: date | None, end: date | None
) -> Analytics:
    """Confirmed bookings per kind, and the top providers by revenue, over the window."""
    principal.require(Permission.ANALYTICS)
    window = window_from(start, end, utc_today())
    workspace_id = principal.workspace_id
    sales = await repository.sales(session, workspace_id, window)
    currency = reporting_currency(sales.by_currency)
    top = await repository.top_providers(session, workspace_id, window, currency, TOP_PROVIDERS)
    mix = [CategoryCount(kind.value, sales.by_kind.get(kind.value, 0)) for kind in KINDS]
    return Analytics(category_mix=mix, top_providers=top)
