"""The `filter` arguments of the catalog's lists, validated into plain values (decision 0011)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from travel.bookings.rules import HORIZON
from travel.catalog.availability import MAX_RANGE_DAYS
from travel.catalog.inputs import (
    ListingConditions,
    ListingFilterInput,
    NearInput,
    ProviderFilterInput,
    SearchFilterInput,
)
from travel.catalog.rules import MAX_AMENITY
from travel.catalog.status import VISIBLE, ListingStatus
from travel.db.base import utcnow
from travel.errors import Checks, InvalidInput
from travel.kernel.ids import try_parse_id
from travel.kernel.kinds import ListingKind
from travel.kernel.text import cleaned as clean_text
from travel.money import currency_code
from travel.search.words import words as fold_words

MAX_TEXT = 200
MAX_WORDS = 10
MAX_RADIUS_KM = 1_000.0
MAX_PRICE = Decimal(10**12)  # any listing's price is below it, in every currency
_DATES = ("available_from", "available_to")


@dataclass(frozen=True, slots=True)
class DateWindow:
    """Dates asked about: a stay's check-in and check-out, or a first and last date."""

    first: date
    last: date


@dataclass(frozen=True, slots=True)
class Near:
    """Within `radius_km` of a point (WGS84 degrees)."""

    latitude: float
    longitude: float
    radius_km: float


@dataclass(frozen=True, slots=True)
class ListingFilter:
    """Every condition a listing must meet; None (or empty) means "any"."""

    # Folded words of the text (travel.search.words), matched by the database's search engine.
    words: tuple[str, ...] = ()
    location: str | None = None
    places: tuple[str, ...] = ()  # locations as written, any of them (the places facet's values)
    min_price: Decimal | None = None
    max_price: Decimal | None = None
    currency: str | None = None
    min_rating: float | None = None
    provider_id: uuid.UUID | None = None
    # A provider id that cannot exist: the list is empty (a filter never raises NOT_FOUND).
    matches_nothing: bool = False
    window: DateWindow | None = None
    guests: int | None = None
    near: Near | None = None
    amenities: tuple[str, ...] = ()  # folded, each matched whole
    kinds: tuple[str, ...] = ()  # travelSearch: any of these kinds (empty: every kind)
    # Listings in these statuses (default: active only). A listing that is not active is seen
    # only by admins and by its provider's owner: `owner` names the caller unless an admin.
    statuses: tuple[str, ...] = (VISIBLE,)
    owner: uuid.UUID | None = None
    # `ownedByViewer`: only listings of providers the caller owns; the service names the caller
    # in `owned_by` (the filter is parsed before the caller is known).
    owned_by_viewer: bool = False
    owned_by: uuid.UUID | None = None


@dataclass(frozen=True, slots=True)
class ProviderFilter:
    type: str | None = None
    words: tuple[str, ...] = ()
    min_rating: float | None = None
    owned_by_viewer: bool = False


def _invalid(field: str, problem: str) -> InvalidInput:
    return InvalidInput(field, f"${field} {problem}")


def _words(value: str | None, split: Callable[[str], list[str]]) -> tuple[str, ...]:
    value = value or ""
    if len(value) > MAX_TEXT:
        raise _invalid("text", f"must be at most {MAX_TEXT} characters")
    found = tuple(dict.fromkeys(split(clean_text(value))))
    if len(found) > MAX_WORDS:
        raise _invalid("text", f"may have at most {MAX_WORDS} words")
    return found


def words(value: str | None) -> tuple[str, ...]:
    """The lower-cased words of a provider filter's `text`: each must appear in the name."""
    return _words(value, lambda text: text.lower().split())


def search_words(value: str | None) -> tuple[str, ...]:
    """The folded words of a listing search's `text` (travel.search.words), at most 10."""
    return _words(value, fold_words)


def _near(given: NearInput | None) -> Near | None:
    if given is None:
        return None
    if not -90 <= given.latitude <= 90:
        raise InvalidInput("near.latitude", "$near.latitude must be between -90 and 90")
    if not -180 <= given.longitude <= 180:
        raise InvalidInput("near.longitude", "$near.longitude must be between -180 and 180")
    if not 0 < given.radius_km <= MAX_RADIUS_KM:
        raise InvalidInput(
            "near.radius_km", f"$near.radiusKm must be more than 0 and at most {MAX_RADIUS_KM:g}"
        )
    return Near(float(given.latitude), float(given.longitude), float(given.radius_km))


def _listed(
    given: list[str] | None, field: str, longest: int, fold: Callable[[str], str]
) -> tuple[str, ...]:
    """A list filter's items, each cleaned and folded, repeats dropped: at most MAX_WORDS of
    1 to `longest` characters."""
    items = given or []
    if len(items) > MAX_WORDS:
        raise _invalid(field, f"may list at most {MAX_WORDS} items")
    found = [fold(clean_text(item)) for item in items]
    if any(not item or len(item) > longest for item in found):
        raise _invalid(field, f"items must be 1 to {longest} characters")
    return tuple(dict.fromkeys(found))


def _amenities(given: list[str] | None) -> tuple[str, ...]:
    return _listed(given, "amenities", MAX_AMENITY, str.lower)


def _rating(value: float | None) -> float | None:
    if value is not None and not 0 <= value <= 5:
        raise _invalid("min_rating", "must be between 0 and 5")
    return None if value is None else float(value)


def _prices(given: ListingConditions) -> tuple[Decimal | None, Decimal | None]:
    low, high = given.min_price, given.max_price
    for name, value in (("min_price", low), ("max_price", high)):
        if value is not None and value < 0:
            raise _invalid(name, "must not be negative")
        if value is not None and value > MAX_PRICE:
            raise _invalid(name, f"must be at most {MAX_PRICE}")
    if low is not None and high is not None and low > high:
        raise _invalid("max_price", "must not be less than $min_price")
    return low, high


def window(
    first: date | None, last: date | None, *, stay: bool, names: tuple[str, str]
) -> DateWindow:
    """A validated range of at most MAX_RANGE_DAYS days (nights, for a stay); `names` are the
    input's fields holding the two ends, for the errors."""
    start, end = names
    if first is None or last is None:
        missing = start if first is None else end
        raise InvalidInput(missing, f"${missing} is required with ${start} and ${end}")
    if last < first or (stay and last == first):
        problem = "after" if stay else "on or after"
        raise InvalidInput(end, f"${end} must be {problem} ${start}")
    if (last - first).days + (0 if stay else 1) > MAX_RANGE_DAYS:
        raise InvalidInput(end, f"${start} to ${end} spans more than {MAX_RANGE_DAYS} days")
    return DateWindow(first, last)


def _search_window(given: ListingConditions, *, stay: bool) -> DateWindow:
    """The dates searched: a window as bookings take them, from today (UTC) to the bookings'
    horizon, so that nothing is found that could not be booked."""
    found = window(given.available_from, given.available_to, stay=stay, names=_DATES)
    today = utcnow().date()
    if found.first < today:
        raise _invalid("available_from", "must not be in the past")
    if found.first > today + HORIZON:
        raise _invalid("available_from", f"must be within {HORIZON.days} days from today")
    return found


def _provider(value: str | None) -> tuple[uuid.UUID | None, bool]:
    if value is None:
        return None, False
    parsed = try_parse_id(value)
    return parsed, parsed is None


def listing_filter(given: ListingConditions | None, kind: str | None) -> ListingFilter:
    """The filter a `TravelListingFilterInput` asks for (`kind` None: a
    `TravelSearchFilterInput`, whose search's text is read apart), or one VALIDATION_ERROR
    naming every bad field."""
    if given is None:
        return ListingFilter()
    check = Checks()
    dated = given.available_from is not None or given.available_to is not None
    kinds = tuple(dict.fromkeys(given.kinds or ())) if isinstance(given, SearchFilterInput) else ()
    # A window's end is a stay's check-out: a search over kinds reads it as a stay's only when
    # it names stays alone (for the other kinds the last date is included).
    stay = ListingKind(kind).is_stay if kind else kinds == (ListingKind.PROPERTY.value,)
    low, high = check(lambda: _prices(given)) or (None, None)
    provider_id, unknown_provider = _provider(given.provider_id)
    text = given.text if isinstance(given, ListingFilterInput) else None
    conditions = ListingFilter(
        words=check(lambda: search_words(text)) or (),
        location=check(lambda: _location(given.location)),
        places=check(lambda: _places(given.places)) or (),
        min_price=low,
        max_price=high,
        currency=check(lambda: None if given.currency is None else currency_code(given.currency)),
        min_rating=check(lambda: _rating(given.min_rating)),
        provider_id=provider_id,
        matches_nothing=unknown_provider,
        window=check(lambda: _search_window(given, stay=stay)) if dated else None,
        guests=check(lambda: _guests(given.guests)),
        near=check(lambda: _near(given.near)),
        amenities=check(lambda: _amenities(given.amenities)) or (),
        kinds=kinds,
        statuses=_statuses(given.status) if isinstance(given, ListingFilterInput) else (VISIBLE,),
        owned_by_viewer=isinstance(given, ListingFilterInput) and bool(given.owned_by_viewer),
    )
    check.done()
    return conditions


def _guests(value: int | None) -> int | None:
    if value is not None and value < 1:
        raise _invalid("guests", "must be at least 1")
    return value


def _location(value: str | None) -> str | None:
    location = clean_text(value or "").lower()
    if len(location) > MAX_TEXT:
        raise _invalid("location", f"must be at most {MAX_TEXT} characters")
    return location or None


def _places(given: list[str] | None) -> tuple[str, ...]:
    """Locations as the places facet gives them: matched whole, as written."""
    return _listed(given, "places", MAX_TEXT, str)  # cleaned only: as written


def _statuses(given: list[str] | None) -> tuple[str, ...]:
    """The statuses asked for, in the enum's order; none or empty: active only."""
    asked = set(given or ())
    return tuple(status for status in ListingStatus if status in asked) or (VISIBLE,)


def provider_filter(given: ProviderFilterInput | None) -> ProviderFilter:
    """The filter a `TravelProviderFilterInput` asks for."""
    if given is None:
        return ProviderFilter()
    return ProviderFilter(
        type=given.type,
        words=words(given.text),
        min_rating=_rating(given.min_rating),
        owned_by_viewer=bool(given.owned_by_viewer),
    )
