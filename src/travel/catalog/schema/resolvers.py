"""Resolvers of the catalog (thin: translate, call the service, return)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from travel.catalog import availability, editing, filters, service
from travel.catalog.inputs import (
    ListingFilterInput,
    ListingInput,
    ListingUpdate,
    ProviderFilterInput,
    ProviderInput,
    ProviderUpdate,
)
from travel.catalog.loaders import CalendarByListingLoader, ProviderByIdLoader
from travel.catalog.pricing import PriceRange
from travel.catalog.records import (
    ListingRecord,
    ProviderRecord,
)
from travel.catalog.status import ListingStatus
from travel.graphql.binder import ObjectBinding
from travel.graphql.context import Info
from travel.graphql.documents import selected_names
from travel.graphql.inputs import ErrorPaths
from travel.kernel.kinds import KINDS, ListingKind
from travel.pagination import PageInput, page_from
from travel.search.sorting import Sort

INPUT, FILTER = ErrorPaths("input"), ErrorPaths("filter")
CALENDAR = ErrorPaths(paths={"first": "from", "last": "to"})

query = ObjectBinding("Query")
mutation = ObjectBinding("Mutation")


def resolve_listing_type(listing: ListingRecord, *_: object) -> str:
    """The concrete GraphQL type of a listing (for the TravelListing interface)."""
    return ListingKind(listing.kind).type_name


def resolve_listing_provider(
    listing: ListingRecord, info: Info
) -> ProviderRecord | asyncio.Future[ProviderRecord | None]:
    if listing.provider is not None:  # read with the listing (pages and single listings)
        return listing.provider
    # The loader's future itself, not a coroutine around it: the fast path awaits all of a
    # page's futures together instead of running a task per listing.
    return info.context.loader(ProviderByIdLoader).load(listing.provider_id)


async def resolve_availability(
    listing: ListingRecord, info: Info, **args: Any
) -> list[availability.DayAvailability]:
    with CALENDAR:
        dates = service.calendar_window(args["from"], args["to"])
    key = (listing.id, dates.first, dates.last)
    window = await info.context.loader(CalendarByListingLoader).load(key)
    assert window is not None  # the loader answers every key
    held = [availability.Block(b.starts_on, b.ends_on, b.units) for b in window.blocks]
    spans = window.spans + availability.block_spans(
        listing.kind, listing.units, listing.capacity, held
    )
    prices = [PriceRange(p.starts_on, p.ends_on, p.price_minor) for p in window.prices]
    return availability.daily_availability(listing, spans, dates.first, dates.last, prices)


@query.field("travelProviders")
async def resolve_providers(
    _: None,
    info: Info,
    pagination: PageInput | None = None,
    filter: ProviderFilterInput | None = None,
) -> list[ProviderRecord]:
    page = page_from(pagination)
    with FILTER:
        conditions = filters.provider_filter(filter)
    session = await info.context.session()
    return await service.list_providers(session, info.context.principal, page, conditions)


@query.field("travelProvidersCount")
async def resolve_providers_count(
    _: None, info: Info, filter: ProviderFilterInput | None = None
) -> int:
    with FILTER:
        conditions = filters.provider_filter(filter)
    session = await info.context.session()
    return await service.count_providers(session, info.context.principal, conditions)


@query.field("travelProvider")
async def resolve_provider(_: None, info: Info, id: str) -> ProviderRecord:
    session = await info.context.session()
    return await service.get_provider(session, info.context.principal, id)


@mutation.field("createTravelProvider")
async def resolve_create_provider(_: None, info: Info, input: ProviderInput) -> ProviderRecord:
    session = info.context.writes()
    with INPUT:
        return await service.create_provider(session, info.context.principal, input)


def asks_provider(info: Info) -> bool:
    """Whether the listings' `provider` may be asked for: read with them if so, in the same
    statement (the connectivity check's `{ id name }` reads listings alone)."""
    return "provider" in selected_names(info.field_nodes, info.fragments)


def _list(kind: str) -> Callable[..., Awaitable[list[ListingRecord]]]:
    async def resolve(
        _: None,
        info: Info,
        pagination: PageInput | None = None,
        filter: ListingFilterInput | None = None,
        sort: str | None = None,
    ) -> list[ListingRecord]:
        page = page_from(pagination)
        with FILTER:
            conditions = filters.listing_filter(filter, kind)
        session = await info.context.session()
        return await service.list_listings(
            session,
            info.context.principal,
            kind,
            page,
            conditions,
            sort=None if sort is None else Sort(sort),
            provider=asks_provider(info),
        )

    return resolve


def _count(kind: str) -> Callable[..., Awaitable[int]]:
    async def resolve(_: None, info: Info, filter: ListingFilterInput | None = None) -> int:
        with FILTER:
            conditions = filters.listing_filter(filter, kind)
        session = await info.context.session()
        return await service.count_listings(session, info.context.principal, kind, conditions)

    return resolve


def _single(kind: str) -> Callable[..., Awaitable[ListingRecord]]:
    async def resolve(_: None, info: Info, id: str) -> ListingRecord:
        session = await info.context.session()
        return await service.get_listing(
            session, info.context.principal, kind, id, provider=asks_provider(info)
        )

    return resolve


def _create(kind: str) -> Callable[..., Awaitable[ListingRecord]]:
    async def resolve(_: None, info: Info, input: ListingInput) -> ListingRecord:
        session = info.context.writes()
        with INPUT:
            return await service.create_listing(session, info.context.principal, kind, input)

    return resolve


def _update(kind: str) -> Callable[..., Awaitable[ListingRecord]]:
    async def resolve(_: None, info: Info, input: ListingUpdate) -> ListingRecord:
        session = info.context.writes()
        with INPUT:
            return await editing.update_listing(session, info.context.principal, kind, input)

    return resolve


@mutation.field("updateTravelProvider")
async def resolve_update_provider(_: None, info: Info, input: ProviderUpdate) -> ProviderRecord:
    session = info.context.writes()
    with INPUT:
        return await editing.update_provider(session, info.context.principal, input)


def _set_status(status: ListingStatus) -> Callable[..., Awaitable[ListingRecord]]:
    async def resolve(
        _: None, info: Info, id: str, expectedVersion: int | None = None
    ) -> ListingRecord:
        session = info.context.writes()
        return await editing.set_status(
            session, info.context.principal, id, status, expectedVersion
        )

    return resolve


for _status in ListingStatus:
    mutation.field(f"{_status.verb}TravelListing")(_set_status(_status))


def listing_bindings() -> list[ObjectBinding]:
    """The five listing types' relation fields, and each kind's queries and mutation."""
    bindings = []
    for kind in KINDS:
        query.field(kind.list_query)(_list(kind))
        query.field(kind.count_query)(_count(kind))
        query.field(kind.one_query)(_single(kind))
        mutation.field(kind.create_mutation)(_create(kind))
        mutation.field(kind.update_mutation)(_update(kind))
        binding = ObjectBinding(kind.type_name)
        binding.field("provider")(resolve_listing_provider)
        binding.field("availability")(resolve_availability)
        bindings.append(binding)
    return [query, mutation, *bindings]
