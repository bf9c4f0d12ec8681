"""The vocabulary's reads and writes: kept in the transaction that writes a listing, read to
correct typos, to say "did you mean" and to suggest places (docs/decisions/0088-discovery.md).

Typos are found among the workspace's own words that start with the same letter (Meilisearch
counts a typo on the first letter twice, so with its budgets of one and two the first letter
is as good as fixed) and are at most two letters longer or shorter: one index range read,
measured with rapidfuzz's optimal-string-alignment distance (a swap of two letters is one
typo).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rapidfuzz.distance import OSA
from sqlalchemy import (
    ColumnElement,
    Integer,
    String,
    bindparam,
    delete,
    func,
    literal,
    select,
    union_all,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from travel.catalog.models import Listing
from travel.db.session import Reads, dialect_of
from travel.kernel.ids import WorkspaceId
from travel.search.models import PLACE, WORD, SearchTerm
from travel.search.words import distinct_words, fold, typos_allowed

# Candidates read for one misspelled word, at most: a vocabulary's words of one first letter and
# length window are far fewer at any real size; the cap bounds a made-up vocabulary.
MAX_CANDIDATES = 20_000
CORRECTIONS_PER_WORD = 3
# After every word that starts with a prefix, in the terms' order: a prefix's range ends at the
# prefix and this.
_AFTER = "\U0010ffff"


@dataclass(frozen=True, slots=True)
class Indexed:
    """The text of one listing that search reads."""

    name: str
    location: str
    destination: str | None
    amenities: Sequence[str]
    description: str | None

    def words(self) -> set[str]:
        return distinct_words(
            [self.name, self.location, self.destination, *self.amenities, self.description]
        )

    def places(self) -> dict[str, str]:
        """Folded place → as written: the location and a trip's destination."""
        named = [self.location, *([self.destination] if self.destination else [])]
        return {fold(place).strip(): place.strip() for place in named if fold(place).strip()}


class Tally:
    """Words and places counted over listings, as `search_terms` rows."""

    def __init__(self) -> None:
        self.words: Counter[str] = Counter()
        self.places: Counter[str] = Counter()
        self.shown: dict[str, str] = {}

    def add(self, listing: Indexed) -> None:
        self.words.update(listing.words())
        for key, written in listing.places().items():
            self.places[key] += 1
            self.shown.setdefault(key, written)

    def rows(self, workspace_id: WorkspaceId, *, step: int = 1) -> list[dict[str, Any]]:
        """The rows that add the listings (`step=-1`: that take them out), sorted by key, so
        that two transactions adding words always lock them in the same order."""
        found = [(WORD, w, w, n) for w, n in self.words.items()]
        found += [(PLACE, key, self.shown[key], n) for key, n in self.places.items()]
        return [
            {
                "workspace_id": workspace_id,
                "field": field,
                "term": term,
                "display": display,
                "listings": n * step,
            }
            for field, term, display, n in sorted(found)
        ]


async def count(
    session: AsyncSession, workspace_id: WorkspaceId, listings: Iterable[Indexed], step: int = 1
) -> None:
    """Add `listings` to the workspace's vocabulary (`step=-1`: take them out)."""
    tally = Tally()
    for listing in listings:
        tally.add(listing)
    await _write(session, tally.rows(workspace_id, step=step))


async def _write(session: AsyncSession, rows: list[dict[str, Any]]) -> None:
    if not rows:
        return
    insert = pg_insert if dialect_of(session) == "postgresql" else sqlite_insert
    stmt = insert(SearchTerm)
    stmt = stmt.on_conflict_do_update(
        index_elements=["workspace_id", "field", "term"],
        set_={"listings": SearchTerm.listings + stmt.excluded.listings},
    )
    for start in range(0, len(rows), 1_000):  # bounded statements for a bulk seed
        await session.execute(stmt, rows[start : start + 1_000])


def _in(field: str, workspace_id: Any) -> list[ColumnElement[bool]]:
    """Terms of `field` some listing of the workspace still has."""
    return [
        SearchTerm.workspace_id == workspace_id,
        SearchTerm.field == field,
        SearchTerm.listings > 0,
    ]


def _starting(
    field: str, workspace_id: Any, prefix: Any, end: Any = None
) -> list[ColumnElement[bool]]:
    """Terms of `field` beginning with `prefix`: a range of the primary key, up to `end`
    (`prefix` + _AFTER, given when `prefix` is a bound value)."""
    return [
        *_in(field, workspace_id),
        SearchTerm.term >= prefix,
        SearchTerm.term < (prefix + _AFTER if end is None else end),
    ]


def _most_common(field: str, workspace_id: WorkspaceId, prefix: str, limit: int) -> Any:
    """Terms of `field` beginning with `prefix`, most listings first: (field, as written,
    listings)."""
    return (
        select(SearchTerm.field, SearchTerm.display, SearchTerm.listings)
        .where(*_starting(field, workspace_id, prefix))
        .order_by(SearchTerm.listings.desc(), SearchTerm.term)
        .limit(limit)
    )


@dataclass(frozen=True, slots=True)
class Looked:
    """What the vocabulary says of one word typed: whether a listing has it, the words it
    starts (the word being typed; None: more than asked for), its corrections by the typo
    rule."""

    known: bool
    completions: list[str] | None
    corrections: list[str]


async def look_up(
    session: Reads, workspace_id: WorkspaceId, typed: Sequence[str], *, completing: int
) -> list[Looked]:
    """Each word of `typed` looked up in one statement (a search's every word, one round trip):
    the last is completed, up to `completing` words (decision 0103); every word of five
    letters or more gets its corrections' candidates."""
    if not typed:
        return []
    last = len(typed) - 1
    typos = tuple(typos_allowed(word) for word in typed)
    values: dict[str, Any] = {"workspace_id": workspace_id}
    for i, word in enumerate(typed):
        values[f"word{i}"] = word
        if i == last:
            values[f"word{i}_end"] = word + _AFTER
        if typos[i]:
            values[f"first{i}"], values[f"first{i}_end"] = word[0], word[0] + _AFTER
            values[f"shortest{i}"], values[f"longest{i}"] = (
                len(word) - typos[i],
                len(word) + typos[i],
            )
    found: dict[tuple[int, str], list[tuple[str, int]]] = {}
    for i, kind, term, listings in await session.execute(_looking_up(typos, completing), values):
        found.setdefault((i, kind), []).append((term, listings))
    looked = []
    for i, word in enumerate(typed):
        words = sorted(term for term, _ in found.get((i, "word"), []))
        near = _closest(word, typos[i], found.get((i, "near"), []), CORRECTIONS_PER_WORD)
        completions = words if i == last else []
        looked.append(Looked(bool(words), None if len(words) > completing else completions, near))
    return looked


@functools.lru_cache(maxsize=256)
def _looking_up(typos: tuple[int, ...], completing: int) -> Any:
    """`look_up`'s statement for words allowed `typos` (one each, in order), made once for
    every search of that shape, its values bound by name at each execution (building it took
    1.2 ms a word: docs/performance.md)."""
    workspace_id = bindparam("workspace_id", type_=SearchTerm.workspace_id.type)
    last = len(typos) - 1
    parts: list[Any] = []
    for i, allowed in enumerate(typos):
        word = _bound(f"word{i}")
        # The word being typed: every word it starts (one more than asked, to tell "more");
        # any other: the word itself.
        if i == last:
            where = _starting(WORD, workspace_id, word, _bound(f"word{i}_end"))
        else:
            where = [*_in(WORD, workspace_id), SearchTerm.term == word]
        own = select(SearchTerm.term, SearchTerm.listings).where(*where)
        own = own.order_by(SearchTerm.term).limit(completing + 1 if i == last else 1)
        parts.append(_tagged(own, i, "word"))
        if allowed:
            near = _candidates(
                workspace_id,
                (_bound(f"first{i}"), _bound(f"first{i}_end")),
                (_bound(f"shortest{i}", Integer()), _bound(f"longest{i}", Integer())),
            )
            parts.append(_tagged(near, i, "near"))
    return union_all(*parts)


def _bound(name: str, type_: Any = None) -> Any:
    """A value of `_looking_up`'s statement, bound by `name` (a string unless `type_`)."""
    return bindparam(name, type_=type_ or String())


def _tagged(stmt: Any, i: int, kind: str) -> Any:
    """`stmt`'s (term, listings) rows marked with the word's position and what they are; in a
    subquery (SQLite takes no ORDER BY/LIMIT on a member of a compound)."""
    inner = stmt.subquery()
    return select(
        literal(i).label("i"), literal(kind).label("kind"), inner.c.term, inner.c.listings
    )


async def starting(
    session: Reads, workspace_id: WorkspaceId, *, place: str, word: str, places: int, words: int
) -> tuple[list[tuple[str, int]], list[str]]:
    """In one statement (suggestions are typed: each round trip shows): the places starting
    with `place` as written with their listings, and the most common words starting with
    `word` (itself included), most listings first."""

    def first(field: str, prefix: str, limit: int) -> Any:
        # SQLite: no LIMIT on a member of a compound, so each is a subquery.
        return select(_most_common(field, workspace_id, prefix, limit).subquery())

    rows = await session.execute(union_all(first(PLACE, place, places), first(WORD, word, words)))
    found = sorted(rows, key=lambda row: -row[2])
    return (
        [(display, listings) for field, display, listings in found if field == PLACE],
        [display for field, display, _ in found if field == WORD],
    )


def _candidates(workspace_id: Any, first: tuple[Any, Any], lengths: tuple[Any, Any]) -> Any:
    """The words that may be within a word's typos: those in the range `first` (the terms
    starting with its first letter) whose length is within `lengths` (one range of the primary
    key)."""
    return (
        select(SearchTerm.term, SearchTerm.listings)
        .where(
            *_starting(WORD, workspace_id, *first), func.length(SearchTerm.term).between(*lengths)
        )
        .limit(MAX_CANDIDATES)
    )


def _closest(word: str, typos: int, candidates: Iterable[tuple[str, int]], limit: int) -> list[str]:
    """The candidates within `typos` edits of `word` (not `word` itself), nearest and then most
    common first."""
    found = []
    for term, listings in candidates:
        if term != word:
            distance = OSA.distance(word, term, score_cutoff=typos)
            if distance <= typos:
                found.append((distance, -listings, term))
    return [term for _, _, term in sorted(found)[:limit]]


async def nearest(
    session: Reads, workspace_id: WorkspaceId, word: str, typos: int, *, limit: int
) -> list[str]:
    """The workspace's words within `typos` edits of `word` (not `word` itself), nearest and
    then most common first."""
    if typos == 0 or not word:
        return []
    first = (word[0], word[0] + _AFTER)
    found = await session.execute(
        _candidates(workspace_id, first, (len(word) - typos, len(word) + typos))
    )
    return _closest(word, typos, [(term, n) for term, n in found], limit)


async def corrections(session: Reads, workspace_id: WorkspaceId, word: str) -> list[str]:
    """What `word` may have been meant as, by the published typo rule."""
    return await nearest(
        session, workspace_id, word, typos_allowed(word), limit=CORRECTIONS_PER_WORD
    )


async def places(
    session: Reads, workspace_id: WorkspaceId, prefix: str, *, limit: int
) -> list[tuple[str, int]]:
    """Places starting with `prefix` (folded), most listings first: (as written, listings)."""
    stmt = _most_common(PLACE, workspace_id, prefix, limit)
    return [(display, listings) for _, display, listings in await session.execute(stmt)]


async def rebuild(session: AsyncSession, workspace_id: WorkspaceId) -> int:
    """The workspace's vocabulary made again from its listings (after a bulk load that did not
    go through the catalog, e.g. the search benchmark's); returns the terms written."""
    await session.execute(delete(SearchTerm).where(SearchTerm.workspace_id == workspace_id))
    stmt = select(
        Listing.name, Listing.location, Listing.destination, Listing.amenities, Listing.description
    ).where(Listing.workspace_id == workspace_id)
    tally = Tally()
    async for row in await session.stream(stmt.execution_options(yield_per=10_000)):
        tally.add(Indexed(*row))
    rows = tally.rows(workspace_id)
    await _write(session, rows)
    return len(rows)
