"""Availability and prices for dates, from the listing's own calendar (one rule: the API's)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from travel.mcp import documents
from travel.mcp.api import Api
from travel.mcp.errors import ToolError

MAX_NIGHTS = 365


@dataclass(frozen=True)
class Priced:
    """A listing's answer for a stay or a date: bookable or not, and what it would cost."""

    listing: dict[str, Any]
    days: list[dict[str, Any]]
    total: Decimal
    short_on: str | None
    """The first date without enough rooms or places; None when bookable."""

    @property
    def bookable(self) -> bool:
        return self.short_on is None


def _day(text: str, name: str) -> date:
    try:
        return date.fromisoformat(text)
    except (TypeError, ValueError):
        raise ToolError("VALIDATION_ERROR", f"{name} must be a date as YYYY-MM-DD") from None


def calendar_range(kind: str, check_in: str, check_out: str | None) -> tuple[str, str]:
    """The calendar dates a booking takes: a stay's nights (check-in to the night before
    check-out), otherwise the one date."""
    start = _day(check_in, "check_in")
    if kind != "PROPERTY":
        return start.isoformat(), start.isoformat()
    if check_out is None:
        raise ToolError("VALIDATION_ERROR", "check_out is required for a PROPERTY (a stay)")
    end = _day(check_out, "check_out")
    if not 1 <= (end - start).days <= MAX_NIGHTS:
        raise ToolError("VALIDATION_ERROR", "check_out must be 1 to 365 nights after check_in")
    return start.isoformat(), (end - timedelta(days=1)).isoformat()


async def price(
    api: Api, kind: str, listing_id: str, check_in: str, check_out: str | None, guests: int
) -> Priced:
    """Price and check a booking of `guests` the way the API charges it: the nights' prices
    summed for a stay; guests x the date's price otherwise."""
    first, last = calendar_range(kind, check_in, check_out)
    variables = {"id": listing_id, "from": first, "to": last}
    answer = await api.run(documents.calendar(kind), variables)
    listing = answer.data.get("listing")
    if listing is None:
        raise ToolError("NOT_FOUND", f"no {kind} with id {listing_id} in this workspace")
    limit = listing.get("maxGuests") if kind == "PROPERTY" else listing.get("capacity")
    if limit is not None and guests > limit:
        per = "per room" if kind == "PROPERTY" else "in all"
        raise ToolError("VALIDATION_ERROR", f"guests: at most {limit} {per} for this listing")
    days = listing.pop("availability")
    need = 1 if kind == "PROPERTY" else guests
    short = next((d["date"] for d in days if d["available"] < need), None)
    if listing.get("status") not in (None, "ACTIVE"):
        short = first
    prices = [Decimal(d["price"]) for d in days]
    total = sum(prices, Decimal(0)) if kind == "PROPERTY" else prices[0] * guests
    return Priced(listing, days, total, short)


def unavailable(kind: str, short_on: str) -> ToolError:
    what = "no room left" if kind == "PROPERTY" else "not enough places left"
    return ToolError("UNAVAILABLE", f"{what} on {short_on}")
