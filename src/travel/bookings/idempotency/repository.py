"""Every SQL statement of idempotency records."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import WorkspaceId
from travel.bookings.models import IdempotencyRecord


@dataclass(frozen=True, slots=True)
class StoredKey:
    request_hash: str
    status_code: int | None
    response: str | None
    created_at: datetime

    @property
    def finished(self) -> bool:
        return self.status_code is not None and self.response is not None


def _key(
    workspace_id: WorkspaceId, member_id: uuid.UUID, key: str
) -> tuple[ColumnElement[bool], ...]:
    return (
        IdempotencyRecord.workspace_id == workspace_id,
        IdempotencyRecord.member_id == member_id,
        IdempotencyRecord.key == key,
    )


async def find(
    session: AsyncSession, workspace_id: WorkspaceId, member_id: uuid.UUID, key: str
) -> StoredKey | None:
    stmt = select(
        IdempotencyRecord.request_hash,
        IdempotencyRecord.status_code,
        IdempotencyRecord.response,
        IdempotencyRecord.created_at,
    ).where(*_key(workspace_id, member_id, key))
    row = (await session.execute(stmt)).first()
    return None if row is None else StoredKey(*row)


async def insert(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    member_id: uuid.UUID,
    key: str,
    request_hash: str,
    at: datetime,
) -> None:
    """Claim the key: the primary key (workspace, member, key) lets one request win."""
    session.add(
        IdempotencyRecord(
            workspace_id=workspace_id,
            member_id=member_id,
            key=key,
            request_hash=request_hash,
            created_at=at,
        )
    )
    await session.flush()


async def delete_expired(
    session: AsyncSession, workspace_id: WorkspaceId, member_id: uuid.UUID, before: datetime
) -> None:
    """Forget the member's keys older than the window (keeps the table small)."""
    await session.execute(
        delete(IdempotencyRecord).where(
            IdempotencyRecord.workspace_id == workspace_id,
            IdempotencyRecord.member_id == member_id,
            IdempotencyRecord.created_at < before,
        )
    )


async def take_over(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    member_id: uuid.UUID,
    key: str,
    request_hash: str,
    *,
    abandoned_before: datetime,
    at: datetime,
) -> bool:
    """Re-claim a key whose request started before `abandoned_before` and never finished."""
    result = await session.execute(
        update(IdempotencyRecord)
        .where(
            *_key(workspace_id, member_id, key),
            IdempotencyRecord.request_hash == request_hash,
            IdempotencyRecord.response.is_(None),
            IdempotencyRecord.created_at < abandoned_before,
        )
        .values(created_at=at)
    )
    return bool(result.rowcount)  # type: ignore[attr-defined]


async def save_response(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    member_id: uuid.UUID,
    key: str,
    status_code: int,
    response: str,
) -> None:
    await session.execute(
        update(IdempotencyRecord)
        .where(*_key(workspace_id, member_id, key))
        .values(status_code=status_code, response=response)
    )


async def release(
    session: AsyncSession, workspace_id: WorkspaceId, member_id: uuid.UUID, key: str
) -> None:
    """Drop an unfinished claim (nothing ran): the key may be used again."""
    await session.execute(
        delete(IdempotencyRecord).where(
            *_key(workspace_id, member_id, key), IdempotencyRecord.response.is_(None)
        )
    )
