"""`python -m bench.search [--db postgres|sqlite] [--listings N]`: discovery at scale.

Seeds a scratch database (PostgreSQL: `travel_bench_search`, dropped and recreated; SQLite:
bench/results/search.db, or --sqlite-path) with one workspace of N listings (default
1,000,000) over 60 cities with coordinates, prices in local currencies and varied names and
descriptions, two neighbours with a tenth each, and bookings; builds the search vocabulary
with the project's own `travel.search.vocabulary.rebuild` (its time reported), then measures,
as a request runs them (one read transaction each), with what travelers type — misspelled
cities, missing accents, prefixes, a word of every coast near one city:

- text + place + price, 20 results, the total and every facet;
- the same with a date window and guests (listings and total);
- suggestions as someone types;
- the floor: the first case's 20 results in one statement on the bare driver (asyncpg or
  sqlite3), without the project's code.

It prints p50 and p99 in ms and the CPU per search (this process: Python, the driver and, on
SQLite, the database engine itself), the index sizes, and the cost of inserting a listing
through the catalog (with its vocabulary) against a bare insert. It never fails on timing.
`--keep` leaves the database, `--reuse` measures a kept one again without seeding (and leaves
it too); `--each` also times each text on its own, without and with dates;
`--postgres-url` runs on another server (e.g. a cluster of its own with a bigger
`shared_buffers`).
docs/performance.md ("Discovery at a million listings") has the results.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import time
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]
from sqlalchemy import func, insert, select, text
from sqlalchemy.ext.asyncio import create_async_engine

from bench.analytics import admin
from bench.run import bench_databases, system_url
from travel.app import settle_heap
from travel.auth import service as auth_service
from travel.auth.identity import Principal
from travel.auth.models import Workspace
from travel.bookings.models import Booking
from travel.catalog import filters
from travel.catalog.inputs import NearInput, SearchFilterInput
from travel.catalog.models import Listing, Provider
from travel.catalog.repository import insert_listings
from travel.db import migrate
from travel.db.engine import async_url
from travel.db.registry import Databases
from travel.db.session import system_transaction, tenant_transaction
from travel.demo import data as demo
from travel.kernel.ids import WorkspaceId
from travel.pagination import Page
from travel.search import service, vocabulary

DATABASE = "travel_bench_search"
SQLITE = {"path": Path(__file__).resolve().parent / "results" / "search.db"}  # --sqlite-path
POSTGRES = {"url": "postgresql://travel:travel@127.0.0.1:5432/travel"}  # --postgres-url
BATCH = 5_000
KINDS = ("PROPERTY", "TOUR", "ACTIVITY", "EVENT", "TRIP")

# city → (country, latitude, longitude, currency, minor units per US dollar, neighbourhoods)
CITIES: dict[str, tuple[str, float, float, str, int, tuple[str, ...]]] = {
    "Lisbon": ("Portugal", 38.7223, -9.1393, "EUR", 100, ("Alfama", "Baixa", "Belém")),
    "Porto": ("Portugal", 41.1579, -8.6291, "EUR", 100, ("Ribeira", "Cedofeita", "Foz")),
    "Barcelona": ("Spain", 41.3874, 2.1686, "EUR", 100, ("El Born", "Gràcia", "Eixample")),
    "Madrid": ("Spain", 40.4168, -3.7038, "EUR", 100, ("Malasaña", "Lavapiés", "Salamanca")),
    "Sevilla": ("Spain", 37.3891, -5.9845, "EUR", 100, ("Triana", "Santa Cruz", "Alameda")),
    "Paris": ("France", 48.8566, 2.3522, "EUR", 100, ("Le Marais", "Montmartre", "Bastille")),
    "Nice": ("France", 43.7102, 7.2620, "EUR", 100, ("Vieux Nice", "Cimiez", "Le Port")),
    "Zürich": ("Switzerland", 47.3769, 8.5417, "CHF", 90, ("Altstadt", "Seefeld", "Wiedikon")),
    "Genève": ("Switzerland", 46.2044, 6.1432, "CHF", 90, ("Carouge", "Eaux-Vives", "Pâquis")),
    "München": ("Germany", 48.1351, 11.5820, "EUR", 100, ("Schwabing", "Haidhausen", "Au")),
    "Berlin": ("Germany", 52.5200, 13.4050, "EUR", 100, ("Mitte", "Kreuzberg", "Neukölln")),
    "Wien": ("Austria", 48.2082, 16.3738, "EUR", 100, ("Innere Stadt", "Neubau", "Wieden")),
    "Praha": ("Czechia", 50.0755, 14.4378, "CZK", 2300, ("Malá Strana", "Žižkov", "Vinohrady")),
    "Kraków": ("Poland", 50.0647, 19.9450, "PLN", 400, ("Kazimierz", "Podgórze", "Stare Miasto")),
    "Budapest": ("Hungary", 47.4979, 19.0402, "HUF", 36000, ("Buda", "Pest", "Óbuda")),
    "København": ("Denmark", 55.6761, 12.5683, "DKK", 690, ("Nørrebro", "Vesterbro", "Indre By")),
    "Stockholm": ("Sweden", 59.3293, 18.0686, "SEK", 1050, ("Södermalm", "Gamla stan", "Vasastan")),
    "Oslo": ("Norway", 59.9139, 10.7522, "NOK", 1080, ("Grünerløkka", "Frogner", "Gamlebyen")),
    "Reykjavík": ("Iceland", 64.1466, -21.9426, "ISK", 140, ("Miðborg", "Vesturbær", "Hlíðar")),
    "Dublin": ("Ireland", 53.3498, -6.2603, "EUR", 100, ("Temple Bar", "Ranelagh", "Smithfield")),
    "Edinburgh": (
        "United Kingdom",
        55.9533,
        -3.1883,
        "GBP",
        80,
        ("Old Town", "Leith", "Stockbridge"),
    ),
    "London": ("United Kingdom", 51.5072, -0.1276, "GBP", 80, ("Soho", "Camden", "Greenwich")),
    "Amsterdam": ("Netherlands", 52.3676, 4.9041, "EUR", 100, ("Jordaan", "De Pijp", "Oost")),
    "Roma": ("Italy", 41.9028, 12.4964, "EUR", 100, ("Trastevere", "Monti", "Testaccio")),
    "Firenze": ("Italy", 43.7696, 11.2558, "EUR", 100, ("Oltrarno", "Santa Croce", "San Marco")),
    "Napoli": ("Italy", 40.8518, 14.2681, "EUR", 100, ("Chiaia", "Vomero", "Spaccanapoli")),
    "Athína": ("Greece", 37.9838, 23.7275, "EUR", 100, ("Plaka", "Koukaki", "Psirri")),
    "İstanbul": ("Türkiye", 41.0082, 28.9784, "TRY", 3200, ("Beyoğlu", "Kadıköy", "Balat")),  # noqa: RUF001
    "Marrakech": ("Morocco", 31.6295, -7.9811, "MAD", 1000, ("Medina", "Gueliz", "Kasbah")),
    "Cairo": ("Egypt", 30.0444, 31.2357, "EGP", 4800, ("Zamalek", "Garden City", "Maadi")),
    "Cape Town": (
        "South Africa",
        -33.9249,
        18.4241,
        "ZAR",
        1800,
        ("Bo-Kaap", "Camps Bay", "Woodstock"),
    ),
    "Nairobi": ("Kenya", -1.2921, 36.8219, "KES", 12900, ("Westlands", "Karen", "Kilimani")),
    "Dubai": (
        "United Arab Emirates",
        25.2048,
        55.2708,
        "AED",
        367,
        ("Deira", "Marina", "Jumeirah"),
    ),
    "Mumbai": ("India", 19.0760, 72.8777, "INR", 8300, ("Colaba", "Bandra", "Juhu")),
    "Bangkok": ("Thailand", 13.7563, 100.5018, "THB", 3600, ("Sukhumvit", "Silom", "Thonburi")),
    "Hanoi": ("Vietnam", 21.0278, 105.8342, "VND", 25000, ("Hoan Kiem", "Tay Ho", "Ba Dinh")),
    "Singapore": ("Singapore", 1.3521, 103.8198, "SGD", 135, ("Tiong Bahru", "Katong", "Bugis")),
    "Bali": ("Indonesia", -8.4095, 115.1889, "IDR", 15700, ("Ubud", "Canggu", "Seminyak")),
    "Kyoto": ("Japan", 35.0116, 135.7681, "JPY", 150, ("Gion", "Higashiyama", "Arashiyama")),
    "Tokyo": ("Japan", 35.6762, 139.6503, "JPY", 150, ("Shibuya", "Asakusa", "Shimokitazawa")),
    "Seoul": ("South Korea", 37.5665, 126.9780, "KRW", 1350, ("Hongdae", "Bukchon", "Itaewon")),
    "Taipei": ("Taiwan", 25.0330, 121.5654, "TWD", 3200, ("Da'an", "Zhongshan", "Wanhua")),
    "Sydney": ("Australia", -33.8688, 151.2093, "AUD", 150, ("Surry Hills", "Bondi", "The Rocks")),
    "Melbourne": ("Australia", -37.8136, 144.9631, "AUD", 150, ("Fitzroy", "St Kilda", "Carlton")),
    "Auckland": (
        "New Zealand",
        -36.8485,
        174.7633,
        "NZD",
        165,
        ("Ponsonby", "Parnell", "Devonport"),
    ),
    "Honolulu": ("United States", 21.3069, -157.8583, "USD", 100, ("Waikiki", "Kaimuki", "Manoa")),
    "San Francisco": (
        "United States",
        37.7749,
        -122.4194,
        "USD",
        100,
        ("Mission", "Noe Valley", "Richmond"),
    ),
    "Los Angeles": (
        "United States",
        34.0522,
        -118.2437,
        "USD",
        100,
        ("Venice", "Silver Lake", "Echo Park"),
    ),
    "New York": (
        "United States",
        40.7128,
        -74.0060,
        "USD",
        100,
        ("SoHo", "Harlem", "Williamsburg"),
    ),
    "Chicago": ("United States", 41.8781, -87.6298, "USD", 100, ("Wicker Park", "Pilsen", "Loop")),
    "New Orleans": (
        "United States",
        29.9511,
        -90.0715,
        "USD",
        100,
        ("French Quarter", "Marigny", "Treme"),
    ),
    "Montréal": (
        "Canada",
        45.5019,
        -73.5674,
        "CAD",
        137,
        ("Plateau", "Mile End", "Vieux-Montréal"),
    ),
    "Vancouver": ("Canada", 49.2827, -123.1207, "CAD", 137, ("Gastown", "Kitsilano", "Yaletown")),
    "Ciudad de México": (
        "Mexico",
        19.4326,
        -99.1332,
        "MXN",
        1800,
        ("Roma Norte", "Condesa", "Coyoacán"),
    ),
    "Oaxaca": ("Mexico", 17.0732, -96.7266, "MXN", 1800, ("Centro", "Jalatlaco", "Xochimilco")),
    "Cusco": ("Peru", -13.5319, -71.9675, "PEN", 375, ("San Blas", "Centro", "Santa Ana")),
    "Buenos Aires": (
        "Argentina",
        -34.6037,
        -58.3816,
        "ARS",
        90000,
        ("Palermo", "San Telmo", "Recoleta"),
    ),
    "Rio de Janeiro": (
        "Brazil",
        -22.9068,
        -43.1729,
        "BRL",
        500,
        ("Ipanema", "Santa Teresa", "Lapa"),
    ),
    "Cartagena": (
        "Colombia",
        10.3910,
        -75.4794,
        "COP",
        400000,
        ("Getsemaní", "Bocagrande", "San Diego"),
    ),
    "La Habana": ("Cuba", 23.1136, -82.3666, "CUP", 2400, ("Vedado", "Habana Vieja", "Miramar")),
}
WORDS = (
    "bright",
    "spacious",
    "charming",
    "peaceful",
    "lively",
    "central",
    "elegant",
    "rustic",
    "restored",
    "sunlit",
    "hidden",
    "family",
    "romantic",
    "stylish",
    "traditional",
    "panoramic",
    "cozy",
    "generous",
    "friendly",
    "colourful",
    "courtyard",
    "terrace",
    "garden",
    "fireplace",
    "library",
    "balcony",
    "rooftop",
    "harbour",
    "river",
    "canal",
    "market",
    "cathedral",
    "museum",
    "gallery",
    "bakery",
    "tram",
    "metro",
    "station",
    "beach",
    "park",
    "castle",
    "bridge",
    "square",
    "vineyard",
    "mountain",
    "lake",
    "island",
    "forest",
    "coast",
    "cliffs",
    "village",
    "tower",
    "palace",
    "temple",
    "shrine",
)
SURNAMES = (
    "Silva",
    "Santos",
    "Ferreira",
    "Costa",
    "Martins",
    "Garcia",
    "López",
    "Müller",
    "Schmidt",
    "Rossi",
    "Bianchi",
    "Dubois",
    "Moreau",
    "Nakamura",
    "Tanaka",
    "Kim",
    "Park",
    "Nguyen",
    "Tran",
    "Kowalski",
    "Nowak",
    "Hansen",
    "Johansson",
    "Olsen",
    "O'Brien",
    "Murphy",
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Novak",
    "Horvat",
    "Papadopoulos",
    "Yılmaz",  # noqa: RUF001
    "Haddad",
)


def _listing(ws: uuid.UUID, provider: uuid.UUID, n: int, now: datetime) -> dict[str, Any]:
    rng = random.Random(n)
    city = rng.choice(list(CITIES))
    country, lat, lon, currency, per_dollar, areas = CITIES[city]
    area = rng.choice(areas)
    kind = KINDS[n % 5]
    who = rng.choice(SURNAMES)
    if kind == "PROPERTY":
        name = f"{rng.choice(demo.STAY_MOODS)} {rng.choice(demo.STAY_KINDS).lower()} in {area}"
        amenities = rng.sample(demo.STAY_AMENITIES, rng.randint(2, 6))
    elif kind == "TOUR":
        name = f"{city} {rng.choice(demo.TOUR_THEMES)} tour with {who}"
        amenities = rng.sample(demo.TOUR_AMENITIES, rng.randint(1, 3))
    elif kind == "ACTIVITY":
        name = f"{rng.choice(demo.ACTIVITIES)} in {area}"
        amenities = rng.sample(demo.ACTIVITY_AMENITIES, rng.randint(1, 3))
    elif kind == "EVENT":
        name = f"{rng.choice(demo.EVENTS)} — {city}"
        amenities = rng.sample(demo.EVENT_AMENITIES, rng.randint(1, 2))
    else:
        destination = rng.choice(list(CITIES))
        name = f"{city} → {destination}"
        amenities = rng.sample(demo.TRIP_AMENITIES, rng.randint(1, 2))
    words = " ".join(rng.sample(WORDS, 6))
    starts = now + timedelta(days=1 + n % 300, hours=rng.randint(8, 20))
    row: dict[str, Any] = {
        "workspace_id": ws,
        "id": uuid.uuid4(),
        "kind": kind,
        "provider_id": provider,
        "name": name[0].upper() + name[1:],
        "description": f"Hosted by {who}: {words}, close to the best of {area}, {city}.",
        "location": f"{city}, {country}",
        "price_minor": rng.randint(15, 450) * per_dollar,
        "currency": currency,
        "rating": round(rng.uniform(3.0, 5.0), 1) if rng.random() < 0.9 else None,
        "amenities": amenities,
        "units": rng.randint(1, 8) if kind == "PROPERTY" else 1,
        "max_guests": rng.randint(1, 6) if kind == "PROPERTY" else None,
        "capacity": None if kind == "PROPERTY" else rng.randint(4, 300),
        "duration_minutes": rng.choice((90, 120, 180)) if kind in ("TOUR", "ACTIVITY") else None,
        "starts_at": starts if kind == "EVENT" else None,
        "ends_at": starts + timedelta(hours=3) if kind == "EVENT" else None,
        "origin": city if kind == "TRIP" else None,
        "destination": destination if kind == "TRIP" else None,
        "departs_at": starts if kind == "TRIP" else None,
        "arrives_at": None,
        "mode": rng.choice(("BUS", "TRAIN", "FLIGHT")) if kind == "TRIP" else None,
        "occurs_on": starts.date() if kind in ("EVENT", "TRIP") else None,
        "latitude": round(lat + rng.uniform(-0.08, 0.08), 5),
        "longitude": round(lon + rng.uniform(-0.08, 0.08), 5),
        "created_at": now - timedelta(seconds=n),
    }
    return row


async def _workspace(databases: Databases, listings: int, bookings: int) -> Principal:
    """A workspace with `listings` listings and `bookings` bookings; returns its admin."""
    workspace = await auth_service.create_workspace(
        databases, f"Search {uuid.uuid4().hex[:6]}", "enterprise"
    )
    member = await auth_service.add_member(databases, workspace, "bench-admin", ["admin"])
    ws = WorkspaceId(workspace.id)
    now = datetime.now(UTC)
    providers: list[dict[str, Any]] = [
        {
            "workspace_id": ws,
            "id": uuid.uuid4(),
            "owner_member_id": member.id,
            "name": f"Provider {i}",
            "type": "HOST",
        }
        for i in range(max(10, listings // 1000))
    ]
    async with tenant_transaction(databases.main, ws, write=True) as session:
        await session.execute(insert(Provider), providers)
    started = time.perf_counter()
    made: list[tuple[uuid.UUID, str, date]] = []
    for start in range(0, listings, BATCH):
        rows = [
            _listing(ws, providers[n % len(providers)]["id"], n, now)
            for n in range(start, min(start + BATCH, listings))
        ]
        made += [(r["id"], r["kind"], now.date()) for r in rows[: max(1, BATCH // 10)]]
        async with tenant_transaction(databases.main, ws, write=True) as session:
            await session.execute(insert(Listing), rows)
        if start and start % 100_000 == 0:
            print(f"  {start:,} listings, {time.perf_counter() - started:.0f} s", flush=True)
    print(f"  {listings:,} listings in {time.perf_counter() - started:.1f} s", flush=True)
    started = time.perf_counter()
    async with tenant_transaction(databases.main, ws, write=True) as session:
        terms = await vocabulary.rebuild(session, ws)
    print(f"  vocabulary: {terms:,} terms in {time.perf_counter() - started:.1f} s", flush=True)
    rng = random.Random(7)
    rows = []
    for n in range(bookings):
        listing_id, kind, today = rng.choice(made)
        check_in = today + timedelta(days=rng.randint(1, 60))
        nights = rng.randint(1, 5) if kind == "PROPERTY" else 0
        rows.append(
            {
                "workspace_id": ws,
                "id": uuid.uuid4(),
                "member_id": member.id,
                "listing_id": listing_id,
                "listing_kind": kind,
                "check_in": check_in,
                "check_out": check_in + timedelta(days=nights),
                "guests": 1,
                "status": "CONFIRMED",
                "payment_status": "PAID",
                "total_minor": 10_000,
                "currency": "EUR",
                "reference_code": f"TRV-{kind}-{n:08X}",  # unique: random ones would collide
            }
        )
    for start in range(0, len(rows), BATCH):
        async with tenant_transaction(databases.main, ws, write=True) as session:
            await session.execute(insert(Booking), rows[start : start + BATCH])
    return admin(ws, member.id)


def _remove_sqlite() -> None:
    SQLITE["path"].parent.mkdir(parents=True, exist_ok=True)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{SQLITE['path']}{suffix}").unlink(missing_ok=True)


async def _fresh(kind: str) -> str:
    if kind == "sqlite":
        _remove_sqlite()
        return f"sqlite:///{SQLITE['path']}"
    engine = create_async_engine(async_url(_system(POSTGRES["url"])), isolation_level="AUTOCOMMIT")
    async with engine.connect() as conn:
        await conn.execute(text(f"DROP DATABASE IF EXISTS {DATABASE}"))
        await conn.execute(text(f"CREATE DATABASE {DATABASE}"))
    await engine.dispose()
    return _url(kind)


def _system(url: str) -> str:
    """The system role's URL for the same database (the application role's without one)."""
    return system_url(url) or url


def _url(kind: str) -> str:
    if kind == "sqlite":
        return f"sqlite:///{SQLITE['path']}"
    return POSTGRES["url"].rsplit("/", 1)[0] + f"/{DATABASE}"


async def _seeded(databases: Databases) -> Principal:
    async with system_transaction(databases.main) as session:
        found = (
            await session.execute(
                select(Listing.workspace_id, func.count())
                .group_by(Listing.workspace_id)
                .order_by(func.count().desc())
                .limit(1)
            )
        ).first()
        if found is None:
            raise SystemExit("nothing seeded: run without --reuse first")
        workspace = await session.get(Workspace, found[0])
    assert workspace is not None
    # After the read: on SQLite the member's write needs the one connection back.
    member = await auth_service.add_member(
        databases, workspace, f"bench-{uuid.uuid4().hex[:6]}", ["admin"]
    )
    return admin(WorkspaceId(found[0]), member.id)


# What travelers type, with where they look and what they pay (in the city's currency).
TYPED = [
    ("lisbon", "Lisbon", ("EUR", 20, 200)),
    ("Lisbn apartment", "Lisbon", ("EUR", 50, 300)),
    ("barcelna", "Barcelona", ("EUR", 20, 200)),
    ("zurich loft", "Zürich", ("CHF", 50, 400)),
    ("kyoto temple", "Kyoto", ("JPY", 3000, 60000)),
    ("new york jazz", "New York", ("USD", 20, 300)),
    ("copenhagen", "København", ("DKK", 100, 3000)),
    ("sunny studio in gracia", "Barcelona", ("EUR", 30, 250)),
    ("beach", "Barcelona", ("EUR", 20, 200)),  # a word of every coast, near one city
]
FACETS = ("kinds", "places", "amenities", "ratings", "prices")


def _filter(place: str, money: tuple[str, int, int], dated: bool) -> Any:
    _, lat, lon, *_ = CITIES[place]
    currency, low, high = money
    given = SearchFilterInput(
        currency=currency,
        min_price=Decimal(low),
        max_price=Decimal(high),
        near=NearInput(latitude=lat, longitude=lon, radius_km=15),
        available_from=date.today() + timedelta(days=10) if dated else None,
        available_to=date.today() + timedelta(days=13) if dated else None,
        guests=2 if dated else None,
    )
    return filters.listing_filter(given, None)


Call = Callable[[Any, Principal, int], Awaitable[Any]]


async def _search(session: Any, principal: Principal, i: int, *, dated: bool) -> Any:
    typed, place, money = TYPED[i % len(TYPED)]
    conditions = _with_words(_filter(place, money, dated), filters.search_words(typed))
    # As the web app asks: the page, the total and every facet (read together, as the API does
    # when a request selects more than one of them); with dates, the page and the total only.
    page = Page(0, 20)
    found = await service.search(session, principal, conditions, None, together=True, page=page)
    listings = await service.page_of(session, found, page, provider=False)
    total = await found.total(session)
    if not dated:
        (await found.summary(session)).histogram(money[0], 10)
    return listings, total


def _one(i: int, dated: bool) -> Call:
    """The search of TYPED[i] alone, every time."""
    return lambda s, p, _: _search(s, p, i, dated=dated)


def _with_words(conditions: Any, words: tuple[str, ...]) -> Any:
    from dataclasses import replace

    return replace(conditions, words=words)


PREFIXES = ("li", "lis", "lisb", "barc", "zur", "kyot", "new y", "copen", "sevil", "amste")


async def _suggest(session: Any, principal: Principal, i: int) -> Any:
    return await service.suggest(session, principal, PREFIXES[i % len(PREFIXES)], 8)


def _summary(samples: list[float], cpu: float) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return (
        f"p50 {statistics.median(samples):7.2f} ms  p99 {p99:7.2f} ms  "
        f"CPU {cpu / len(samples) * 1000:6.2f} ms/search"
    )


async def _timed(databases: Databases, principal: Principal, call: Call, repeat: int) -> str:
    samples, cpu = [], 0.0
    for i in range(repeat + 5):
        started, used = time.perf_counter(), time.process_time()
        async with tenant_transaction(databases.main, principal.workspace_id, write=False) as s:
            await call(s, principal, i)
        if i >= 5:  # the first few warm the caches
            samples.append((time.perf_counter() - started) * 1000)
            cpu += time.process_time() - used
    return _summary(samples, cpu)


async def _floor(kind: str, workspace_id: WorkspaceId, repeat: int) -> str:
    """The first case's 20 results in one statement on the bare driver."""
    samples = []
    cpu = 0.0
    if kind == "postgresql":
        conn = await asyncpg.connect(_system(_url("postgresql")))
        # The words, the cells of the box and its prices, through the same index as the
        # service (revisions 0014, 0020 and 0026, decisions 0099, 0107 and 0116).
        sql = """SELECT id, name FROM listings WHERE workspace_id = $1
          AND travel_search_keys(workspace_id, search_document, latitude, longitude, currency,
              price_minor)
            @@ travel_scope_query($1, to_tsquery('simple', $2)
              && travel_place_query($6, $7, $8, $9)
              && coalesce(travel_price_query($6, $7, $8, $9, $3, $4, $5),
                travel_place_query($6, $7, $8, $9))) AND currency = $3
          AND price_minor BETWEEN $4 AND $5 AND latitude BETWEEN $6 AND $7
          AND longitude BETWEEN $8 AND $9
          ORDER BY ts_rank('{0.1,0.2,0.4,1.0}', search_document, to_tsquery('simple', $2))
          DESC, id LIMIT 20"""
        # A plan for each statement's values, as psql would run it (a prepared statement's
        # generic plan cannot know how many listings a word or a box holds).
        await conn.execute("SET plan_cache_mode = force_custom_plan")
        await conn.execute("SET max_parallel_workers_per_gather = 0")  # as the service's search
        await conn.execute("SET jit = off")  # as the service's connections (decision 0100)
        try:
            for i in range(repeat + 5):
                args = _floor_args(i)
                started, used = time.perf_counter(), time.process_time()
                await conn.fetch(sql, workspace_id, " & ".join(args[0]), *args[1:])
                if i >= 5:
                    samples.append((time.perf_counter() - started) * 1000)
                    cpu += time.process_time() - used
        finally:
            await conn.close()
    else:
        conn2 = sqlite3.connect(SQLITE["path"])
        sql = """SELECT listings.id, listings.name FROM listings_fts
          JOIN listings ON listings.rowid = listings_fts.rowid
          WHERE listings_fts MATCH ? AND listings.workspace_id = ? AND currency = ?
          AND price_minor BETWEEN ? AND ? AND latitude BETWEEN ? AND ?
          AND longitude BETWEEN ? AND ?
          ORDER BY bm25(listings_fts, 10, 5, 2, 1, 0), listings.id LIMIT 20"""
        for i in range(repeat + 5):
            words, *rest = _floor_args(i)
            # Each word and the box's cells keyed by the workspace, as the index holds them
            # (revision 0023), the cells chosen as the service chooses them.
            scope = workspace_id.hex
            match = " AND ".join(f'"{scope}{w}"' for w in words)
            cells = " OR ".join(f'"{scope}{cell}"' for cell in _cells(*rest[-4:]))
            match = f"({match}) AND place : ({cells})" if cells else match
            started, used = time.perf_counter(), time.process_time()
            conn2.execute(sql, (match, workspace_id.hex, *rest)).fetchall()
            if i >= 5:
                samples.append((time.perf_counter() - started) * 1000)
                cpu += time.process_time() - used
        conn2.close()
    return _summary(samples, cpu)


def _cells(south: float, north: float, west: float, east: float) -> list[str]:
    """The grid cells covering the box at the finest of four sizes needing at most nine, as
    SQLite's index names them (revision 0023), written out here: the floor runs no project
    code."""
    import math

    for level, size in enumerate((0.25, 1.0, 4.0, 16.0)):
        rows = range(math.floor(south / size), math.floor(north / size) + 1)
        columns = range(math.floor(west / size), math.floor(east / size) + 1)
        if len(rows) * len(columns) <= 9:
            return [f"_{level}_{r}_{c}".replace("-", "n") for r in rows for c in columns]
    return []


def _floor_args(i: int) -> tuple[Any, ...]:
    """The first case's query as the floor sends it: the words as typed (corrected by hand
    where a traveler misspelled them), the currency, the price in minor units and the box."""
    typed, place, (currency, low, high) = TYPED[i % len(TYPED)]
    fixed = {"lisbn": "lisbon", "barcelna": "barcelona", "copenhagen": "kobenhavn"}
    words = [fixed.get(w, w) for w in filters.search_words(typed)]
    _, lat, lon, *_ = CITIES[place]
    exponent = 0 if currency in ("JPY", "ISK", "KRW", "VND") else 2
    degrees = 15 / 111.2
    import math

    spread = degrees / math.cos(math.radians(lat))
    return (
        words,
        currency,
        low * 10**exponent,
        high * 10**exponent,
        lat - degrees,
        lat + degrees,
        lon - spread,
        lon + spread,
    )


async def _sizes(databases: Databases) -> None:
    async with databases.main.writer.connect() as conn:
        if databases.main.dialect == "postgresql":
            rows = await conn.execute(
                text(
                    "SELECT relname, pg_size_pretty(pg_relation_size(oid)) FROM pg_class "
                    "WHERE relname IN ('listings', 'ix_listings_scoped_search_document', "
                    "'ix_listings_scoped_name_document', "
                    "'ix_listings_workspace_id_latitude_longitude', 'search_terms', "
                    "'pk_search_terms') ORDER BY relname"
                )
            )
        else:
            rows = await conn.execute(
                text(
                    "SELECT name, printf('%.1f MB', SUM(pgsize) / 1e6) FROM dbstat WHERE name IN "
                    "('listings', 'listings_fts_data', 'listings_fts_idx', 'listings_fts_docsize', "
                    "'ix_listings_workspace_id_latitude_longitude', 'search_terms') GROUP BY name"
                )
            )
        for name, size in rows:
            print(f"  {name:48} {size}")
        if databases.main.dialect == "postgresql":  # what the timings depend on most
            buffers = (await conn.execute(text("SHOW shared_buffers"))).scalar_one()
            print(f"  {'shared_buffers (the server setting)':48} {buffers}")


async def _insert_cost(databases: Databases, principal: Principal) -> None:
    """A listing through the catalog (its row, the engine's index and the vocabulary) against
    the same row inserted bare, 1,000 of each, in batches of 100."""
    now = datetime.now(UTC)
    ws = principal.workspace_id
    async with system_transaction(databases.main) as session:
        provider = await session.scalar(select(Provider.id).where(Provider.workspace_id == ws))
    assert provider is not None
    timings = {}
    for how in ("bare", "catalog"):
        started = time.perf_counter()
        for batch in range(10):
            rows = [_listing(ws, provider, 10**8 + batch * 100 + i, now) for i in range(100)]
            async with tenant_transaction(databases.main, ws, write=True) as session:
                if how == "bare":
                    await session.execute(insert(Listing), rows)
                else:
                    made = [(provider, r.pop("kind"), _values(r)) for r in rows]
                    await insert_listings(session, ws, made)
        timings[how] = (time.perf_counter() - started) / 1000 * 1e6
    print(
        f"  insert a listing: {timings['catalog']:.0f} µs through the catalog (with its "
        f"vocabulary), {timings['bare']:.0f} µs bare"
    )


def _values(row: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k not in ("workspace_id", "id", "provider_id")}


async def main(args: argparse.Namespace) -> None:
    kind = "sqlite" if args.db == "sqlite" else "postgresql"
    url = _url(kind) if args.reuse else await _fresh(kind)
    databases = bench_databases(url)
    try:
        if args.reuse:
            principal = await _seeded(databases)
        else:
            await migrate.upgrade(databases.main)
            started = time.perf_counter()
            print(f"seeding {args.listings:,} listings and two neighbours ({kind})", flush=True)
            principal = await _workspace(databases, args.listings, args.listings // 5)
            for _ in range(2):
                await _workspace(databases, args.listings // 10, args.listings // 50)
            print(f"seeded in {time.perf_counter() - started:.0f} s", flush=True)
            async with databases.main.writer.connect() as conn:
                if kind == "postgresql":
                    await conn.execution_options(isolation_level="AUTOCOMMIT")
                    await conn.execute(text("VACUUM ANALYZE"))
                else:
                    await conn.execute(text("ANALYZE"))
                    await conn.commit()
        settle_heap()  # as the service does once it is built (travel.app)
        n = args.requests
        print(f"\n{kind}, {n} searches each (after 5 to warm up):")
        cases: dict[str, Call] = {
            "text + place + price, 20 results + total + facets": (
                lambda s, p, i: _search(s, p, i, dated=False)
            ),
            "  + dates and guests (results + total)": lambda s, p, i: _search(s, p, i, dated=True),
            "suggestions": _suggest,
        }
        for name, call in cases.items():
            print(f"  {name:52} {await _timed(databases, principal, call, n)}", flush=True)
        if args.each:
            print(f"\neach text alone, p50 of {n} (after 5), without and with dates:")
            for i, (typed, *_) in enumerate(TYPED):
                times = [
                    await _timed(databases, principal, _one(i, dated), n) for dated in (False, True)
                ]
                print(f"  {typed:24} {times[0].split('  CPU')[0]}   {times[1].split('  CPU')[0]}")
        floor = await _floor(kind, principal.workspace_id, n)
        print(f"  {'floor: 20 results, one statement, bare driver':52} {floor}")
        print("\nsizes:")
        await _sizes(databases)
        await _insert_cost(databases, principal)
    finally:
        await databases.dispose()
        # A reused database was seeded by an earlier run: only the run that made it drops it.
        if not (args.keep or args.reuse) and kind == "postgresql":
            engine = create_async_engine(
                async_url(_system(POSTGRES["url"])),
                isolation_level="AUTOCOMMIT",
            )
            async with engine.connect() as conn:
                await conn.execute(text(f"DROP DATABASE IF EXISTS {DATABASE}"))
            await engine.dispose()


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--db", choices=("postgres", "sqlite"), default="postgres")
    parser.add_argument("--listings", type=int, default=1_000_000)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--reuse", action="store_true")
    parser.add_argument("--each", action="store_true", help="also time each text on its own")
    parser.add_argument("--sqlite-path", type=Path, help="the SQLite file (default: bench/results)")
    parser.add_argument(
        "--postgres-url",
        help="the application role's URL of any database of the server to use (default: "
        "the local one of scripts/postgres.sh); the benchmark's database is made beside it",
    )
    args = parser.parse_args()
    if args.postgres_url:
        POSTGRES["url"] = args.postgres_url
    if args.sqlite_path:
        SQLITE["path"] = args.sqlite_path
    asyncio.run(main(args))


if __name__ == "__main__":
    cli()
