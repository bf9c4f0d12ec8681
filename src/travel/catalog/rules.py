"""What a valid listing or provider is: typed create inputs → the rows' column values.

Every failure is a VALIDATION_ERROR naming the input's field (decision 0013).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from decimal import Decimal
from functools import cache
from typing import Any
from zoneinfo import available_timezones

from travel.catalog.inputs import (
    EventInput,
    ListingInput,
    PerPersonInput,
    PropertyInput,
    ProviderInput,
    TourInput,
    TripInput,
)
from travel.errors import Checks, InvalidInput
from travel.kernel.text import cleaned as clean_text
from travel.kernel.text import is_blank
from travel.money import currency_code, to_minor

MAX_NAME = 200
MAX_DESCRIPTION = 5_000
MAX_AMENITIES = 50
MAX_AMENITY = 100
MAX_UNITS = 10_000
MAX_GUESTS = 1_000
MAX_CAPACITY = 100_000
MAX_DURATION_MINUTES = 30 * 24 * 60
MAX_EVENT_LENGTH = timedelta(days=366)
PROVIDER_TYPES = ("HOST", "OPERATOR")

Values = dict[str, Any]


def _invalid(field: str, problem: str) -> InvalidInput:
    return InvalidInput(field, f"${field} {problem}")


def text(value: str | None, field: str, *, max_length: int = MAX_NAME) -> str:
    """A required, non-blank string (NFC, trimmed) of at most `max_length` characters; blank
    includes a string of invisible format characters only (kernel.text)."""
    cleaned = clean_text(value) if isinstance(value, str) else ""
    if is_blank(cleaned):
        raise _invalid(field, "must not be empty")
    if len(cleaned) > max_length:
        raise _invalid(field, f"must be at most {max_length} characters")
    return cleaned


def optional_text(value: str | None, field: str, *, max_length: int) -> str | None:
    """An optional string: blank is the same as absent."""
    if not isinstance(value, str) or is_blank(value):
        return None
    return text(value, field, max_length=max_length)


def count(value: int | None, field: str, *, default: int | None, maximum: int) -> int | None:
    """An optional whole number from 1 to `maximum`; absent or null gives `default`."""
    if value is None:
        return default
    if not 1 <= value <= maximum:
        raise _invalid(field, f"must be between 1 and {maximum}")
    return int(value)


def required_count(value: int | None, field: str, *, maximum: int) -> int:
    checked = count(value, field, default=None, maximum=maximum)
    if checked is None:
        raise _invalid(field, "is required")
    return checked


def amenities(raw: list[str] | None) -> list[str]:
    """Distinct, trimmed, non-blank amenity names, in the order given."""
    items = raw or []
    if len(items) > MAX_AMENITIES:
        raise _invalid("amenities", f"may list at most {MAX_AMENITIES} items")
    cleaned: list[str] = []
    for item in items:
        name = clean_text(item)
        if is_blank(name) or len(name) > MAX_AMENITY:
            raise _invalid("amenities", f"items must be 1 to {MAX_AMENITY} characters")
        if name not in cleaned:
            cleaned.append(name)
    return cleaned


def provider_values(given: ProviderInput, check: Checks | None = None) -> Values:
    """A host or an operator: a name and one of PROVIDER_TYPES (`check`: as for
    `listing_values`)."""
    checks = Checks() if check is None else check
    values = {
        "name": checks(lambda: text(given.name, "name")),
        "type": checks(lambda: _type(given)),
    }
    if check is None:
        checks.done()
    return values


def _type(given: ProviderInput) -> str:
    if given.type not in PROVIDER_TYPES:
        raise _invalid("type", "must be HOST or OPERATOR")
    return given.type


def coordinates(latitude: float | None, longitude: float | None) -> Values:
    """WGS84 degrees, both or neither: latitude -90..90, longitude -180..180."""
    if latitude is None and longitude is None:
        return {"latitude": None, "longitude": None}
    if latitude is None or longitude is None:
        missing = "latitude" if latitude is None else "longitude"
        raise _invalid(missing, "is required with $latitude and $longitude")
    if not -90 <= latitude <= 90:
        raise _invalid("latitude", "must be between -90 and 90")
    if not -180 <= longitude <= 180:
        raise _invalid("longitude", "must be between -180 and 180")
    return {"latitude": float(latitude), "longitude": float(longitude)}


def time_zone(value: str | None, latitude: float | None, longitude: float | None) -> str | None:
    """An IANA zone name (e.g. Europe/Lisbon) as given, or the zone at the coordinates when
    none is given (tzfpy's map of zones, read on first use), or None."""
    if value is None or is_blank(value):
        return None if latitude is None or longitude is None else zone_at(latitude, longitude)
    name = value.strip()
    if name not in _zones():
        raise _invalid("time_zone", "must be an IANA time zone such as Europe/Lisbon")
    return name


def zone_at(latitude: float, longitude: float) -> str | None:
    """The IANA zone of a point; None at sea, where only a fixed offset (Etc/GMT±N) is known."""
    import tzfpy  # ~35 MB of zone shapes: loaded only once a listing needs a zone

    found: str = tzfpy.get_tz(longitude, latitude)
    return found if found in _zones() and not found.startswith("Etc/") else None


@cache
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


def _common(
    given: ListingInput, check: Checks, price: Decimal, price_field: str, location: str | None
) -> Values:
    """The fields every kind shares (name, description, location, price, amenities, where)."""
    currency = check(lambda: currency_code("USD" if given.currency is None else given.currency))
    place = check(lambda: coordinates(given.latitude, given.longitude))
    return {
        **(place or {}),
        "name": check(lambda: text(given.name, "name")),
        "description": check(
            lambda: optional_text(given.description, "description", max_length=MAX_DESCRIPTION)
        ),
        "location": check(lambda: text(location, "location")),
        "price_minor": (
            None if currency is None else check(lambda: to_minor(price, currency, price_field))
        ),
        "currency": currency,
        "amenities": check(lambda: amenities(given.amenities)),
        "time_zone": check(
            lambda: time_zone(
                given.time_zone,
                *((place["latitude"], place["longitude"]) if place else (None, None)),
            )
        ),
    }


def property_values(given: PropertyInput, check: Checks) -> Values:
    """A stay: priced per night, `units` identical rooms of up to `max_guests` each."""
    return {
        **_common(given, check, given.price_per_night, "price_per_night", given.location),
        "units": check(lambda: count(given.units, "units", default=1, maximum=MAX_UNITS)),
        "max_guests": check(
            lambda: count(given.max_guests, "max_guests", default=None, maximum=MAX_GUESTS)
        ),
    }


def _per_person(given: PerPersonInput, check: Checks, location: str | None) -> Values:
    """What tours, activities, events and trips share: a price per person and a capacity."""
    return {
        **_common(given, check, given.price, "price", location),
        "capacity": check(lambda: required_count(given.capacity, "capacity", maximum=MAX_CAPACITY)),
    }


def tour_values(given: TourInput, check: Checks) -> Values:
    """A tour or an activity: runs every date, optionally for `duration_minutes`."""
    duration = check(
        lambda: count(
            given.duration_minutes, "duration_minutes", default=None, maximum=MAX_DURATION_MINUTES
        )
    )
    return {**_per_person(given, check, given.location), "duration_minutes": duration}


def _event_times(starts_at: datetime, ends_at: datetime) -> None:
    if ends_at <= starts_at:
        raise _invalid("ends_at", "must be after $starts_at")
    if ends_at - starts_at > MAX_EVENT_LENGTH:
        raise _invalid("ends_at", "must be at most 366 days after $starts_at")


def event_values(given: EventInput, check: Checks) -> Values:
    """An event: from `starts_at` to a later `ends_at` (at most 366 days on)."""
    check(lambda: _event_times(given.starts_at, given.ends_at))
    return {
        **_per_person(given, check, given.location),
        "starts_at": given.starts_at,
        "ends_at": given.ends_at,
    }


def _arrival(departs_at: datetime, arrives_at: datetime | None) -> None:
    if arrives_at is not None and arrives_at <= departs_at:
        raise _invalid("arrives_at", "must be after $departs_at")


def trip_values(given: TripInput, check: Checks) -> Values:
    """A departure from `origin` to `destination`; `location` defaults to the origin."""
    origin = check(lambda: text(given.origin, "origin"))
    check(lambda: _arrival(given.departs_at, given.arrives_at))
    return {
        **_per_person(given, check, given.location or origin),
        "origin": origin,
        "destination": check(lambda: text(given.destination, "destination")),
        "departs_at": given.departs_at,
        "arrives_at": given.arrives_at,
        "mode": given.mode,
    }


_VALUES: dict[type[ListingInput], Callable[[Any, Checks], Values]] = {
    PropertyInput: property_values,
    TourInput: tour_values,
    EventInput: event_values,
    TripInput: trip_values,
}


def listing_values(given: ListingInput, check: Checks | None = None) -> Values:
    """The listing's column values (but its workspace, provider and kind), validated: one
    VALIDATION_ERROR names every bad field. Given `check`, its problems are left to it (the
    caller has more to check before it reports them all)."""
    checks = Checks() if check is None else check
    values = _VALUES[type(given)](given, checks)
    if check is None:
        checks.done()
    return values
