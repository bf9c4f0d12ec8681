"""Discovery's rules: reading what a traveler typed against the workspace's vocabulary, which
sorts need what, and suggestions as they type (docs/decisions/0088-discovery.md)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from travel.auth.identity import Principal
from travel.auth.permissions import Permission
from travel.catalog.filters import ListingFilter
from travel.catalog.records import ListingRecord
from travel.db.session import Reads
from travel.errors import InvalidInput, ValidationError
from travel.kernel.ids import WorkspaceId
from travel.pagination import Page
from travel.search import repository, vocabulary
from travel.search.engine import Term, TextQuery
from travel.search.repository import ALL_KINDS, Search
from travel.search.sorting import Sort
from travel.search.words import fold, typos_allowed, words

# travelSearch reads at most this far into its results (Algolia's default too): a deeper page
# would make the database rank and skip every result before it.
MAX_RESULTS = 1_000
MIN_PREFIX, MAX_PREFIX = 2, 100
MAX_SUGGESTIONS, DEFAULT_SUGGESTIONS = 20, 8
MAX_TOP = 50
# A word being typed is asked as the whole words of the vocabulary it starts, up to this many;
# a shorter start, shared by more, as a prefix (decision 0103).
MAX_COMPLETIONS = 20
MAX_BUCKETS = 20


@dataclass(frozen=True, slots=True)
class Reading:
    """What the text was read as: the query, and the text with each word no listing has
    replaced by its nearest correction ("did you mean"), when there is one."""

    query: TextQuery | None
    did_you_mean: str | None


async def read_text(
    session: Reads,
    workspace_id: WorkspaceId,
    typed: tuple[str, ...],
) -> Reading:
    """Each word as typed (the last also as a prefix), with its corrections by the typo rule.
    A word the vocabulary lacks and cannot correct is still asked of the engine as typed (the
    engine, not the vocabulary, decides what matches: listings loaded in bulk are found before
    an operator reindexes); if a looser correction exists, it is what was probably meant."""
    if not typed:
        return Reading(None, None)
    terms, meant, changed = [], [], False
    looked = await vocabulary.look_up(session, workspace_id, typed, completing=MAX_COMPLETIONS)
    for position, (word, found) in enumerate(zip(typed, looked, strict=True)):
        last = position == len(typed) - 1
        known, alternatives = found.known, found.corrections
        if not known and not alternatives:
            looser = min(2, typos_allowed(word) + 1) if len(word) >= 3 else 0
            alternatives = await vocabulary.nearest(session, workspace_id, word, looser, limit=1)
            meant.append(alternatives[0] if alternatives else word)
            changed = changed or bool(alternatives)
            alternatives = []
        else:
            meant.append(word if known else alternatives[0])
            changed = changed or not known
        terms.append(
            Term(
                word,
                prefix=last,
                alternatives=tuple(alternatives),
                completions=tuple(found.completions or ()),
            )
        )
    return Reading(TextQuery(tuple(terms)), " ".join(meant) if changed else None)


async def plan(
    session: Reads, workspace_id: WorkspaceId, conditions: ListingFilter, kinds: tuple[str, ...]
) -> tuple[Search, str | None]:
    """The search `conditions` ask for over `kinds`, and its "did you mean"."""
    reading = await read_text(session, workspace_id, conditions.words)
    search = Search(
        workspace_id,
        conditions,
        kinds or ALL_KINDS,
        reading.query,
        matches_nothing=conditions.matches_nothing,
    )
    return search, reading.did_you_mean


def check_sort(sort: Sort, conditions: ListingFilter) -> Sort:
    """`sort`, if the filter has what it needs: a currency to compare prices, a point to
    measure distances from."""
    if sort in (Sort.PRICE_ASC, Sort.PRICE_DESC) and conditions.currency is None:
        raise ValidationError(
            "A price sort needs filter.currency: prices in different currencies are not compared",
            field="sort",
        )
    if sort is Sort.DISTANCE and conditions.near is None:
        raise ValidationError("The DISTANCE sort needs filter.near", field="sort")
    return sort


def check_page(page: Page) -> Page:
    if page.skip + page.take > MAX_RESULTS:
        raise ValidationError(
            f"A search reads at most its first {MAX_RESULTS} results: skip + take must be at "
            f"most {MAX_RESULTS}",
            field="pagination.skip",
        )
    return page


@dataclass(slots=True)
class Found:
    """A travelSearch: its listings, total and facets are read only when selected. When more
    than one of them is, one statement reads them all (repository.summary: the matches are
    read once), made once per search and shared by the fields' resolvers."""

    search: Search
    sort: Sort
    did_you_mean: str | None
    together: bool = False  # read the parts in one statement
    page: Page | None = None  # the page of `listings` the request asks for, when known
    _summary: asyncio.Future[repository.Summary] | None = None

    async def summary(self, session: Reads) -> repository.Summary:
        """The total, facets and (when known) page, read by the first resolver that asks."""
        if self._summary is None:
            planned = None if self.page is None else (self.sort, self.page)
            self._summary = asyncio.ensure_future(
                repository.summary(session, self.search, MAX_TOP, planned)
            )
        return await asyncio.shield(self._summary)

    async def total(self, session: Reads) -> int:
        if self.together:
            return (await self.summary(session)).total
        return await repository.total(session, self.search)


async def search(
    session: Reads,
    principal: Principal,
    conditions: ListingFilter,
    sort: Sort | None,
    *,
    together: bool = False,
    page: Page | None = None,
) -> Found:
    """Plan a search across kinds (relevance first with text, best rated first without);
    `together`: its parts will be read in one statement, `page` the page of listings too."""
    principal.require(Permission.READ)
    chosen = check_sort(sort or Sort.RELEVANCE, conditions)
    planned, meant = await plan(session, principal.workspace_id, conditions, conditions.kinds)
    return Found(planned, chosen, meant, together, page if together else None)


async def page_of(
    session: Reads, found: Found, page: Page, *, provider: bool
) -> list[ListingRecord]:
    page = check_page(page)
    if found.page == page and page.take:
        ids = (await found.summary(session)).page or []
        return await repository.by_ids(session, found.search.workspace_id, ids)
    return await repository.listings(session, found.search, found.sort, page, provider=provider)


def top(value: int | None, field: str, maximum: int, *, default: int) -> int:
    """A count asked for, 1..maximum; an explicit null is the default."""
    if value is None:
        return default
    if not 1 <= value <= maximum:
        raise InvalidInput(field, f"${field} must be between 1 and {maximum}")
    return value


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A place, or a listing, for what is being typed."""

    type: str  # PLACE | LISTING
    text: str
    listings: int | None = None
    listing: ListingRecord | None = None


async def suggest(
    session: Reads, principal: Principal, prefix: str, limit: int | None
) -> list[Suggestion]:
    """Places starting with what is typed (most listings first), then listings whose name
    begins with the words typed, then those whose name has them, the last one completed (or
    corrected) from the vocabulary; one listing per name."""
    principal.require(Permission.READ)
    if len(prefix) > MAX_PREFIX:
        raise InvalidInput("prefix", f"$prefix must be at most {MAX_PREFIX} characters")
    limit = top(limit, "limit", MAX_SUGGESTIONS, default=DEFAULT_SUGGESTIONS)
    typed = tuple(dict.fromkeys(words(prefix)))[:10]
    folded = " ".join(typed)
    if len(folded) < MIN_PREFIX:
        return []
    workspace_id = principal.workspace_id
    *before, last = typed
    # The places starting with what is typed, and the word being typed completed from the
    # vocabulary (its most common words starting so): the names are then matched on whole
    # words, which an index answers at once, never on a two-letter prefix a million names share.
    places, endings = await vocabulary.starting(
        session, workspace_id, place=fold(prefix).strip(), word=last, places=limit, words=3
    )
    if not places and len(typed) == 1 and len(folded) >= 5:
        # Typed with a typo: the places of the nearest word.
        for near in await vocabulary.corrections(session, workspace_id, folded):
            places += await vocabulary.places(session, workspace_id, near, limit=limit)
    shown = places[: limit // 2 or 1]  # half the suggestions at most are places
    suggestions = [Suggestion("PLACE", text, listings) for text, listings in shown]
    wanted = limit - len(suggestions)
    if wanted <= 0:
        return suggestions
    # Names that begin with what is typed first, each once, read in the order of names (an
    # index walk that stops at `wanted`: decision 0105).
    named = await repository.named_starting(session, workspace_id, prefix, wanted)
    endings = endings or await vocabulary.corrections(session, workspace_id, last)
    if endings and len({listing.name for listing in named}) < wanted:
        # Then names having the words anywhere (the last completed or corrected).
        terms = (
            *(Term(word) for word in before),
            Term(endings[0], alternatives=tuple(endings[1:])),
        )
        named += await repository.named(session, workspace_id, TextQuery(terms), 2 * wanted)
    # One suggestion per name: listings named alike (a route's departures) say it once.
    names = {listing.name: listing for listing in reversed(named)}
    suggestions += [
        Suggestion("LISTING", listing.name, listing=listing)
        for listing in named
        if names[listing.name] is listing
    ][:wanted]
    return suggestions
