"""SQL of listings: lookups by id, filtered pages, inserts."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import bindparam, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from travel.catalog.models import Listing, Provider
from travel.catalog.records import ListingRecord, ProviderRecord
from travel.catalog.status import VISIBLE
from travel.db.base import columns_for
from travel.db.session import CompiledRead, Reads, by_ids
from travel.kernel.ids import WorkspaceId
from travel.pagination import Page
from travel.search import vocabulary

LISTING_COLUMNS = columns_for(ListingRecord, Listing)
_PROVIDER_COLUMNS = columns_for(ProviderRecord, Provider)
WITH_PROVIDER = (*LISTING_COLUMNS, *_PROVIDER_COLUMNS)
_SPLIT = len(LISTING_COLUMNS)
PROVIDER_JOIN = (
    Provider,
    (Provider.workspace_id == Listing.workspace_id) & (Provider.id == Listing.provider_id),
)


def with_provider(row: Sequence[Any]) -> ListingRecord:
    """A listing from a row of `WITH_PROVIDER`, its provider attached: a page and its
    providers are one statement, so the `provider` field has nothing left to load."""
    listing = ListingRecord(*row[:_SPLIT])
    listing.provider = ProviderRecord(*row[_SPLIT:])
    return listing


# The hot reads are built once with bound parameters: SQLAlchemy then reuses the statement's
# cache key and compiled form instead of rebuilding and re-hashing the construct per request.
_BY_ID = by_ids(Listing.workspace_id, Listing.id, *LISTING_COLUMNS)
_ONE = CompiledRead(
    select(*WITH_PROVIDER)
    .join(*PROVIDER_JOIN)
    .where(Listing.workspace_id == bindparam("workspace_id"), Listing.id == bindparam("id")),
    bounded=True,
)
_PAGE = CompiledRead(
    select(*WITH_PROVIDER)
    .join(*PROVIDER_JOIN)
    .where(
        Listing.workspace_id == bindparam("workspace_id"),
        Listing.kind == bindparam("kind"),
        Listing.status == VISIBLE,
    )
    .order_by(Listing.created_at, Listing.id)
    .offset(bindparam("skip"))
    .limit(bindparam("take")),
    bounded=True,
)
# The same reads without the providers, for documents that do not ask for them: the join
# costs PostgreSQL 14 µs of a 60 µs one-listing page (docs/performance.md).
_ONE_ALONE = CompiledRead(
    select(*LISTING_COLUMNS).where(
        Listing.workspace_id == bindparam("workspace_id"), Listing.id == bindparam("id")
    ),
    bounded=True,
)
_PAGE_ALONE = CompiledRead(
    select(*LISTING_COLUMNS)
    .where(
        Listing.workspace_id == bindparam("workspace_id"),
        Listing.kind == bindparam("kind"),
        Listing.status == VISIBLE,
    )
    .order_by(Listing.created_at, Listing.id)
    .offset(bindparam("skip"))
    .limit(bindparam("take")),
    bounded=True,
)


async def listings_by_id(
    session: Reads, workspace_id: WorkspaceId, ids: Sequence[uuid.UUID]
) -> dict[uuid.UUID, ListingRecord]:
    params = {"workspace_id": workspace_id, "ids": list(ids)}
    return {row[0]: ListingRecord(*row) for row in await _BY_ID.rows(session, params)}


def _alone(row: Sequence[Any]) -> ListingRecord:
    """A listing from a row of `LISTING_COLUMNS` (its `provider` left to the field's loader)."""
    return ListingRecord(*row)


async def listing_with_provider(
    session: Reads, workspace_id: WorkspaceId, listing_id: uuid.UUID, *, provider: bool = True
) -> ListingRecord | None:
    """One listing with its provider (one statement), or None. `provider=False`: without
    it (the `provider` field would load it)."""
    read, make = (_ONE, with_provider) if provider else (_ONE_ALONE, _alone)
    rows = await read.rows(session, {"workspace_id": workspace_id, "id": listing_id})
    return make(rows[0]) if rows else None


async def list_listings(
    session: Reads,
    workspace_id: WorkspaceId,
    kind: str,
    page: Page,
    *,
    provider: bool = True,
) -> list[ListingRecord]:
    """One page of the workspace's listings of `kind`, oldest first, each with its provider
    (`provider=False`: without them; the `provider` field would load them). Filtered and
    sorted pages are searches (travel.search.repository)."""
    if page.take == 0:
        return []
    make = with_provider if provider else _alone
    params = {"workspace_id": workspace_id, "kind": kind, "skip": page.skip, "take": page.take}
    read = _PAGE if provider else _PAGE_ALONE
    return [make(row) for row in await read.rows(session, params)]


def indexed(listing: Listing | ListingRecord) -> vocabulary.Indexed:
    """The text of a listing that search reads (its vocabulary's counts)."""
    return vocabulary.Indexed(
        listing.name,
        listing.location,
        listing.destination,
        listing.amenities or [],
        listing.description,
    )


async def insert_listing(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    provider_id: uuid.UUID,
    kind: str,
    values: Mapping[str, Any],
) -> ListingRecord:
    """Add a listing (validated `values` are its columns) and read it back."""
    listing = Listing(workspace_id=workspace_id, provider_id=provider_id, kind=kind, **values)
    session.add(listing)
    await session.flush()
    await vocabulary.count(session, workspace_id, [indexed(listing)])
    return (await listings_by_id(session, workspace_id, [listing.id]))[listing.id]


async def insert_listings(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    rows: Sequence[tuple[uuid.UUID, str, Mapping[str, Any]]],
) -> list[uuid.UUID]:
    """Add many listings at once: (provider id, kind, validated columns) each."""
    listings = [
        Listing(workspace_id=workspace_id, provider_id=provider_id, kind=kind, **values)
        for provider_id, kind, values in rows
    ]
    session.add_all(listings)
    await session.flush()
    await vocabulary.count(session, workspace_id, [indexed(listing) for listing in listings])
    return [listing.id for listing in listings]


async def set_listing_ratings(
    session: AsyncSession, workspace_id: WorkspaceId, ratings: Mapping[uuid.UUID, float]
) -> None:
    """Record average guest ratings (the demo seed; reviews will feed this later)."""
    if not ratings:
        return
    # ORM bulk UPDATE by primary key: one executemany keyed by (workspace_id, id).
    rows = [
        {"workspace_id": workspace_id, "id": key, "rating": value} for key, value in ratings.items()
    ]
    await session.execute(update(Listing), rows)
