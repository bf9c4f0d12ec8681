"""Validating the create-listing inputs: GraphQL input dict → the listing's column values.

Every failure is a VALIDATION_ERROR whose message and `field` name the input field.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from travel.errors import ValidationError
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

Values = dict[str, Any]


def _invalid(field: str, problem: str) -> ValidationError:
    return ValidationError(f"input.{field} {problem}", field=f"input.{field}")


def text(data: dict[str, Any], field: str, *, max_length: int = MAX_NAME) -> str:
    """A required, non-blank string (trimmed) of at most `max_length` characters."""
    value = data.get(field)
    cleaned = value.strip() if isinstance(value, str) else ""
    if not cleaned:
        raise _invalid(field, "must not be empty")
    if len(cleaned) > max_length:
        raise _invalid(field, f"must be at most {max_length} characters")
    return cleaned


def optional_text(data: dict[str, Any], field: str, *, max_length: int) -> str | None:
    """An optional string: blank is the same as absent."""
    value = data.get(field)
    if not isinstance(value, str) or not value.strip():
        return None
    return text(data, field, max_length=max_length)


def count(data: dict[str, Any], field: str, *, default: int | None, maximum: int) -> int | None:
    """An optional whole number from 1 to `maximum`; absent or null gives `default`."""
    value = data.get(field)
    if value is None:
        return default
    if not 1 <= value <= maximum:
        raise _invalid(field, f"must be between 1 and {maximum}")
    return int(value)


def required_count(data: dict[str, Any], field: str, *, maximum: int) -> int:
    value = count(data, field, default=None, maximum=maximum)
    if value is None:
        raise _invalid(field, "is required")
    return value


def amenities(data: dict[str, Any]) -> list[str]:
    """Distinct, trimmed, non-blank amenity names, in the order given."""
    raw = data.get("amenities") or []
    if len(raw) > MAX_AMENITIES:
        raise _invalid("amenities", f"may list at most {MAX_AMENITIES} items")
    cleaned: list[str] = []
    for item in raw:
        name = item.strip()
        if not name or len(name) > MAX_AMENITY:
            raise _invalid("amenities", f"items must be 1 to {MAX_AMENITY} characters")
        if name not in cleaned:
            cleaned.append(name)
    return cleaned


def common(data: dict[str, Any], price_field: str) -> Values:
    """The fields every kind shares (name, description, location, price, amenities)."""
    given = data.get("currency")
    currency = currency_code("USD" if given is None else given, "input.currency")
    price: Decimal = data[price_field]
    return {
        "name": text(data, "name"),
        "description": optional_text(data, "description", max_length=MAX_DESCRIPTION),
        "location": text(data, "location"),
        "price_minor": to_minor(price, currency, f"input.{price_field}"),
        "currency": currency,
        "amenities": amenities(data),
    }


def property_values(data: dict[str, Any]) -> Values:
    """A stay: priced per night, `units` identical rooms of up to `maxGuests` each."""
    return {
        **common(data, "pricePerNight"),
        "units": count(data, "units", default=1, maximum=MAX_UNITS),
        "max_guests": count(data, "maxGuests", default=None, maximum=MAX_GUESTS),
    }


def per_person_values(data: dict[str, Any]) -> Values:
    """What tours, activities, events and trips share: a price per person and a capacity."""
    return {
        **common(data, "price"),
        "capacity": required_count(data, "capacity", maximum=MAX_CAPACITY),
    }


def tour_values(data: dict[str, Any]) -> Values:
    """A tour or an activity: runs every date, optionally for `durationMinutes`."""
    duration = count(data, "durationMinutes", default=None, maximum=MAX_DURATION_MINUTES)
    return {**per_person_values(data), "duration_minutes": duration}


def event_values(data: dict[str, Any]) -> Values:
    """An event: from `startsAt` to a later `endsAt` (at most 366 days on)."""
    starts_at: datetime = data["startsAt"]
    ends_at: datetime = data["endsAt"]
    if ends_at <= starts_at:
        raise _invalid("endsAt", "must be after input.startsAt")
    if ends_at - starts_at > MAX_EVENT_LENGTH:
        raise _invalid("endsAt", "must be at most 366 days after input.startsAt")
    return {**per_person_values(data), "starts_at": starts_at, "ends_at": ends_at}


def trip_values(data: dict[str, Any]) -> Values:
    """A departure from `origin` to `destination`; `location` defaults to the origin."""
    origin = text(data, "origin")
    departs_at: datetime = data["departsAt"]
    arrives_at: datetime | None = data.get("arrivesAt")
    if arrives_at is not None and arrives_at <= departs_at:
        raise _invalid("arrivesAt", "must be after input.departsAt")
    with_location = {**data, "location": data.get("location") or origin}
    return {
        **per_person_values(with_location),
        "origin": origin,
        "destination": text(data, "destination"),
        "departs_at": departs_at,
        "arrives_at": arrives_at,
        "mode": data["mode"],
    }


LISTING_VALUES: dict[str, Callable[[dict[str, Any]], Values]] = {
    "PROPERTY": property_values,
    "TOUR": tour_values,
    "ACTIVITY": tour_values,
    "EVENT": event_values,
    "TRIP": trip_values,
}
