"""Who is calling: the authenticated principal (its typed ids live in travel.kernel.ids)."""

from __future__ import annotations

from dataclasses import dataclass, field

from travel.auth.permissions import Permission, Role
from travel.errors import Forbidden
from travel.kernel.ids import MemberId, WorkspaceId


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
    # The workspace id as text, made once (a principal is cached across requests): log lines
    # and quota counters name the workspace by it on every request.
    workspace_key: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "workspace_key", str(self.workspace_id))

    def has(self, permission: Permission) -> bool:
        return permission in self.permissions

    def require(self, permission: Permission) -> None:
        """Raise FORBIDDEN unless the caller holds the permission."""
        if permission not in self.permissions:
            raise Forbidden(f"Missing permission {permission.value}")
