"""Listing searches: which listings, in which order, how many, and their facets — one
statement each, on the database's own search engine (docs/decisions/0088-discovery.md)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import case, func, literal_column, nulls_last, select

from travel.catalog.filters import ListingFilter
from travel.catalog.models import Listing
from travel.catalog.records import ListingRecord
from travel.catalog.repository.listings import (
    LISTING_COLUMNS,
    PROVIDER_JOIN,
    WITH_PROVIDER,
    with_provider,
)
from travel.catalog.repository.search import haversine, listing_conditions
from travel.db.session import Reads, dialect_of
from travel.kernel.ids import WorkspaceId
from travel.kernel.kinds import KINDS
from travel.money import from_minor
from travel.pagination import Page
from travel.search.engine import Engine, TextQuery
from travel.search.sorting import Sort

ALL_KINDS = tuple(kind.value for kind in KINDS)
RATING_BANDS = (4.5, 4.0, 3.5, 3.0)


@dataclass(frozen=True, slots=True)
class Search:
    """One search, its text already read against the vocabulary."""

    workspace_id: WorkspaceId
    conditions: ListingFilter
    kinds: tuple[str, ...]  # the kinds it reads (never empty)
    text: TextQuery | None  # None: no text given
    matches_nothing: bool = False  # a word no listing has, nor any correction of it

    def where(self, *, kinds: Sequence[str] | None = None) -> list[Any]:
        kinds = self.kinds if kinds is None else kinds
        kind = [Listing.kind == kinds[0]] if len(kinds) == 1 else [Listing.kind.in_(kinds)]
        if len(kinds) == len(ALL_KINDS):
            kind = []
        return [
            Listing.workspace_id == self.workspace_id,
            *kind,
            *listing_conditions(self.workspace_id, kinds, self.conditions),
        ]

    def select(self, engine: Engine, stmt: Any, **kw: Any) -> Any:
        stmt = stmt.where(*self.where(**kw))
        if self.text is not None:
            stmt = engine.matching(stmt, self.workspace_id, self.text)
        return stmt


def _order(search: Search, engine: Engine, sort: Sort) -> list[Any]:
    if sort is Sort.RELEVANCE:
        if search.text is not None:
            order = engine.relevance(search.workspace_id, search.text)
        else:
            order = [nulls_last(Listing.rating.desc())]
    elif sort is Sort.PRICE_ASC:
        order = [Listing.price_minor]
    elif sort is Sort.PRICE_DESC:
        order = [Listing.price_minor.desc()]
    elif sort is Sort.RATING:
        order = [nulls_last(Listing.rating.desc())]
    elif sort is Sort.NEWEST:
        return [Listing.created_at.desc(), Listing.id.desc()]
    elif sort is Sort.DISTANCE:
        near = search.conditions.near
        assert near is not None  # the service asks for it
        order = [haversine(near.latitude, near.longitude)]
    elif sort is Sort.START_TIME:
        start = func.coalesce(Listing.starts_at, Listing.departs_at)
        order = [case((start.is_(None), 1), else_=0), start]
    else:
        order = []
    return [*order, Listing.created_at, Listing.id]


async def listings(
    session: Reads, search: Search, sort: Sort, page: Page, *, provider: bool
) -> list[ListingRecord]:
    """One page of the listings the search finds, in `sort` order."""
    if page.take == 0 or search.matches_nothing:
        return []
    engine = Engine(dialect_of(session))
    stmt = select(*WITH_PROVIDER).join(*PROVIDER_JOIN) if provider else select(*LISTING_COLUMNS)
    stmt = search.select(engine, stmt.select_from(Listing))
    stmt = stmt.order_by(*_order(search, engine, sort)).offset(page.skip).limit(page.take)
    rows = await session.execute(stmt)
    return [with_provider(row) if provider else ListingRecord(*row) for row in rows]


async def total(session: Reads, search: Search) -> int:
    """How many listings the search finds."""
    if search.matches_nothing:
        return 0
    engine = Engine(dialect_of(session))
    stmt = search.select(engine, select(func.count()).select_from(Listing))
    return int((await session.execute(stmt)).scalar_one())


async def _counts(session: Reads, search: Search, key: Any, **kw: Any) -> list[tuple[Any, int]]:
    engine = Engine(dialect_of(session))
    counted = func.count().label("n")
    stmt = search.select(engine, select(key.label("value"), counted).select_from(Listing), **kw)
    stmt = stmt.group_by(key)
    return [(value, int(n)) for value, n in await session.execute(stmt)]


async def kinds(session: Reads, search: Search) -> list[tuple[str, int]]:
    """Listings per kind, for every kind (the kinds filter left out, so a traveler sees what
    the other tabs hold), most first."""
    if search.matches_nothing:
        return []
    found = await _counts(session, search, Listing.kind, kinds=ALL_KINDS)
    return sorted(found, key=lambda item: (-item[1], ALL_KINDS.index(item[0])))


async def places(session: Reads, search: Search, top: int) -> list[tuple[str, int]]:
    """The `top` places with most listings found."""
    if search.matches_nothing:
        return []
    found = await _counts(session, search, Listing.location)
    return sorted(found, key=lambda item: (-item[1], item[0]))[:top]


async def amenities(session: Reads, search: Search, top: int) -> list[tuple[str, int]]:
    """The `top` amenities (lower case) most listings found offer."""
    if search.matches_nothing:
        return []
    engine = Engine(dialect_of(session))
    postgresql = engine.postgresql
    each = (
        func.json_array_elements_text(Listing.amenities).table_valued("value")
        if postgresql
        else func.json_each(Listing.amenities).table_valued("value")
    ).alias("amenity")
    name = func.lower(literal_column("amenity.value"))
    # One per listing however a host spelled it: DISTINCT over (listing, name).
    inner = (
        search.select(
            engine, select(Listing.id.label("listing"), name.label("name")).select_from(Listing)
        )
        .join(each, literal_column("true") if postgresql else literal_column("1"))
        .distinct()
    )
    per = inner.subquery()
    stmt = (
        select(per.c.name, func.count().label("n"))
        .group_by(per.c.name)
        .order_by(func.count().desc(), per.c.name)
        .limit(top)
    )
    return [(value, int(n)) for value, n in await session.execute(stmt)]


async def ratings(session: Reads, search: Search) -> list[tuple[float, int]]:
    """Listings rated at least each of RATING_BANDS."""
    if search.matches_nothing:
        return [(band, 0) for band in RATING_BANDS]
    engine = Engine(dialect_of(session))
    columns = [
        func.coalesce(func.sum(case((Listing.rating >= band, 1), else_=0)), 0)
        for band in RATING_BANDS
    ]
    row = (
        await session.execute(search.select(engine, select(*columns).select_from(Listing)))
    ).one()
    return [(band, int(n)) for band, n in zip(RATING_BANDS, row, strict=True)]


@dataclass(frozen=True, slots=True)
class Bucket:
    min: Decimal  # included
    max: Decimal  # excluded, but for the last bucket
    count: int


def _step(spread: int, buckets: int) -> int:
    """A round bucket width in minor units (1, 2 or 5 times a power of ten) giving at most
    `buckets` buckets."""
    raw = max(1, math.ceil((spread + 1) / buckets))
    power = int(10 ** (len(str(raw)) - 1))
    return next((f * power for f in (1, 2, 5) if f * power >= raw), 10 * power)


async def prices(session: Reads, search: Search, currency: str, buckets: int) -> list[Bucket]:
    """A histogram of the prices found (all in `currency`): round-width buckets from the
    lowest price, each [low, high), the last one including its high."""
    if search.matches_nothing:
        return []
    engine = Engine(dialect_of(session))
    bounds = search.select(
        engine,
        select(func.min(Listing.price_minor), func.max(Listing.price_minor)).select_from(Listing),
    )
    low, high = (await session.execute(bounds)).one()
    if low is None:
        return []
    step = _step(high - low, buckets)
    start = low - low % step
    found = dict(await _counts(session, search, (Listing.price_minor - start) // step))
    last = int((high - start) // step)
    return [
        Bucket(
            from_minor(start + i * step, currency),
            from_minor(start + (i + 1) * step, currency),
            int(found.get(i, 0)),
        )
        for i in range(last + 1)
    ]


async def named(
    session: Reads, workspace_id: WorkspaceId, query: TextQuery, limit: int
) -> list[ListingRecord]:
    """Listings whose name has every term of `query`, best match first."""
    engine = Engine(dialect_of(session))
    stmt = select(*LISTING_COLUMNS).select_from(Listing).where(Listing.workspace_id == workspace_id)
    stmt = engine.names_starting(stmt, workspace_id, query)
    stmt = stmt.order_by(*engine.relevance(workspace_id, query), Listing.id).limit(limit)
    return [ListingRecord(*row) for row in await session.execute(stmt)]
