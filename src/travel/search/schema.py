"""GraphQL of discovery: travelSearch (one search across kinds, with its total and facets
read only when selected) and travelSuggest (decision 0088). Thin: translate, call, return."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from graphql import FieldNode, GraphQLError, GraphQLObjectType
from graphql.execution.values import get_argument_values

from travel.catalog import filters
from travel.catalog.inputs import SearchFilterInput
from travel.catalog.records import ListingRecord
from travel.catalog.schema.resolvers import FILTER, asks_provider
from travel.errors import ValidationError
from travel.graphql.binder import ObjectBinding, SchemaModule
from travel.graphql.context import Info
from travel.graphql.documents import selected_names
from travel.graphql.inputs import ErrorPaths
from travel.pagination import Page, PageInput, page_from
from travel.search import service
from travel.search.repository import Bucket
from travel.search.service import MAX_BUCKETS, MAX_SUGGESTIONS, MAX_TOP, Found, Suggestion
from travel.search.sorting import SORT_DEFS, Sort

TEXT = ErrorPaths(paths={"text": "text"})

TYPE_DEFS = (
    SORT_DEFS
    + f'''
"""
A search across every kind: its listings page by page, how many there are, what the text was
probably meant as, and counts to narrow it by. Each part is read only when selected.
"""
type TravelSearchResult {{
  """
  A page of the listings found, in the search's order; skip + take at most
  {service.MAX_RESULTS} (VALIDATION_ERROR otherwise).
  """
  listings(
    "Which page; take 0..100 (default 20)."
    pagination: TravelPaginationInput
  ): [TravelListing!]!
  "How many listings the search finds, over all pages."
  total: Int!
  """
  The text with each word no listing has replaced by its nearest correction (e.g. "lisbon"
  for "lisbn"); null when every word was found as typed.
  """
  didYouMean: String
  "Counts of what was found, to narrow the search by."
  facets: TravelSearchFacets!
}}

"""
Counts of the listings a search finds: each is what the search would find with that value
added to its filter.
"""
type TravelSearchFacets {{
  "Listings per kind, every kind (0 for none): the kinds filter is left out of these counts only."
  kinds: [TravelFacetCount!]!
  "The places (a listing's location) with most listings, most first."
  places(
    "How many places, 1 to {MAX_TOP} (default 10)."
    top: Int = 10
  ): [TravelFacetCount!]!
  "The amenities (lower case) most listings offer, most first."
  amenities(
    "How many amenities, 1 to {MAX_TOP} (default 10)."
    top: Int = 10
  ): [TravelFacetCount!]!
  "Listings rated at least 4.5, 4, 3.5 and 3."
  ratings: [TravelRatingCount!]!
  """
  A histogram of the prices found: round-width buckets from the lowest price. Null unless
  filter.currency is given (prices in different currencies are not compared).
  """
  prices(
    "At most this many buckets, 1 to {MAX_BUCKETS} (default 10)."
    buckets: Int = 10
  ): [TravelPriceBucket!]
}}

"""A value and how many listings have it."""
type TravelFacetCount {{
  "The kind, place or amenity."
  value: String!
  "How many listings found have it."
  count: Int!
}}

"""How many listings found are rated at least minRating."""
type TravelRatingCount {{
  "The lowest rating counted."
  minRating: Float!
  "How many listings found are rated at least minRating."
  count: Int!
}}

"""Listings priced from min (included) to max (excluded; included in the last bucket)."""
type TravelPriceBucket {{
  "The lowest price of the bucket, in filter.currency."
  min: Decimal!
  "The price where the next bucket starts."
  max: Decimal!
  "How many listings found are priced in the bucket."
  count: Int!
}}

"""What a suggestion offers: a place to search in, or a listing to open."""
enum TravelSuggestionType {{
  "A place listings are in; search with its text."
  PLACE
  "A listing whose name matches what was typed."
  LISTING
}}

"""A suggestion for what is being typed."""
type TravelSuggestion {{
  "A place or a listing."
  type: TravelSuggestionType!
  "The place as hosts wrote it, or the listing's name."
  text: String!
  "PLACE: how many listings are there. Null for a listing."
  listings: Int
  "LISTING: the listing. Null for a place."
  listing: TravelListing
}}

extend type Query {{
  """
  One search across every kind: ranked by relevance when text is given (best rated first
  otherwise) unless another sort is asked for. Needs travel:read.
  """
  travelSearch(
    """
    What the traveler typed (at most 200 characters and 10 words), matched in the name,
    place, amenities and description, accents and case folded; the last word also as the
    start of a word; words of 5 or more letters also with one typo, of 9 or more with two.
    """
    text: String
    "Conditions the listings must meet (all of them)."
    filter: TravelSearchFilterInput
    "The order (default RELEVANCE)."
    sort: TravelListingSort
  ): TravelSearchResult
  """
  Places and listings for what is being typed (2 or more letters; up to 100 characters):
  places starting with it, most listings first, then listings whose name has its words.
  Needs travel:read.
  """
  travelSuggest(
    "What has been typed so far."
    prefix: String!
    "How many suggestions at most, 1 to {MAX_SUGGESTIONS} (default 8)."
    limit: Int = 8
  ): [TravelSuggestion!]
}}
'''
)

query = ObjectBinding("Query")
result = ObjectBinding("TravelSearchResult")
facets = ObjectBinding("TravelSearchFacets")


@query.field("travelSearch")
async def resolve_search(
    _: None,
    info: Info,
    text: str | None = None,
    filter: SearchFilterInput | None = None,
    sort: str | None = None,
) -> Found:
    with FILTER:
        conditions = filters.listing_filter(filter, None)
    with TEXT:
        conditions = replace(conditions, words=filters.search_words(text))
    parts = selected_names(info.field_nodes, info.fragments) & {"listings", "total", "facets"}
    session = await info.context.session()
    return await service.search(
        session,
        info.context.principal,
        conditions,
        None if sort is None else Sort(sort),
        together=len(parts) > 1,
        page=_page_asked(info),
    )


def _page_asked(info: Info) -> Page | None:
    """The page the one `listings` selected asks for (read with the total and facets), or
    None: several (aliases), inside fragments, or not a valid page (its resolver says why)."""
    asked = [
        selection
        for node in info.field_nodes
        for selection in (node.selection_set.selections if node.selection_set else ())
        if isinstance(selection, FieldNode) and selection.name.value == "listings"
    ]
    if len(asked) != 1:
        return None
    result = info.schema.type_map["TravelSearchResult"]
    assert isinstance(result, GraphQLObjectType)
    definition = result.fields["listings"]
    try:
        arguments = get_argument_values(definition, asked[0], info.variable_values)
        return service.check_page(page_from(arguments.get("pagination")))
    except (GraphQLError, ValidationError):
        return None


@result.field("listings")
async def resolve_listings(
    found: Found, info: Info, pagination: PageInput | None = None
) -> list[ListingRecord]:
    session = await info.context.session()
    return await service.page_of(
        session, found, page_from(pagination), provider=asks_provider(info)
    )


@result.field("total")
async def resolve_total(found: Found, info: Info) -> int:
    return await found.total(await info.context.session())


@result.field("didYouMean")
def resolve_did_you_mean(found: Found, _: Info) -> str | None:
    return found.did_you_mean


@result.field("facets")
def resolve_facets(found: Found, _: Info) -> Found:
    return found


def _counts(found: list[tuple[Any, int]]) -> list[dict[str, Any]]:
    return [{"value": value, "count": count} for value, count in found]


@facets.field("kinds")
async def resolve_kinds(found: Found, info: Info) -> list[dict[str, Any]]:
    return _counts((await found.summary(await info.context.session())).kinds)


@facets.field("places")
async def resolve_places(found: Found, info: Info, top: int | None = 10) -> list[dict[str, Any]]:
    with ErrorPaths(paths={"top": "top"}):
        top = service.top(top, "top", MAX_TOP, default=10)
    return _counts((await found.summary(await info.context.session())).places[:top])


@facets.field("amenities")
async def resolve_amenities(found: Found, info: Info, top: int | None = 10) -> list[dict[str, Any]]:
    with ErrorPaths(paths={"top": "top"}):
        top = service.top(top, "top", MAX_TOP, default=10)
    return _counts((await found.summary(await info.context.session())).amenities[:top])


@facets.field("ratings")
async def resolve_ratings(found: Found, info: Info) -> list[dict[str, Any]]:
    counted = (await found.summary(await info.context.session())).ratings
    return [{"min_rating": band, "count": count} for band, count in counted]


@facets.field("prices")
async def resolve_prices(found: Found, info: Info, buckets: int | None = 10) -> list[Bucket] | None:
    with ErrorPaths(paths={"buckets": "buckets"}):
        buckets = service.top(buckets, "buckets", MAX_BUCKETS, default=10)
    currency = found.search.conditions.currency
    if currency is None:
        return None
    summary = await found.summary(await info.context.session())
    return summary.histogram(currency, buckets)


@query.field("travelSuggest")
async def resolve_suggest(
    _: None, info: Info, prefix: str, limit: int | None = 8
) -> list[Suggestion]:
    session = await info.context.session()
    with ErrorPaths(paths={"prefix": "prefix", "limit": "limit"}):
        return await service.suggest(session, info.context.principal, prefix, limit)


MODULE = SchemaModule(
    TYPE_DEFS,
    objects=[query, result, facets],
    inputs={"TravelSearchFilterInput": SearchFilterInput},
)
