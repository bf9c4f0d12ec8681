"""One-click sign-in to the demo workspace, for the web app of `travel serve --demo` only.

A click issues a fresh API key of the newest demo workspace's member with that role, valid for
12 hours: the web app then talks to the public GraphQL API with it like any other client.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import select

from travel.auth import service as auth_service
from travel.auth.models import Workspace
from travel.db.registry import Databases
from travel.db.session import system_transaction
from travel.demo.seed import ROLES, subject_of
from travel.errors import NotFound, ValidationError

KEY_LIFETIME = timedelta(hours=12)


@dataclass(frozen=True)
class DemoSignIn:
    role: str
    key: str
    workspace_name: str


async def newest_demo_workspace(databases: Databases) -> Workspace | None:
    async with system_transaction(databases.main) as session:
        stmt = (
            select(Workspace)
            .where(Workspace.demo.is_(True))
            .order_by(Workspace.created_at.desc())
            .limit(1)
        )
        return (await session.execute(stmt)).scalar_one_or_none()


class DemoSignIns:
    """Sign-ins to the demo workspace that was the newest when the service started (a later
    `travel demo seed` takes effect at the next start)."""

    def __init__(self, databases: Databases) -> None:
        self.databases = databases
        self._workspace: Workspace | None = None

    async def start(self) -> None:
        self._workspace = await newest_demo_workspace(self.databases)

    async def sign_in(self, role: str) -> DemoSignIn:
        if self._workspace is None:
            raise NotFound("No demo workspace: run `travel demo seed`, then restart the service")
        # Where it lives is read again each time: `travel workspace move` may have moved it.
        workspace = await auth_service.resolve_workspace(self.databases, str(self._workspace.id))
        return await sign_in(self.databases, workspace, role)


async def sign_in(databases: Databases, workspace: Workspace, role: str) -> DemoSignIn:
    """A new short-lived key of the demo member holding `role`."""
    if role not in ROLES:
        raise ValidationError(f"role must be one of: {', '.join(ROLES)}", field="role")
    issued = await auth_service.create_api_key(
        databases,
        workspace,
        roles=[],
        subject=subject_of(role),
        permissions=[],
        expires_at=datetime.now(UTC) + KEY_LIFETIME,
    )
    return DemoSignIn(role, issued.secret, workspace.name)
