"""What a workspace allows of the workspace app, and the host tokens already exchanged."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, String, Text, Uuid, func
from sqlalchemy.orm import Mapped, mapped_column

from travel.db.base import Base, utcnow


class EmbedSettings(Base):
    """A workspace's settings for the workspace app (`travel embed …`): the origins that may
    frame it, the platform's signing keys (a JWKS document, or the URL of one), the issuer its
    tokens must name (optional), and the roles a platform's user who is not a member yet may
    join with (None: nobody joins)."""

    __tablename__ = "embed_settings"

    workspace_id: Mapped[uuid.UUID] = mapped_column(
        Uuid(), ForeignKey("workspaces.id", ondelete="CASCADE"), primary_key=True
    )
    origins: Mapped[list[str]]
    jwks: Mapped[dict[str, Any] | None] = mapped_column(default=None)
    jwks_url: Mapped[str | None] = mapped_column(Text, default=None)
    issuer: Mapped[str | None] = mapped_column(Text, default=None)
    join_roles: Mapped[list[str] | None] = mapped_column(default=None)
    updated_at: Mapped[datetime] = mapped_column(
        default=utcnow, server_default=func.current_timestamp()
    )


class UsedHostToken(Base):
    """A host token's `jti`, kept until the token could no longer be accepted: a second
    exchange of the same token meets the primary key and is refused."""

    __tablename__ = "embed_used_tokens"

    workspace_id: Mapped[uuid.UUID] = mapped_column(
        Uuid(), ForeignKey("workspaces.id", ondelete="CASCADE"), primary_key=True
    )
    jti: Mapped[str] = mapped_column(String(200), primary_key=True)
    expires_at: Mapped[datetime]
