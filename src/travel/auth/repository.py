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
        .where(ApiKey.workspace_id == workspace_id, ApiKey.secret_hash == secret_hash)
    )
    row = (await session.execute(stmt)).first()
    return None if row is None else (row[0], row[1])


async def find_member_by_subject(
    session: AsyncSession, workspace_id: WorkspaceId, subject: str
) -> Member | None:
    stmt = select(Member).where(Member.workspace_id == workspace_id, Member.subject == subject)
    return (await session.execute(stmt)).scalar_one_or_none()


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
