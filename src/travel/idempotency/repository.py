"""Every SQL statement of idempotency records."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, delete, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from travel.db.gates import open_only
from travel.idempotency.models import IdempotencyRecord
from travel.kernel.ids import WorkspaceId


@dataclass(frozen=True, slots=True)
class StoredKey:
    """A key remembered with the response of the request that first used it."""

    request_hash: str
    status_code: int
    response: str


def _key(
    workspace_id: WorkspaceId, member_id: uuid.UUID, key: str
) -> tuple[ColumnElement[bool], ...]:
    return (
        IdempotencyRecord.workspace_id == workspace_id,
        IdempotencyRecord.member_id == member_id,
        IdempotencyRecord.key == key,
    )


async def claim(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    member_id: uuid.UUID,
    key: str,
    request_hash: str,
    *,
    at: datetime,
    expired_before: datetime,
) -> StoredKey | None:
    """Claim the key inside the caller's transaction (None), or return what it remembers.

    The primary key makes a concurrent claim of the same key wait until the transaction holding
    it ends: it then finds the response that transaction committed, or — if it rolled back —
    claims the key itself. A remembered key older than the window is claimed afresh. A row
    without a response cannot be committed (claim and response share one transaction); one
    left by an older release of the service is claimed afresh too.
    """
    values = {
        "workspace_id": workspace_id,
        "member_id": member_id,
        "key": key,
        "request_hash": request_hash,
        "created_at": at,
        "status_code": None,
        "response": None,
    }
    insert = (
        postgresql.insert(IdempotencyRecord)
        if session.get_bind().dialect.name == "postgresql"
        else sqlite.insert(IdempotencyRecord)
    )
    stmt = (
        insert.values(values)
        .on_conflict_do_update(
            index_elements=["workspace_id", "member_id", "key"],
            set_={k: v for k, v in values.items() if k not in ("workspace_id", "member_id", "key")},
            where=or_(
                IdempotencyRecord.created_at < expired_before,
                IdempotencyRecord.response.is_(None),
            ),
        )
        .returning(IdempotencyRecord.key)
    )
    if (await session.execute(stmt)).first() is not None:
        return None
    found = await session.execute(
        select(
            IdempotencyRecord.request_hash,
            IdempotencyRecord.status_code,
            IdempotencyRecord.response,
        ).where(*_key(workspace_id, member_id, key))
    )
    held_hash, status_code, response = found.one()
    # Not taken over, so it has its response (see the condition above).
    assert status_code is not None
    assert response is not None
    return StoredKey(held_hash, status_code, response)


async def remember(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    member_id: uuid.UUID,
    key: str,
    status_code: int,
    response: str,
) -> None:
    """Store the response of the request that claimed the key (same transaction)."""
    await session.execute(
        update(IdempotencyRecord)
        .where(*_key(workspace_id, member_id, key))
        .values(status_code=status_code, response=response)
    )


async def purge_expired(session: AsyncSession, before: datetime) -> int:
    """Forget keys older than the window, in every workspace (system transactions only)."""
    stmt = delete(IdempotencyRecord).where(IdempotencyRecord.created_at < before)
    # A moving workspace's keys are purged by its target (travel.db.moves).
    result = await session.execute(open_only(session, stmt, IdempotencyRecord.workspace_id))
    return int(result.rowcount)  # type: ignore[attr-defined]
