"""Text conditions and relevance on each database's own full-text engine (decision 0088).

PostgreSQL: `listings.search_document`, a stored tsvector of the folded text (name weighted A,
place B, amenities C, description D) under a GIN index that leads with `workspace_id`
(revision 0014: each key the workspace and a word; no pending list, revision 0017 and
decision 0102); matched with `to_tsquery('simple', …)` and
ranked by `ts_rank` (decision 0099); a search reads the matching rows as
`travel_text_matches` returns them, in one pass (revision 0015, decision 0100), already
narrowed to the currency, price range and box asked for (revision 0018, decision 0104), the
box's grid cells asked of the index with the words (revision 0020, decision 0107), and the
coarser cells in the range's price bands (revision 0026, decision 0116), each row
ranked as it is read and handed over without its document (revision 0021, decision 0110);
suggestions read the names that begin with what is typed from a btree of the names' words
(revision 0019, decision 0105).
SQLite: `listings_fts`, an FTS5 table over the same text whose rowid is the listing's, each
word folded by travel.search.words and keyed by the workspace (its id, then the word, as one
token: `travel_scoped_words`, revision 0023, decision 0112), so a word's entries are the
workspace's own; matched with FTS5's query syntax and ranked by `bm25` with the same weights.

Both are given the words as this package folded them (travel.search.words: letters and digits
only, so nothing typed can reach either query language as syntax).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    BigInteger,
    ColumnClause,
    Float,
    Select,
    Text,
    cast,
    column,
    false,
    func,
    literal,
    literal_column,
    null,
    select,
    table,
    text,
)
from sqlalchemy.dialects.postgresql import TSQUERY
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession

from travel.catalog.models import Listing
from travel.catalog.repository.search import Box, Narrowing
from travel.kernel.ids import WorkspaceId
from travel.search.words import LONGEST_WORD, box_cells, scoped_words

# Relevance weights of the four texts, name first, and of the place's cells (none: they only
# narrow); PostgreSQL's travel_text_matches has the texts' the same, listed D, C, B, A
# (revision 0021).
_FTS_WEIGHTS = (10.0, 5.0, 2.0, 1.0, 0.0)  # name, location, amenities, description, place
# What travel_text_matches computes on each row (revision 0021): its ts_rank, and whether it
# has the words as typed.
_RANK: ColumnClause[Any] = literal_column("listings.rank")
_EXACT: ColumnClause[Any] = literal_column("listings.exact")
_FTS = table("listings_fts", column("rowid"))
_FTS_NAME: ColumnClause[Any] = literal_column("listings_fts")
_ROWID: ColumnClause[Any] = literal_column("listings.rowid")
# A phrase operator as a tsquery's text writes it: <-> or <N>, between spaces.
_PHRASE = " <(?:-|[0-9]+)> "


@dataclass(frozen=True, slots=True)
class Term:
    """One word typed: matched as itself (`prefix`: or as the start of a word: the last word
    typed) or as one of its `alternatives` (corrections by the typo rule). A prefix with
    `completions` is matched as any of those whole words — every word of the vocabulary that
    starts with it, when they are few: an index finds whole words far faster than a prefix
    (decision 0103)."""

    word: str
    prefix: bool = False
    alternatives: tuple[str, ...] = ()
    completions: tuple[str, ...] = ()

    def forms(self, *, corrected: bool) -> list[tuple[str, bool]]:
        """(word, as a prefix) pairs, any of which matches: as typed (a prefix as its
        completions, when it has them), and (`corrected`) its corrections. A word cut at
        LONGEST_WORD is the start of the longer word the engine indexed: a prefix."""
        as_prefix = {self.word: self.prefix}
        if self.prefix and self.completions:
            # The word itself too: the engine, not the vocabulary, decides what a word typed
            # in full matches (a listing loaded in bulk is not in the vocabulary yet).
            as_prefix = dict.fromkeys((self.word, *self.completions), False)
        for alternative in self.alternatives if corrected else ():
            as_prefix.setdefault(alternative, False)
        return [(word, prefix or len(word) >= LONGEST_WORD) for word, prefix in as_prefix.items()]


@dataclass(frozen=True, slots=True)
class TextQuery:
    """Every term must match (in any of the four texts)."""

    terms: tuple[Term, ...]

    @property
    def fuzzy(self) -> bool:
        return any(term.alternatives for term in self.terms)


def _ids(found: Any) -> Any:
    """The ids a set-returning search function answers, as a subquery."""
    rows = found.table_valued("id").render_derived(name="matched")
    return select(rows.c.id)


def _tsquery(query: TextQuery, *, exact: bool) -> Any:
    def lexeme(word: str, prefix: bool) -> str:
        return f"'{word}'" + (":*" if prefix else "")

    def one(term: Term) -> str:
        forms = [lexeme(word, prefix) for word, prefix in term.forms(corrected=not exact)]
        return forms[0] if len(forms) == 1 else "(" + " | ".join(forms) + ")"

    text = " & ".join(one(term) for term in query.terms)
    parsed = func.to_tsquery(literal_column("'simple'::regconfig"), literal(text))
    if exact:
        return parsed  # read against search_document itself, which keeps positions
    # PostgreSQL's parser splits some of our words in two, as a phrase: '9e622e' is the number
    # 9e622 then the word e ('9e622' <-> 'e'), in a listing's document as in the query. The
    # scoped indexes keep no positions (revision 0014), and against them a phrase never
    # matches: its parts are required as words instead (decision 0099).
    anded = func.regexp_replace(cast(parsed, Text), _PHRASE, " & ", "g")
    return cast(anded, TSQUERY)


def _fts_query(
    workspace_id: WorkspaceId,
    query: TextQuery,
    *,
    exact: bool,
    column: str | None = None,
    box: Box | None = None,
) -> str:
    """An FTS5 query of the workspace's words (in `column`, or any text; in the cells covering
    `box`, when few do): each word and cell keyed by the workspace as the index keys them
    (revision 0023), so no other workspace's entries are read."""
    scope = workspace_id.hex

    def one(term: Term) -> str:
        forms = [
            f'"{scope}{word}"' + (" *" if prefix else "")
            # A prefix as its completions, as on PostgreSQL (decision 0103): FTS5 merges every
            # word a prefix covers into one list before it can intersect it with the other
            # words' (a city's "temple" and "temple" *: 3.3 and 7.6 ms, decision 0112).
            for word, prefix in term.forms(corrected=not exact)
        ]
        return forms[0] if len(forms) == 1 else "(" + " OR ".join(forms) + ")"

    text = " AND ".join(one(term) for term in query.terms)
    if column is not None:
        text = f"{column} : ({text})"
    if box is None or box.west is None or box.east is None:
        return text
    # The words about here, as PostgreSQL's index answers them (revision 0020): only the rows
    # in those cells are read. The box itself is among the statement's conditions.
    cells = box_cells(scope, box.south, box.north, box.west, box.east)
    if not cells:
        return text
    return f"({text}) AND place : (" + " OR ".join(f'"{cell}"' for cell in cells) + ")"


def _joined(stmt: Select[Any], match: str) -> Select[Any]:
    """`stmt` (reading `listings`) narrowed to the rows the FTS5 query `match` finds."""
    return stmt.join(_FTS, _FTS.c.rowid == _ROWID).where(_FTS_NAME.op("MATCH")(match))


# SQLite: the FTS5 table read again from its content (the view of listings): after a VACUUM
# renumbered rowids, or anything else that left the two apart; then merged into one segment.
_REBUILD_FTS = (
    "INSERT INTO listings_fts (listings_fts) VALUES ('rebuild')",
    "INSERT INTO listings_fts (listings_fts) VALUES ('optimize')",
)
# What folds the words of SQLite's index (revision 0023, decision 0112): Python's Unicode data,
# and travel.search.words's folding as of the revision that last changed it (which rebuilds the
# index). The triggers delete a listing's words by folding its old text again: words folded
# otherwise would stay behind, so an index folded otherwise is rebuilt before it is written.
FOLDING = f"unicode {unicodedata.unidata_version}, revision 0023"


async def rebuild_fts(conn: AsyncConnection | AsyncSession) -> None:
    """SQLite's index made again from the listings, folded by this process."""
    for statement in _REBUILD_FTS:
        await conn.execute(text(statement))
    await conn.execute(text("UPDATE listings_fts_folding SET folding = :f"), {"f": FOLDING})


async def refold_fts(writer: AsyncEngine) -> bool:
    """SQLite's index rebuilt if another folding made it (another Python's Unicode data);
    True if it was. Under the write lock: of processes starting together, one rebuilds."""
    async with writer.begin() as conn:
        folded = await conn.scalar(text("SELECT folding FROM listings_fts_folding"))
        if folded == FOLDING:
            return False
        await rebuild_fts(conn)
        return True


class Engine:
    """One database's way of matching and ranking listings by text."""

    def __init__(self, dialect: str) -> None:
        self.postgresql = dialect == "postgresql"

    def matching(
        self,
        stmt: Select[Any],
        workspace_id: WorkspaceId,
        query: TextQuery,
        narrowed: Narrowing,
        *,
        ranked: bool,
    ) -> Any:
        """`stmt` (reading `listings`) narrowed to the listings matching `query` (and, as the
        index finds them, to `narrowed`'s conditions, which `stmt` has too); `ranked`: `stmt`
        is ordered by `relevance`."""
        if self.postgresql:
            # The matching rows themselves, read once through the scoped text index despite
            # row-level security (revision 0015), under the table's own name: every reference
            # of the statement to `listings` reads them instead of the table. Nested: the name
            # stays inside this statement when it is wrapped in another (a CTE, a subquery).
            # Only those in the currency, price range and box are copied out of the function
            # (revision 0018, decision 0104: a word many cities share, with "near", copied
            # every listing with it); each ranked as it was read, with every column of a
            # listing but its document, which was copied only to be ranked (revision 0021,
            # decision 0110).
            box = narrowed.box
            edges = (None,) * 4 if box is None else (box.south, box.north, box.west, box.east)
            found = func.travel_text_matches(
                workspace_id,
                _tsquery(query, exact=False),
                _tsquery(query, exact=True) if ranked and query.fuzzy else cast(null(), TSQUERY),
                literal(ranked),
                cast(literal(narrowed.currency, Text), Text),
                cast(literal(narrowed.min_price_minor, BigInteger), BigInteger),
                cast(literal(narrowed.max_price_minor, BigInteger), BigInteger),
                *(cast(literal(edge, Float), Float) for edge in edges),
            )
            rows: Select[Any] = select(literal_column("found.*")).select_from(found.alias("found"))
            return stmt.add_cte(rows.cte(Listing.__tablename__, nesting=True))
        return _joined(stmt, _fts_query(workspace_id, query, exact=False, box=narrowed.box))

    def relevance(self, workspace_id: WorkspaceId, query: TextQuery) -> list[tuple[Any, bool]]:
        """(ORDER BY expression, descending) pairs, best first, for a statement made by
        `matching` with `ranked`: listings matching every word as typed before those matched
        through a correction, then by rank."""
        order: list[tuple[Any, bool]] = []
        if self.postgresql:  # as travel_text_matches computed them (revision 0021)
            if query.fuzzy:
                order.append((_EXACT, True))
            return [*order, (_RANK, True)]
        if query.fuzzy:
            exact = _fts_query(workspace_id, query, exact=True)
            typed = select(_FTS.c.rowid).where(_FTS_NAME.op("MATCH")(exact))
            order.append((_ROWID.in_(typed), True))
        return [*order, (func.bm25(_FTS_NAME, *_FTS_WEIGHTS), False)]

    def names_having(
        self, stmt: Select[Any], workspace_id: WorkspaceId, query: TextQuery, limit: int
    ) -> Select[Any]:
        """`stmt` narrowed to (at most `limit`) listings whose name has every term."""
        if self.postgresql:  # the index of names alone (revision 0008)
            found = func.travel_name_search(workspace_id, _tsquery(query, exact=False), limit)
            return stmt.where(Listing.id.in_(_ids(found)))
        return _joined(stmt, _fts_query(workspace_id, query, exact=False, column="name"))

    def names_starting(
        self, stmt: Select[Any], workspace_id: WorkspaceId, typed: str, limit: int
    ) -> Select[Any]:
        """`stmt` narrowed to listings whose name's words begin with the words of `typed` (the
        last one may be the start of a word). PostgreSQL: at most `limit`, one per key (names
        folded alike are one), the first keys in order; the database folds `typed` as it folds
        the names (revision 0019). SQLite: the rows FTS5 finds with the words at the start of
        the name, folded as the names were (revision 0023)."""
        if self.postgresql:
            return stmt.where(
                Listing.id.in_(_ids(func.travel_names_starting(workspace_id, typed, limit)))
            )
        # Letters and digits only, so nothing reaches FTS5 as syntax.
        phrase = scoped_words(workspace_id.hex, typed)
        return _joined(stmt, f'name : ^ "{phrase}" *') if phrase else stmt.where(false())
