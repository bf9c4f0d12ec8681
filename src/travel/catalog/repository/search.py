"""SQL conditions of the listing filters (decision 0011). The availability filter asks the
capacity rule of travel.catalog.availability (its predicates, as SQLAlchemy conditions) on the
few dates where the answer can change.

Each condition keeps the workspace and kind in front, so a page is read along the
`(workspace_id, kind, …)` indexes; price, rating and date conditions have indexes of their own.
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    Boolean,
    ColumnElement,
    Date,
    and_,
    case,
    exists,
    false,
    func,
    literal,
    or_,
    select,
)
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import aliased
from sqlalchemy.sql.functions import FunctionElement

from travel.bookings.models import Booking
from travel.bookings.rules import MAX_GUESTS_UNLIMITED_PROPERTY
from travel.catalog.availability import HOLDS_CAPACITY, holds_block, holds_day, holds_night
from travel.catalog.filters import DateWindow, ListingFilter, Near
from travel.catalog.models import Listing, ListingBlock, Provider
from travel.catalog.status import VISIBLE
from travel.kernel.ids import WorkspaceId
from travel.kernel.kinds import ListingKind
from travel.money import EXPONENTS

_taken, _later = aliased(Booking), aliased(Booking)
_block, _starts = aliased(ListingBlock), aliased(ListingBlock)


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


def _minor_range(
    low: Decimal | None, high: Decimal | None, exponent: int
) -> tuple[int | None, int | None]:
    """[low, high] in minor units of a currency with `exponent` decimals: the prices in
    whole minor units within it (a bound between two of them rounded inwards)."""
    return (
        None if low is None else math.ceil(low.scaleb(exponent)),
        None if high is None else math.floor(high.scaleb(exponent)),
    )


def _price_range(low: Decimal | None, high: Decimal | None, currency: str | None) -> Any:
    """Price within [low, high], compared in each listing's own currency's minor units."""
    ranges = []
    for is_group, exponent in _currency_groups(currency):
        bounds = [is_group]
        lowest, highest = _minor_range(low, high, exponent)
        if lowest is not None:
            bounds.append(Listing.price_minor >= lowest)
        if highest is not None:
            bounds.append(Listing.price_minor <= highest)
        ranges.append(and_(*bounds))
    return or_(*ranges)


def _confirmed(booking: Any, workspace_id: WorkspaceId) -> ColumnElement[bool]:
    return and_(
        booking.workspace_id == workspace_id,
        booking.listing_id == Listing.id,
        booking.status == HOLDS_CAPACITY,
    )


def _blocking(block: Any, workspace_id: WorkspaceId) -> ColumnElement[bool]:
    return and_(block.workspace_id == workspace_id, block.listing_id == Listing.id)


def _stay_free(workspace_id: WorkspaceId, window: DateWindow) -> ColumnElement[bool]:
    """A room free every night of [first, last), counting bookings and the host's blocks
    (availability.block_spans). Occupancy only rises at a check-in or a block's start, so the
    nights to test are the first one and each of those inside the stay."""

    def rooms_taken(night: Any, outer: Any) -> Any:
        booked = (
            select(func.count())
            .where(_confirmed(_taken, workspace_id), holds_night(_taken, night))
            .correlate(Listing, outer)  # two levels down: auto-correlation stops at one
            .scalar_subquery()
        )
        blocked = (
            select(func.coalesce(func.sum(func.coalesce(_block.units, Listing.units)), 0))
            .where(_blocking(_block, workspace_id), holds_block(_block, night))
            .correlate(Listing, outer)
            .scalar_subquery()
        )
        return booked + blocked

    full_later = exists().where(
        _confirmed(_later, workspace_id),
        _later.check_in > window.first,
        _later.check_in < window.last,
        rooms_taken(_later.check_in, _later) >= Listing.units,
    )
    full_at_block = exists().where(
        _blocking(_starts, workspace_id),
        _starts.starts_on > window.first,
        _starts.starts_on < window.last,
        rooms_taken(_starts.starts_on, _starts) >= Listing.units,
    )
    first_full = rooms_taken(literal(window.first, Date), _later) >= Listing.units
    return ~or_(first_full, full_later, full_at_block)


def _places_free(workspace_id: WorkspaceId, window: DateWindow, guests: int) -> Any:
    """`guests` places free on one date of [first, last] (events, trips: their date only),
    counting bookings and blocks. Places only come free the day after a check-out or a block's
    end, so the dates to test are the first one and each of those inside the window."""
    occurs_on = Listing.occurs_on  # NULL for tours and activities: the window as given
    first = case((occurs_on > window.first, occurs_on), else_=literal(window.first, Date))
    last = case((occurs_on < window.last, occurs_on), else_=literal(window.last, Date))

    def places_taken(day: Any, outer: Any) -> Any:
        booked = (
            select(func.coalesce(func.sum(_taken.guests), 0))
            .where(_confirmed(_taken, workspace_id), holds_day(_taken, day))
            .correlate(Listing, outer)  # two levels down: auto-correlation stops at one
            .scalar_subquery()
        )
        blocked = (
            select(func.coalesce(func.sum(func.coalesce(_block.units, Listing.capacity)), 0))
            .where(_blocking(_block, workspace_id), holds_block(_block, day))
            .correlate(Listing, outer)
            .scalar_subquery()
        )
        return booked + blocked

    free_later = exists().where(
        _confirmed(_later, workspace_id),
        _later.check_out >= first,
        _later.check_out < last,
        Listing.capacity - places_taken(next_day(_later.check_out), _later) >= guests,
    )
    free_after_block = exists().where(
        _blocking(_starts, workspace_id),
        _starts.ends_on >= first,
        _starts.ends_on < last,
        Listing.capacity - places_taken(next_day(_starts.ends_on), _starts) >= guests,
    )
    free_first = Listing.capacity - places_taken(first, _later) >= guests
    return and_(first <= last, or_(free_first, free_later, free_after_block))


def _fits_party(stay: bool, guests: int) -> ColumnElement[bool]:
    """Listings a party of `guests` can book: a stay that states no limit takes as many as a
    booking may bring to such a stay (travel.bookings.rules)."""
    if stay:
        if guests > MAX_GUESTS_UNLIMITED_PROPERTY:
            return Listing.max_guests >= guests
        return or_(Listing.max_guests.is_(None), Listing.max_guests >= guests)
    return Listing.capacity >= guests


def _per_kind(kinds: Sequence[str], rule: Callable[[bool], Any]) -> Any:
    """`rule(stay)` for the kinds a statement reads: one condition when they are all stays or
    all not, otherwise each on its own kinds."""
    stays = [kind for kind in kinds if ListingKind(kind).is_stay]
    others = [kind for kind in kinds if not ListingKind(kind).is_stay]
    if not others:
        return rule(True)
    if not stays:
        return rule(False)
    return or_(
        and_(Listing.kind.in_(stays), rule(True)), and_(Listing.kind.in_(others), rule(False))
    )


# Mean Earth radius (km), as the haversine formula takes it.
EARTH_RADIUS_KM = 6371.0088


def haversine(latitude: float, longitude: float) -> Any:
    """The haversine term `a` of the distance from the point to each listing: distance =
    2R·asin(√a), increasing with `a`, so `a` compares and sorts as the distance does."""
    return _haversine(func, Listing.latitude, Listing.longitude, latitude, longitude)


def _haversine(maths: Any, latitude: Any, longitude: Any, to_lat: float, to_lon: float) -> Any:
    """The haversine term between (latitude, longitude) and the point (to_lat, to_lon), with
    `maths`' sin, cos and radians: SQL's (`func`, on a listing's columns) or Python's (`math`,
    on numbers), one formula for both, so `_inside` checks its corners as the statement
    measures its rows."""
    # Halved by multiplying with a float: SQLAlchemy writes `/ 2` as a division by
    # `CAST($n::INTEGER AS NUMERIC)`, which the service's generic plans converted on every row
    # (the same values, 3 ms slower over a city's 7,000 matches: docs/performance.md).
    half_lat = maths.sin(maths.radians(latitude - to_lat) * 0.5)
    half_lon = maths.sin(maths.radians(longitude - to_lon) * 0.5)
    return (
        half_lat * half_lat
        + math.cos(math.radians(to_lat)) * maths.cos(maths.radians(latitude)) * half_lon * half_lon
    )


@dataclass(frozen=True, slots=True)
class Box:
    """The bounding box of a circle: latitudes [south, north], and longitudes [west, east]
    when one range holds them (None when the circle reaches a pole or crosses the
    antimeridian)."""

    south: float
    north: float
    west: float | None = None
    east: float | None = None


def _box(near: Near) -> tuple[Box, tuple[float, float] | None]:
    """The circle's bounding box, and for a circle across the antimeridian its two longitude
    ranges [west, 180] and [-180, east], as (west, east)."""
    degrees = math.degrees(near.radius_km / EARTH_RADIUS_KM)
    south, north = near.latitude - degrees, near.latitude + degrees
    box = Box(max(south, -90.0), min(north, 90.0))
    cos_lat = math.cos(math.radians(near.latitude))
    if south > -90 and north < 90 and cos_lat > 0:
        # Longitude spread of the circle at its widest (asin form, exact for a sphere).
        ratio = math.sin(math.radians(degrees)) / cos_lat
        spread = 180.0 if ratio >= 1 else math.degrees(math.asin(ratio))
        west, east = near.longitude - spread, near.longitude + spread
        if west >= -180 and east <= 180:
            return Box(box.south, box.north, west, east), None
        if spread < 180:  # across the antimeridian: two ranges
            return box, (west + 360 if west < -180 else west, east - 360 if east > 180 else east)
    return box, None


def _near(near: Near) -> Any:
    """Within the circle: a bounding box the `(workspace_id, latitude, longitude)` index reads,
    then the exact great-circle distance."""
    box, across = _box(near)
    where: list[Any] = [Listing.latitude.between(box.south, box.north)]
    if box.west is not None and box.east is not None:
        where.append(Listing.longitude.between(box.west, box.east))
    elif across is not None:
        west, east = across
        where.append(or_(Listing.longitude >= west, Listing.longitude <= east))
    limit = math.sin(near.radius_km / EARTH_RADIUS_KM / 2) ** 2
    exact = haversine(near.latitude, near.longitude) <= limit
    inside = _inside(near, limit)
    if inside is None:
        return and_(*where, exact)
    # A listing in the rectangle inside the circle is within it without computing its distance
    # (ten calls a row, five of them sine or cosine: 2.5 ms of a city's 7,000 matches on
    # SQLite, docs/performance.md); only those nearer the edge are measured.
    south, north, west, east = inside
    within = and_(Listing.latitude.between(south, north), Listing.longitude.between(west, east))
    return and_(*where, or_(within, exact))


def _inside(near: Near, limit: float) -> tuple[float, float, float, float] | None:
    """A latitude/longitude rectangle (south, north, west, east) centred on the point whose
    every point is within the circle (haversine term at most `limit`), or None (near a pole,
    across the antimeridian, or too wide to be sure of). Checking its corners is enough:
    along a parallel the distance grows with the difference in longitude, and along a
    meridian the haversine term is convex while the rectangle spans at most 10 degrees of
    longitude and of latitude (its second derivative ½cos Δφ - cos φ₁ cos φ sin²(Δλ/2) stays
    above 0.4), so no point of an edge is farther than the edge's ends. The half-width in
    longitude is never less than the half-height, so one cap bounds both; it is stricter than
    the bound needs (beyond it, large circles near the equator are measured row by row)."""
    half = math.degrees(near.radius_km / EARTH_RADIUS_KM) / math.sqrt(2) * 0.99
    south, north = near.latitude - half, near.latitude + half
    if south <= -89 or north >= 89:
        return None
    # East-west distances are longest on the parallel nearest the equator.
    widest = 0.0 if south < 0 < north else min(abs(south), abs(north))
    half_lon = half / math.cos(math.radians(widest))
    west, east = near.longitude - half_lon, near.longitude + half_lon
    if half_lon > 5 or west < -180 or east > 180:
        return None
    corners = ((lat, lon) for lat in (south, north) for lon in (west, east))
    if any(
        _haversine(math, lat, lon, near.latitude, near.longitude) > limit for lat, lon in corners
    ):
        return None
    return south, north, west, east


@dataclass(frozen=True, slots=True)
class Narrowing:
    """What a text search's matches are narrowed by as the index finds them, before anything
    else reads them (PostgreSQL's `travel_text_matches`, revisions 0018 and 0021): the
    currency, the price range in its minor units, and the box of "near". Each is among the
    statement's own conditions too; None: not narrowed by it."""

    currency: str | None = None
    min_price_minor: int | None = None
    max_price_minor: int | None = None
    box: Box | None = None


def narrowing(conditions: ListingFilter) -> Narrowing:
    """What `conditions` narrow a text search's matches by (docs/decisions/0104)."""
    low = high = None
    currency = conditions.currency
    if currency is not None:  # without one, a price range is in each currency's minor units
        low, high = _minor_range(conditions.min_price, conditions.max_price, EXPONENTS[currency])
    box = _box(conditions.near)[0] if conditions.near is not None else None
    return Narrowing(currency, low, high, box)


def listing_conditions(
    workspace_id: WorkspaceId, kinds: Sequence[str], conditions: ListingFilter
) -> list[Any]:
    """The WHERE conditions (beyond workspace, kind and text) that `conditions` asks for, on
    listings of `kinds`."""
    where: list[Any] = [*_statuses(workspace_id, conditions)]
    if conditions.owned_by is not None:
        where.append(Listing.provider_id.in_(_owned_by(workspace_id, conditions.owned_by)))
    if conditions.location:
        where += contains_all([Listing.location], [conditions.location])
    if conditions.places:
        where.append(Listing.location.in_(conditions.places))
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
        where.append(_per_kind(kinds, lambda stay: _fits_party(stay, guests)))
    window = conditions.window
    if window is not None:
        where.append(
            _per_kind(
                kinds,
                lambda stay: (
                    (_stay_free(workspace_id, window) if window.last > window.first else false())
                    if stay
                    else _places_free(workspace_id, window, guests)
                ),
            )
        )
    if conditions.near is not None:
        where.append(_near(conditions.near))
    for amenity in conditions.amenities:
        where.append(has_amenity(Listing.amenities, literal(amenity)))
    return where


def _statuses(workspace_id: WorkspaceId, conditions: ListingFilter) -> list[Any]:
    """Active listings, or those of the statuses asked for, the others only of providers
    `conditions.owner` owns (when named)."""
    if conditions.statuses == (VISIBLE,):
        return [Listing.status == VISIBLE]
    where: list[Any] = [Listing.status.in_(conditions.statuses)]
    if conditions.owner is not None:
        owned = _owned_by(workspace_id, conditions.owner)
        where.append(or_(Listing.status == VISIBLE, Listing.provider_id.in_(owned)))
    return where


def _owned_by(workspace_id: WorkspaceId, member_id: uuid.UUID) -> Any:
    """The ids of the providers a member registered."""
    return select(Provider.id).where(
        Provider.workspace_id == workspace_id, Provider.owner_member_id == member_id
    )


class has_amenity(FunctionElement[bool]):
    """A listing's JSON array of amenities holds the (lower-case) name, any case."""

    type = Boolean()
    inherit_cache = True


@compiles(has_amenity)
def _has_amenity(element: has_amenity, compiler: Any, **kw: Any) -> str:
    column, name = (compiler.process(c, **kw) for c in element.clauses)
    return f"EXISTS (SELECT 1 FROM json_array_elements_text({column}) AS a WHERE lower(a) = {name})"


@compiles(has_amenity, "sqlite")
def _has_amenity_sqlite(element: has_amenity, compiler: Any, **kw: Any) -> str:
    column, name = (compiler.process(c, **kw) for c in element.clauses)
    return f"EXISTS (SELECT 1 FROM json_each({column}) WHERE lower(value) = {name})"
