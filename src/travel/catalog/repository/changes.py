"""SQL of a host's changes to providers and listings: each read under its row lock, written only
if still at the version read, and recorded in the audit trail (docs/decisions/0089-host-tools.md).

PostgreSQL locks the row (`FOR UPDATE`) against a booking deciding on it at the same time (the
booking function takes the same lock); SQLite's writes are serial (`BEGIN IMMEDIATE`).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from travel.bookings.models import AuditEntry, Booking
from travel.catalog.availability import HOLDS_CAPACITY, BookedSpan
from travel.catalog.models import Listing, Provider
from travel.catalog.records import ListingRecord, ProviderRecord
from travel.catalog.repository.listings import LISTING_COLUMNS, indexed
from travel.db.base import columns_for, table_of
from travel.kernel.ids import WorkspaceId
from travel.search import vocabulary

_PROVIDER_COLUMNS = columns_for(ProviderRecord, Provider)
_INSERT_AUDIT = insert(table_of(AuditEntry))


async def lock_listing(
    session: AsyncSession, workspace_id: WorkspaceId, listing_id: uuid.UUID
) -> ListingRecord | None:
    """The listing, locked until the transaction ends; None if the workspace has none so."""
    stmt = (
        select(*LISTING_COLUMNS)
        .where(Listing.workspace_id == workspace_id, Listing.id == listing_id)
        .with_for_update()
    )
    row = (await session.execute(stmt)).first()
    return None if row is None else ListingRecord(*row)


async def lock_provider(
    session: AsyncSession, workspace_id: WorkspaceId, provider_id: uuid.UUID
) -> ProviderRecord | None:
    stmt = (
        select(*_PROVIDER_COLUMNS)
        .where(Provider.workspace_id == workspace_id, Provider.id == provider_id)
        .with_for_update()
    )
    row = (await session.execute(stmt)).first()
    return None if row is None else ProviderRecord(*row)


async def update_listing(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    current: ListingRecord,
    values: Mapping[str, Any],
    at: datetime,
) -> ListingRecord:
    """Write `values` over the locked `current` (version + 1) and read it back. The search
    vocabulary takes a change of text as the old text out and the new in."""
    stmt = (
        update(Listing)
        .where(
            Listing.workspace_id == workspace_id,
            Listing.id == current.id,
            Listing.version == current.version,
        )
        .values(**values, version=current.version + 1, updated_at=at)
    )
    await session.execute(stmt)
    changed = await _read_listing(session, workspace_id, current.id)
    if indexed(current) != indexed(changed):
        await vocabulary.count(session, workspace_id, [indexed(current)], step=-1)
        await vocabulary.count(session, workspace_id, [indexed(changed)])
    return changed


async def _read_listing(
    session: AsyncSession, workspace_id: WorkspaceId, listing_id: uuid.UUID
) -> ListingRecord:
    stmt = select(*LISTING_COLUMNS).where(
        Listing.workspace_id == workspace_id, Listing.id == listing_id
    )
    return ListingRecord(*(await session.execute(stmt)).one())


async def update_provider(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    current: ProviderRecord,
    values: Mapping[str, Any],
    at: datetime,
) -> ProviderRecord:
    """Write `values` over the locked `current` (version + 1) and read it back."""
    await session.execute(
        update(Provider)
        .where(
            Provider.workspace_id == workspace_id,
            Provider.id == current.id,
            Provider.version == current.version,
        )
        .values(**values, version=current.version + 1, updated_at=at)
    )
    stmt = select(*_PROVIDER_COLUMNS).where(
        Provider.workspace_id == workspace_id, Provider.id == current.id
    )
    return ProviderRecord(*(await session.execute(stmt)).one())


async def spans_from(
    session: AsyncSession, workspace_id: WorkspaceId, listing_id: uuid.UUID, first: date
) -> list[BookedSpan]:
    """The listing's confirmed bookings that hold anything on `first` or later."""
    stmt = select(Booking.check_in, Booking.check_out, Booking.guests).where(
        Booking.workspace_id == workspace_id,
        Booking.listing_id == listing_id,
        Booking.status == HOLDS_CAPACITY,
        Booking.check_out >= first,
    )
    return [BookedSpan(*row) for row in await session.execute(stmt)]


async def confirmed_on(
    session: AsyncSession, workspace_id: WorkspaceId, listing_id: uuid.UUID, day: date
) -> int:
    """How many confirmed bookings of the listing start on `day`."""
    stmt = select(func.count()).where(
        Booking.workspace_id == workspace_id,
        Booking.listing_id == listing_id,
        Booking.status == HOLDS_CAPACITY,
        Booking.check_in == day,
    )
    return int((await session.execute(stmt)).scalar_one())


async def record(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    actor: uuid.UUID,
    action: str,
    entity: tuple[str, uuid.UUID],
    data: Mapping[str, Any],
    at: datetime,
) -> None:
    """One audit entry: `actor` did `action` to `entity` (its type and id) at `at`."""
    entity_type, entity_id = entity
    await session.execute(
        _INSERT_AUDIT,
        {
            "workspace_id": workspace_id,
            "id": uuid.uuid4(),
            "created_at": at,
            "actor_member_id": actor,
            "action": action,
            "entity_type": entity_type,
            "entity_id": entity_id,
            "data": dict(data),
        },
    )
