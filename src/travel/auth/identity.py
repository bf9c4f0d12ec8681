"""Who is calling: the authenticated principal and its workspace id type."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import NewType

from travel.auth.permissions import Permission, Role
from travel.errors import Forbidden

# Only the auth layer (and trusted operator tooling) mints these: every repository function
# takes one, so a query that forgets the tenant does not type-check.
WorkspaceId = NewType("WorkspaceId", uuid.UUID)
MemberId = NewType("MemberId", uuid.UUID)


@dataclass(frozen=True, slots=True)
class Principal:
    """The caller of one request, resolved by authentication."""

    workspace_id: WorkspaceId
    member_id: MemberId
    subject: str
    roles: frozenset[Role]
    permissions: frozenset[Permission]
    plan: str
    credential_id: str  # API key id or "oidc:<sub>": for logs and rate-limit keys
    database_url: str | None = None  # a dedicated tenant's database; None: the shared one

    def has(self, permission: Permission) -> bool:
        return permission in self.permissions

    def require(self, permission: Permission) -> None:
        """Raise FORBIDDEN unless the caller holds the permission."""
        if permission not in self.permissions:
            raise Forbidden(f"Missing permission {permission.value}")
