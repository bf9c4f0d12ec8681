"""Workspaces, members and API keys."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import (
    ForeignKeyConstraint,
    Index,
    String,
    Text,
    UniqueConstraint,
    false,
    func,
)
from sqlalchemy.orm import Mapped, mapped_column

from travel.db.base import Base, TenantMixin, utcnow


class Workspace(Base):
    """The tenant: owns members, listings, bookings and everything else."""

    __tablename__ = "workspaces"

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=uuid.uuid4)
    name: Mapped[str] = mapped_column(String(200))
    plan: Mapped[str] = mapped_column(String(20))
    # A dedicated tenant's own database; None means the shared database.
    database_url: Mapped[str | None] = mapped_column(Text, default=None)
    # Made by `travel demo seed`: `travel serve --demo` lets the web app sign in to it.
    demo: Mapped[bool] = mapped_column(default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(
        default=utcnow, server_default=func.current_timestamp()
    )


class Member(TenantMixin, Base):
    """A subject (OIDC `sub`, or a service account) with roles in one workspace."""

    __tablename__ = "members"
    __table_args__ = (UniqueConstraint("workspace_id", "subject"),)

    subject: Mapped[str] = mapped_column(String(255))
    roles: Mapped[list[str]]
    # Removed members stay for the bookings and audit entries that name them, but neither their
    # keys nor their tokens authenticate any more.
    removed_at: Mapped[datetime | None] = mapped_column(default=None)
    # The member's profile: what hosts see on bookings of their listings (a display name),
    # from the identity provider's `name`/`email` claims, the CLI or the member.
    display_name: Mapped[str | None] = mapped_column(String(100), default=None)
    email: Mapped[str | None] = mapped_column(String(254), default=None)


class ApiKey(TenantMixin, Base):
    """A workspace-scoped bearer credential; only a hash of the secret is stored."""

    __tablename__ = "api_keys"
    __table_args__ = (
        ForeignKeyConstraint(
            ["workspace_id", "member_id"],
            ["members.workspace_id", "members.id"],
            ondelete="CASCADE",
        ),
        Index("ix_api_keys_workspace_id_secret_hash", "workspace_id", "secret_hash", unique=True),
    )

    member_id: Mapped[uuid.UUID]
    secret_hash: Mapped[str] = mapped_column(String(64))
    hint: Mapped[str] = mapped_column(String(16))
    # None: the member's roles decide; otherwise a subset, intersected with the roles' grants.
    permissions: Mapped[list[str] | None] = mapped_column(default=None)
    expires_at: Mapped[datetime | None] = mapped_column(default=None)
    revoked_at: Mapped[datetime | None] = mapped_column(default=None)
    # Minted by the workspace app's token exchange (docs/embedding.md): it expires within
    # minutes, is not among the keys an operator lists, and housekeeping deletes it once expired.
    embed_session: Mapped[bool] = mapped_column(default=False, server_default=false())
