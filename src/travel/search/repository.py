"""Listing searches: which listings, in which order, how many, and their facets — one
statement each, on the database's own search engine (docs/decisions/0088-discovery.md)."""

from __future__ import annotations

import functools
import math
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    ColumnElement,
    Float,
    Integer,
    Select,
    String,
    bindparam,
    case,
    cast,
    column,
    func,
    literal,
    literal_column,
    null,
    nulls_last,
    select,
    table,
    true,
    union_all,
)

from travel.catalog.filters import ListingFilter
from travel.catalog.models import Listing
from travel.catalog.records import ListingRecord
from travel.catalog.repository.listings import (
    LISTING_COLUMNS,
    PROVIDER_JOIN,
    WITH_PROVIDER,
    listings_by_id,
    with_provider,
)
from travel.catalog.repository.search import haversine, listing_conditions, narrowing
from travel.catalog.status import VISIBLE
from travel.db.session import Reads, dialect_of
from travel.kernel.ids import WorkspaceId
from travel.kernel.kinds import KINDS
from travel.money import from_minor
from travel.pagination import Page
from travel.search.engine import Engine, TextQuery
from travel.search.sorting import Sort
from travel.search.words import words

ALL_KINDS = tuple(kind.value for kind in KINDS)
# PostgreSQL: a listing's amenities as the database keeps them for the facet, lower-cased and
# each once (revision 0022, decision 0111); a row written before that revision and not yet
# backfilled holds NULL, and is folded as it is read.
_AMENITY_KEYS: ColumnElement[Any] = func.coalesce(
    literal_column("listings.amenity_keys"), func.travel_amenity_keys(Listing.amenities)
)
# SQLite: the same keys as a JSON array (revision 0024, decision 0113), every row filled by the
# revision and kept by triggers.
_SQLITE_AMENITY_KEYS: ColumnElement[Any] = literal_column("listings.amenity_keys")
RATING_BANDS = (4.5, 4.0, 3.5, 3.0)
# SQLite: rows read for each name a suggestion list wants, listings named alike among them.
_ALIKE = 4


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

    def select(self, engine: Engine, stmt: Any, *, sort: Sort | None = None, **kw: Any) -> Any:
        """`stmt` narrowed to what the search finds; `sort`: the order it will have (None:
        no order, a count)."""
        stmt = stmt.where(*self.where(**kw))
        if self.text is not None:
            narrowed = narrowing(self.conditions)
            ranked = sort is Sort.RELEVANCE
            stmt = engine.matching(stmt, self.workspace_id, self.text, narrowed, ranked=ranked)
        return stmt


@dataclass(frozen=True, slots=True)
class Key:
    """One ORDER BY term: an expression and its direction."""

    expr: Any
    descending: bool = False
    nulls_last: bool = False

    def on(self, expr: Any = None) -> Any:
        """The term, on `expr` (the same value read elsewhere, e.g. from a CTE) or its own."""
        term = self.expr if expr is None else expr
        term = term.desc() if self.descending else term.asc()
        return nulls_last(term) if self.nulls_last else term


def _keys(search: Search, engine: Engine, sort: Sort) -> list[Key]:
    """The order of `sort`, ending with the listing's id: a total order, so offset pages
    neither repeat nor skip a listing."""
    best_rated = Key(Listing.rating, descending=True, nulls_last=True)
    if sort is Sort.RELEVANCE and search.text is not None:
        keys = [Key(e, d) for e, d in engine.relevance(search.workspace_id, search.text)]
    elif sort in (Sort.RELEVANCE, Sort.RATING):
        keys = [best_rated]
    elif sort in (Sort.PRICE_ASC, Sort.PRICE_DESC):
        keys = [Key(Listing.price_minor, descending=sort is Sort.PRICE_DESC)]
    elif sort is Sort.NEWEST:
        return [Key(Listing.created_at, True), Key(Listing.id, True)]
    elif sort is Sort.DISTANCE:
        near = search.conditions.near
        assert near is not None  # the service asks for it
        keys = [Key(haversine(near.latitude, near.longitude))]
    elif sort is Sort.START_TIME:
        start = func.coalesce(Listing.starts_at, Listing.departs_at)
        keys = [Key(case((start.is_(None), 1), else_=0)), Key(start)]
    else:
        keys = []
    return [*keys, Key(Listing.created_at), Key(Listing.id)]


def _order(search: Search, engine: Engine, sort: Sort) -> list[Any]:
    return [key.on() for key in _keys(search, engine, sort)]


async def listings(
    session: Reads, search: Search, sort: Sort, page: Page, *, provider: bool
) -> list[ListingRecord]:
    """One page of the listings the search finds, in `sort` order."""
    if page.take == 0 or search.matches_nothing:
        return []
    engine = Engine(dialect_of(session))
    stmt = select(*WITH_PROVIDER).join(*PROVIDER_JOIN) if provider else select(*LISTING_COLUMNS)
    stmt = search.select(engine, stmt.select_from(Listing), sort=sort)
    stmt = stmt.order_by(*_order(search, engine, sort)).offset(page.skip).limit(page.take)
    rows = await session.execute(stmt)
    return [with_provider(row) if provider else ListingRecord(*row) for row in rows]


async def by_ids(
    session: Reads, workspace_id: WorkspaceId, ids: Sequence[uuid.UUID]
) -> list[ListingRecord]:
    """The listings of `ids`, in that order (a page a summary chose)."""
    found = await listings_by_id(session, workspace_id, ids)
    return [found[i] for i in ids if i in found]


async def total(session: Reads, search: Search) -> int:
    """How many listings the search finds."""
    if search.matches_nothing:
        return 0
    engine = Engine(dialect_of(session))
    stmt = search.select(engine, select(func.count()).select_from(Listing))
    return int((await session.execute(stmt)).scalar_one())


@dataclass(frozen=True, slots=True)
class Bucket:
    min: Decimal  # included
    max: Decimal  # excluded, but for the last bucket
    count: int


@dataclass(frozen=True, slots=True)
class Summary:
    """A search's total and every facet, counted in one statement (`top` of each list)."""

    total: int
    kinds: list[tuple[str, int]]  # every kind, the kinds filter left out
    places: list[tuple[str, int]]
    amenities: list[tuple[str, int]]
    ratings: list[tuple[float, int]]
    prices: list[tuple[int, int]]  # (price in minor units, listings), when one currency
    page: list[uuid.UUID] | None = None  # the ids of the page asked for with it, in order

    def histogram(self, currency: str, buckets: int) -> list[Bucket]:
        """The prices as round-width buckets from the lowest price, each [min, max), the last
        including its max."""
        if not self.prices:
            return []
        low, high = self.prices[0][0], self.prices[-1][0]
        step = _step(high - low, buckets)
        start = low - low % step
        counts = [0] * ((high - start) // step + 1)
        for price, listings in self.prices:
            counts[(price - start) // step] += listings
        return [
            Bucket(
                from_minor(start + i * step, currency),
                from_minor(start + (i + 1) * step, currency),
                n,
            )
            for i, n in enumerate(counts)
        ]


NOTHING = Summary(0, [], [], [], [(band, 0) for band in RATING_BANDS], [])


def _step(spread: int, buckets: int) -> int:
    """A round bucket width in minor units (1, 2 or 5 times a power of ten) giving at most
    `buckets` buckets."""
    raw = max(1, math.ceil((spread + 1) / buckets))
    power = int(10 ** (len(str(raw)) - 1))
    return next((f * power for f in (1, 2, 5) if f * power >= raw), 10 * power)


# The matching listings as `summary` reads them into its CTE, by the CTE's name: what its
# parts read, made once for every search of a shape (`_parts`).
_MATCHES = table(
    "matches",
    column("id"),
    column("kind", String()),
    column("location", String()),
    column("rating", Float()),
    column("price_minor", BigInteger()),
    column("amenities"),
    column("chosen", Boolean()),
)


@functools.lru_cache(maxsize=64)
def _parts(
    postgresql: bool, top: int, priced: bool, order: tuple[tuple[bool, bool], ...] | None
) -> Any:
    """`summary`'s parts, each a read of the matches (`_MATCHES`, whose CTE each search adds):
    the total, the kinds, the top `top` places and amenities, the rating bands, the prices
    (`priced`: one currency) and (given the `order` of the sort keys k0..kn, each descending
    and nulls last or not) the page's ids, its skip and take bound at each execution. Made
    once for each shape of search (building them took 1.3 ms of Python a search:
    docs/performance.md)."""
    m = _MATCHES
    text = String()

    def member(facet: str, value: Any, count: Any, *where: Any) -> Any:
        return select(
            literal(facet, text).label("facet"), cast(value, text).label("value"), count
        ).where(*where)

    def top_of(stmt: Any) -> Any:
        # Each in a subquery: SQLite takes no ORDER BY/LIMIT on a member of a compound.
        inner = stmt.order_by(literal_column("n").desc(), literal_column("value")).limit(top)
        return select(inner.subquery())

    n = func.count().label("n")
    # Each listing's keys are once in them already (folded by the database): counted as they
    # are, PostgreSQL's unnested in the select list (a lateral unnest per row cost 8 ms of a
    # city's search where this costs 3: docs/performance.md), SQLite's JSON by json_each.
    if postgresql:
        each: Any = select(func.unnest(m.c.amenities).label("value")).where(m.c.chosen).subquery()
        amenities = member("amenity", each.c.value, n).select_from(each).group_by(each.c.value)
    else:
        each = func.json_each(m.c.amenities).table_valued("value").alias("amenity")
        amenities = (
            member("amenity", each.c.value, n, m.c.chosen)
            .select_from(m)
            .join(each, true())
            .group_by(each.c.value)
        )
    # The total and the rating bands counted in one read of the matches.
    counted = (
        select(
            func.count().filter(m.c.chosen).label("total"),
            *(
                func.count().filter(m.c.chosen, m.c.rating >= band).label(f"band{i}")
                for i, band in enumerate(RATING_BANDS)
            ),
        )
        .select_from(m)
        .cte("counted")
    )
    members = [
        member("total", null(), counted.c.total).select_from(counted),
        member("kind", m.c.kind, n).select_from(m).group_by(m.c.kind),
        top_of(member("place", m.c.location, n, m.c.chosen).select_from(m).group_by(m.c.location)),
        top_of(amenities),
        *(
            member("rating", literal(str(band), text), counted.c[f"band{i}"]).select_from(counted)
            for i, band in enumerate(RATING_BANDS)
        ),
    ]
    if priced:
        members.append(
            member("price", m.c.price_minor, n, m.c.chosen).select_from(m).group_by(m.c.price_minor)
        )
    if order is not None:
        # The page's rows by a bounded sort of the matches (the database keeps only the first
        # skip + take), then numbered among themselves for their order; numbering every match
        # sorted them all (3-7 ms at a city's matches: docs/performance.md).
        keys = [Key(None, descending, last) for descending, last in order]
        sort_keys: list[Any] = [column(f"k{i}") for i in range(len(order))]
        first = (
            select(m.c.id, *sort_keys)
            .select_from(m)
            .where(m.c.chosen)
            .order_by(*(key.on(c) for key, c in zip(keys, sort_keys, strict=True)))
            .offset(bindparam("skip", type_=Integer()))
            .limit(bindparam("take", type_=Integer()))
            .subquery()
        )
        ordered = [key.on(first.c[c.name]) for key, c in zip(keys, sort_keys, strict=True)]
        members.append(
            member("page", first.c.id, func.row_number().over(order_by=ordered)).select_from(first)
        )
    return union_all(*members)


async def summary(
    session: Reads, search: Search, top: int, page: tuple[Sort, Page] | None = None
) -> Summary:
    """The total, the facets and (given `page`) that page's ids in one statement: the matching
    listings (every kind: the kinds facet leaves that filter out) are read once into a
    materialized CTE with their sort keys, and each part is a read of it — one pass over the
    indexes and the table instead of one per part (at a million listings each pass is most of
    a search's time: docs/performance.md)."""
    if search.matches_nothing:
        return NOTHING
    engine = Engine(dialect_of(session))
    chosen = Listing.kind.in_(search.kinds) if len(search.kinds) < len(ALL_KINDS) else true()
    keys = _keys(search, engine, page[0]) if page else []
    found = search.select(
        engine,
        select(
            Listing.id,
            Listing.kind,
            Listing.location,
            Listing.rating,
            Listing.price_minor,
            (_AMENITY_KEYS if engine.postgresql else _SQLITE_AMENITY_KEYS).label("amenities"),
            chosen.label("chosen"),
            *(key.expr.label(f"k{i}") for i, key in enumerate(keys)),
        ).select_from(Listing),
        sort=page[0] if page else None,
        kinds=ALL_KINDS,
    )
    order = None if page is None else tuple((key.descending, key.nulls_last) for key in keys)
    parts = _parts(engine.postgresql, top, search.conditions.currency is not None, order)
    stmt = parts.add_cte(found.cte(_MATCHES.name).prefix_with("MATERIALIZED"))
    wanted = {} if page is None else {"skip": page[1].skip, "take": page[1].take}
    rows = (await session.execute(stmt, wanted)).all()
    by: dict[str, list[tuple[str | None, int]]] = {}
    for facet, value, count in rows:
        by.setdefault(facet, []).append((value, int(count)))
    ratings = dict(by.get("rating", []))
    kinds = {str(kind): count for kind, count in by.get("kind", [])}
    return Summary(
        total=by["total"][0][1],
        kinds=sorted(
            ((kind, kinds.get(kind, 0)) for kind in ALL_KINDS),  # every kind, 0 for none
            key=lambda item: (-item[1], ALL_KINDS.index(item[0])),
        ),
        places=sorted(((str(p), c) for p, c in by.get("place", [])), key=lambda i: (-i[1], i[0])),
        amenities=sorted(
            ((str(a), c) for a, c in by.get("amenity", [])), key=lambda i: (-i[1], i[0])
        ),
        ratings=[(band, ratings.get(str(band), 0)) for band in RATING_BANDS],
        prices=sorted((int(str(p)), c) for p, c in by.get("price", [])),
        page=None
        if page is None
        else [uuid.UUID(str(i)) for i, _ in sorted(by.get("page", []), key=lambda r: r[1])],
    )


def _visible(workspace_id: WorkspaceId) -> Select[Any]:
    """The workspace's listings a traveler may be suggested, every column of a record."""
    return (
        select(*LISTING_COLUMNS)
        .select_from(Listing)
        .where(Listing.workspace_id == workspace_id, Listing.status == VISIBLE)
    )


async def named(
    session: Reads, workspace_id: WorkspaceId, query: TextQuery, limit: int
) -> list[ListingRecord]:
    """Up to `limit` listings whose name has every term of `query`, in no particular order:
    without an order the database stops at the first `limit` it finds, where ranking would
    read every listing so named (a suggestion list is no place for that). Only active
    listings are suggested (a paused one among the first `limit` leaves a gap)."""
    engine = Engine(dialect_of(session))
    stmt = engine.names_having(_visible(workspace_id), workspace_id, query, limit).limit(limit)
    return [ListingRecord(*row) for row in await session.execute(stmt)]


async def named_starting(
    session: Reads, workspace_id: WorkspaceId, typed: str, limit: int
) -> list[ListingRecord]:
    """Active listings whose name begins with the words `typed` (the last one as the start of
    a word), in the order of their names: on PostgreSQL the first `limit` names, each once
    however many listings share it (revision 0019); on SQLite the first `limit` times
    `_ALIKE` rows FTS5 finds, in no order, which listings named alike may fill (decision
    0105)."""
    engine = Engine(dialect_of(session))
    stmt = engine.names_starting(_visible(workspace_id), workspace_id, typed, limit)
    found = [ListingRecord(*row) for row in await session.execute(stmt.limit(limit * _ALIKE))]
    return sorted(found, key=lambda listing: words(listing.name))
