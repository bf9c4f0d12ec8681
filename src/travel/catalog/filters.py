"""The `filter` arguments of the catalog's lists, validated into plain values (decision 0011)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from travel.catalog.availability import MAX_RANGE_DAYS
from travel.catalog.inputs import ListingFilterInput, ProviderFilterInput
from travel.errors import InvalidInput
from travel.kernel.ids import try_parse_id
from travel.kernel.kinds import ListingKind
from travel.kernel.text import cleaned as clean_text
from travel.money import currency_code

MAX_TEXT = 200
MAX_WORDS = 10
MAX_PRICE = Decimal(10**12)  # any listing's price is below it, in every currency
_DATES = ("available_from", "available_to")


@dataclass(frozen=True, slots=True)
class DateWindow:
    """Dates asked about: a stay's check-in and check-out, or a first and last date."""

    first: date
    last: date


@dataclass(frozen=True, slots=True)
class ListingFilter:
    """Every condition a listing must meet; None (or empty) means "any"."""

    words: tuple[str, ...] = ()
    location: str | None = None
    min_price: Decimal | None = None
    max_price: Decimal | None = None
    currency: str | None = None
    min_rating: float | None = None
    provider_id: uuid.UUID | None = None
    # A provider id that cannot exist: the list is empty (a filter never raises NOT_FOUND).
    matches_nothing: bool = False
    window: DateWindow | None = None
    guests: int | None = None


@dataclass(frozen=True, slots=True)
class ProviderFilter:
    type: str | None = None
    words: tuple[str, ...] = ()
    min_rating: float | None = None
    owned_by_viewer: bool = False


def _invalid(field: str, problem: str) -> InvalidInput:
    return InvalidInput(field, f"${field} {problem}")


def words(value: str | None) -> tuple[str, ...]:
    """The lower-cased words of `text`: each must appear in the name or the description."""
    value = value or ""
    if len(value) > MAX_TEXT:
        raise _invalid("text", f"must be at most {MAX_TEXT} characters")
    found = tuple(dict.fromkeys(clean_text(value).lower().split()))
    if len(found) > MAX_WORDS:
        raise _invalid("text", f"may have at most {MAX_WORDS} words")
    return found


def _rating(value: float | None) -> float | None:
    if value is not None and not 0 <= value <= 5:
        raise _invalid("min_rating", "must be between 0 and 5")
    return None if value is None else float(value)


def _prices(given: ListingFilterInput) -> tuple[Decimal | None, Decimal | None]:
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


def _provider(value: str | None) -> tuple[uuid.UUID | None, bool]:
    if value is None:
        return None, False
    parsed = try_parse_id(value)
    return parsed, parsed is None


def listing_filter(given: ListingFilterInput | None, kind: str) -> ListingFilter:
    """The filter a `TravelListingFilterInput` asks for, or VALIDATION_ERROR naming the field."""
    if given is None:
        return ListingFilter()
    guests = given.guests
    if guests is not None and guests < 1:
        raise _invalid("guests", "must be at least 1")
    dated = given.available_from is not None or given.available_to is not None
    stay = ListingKind(kind).is_stay
    low, high = _prices(given)
    provider_id, unknown_provider = _provider(given.provider_id)
    location = clean_text(given.location or "").lower()
    if len(location) > MAX_TEXT:
        raise _invalid("location", f"must be at most {MAX_TEXT} characters")
    currency = given.currency
    return ListingFilter(
        words=words(given.text),
        location=location or None,
        min_price=low,
        max_price=high,
        currency=None if currency is None else currency_code(currency),
        min_rating=_rating(given.min_rating),
        provider_id=provider_id,
        matches_nothing=unknown_provider,
        window=(
            window(given.available_from, given.available_to, stay=stay, names=_DATES)
            if dated
            else None
        ),
        guests=guests,
    )


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
