"""A realistic demo catalog, made through the catalog service (so it obeys every rule)."""

from __future__ import annotations

import random
import uuid
from collections import defaultdict
from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import Principal
from travel.catalog import repository, rules, service
from travel.catalog.inputs import CREATE_INPUTS, ProviderInput
from travel.demo import data
from travel.kernel.kinds import ListingKind

LISTINGS_PER_KIND = 30


def _price(rng: random.Random, low: int, high: int, city: str = "New York") -> dict[str, Any]:
    """A price in the city's currency, ending like real ones do (…9.00 or …5.00; round
    hundreds in currencies of small units)."""
    currency, rate = data.CURRENCIES.get(city, ("USD", 1))
    dollars = rng.randrange(low, high, 5) + rng.choice((0, 4))
    amount = dollars if rate == 1 else round(dollars * rate, -2)
    return {"currency": currency, "price": Decimal(amount).quantize(Decimal("0.01"))}


def _pick(rng: random.Random, pool: Sequence[str], low: int, high: int) -> list[str]:
    return rng.sample(list(pool), rng.randint(low, high))


def _at(day: date, hour: int) -> datetime:
    return datetime.combine(day, time(hour), tzinfo=UTC)


def _near(place: str, name: str) -> dict[str, float]:
    """Coordinates a few hundred metres from `place`, the same for the same listing name (a
    generator of its own, so the demo's other draws stay as they were)."""
    latitude, longitude = data.COORDINATES[place]
    jitter = random.Random(name)
    return {
        "latitude": round(latitude + jitter.uniform(-0.006, 0.006), 5),
        "longitude": round(longitude + jitter.uniform(-0.006, 0.006), 5),
    }


def _city(rng: random.Random, what: str, turn: int | None = None) -> tuple[str, str, str]:
    """A city where `what` (a stay kind, tour theme, activity or event) is found (the `turn`th
    of them when given, else one at random), its country and one of its neighbourhoods."""
    cities = data.ONLY_IN.get(what) or list(data.CITIES)
    city = rng.choice(cities) if turn is None else cities[turn % len(cities)]
    country, areas = data.CITIES[city]
    return city, country, rng.choice(areas)


def stay(rng: random.Random, n: int) -> dict[str, Any]:
    kind = data.STAY_KINDS[n % len(data.STAY_KINDS)]
    # Stays go round the cities in turn: every city, and so every host, has some.
    city, country, area = _city(rng, kind, turn=n)
    name = f"{rng.choice(data.STAY_MOODS)} {kind.lower()} in {area}"
    units = rng.choice((1, 1, 1, 2, 3, 5, 8))
    return {
        "name": name[0].upper() + name[1:],
        "location": f"{city}, {country}",
        "description": f"A {kind.lower()} in {area}, minutes from the best of {city}.",
        **_per_night(_price(rng, *data.PRICES[kind], city)),
        "amenities": _pick(rng, data.STAY_AMENITIES, 3, 7),
        "max_guests": rng.choice((1, 2, 2, 2, 3, 4, 6)),
        "units": units,
        **_near(area, name),
    }


def _per_night(price: dict[str, Any]) -> dict[str, Any]:
    return {"price_per_night": price["price"], "currency": price["currency"]}


def _per_person(rng: random.Random, city: str, country: str, what: str) -> dict[str, Any]:
    return {"location": f"{city}, {country}", **_price(rng, *data.PRICES[what], city)}


def tour(rng: random.Random, n: int) -> dict[str, Any]:
    theme = data.TOUR_THEMES[n % len(data.TOUR_THEMES)]
    city, country, area = _city(rng, theme)
    return {
        **_per_person(rng, city, country, theme),
        "name": f"{city} {theme} tour",
        "description": f"A small-group {theme} walk starting in {area}.",
        "amenities": _pick(rng, data.TOUR_AMENITIES, 1, 4),
        "capacity": rng.choice((8, 10, 12, 15, 20)),
        "duration_minutes": rng.choice((90, 120, 150, 180, 240)),
        **_near(area, f"{city} {theme} tour"),
    }


def activity(rng: random.Random, n: int) -> dict[str, Any]:
    what = data.ACTIVITIES[n % len(data.ACTIVITIES)]
    city, country, area = _city(rng, what)
    return {
        **_per_person(rng, city, country, what),
        "name": f"{what} in {city}",
        "description": f"{what} with a local expert, meeting point in {area}.",
        "amenities": _pick(rng, data.ACTIVITY_AMENITIES, 1, 4),
        "capacity": rng.choice((4, 6, 8, 10, 16)),
        "duration_minutes": rng.choice((60, 90, 120, 180)),
        **_near(area, f"{what} in {city}"),
    }


def event(rng: random.Random, n: int, today: date) -> dict[str, Any]:
    what = data.EVENTS[n % len(data.EVENTS)]
    city, country, area = _city(rng, what)
    starts = _at(today + timedelta(days=rng.randint(3, 120)), rng.choice((18, 19, 20, 21)))
    return {
        **_per_person(rng, city, country, what),
        "name": f"{what} — {city}",
        "description": f"{what} at a favourite venue in {area}.",
        "amenities": _pick(rng, data.EVENT_AMENITIES, 1, 3),
        "capacity": rng.choice((60, 120, 250, 500, 1500)),
        "starts_at": starts,
        "ends_at": starts + timedelta(hours=rng.choice((2, 3, 4))),
        **_near(area, f"{what} — {city}"),
    }


def trip(rng: random.Random, n: int, today: date) -> dict[str, Any]:
    origin, destination, mode, hours, (low, high) = data.ROUTES[n % len(data.ROUTES)]
    service, seats, amenities = data.MODES[mode]
    departs = _at(today + timedelta(days=rng.randint(1, 90)), rng.choice((7, 9, 12, 15, 18)))
    return {
        "name": f"{origin} → {destination} ({mode.lower()})",
        "description": f"{service} from {origin} to {destination}.",
        **_price(rng, low, high, origin),
        "amenities": _pick(rng, amenities, 1, 3),
        "capacity": seats,
        "origin": origin,
        "destination": destination,
        "departs_at": departs,
        "arrives_at": departs + timedelta(hours=hours),
        "mode": mode,
        **_near(origin, f"{origin} → {destination}"),
    }


async def seed_catalog(
    session: AsyncSession, host: Principal, rng: random.Random, today: date
) -> None:
    """Providers of both types, LISTINGS_PER_KIND listings of every kind, and ratings.

    Each listing is under a provider that plausibly offers it (a host of its city, an operator
    of its kind or mode: data.HOSTS, data.OPERATORS). Listings are validated by the same rules
    as `createTravel*` and inserted in one batch (the host owns every provider, so the ownership
    check has nothing to refuse)."""
    providers: list[uuid.UUID] = []
    offering: dict[str, list[uuid.UUID]] = defaultdict(list)  # city, kind or mode → providers
    for type_, offers in (("HOST", data.HOSTS), ("OPERATOR", data.OPERATORS)):
        for name, what in offers.items():
            providers.append(await _provider(session, host, name, type_))
            for city_kind_or_mode in what:
                offering[city_kind_or_mode].append(providers[-1])
    builders: dict[ListingKind, Callable[[int], dict[str, Any]]] = {
        ListingKind.PROPERTY: lambda n: stay(rng, n),
        ListingKind.TOUR: lambda n: tour(rng, n),
        ListingKind.ACTIVITY: lambda n: activity(rng, n),
        ListingKind.EVENT: lambda n: event(rng, n, today),
        ListingKind.TRIP: lambda n: trip(rng, n, today),
    }
    rows = []
    for kind, build in builders.items():
        for n in range(LISTINGS_PER_KIND):
            fields = build(n)
            rating = round(rng.uniform(3.4, 5.0), 1) if rng.random() < 0.85 else None
            provider = rng.choice(offering[_offered_as(kind, fields)])
            given = CREATE_INPUTS[kind](provider_id=str(provider), **fields)
            values = rules.listing_values(given)
            if rating is not None:  # a few listings are too new to be rated
                values["rating"] = rating
            rows.append((provider, kind.value, values))
    await repository.insert_listings(session, host.workspace_id, rows)
    provider_ratings = {p: round(rng.uniform(3.8, 4.9), 1) for p in providers}
    await repository.set_provider_ratings(session, host.workspace_id, provider_ratings)


def _offered_as(kind: ListingKind, fields: dict[str, Any]) -> str:
    """What a provider must offer to list this: a stay's city, a trip's mode, else the kind."""
    if kind is ListingKind.PROPERTY:
        return str(fields["location"]).split(",")[0]
    if kind is ListingKind.TRIP:
        return str(fields["mode"])
    return kind.value


async def _provider(session: AsyncSession, host: Principal, name: str, kind: str) -> uuid.UUID:
    created = await service.create_provider(session, host, ProviderInput(name=name, type=kind))
    return created.id
