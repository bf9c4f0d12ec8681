"""The host's calendar: blocking dates and setting seasonal prices (docs/decisions/
0090-calendar.md).

Each change locks its listing — the lock a booking of it takes — checks it against what is
booked, writes, and bumps the listing's version: a booking decided on the calendar as it was is
decided again (the booking write compares the version), so the last free unit goes to exactly
one of a block and a booking, and a booking is charged the price its checkout showed.
"""

from __future__ import annotations

from datetime import date, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import Principal
from travel.auth.permissions import Permission
from travel.catalog import editing, repository
from travel.catalog.availability import (
    MAX_RANGE_DAYS,
    Block,
    block_spans,
    daily_availability,
)
from travel.catalog.inputs import BlockInput, SeasonalPriceInput
from travel.catalog.models import ListingBlock, SeasonalPrice
from travel.catalog.records import BlockRecord, ListingRecord, SeasonalPriceRecord
from travel.catalog.repository import calendar as store
from travel.catalog.rules import optional_text
from travel.db.base import utcnow
from travel.db.session import Reads
from travel.errors import Checks, InvalidInput, NotFound
from travel.kernel.ids import parse_id
from travel.kernel.kinds import ListingKind
from travel.money import to_minor

MAX_NOTE = 200
MAX_UPCOMING_PRICES = 100  # seasonal prices still to come, per listing
MAX_BLOCKS = 100  # blocks still to come per listing; blockedDates answers at most this many
_DATES = ("starts_on", "ends_on")


async def block_dates(
    session: AsyncSession, principal: Principal, given: BlockInput
) -> BlockRecord:
    """Close dates of a listing: `units` rooms or places (None: all of them). Units must be
    free on every date (what is booked stays booked); the whole listing can always be closed."""
    current = await editing.listing_to_change(session, principal, given.listing_id, None)
    editing.require_version(current.version, given.expected_version, "listing")
    check = Checks()
    dates = check(lambda: _dates(given.starts_on, given.ends_on))
    whole = _capacity(current)
    units = check(lambda: _units(given.units, whole))
    note = check(lambda: optional_text(given.note, "note", max_length=MAX_NOTE))
    check.done()
    assert dates is not None
    first, last = dates
    if units is not None:
        await _check_free(session, principal, current, first, last, units)
    if await store.upcoming_blocks(session, principal.workspace_id, current.id) >= MAX_BLOCKS:
        raise InvalidInput("starts_on", f"a listing has at most {MAX_BLOCKS} blocks to come")
    values = {"listing_id": current.id, "starts_on": first, "ends_on": last, "units": units}
    block_id = await store.insert(
        session, principal.workspace_id, ListingBlock, {**values, "note": note}
    )
    await editing.touched(session, principal, current, "listing.dates_blocked", values)
    found = await store.block(session, principal.workspace_id, block_id)
    assert found is not None
    return found


async def unblock_dates(session: AsyncSession, principal: Principal, raw_id: str) -> ListingRecord:
    """Open a block's dates again; the listing as it is then."""
    block_id = parse_id(raw_id, "Block not found")
    found = await store.block(session, principal.workspace_id, block_id)
    if found is None:
        principal.require(Permission.HOST)
        raise NotFound("Block not found")
    current = await editing.listing_to_change(session, principal, str(found.listing_id), None)
    await store.remove(session, principal.workspace_id, ListingBlock, block_id)
    data = {"starts_on": found.starts_on, "ends_on": found.ends_on, "units": found.units}
    return await editing.touched(session, principal, current, "listing.dates_unblocked", data)


async def set_seasonal_price(
    session: AsyncSession, principal: Principal, given: SeasonalPriceInput
) -> SeasonalPriceRecord:
    """A price for a range of dates, over the listing's own; ranges never overlap."""
    current = await editing.listing_to_change(session, principal, given.listing_id, None)
    editing.require_version(current.version, given.expected_version, "listing")
    check = Checks()
    dates = check(lambda: _dates(given.starts_on, given.ends_on))
    price_minor = check(lambda: to_minor(given.price, current.currency, "price"))
    note = check(lambda: optional_text(given.note, "note", max_length=MAX_NOTE))
    check.done()
    assert dates is not None
    assert price_minor is not None
    first, last = dates
    await _check_no_overlap(session, principal, current, first, last)
    values = {
        "listing_id": current.id,
        "starts_on": first,
        "ends_on": last,
        "price_minor": price_minor,
    }
    price_id = await store.insert(
        session, principal.workspace_id, SeasonalPrice, {**values, "note": note}
    )
    await editing.touched(session, principal, current, "listing.price_set", values)
    found = await store.seasonal_price(session, principal.workspace_id, price_id)
    assert found is not None
    return found


async def remove_seasonal_price(
    session: AsyncSession, principal: Principal, raw_id: str
) -> ListingRecord:
    """Remove a seasonal price (its dates take the listing's own price); the listing then."""
    price_id = parse_id(raw_id, "Seasonal price not found")
    found = await store.seasonal_price(session, principal.workspace_id, price_id)
    if found is None:
        principal.require(Permission.HOST)
        raise NotFound("Seasonal price not found")
    current = await editing.listing_to_change(session, principal, str(found.listing_id), None)
    await store.remove(session, principal.workspace_id, SeasonalPrice, price_id)
    data = {"starts_on": found.starts_on, "ends_on": found.ends_on}
    return await editing.touched(session, principal, current, "listing.price_removed", data)


async def may_see_blocks(session: Reads, principal: Principal, listing: ListingRecord) -> bool:
    """Whether the caller may see a listing's blocks and their notes: its provider's owner or
    an admin (a traveler sees only what is available)."""
    if principal.has(Permission.ADMIN):
        return True
    if not principal.has(Permission.HOST):
        return False
    found = await repository.providers_by_id(session, principal.workspace_id, [listing.provider_id])
    return found[listing.provider_id].owner_member_id == principal.member_id


def _dates(first: date, last: date) -> tuple[date, date]:
    """A range from today on, `last` on or after `first`, at most MAX_RANGE_DAYS dates."""
    if first < utcnow().date():
        raise InvalidInput("starts_on", "$starts_on must be today or later")
    if last < first:
        raise InvalidInput("ends_on", "$ends_on must be on or after $starts_on")
    if (last - first).days + 1 > MAX_RANGE_DAYS:
        raise InvalidInput(
            "ends_on", f"$starts_on to $ends_on spans more than {MAX_RANGE_DAYS} days"
        )
    return first, last


def _capacity(listing: ListingRecord) -> int:
    return listing.units if ListingKind(listing.kind).is_stay else listing.capacity or 0


def _units(units: int | None, whole: int) -> int | None:
    if units is not None and not 1 <= units <= whole:
        raise InvalidInput("units", f"$units must be between 1 and {whole} (or null: all)")
    return units


async def _check_free(
    session: AsyncSession,
    principal: Principal,
    listing: ListingRecord,
    first: date,
    last: date,
    units: int,
) -> None:
    """`units` must be free on every date (a stay: night) from `first` to `last`."""
    workspace_id = principal.workspace_id
    spans = (await repository.booked_spans(session, workspace_id, [listing.id], first, last))[
        listing.id
    ]
    blocks = (await store.blocks_between(session, workspace_id, [listing.id], first, last))[
        listing.id
    ]
    held = [Block(b.starts_on, b.ends_on, b.units) for b in blocks]
    spans += block_spans(listing.kind, listing.units, listing.capacity, held)
    short = [
        day
        for day in daily_availability(listing, spans, first, last)
        if day.capacity and day.available < units
    ]
    if short:
        shown = ", ".join(f"{d.date} ({d.available} free)" for d in short[:5])
        more = f" and {len(short) - 5} more" if len(short) > 5 else ""
        raise InvalidInput("units", f"$units are not free on {shown}{more}")


async def _check_no_overlap(
    session: AsyncSession, principal: Principal, listing: ListingRecord, first: date, last: date
) -> None:
    workspace_id = principal.workspace_id
    found = await store.prices_between(session, workspace_id, [listing.id], first, last)
    if found[listing.id]:
        other = found[listing.id][0]
        raise InvalidInput(
            "starts_on",
            f"$starts_on to $ends_on overlaps the seasonal price from {other.starts_on} to "
            f"{other.ends_on}: remove it first or choose other dates",
        )
    upcoming = await store.upcoming_prices(
        session, workspace_id, listing.id, utcnow().date() - timedelta(days=1)
    )
    if upcoming >= MAX_UPCOMING_PRICES:
        raise InvalidInput(
            "starts_on", f"a listing has at most {MAX_UPCOMING_PRICES} seasonal prices to come"
        )
