"""Every SQL statement about workspaces, members and API keys."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.models import ApiKey, Member, Workspace
from travel.db.session import Reads
from travel.kernel.ids import WorkspaceId


async def get_workspace(session: AsyncSession, workspace_id: WorkspaceId) -> Workspace | None:
    return await session.get(Workspace, workspace_id)


async def workspace_name_and_plan(
    session: Reads, workspace_id: WorkspaceId
) -> tuple[str, str] | None:
    """A workspace's name and plan (None: no such workspace)."""
    stmt = select(Workspace.name, Workspace.plan).where(Workspace.id == workspace_id)
    row = (await session.execute(stmt)).first()
    return None if row is None else (row[0], row[1])


async def insert_workspace(session: AsyncSession, workspace: Workspace) -> None:
    session.add(workspace)
    await session.flush()


async def find_api_key(
    session: AsyncSession, workspace_id: WorkspaceId, secret_hash: str
) -> tuple[ApiKey, Member] | None:
    stmt = (
        select(ApiKey, Member)
        .join(
            Member,
            (Member.workspace_id == ApiKey.workspace_id) & (Member.id == ApiKey.member_id),
        )
        .where(
            ApiKey.workspace_id == workspace_id,
            ApiKey.secret_hash == secret_hash,
            Member.removed_at.is_(None),
        )
    )
    row = (await session.execute(stmt)).first()
    return None if row is None else (row[0], row[1])


async def find_member_by_subject(
    session: AsyncSession, workspace_id: WorkspaceId, subject: str
) -> Member | None:
    stmt = select(Member).where(
        Member.workspace_id == workspace_id,
        Member.subject == subject,
        Member.removed_at.is_(None),
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def find_removed_member(
    session: AsyncSession, workspace_id: WorkspaceId, subject: str
) -> Member | None:
    stmt = select(Member).where(
        Member.workspace_id == workspace_id,
        Member.subject == subject,
        Member.removed_at.is_not(None),
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def list_workspaces(session: AsyncSession) -> list[Workspace]:
    stmt = select(Workspace).order_by(Workspace.created_at, Workspace.id)
    return list((await session.execute(stmt)).scalars())


async def list_members(session: AsyncSession, workspace_id: WorkspaceId) -> list[Member]:
    stmt = (
        select(Member)
        .where(Member.workspace_id == workspace_id, Member.removed_at.is_(None))
        .order_by(Member.subject)
    )
    return list((await session.execute(stmt)).scalars())


async def list_api_keys(
    session: AsyncSession, workspace_id: WorkspaceId
) -> list[tuple[ApiKey, str]]:
    """The workspace's keys with their member's subject (never a secret: none is stored)."""
    stmt = (
        select(ApiKey, Member.subject)
        .join(
            Member,
            (Member.workspace_id == ApiKey.workspace_id) & (Member.id == ApiKey.member_id),
        )
        .where(ApiKey.workspace_id == workspace_id, ApiKey.embed_session.is_(False))
        .order_by(ApiKey.created_at, ApiKey.id)
    )
    return [(row[0], row[1]) for row in await session.execute(stmt)]


async def remove_member(
    session: AsyncSession, workspace_id: WorkspaceId, member_id: uuid.UUID, at: datetime
) -> bool:
    """Mark the member removed and revoke its keys; False when there is no such member."""
    removed = await session.execute(
        update(Member)
        .where(
            Member.workspace_id == workspace_id,
            Member.id == member_id,
            Member.removed_at.is_(None),
        )
        .values(removed_at=at)
    )
    if not removed.rowcount:  # type: ignore[attr-defined]
        return False
    await session.execute(
        update(ApiKey)
        .where(
            ApiKey.workspace_id == workspace_id,
            ApiKey.member_id == member_id,
            ApiKey.revoked_at.is_(None),
        )
        .values(revoked_at=at)
    )
    return True


async def insert_member(session: AsyncSession, member: Member) -> None:
    session.add(member)
    await session.flush()


async def insert_api_key(session: AsyncSession, key: ApiKey) -> None:
    session.add(key)
    await session.flush()


async def find_api_key_by_id(session: AsyncSession, key_id: uuid.UUID) -> ApiKey | None:
    """Operator look-up across workspaces (system transactions only)."""
    stmt = select(ApiKey).where(ApiKey.id == key_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def revoke_api_key(
    session: AsyncSession, workspace_id: WorkspaceId, key_id: uuid.UUID, at: datetime
) -> None:
    stmt = (
        update(ApiKey)
        .where(ApiKey.workspace_id == workspace_id, ApiKey.id == key_id)
        .values(revoked_at=at)
    )
    await session.execute(stmt)
