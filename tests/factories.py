"""Plain factory functions: each makes real rows through the service's own code."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from tests.support.live import LiveServer

from travel.auth import service as auth_service
from travel.auth.models import Member, Workspace
from travel.db.models import Base
from travel.db.session import system_transaction


def create_workspace(server: LiveServer, plan: str = "free", name: str = "Test") -> Workspace:
    return server.run(auth_service.create_workspace(server.services.databases, name, plan))


def add_member(server: LiveServer, workspace: Workspace, subject: str, roles: list[str]) -> Member:
    return server.run(auth_service.add_member(server.services.databases, workspace, subject, roles))


def issue_key(
    server: LiveServer,
    workspace: Workspace,
    *,
    roles: list[str] | None = None,
    subject: str | None = None,
    permissions: list[str] | None = None,
    expires_at: datetime | None = None,
) -> auth_service.IssuedKey:
    return server.run(
        auth_service.create_api_key(
            server.services.databases,
            workspace,
            roles=roles or [],
            subject=subject,
            permissions=permissions or [],
            expires_at=expires_at,
        )
    )


@dataclass
class Tenant:
    """A workspace with one member (and key) per role, plus a second traveler and host."""

    workspace: Workspace
    keys: dict[str, str] = field(default_factory=dict)
    members: dict[str, uuid.UUID] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return str(self.workspace.id)


def create_tenant(server: LiveServer, plan: str = "free") -> Tenant:
    tenant = Tenant(create_workspace(server, plan=plan))
    for who, role in (
        ("traveler", "traveler"),
        ("traveler2", "traveler"),
        ("host", "host"),
        ("host2", "host"),
        ("admin", "admin"),
    ):
        member = add_member(server, tenant.workspace, f"{who}-{uuid.uuid4().hex[:6]}", [role])
        tenant.members[who] = member.id
        tenant.keys[who] = issue_key(server, tenant.workspace, subject=member.subject).secret
    return tenant


def count_rows(server: LiveServer, table: str, workspace: Workspace | str) -> int:
    """How many rows of `table` belong to the workspace (seen past row-level security)."""
    ws = str(workspace.id) if isinstance(workspace, Workspace) else workspace

    async def count() -> int:
        table_ = Base.metadata.tables[table]
        stmt = (
            select(func.count()).select_from(table_).where(table_.c.workspace_id == uuid.UUID(ws))
        )
        async with system_transaction(server.services.databases.main) as session:
            return int((await session.execute(stmt)).scalar_one())

    return server.run(count())


def snapshot(
    server: LiveServer, workspace: Workspace | str, tables: tuple[str, ...]
) -> dict[str, Any]:
    return {t: count_rows(server, t, workspace) for t in tables}


def create_listing(
    server: LiveServer,
    workspace: Workspace,
    owner_member_id: uuid.UUID,
    *,
    kind: str = "PROPERTY",
    provider_id: uuid.UUID | None = None,
    **fields: Any,
) -> uuid.UUID:
    """A provider (unless given) and a listing of `kind`, inserted directly: set-up for tests
    of other domains (the catalog's own tests create listings through GraphQL)."""
    from travel.catalog.models import Listing, Provider
    from travel.db.session import tenant_transaction

    async def insert() -> uuid.UUID:
        engines = server.services.databases.for_tenant(workspace.database_url)
        async with tenant_transaction(engines, workspace.id, write=True) as session:  # type: ignore[arg-type]
            pid = provider_id
            if pid is None:
                provider = Provider(
                    workspace_id=workspace.id,
                    owner_member_id=owner_member_id,
                    name="Factory Provider",
                    type="HOST" if kind == "PROPERTY" else "OPERATOR",
                )
                session.add(provider)
                await session.flush()
                pid = provider.id
            values: dict[str, Any] = {
                "name": f"Factory {kind.title()}",
                "location": "Lisbon",
                "price_minor": 10_000,
                "currency": "USD",
                "units": 1,
                "max_guests": 2 if kind == "PROPERTY" else None,
                "capacity": None if kind == "PROPERTY" else 10,
            }
            values.update(fields)
            listing = Listing(workspace_id=workspace.id, provider_id=pid, kind=kind, **values)
            session.add(listing)
            await session.flush()
            return listing.id

    return server.run(insert())
