"""A member's wishlist entries."""

from __future__ import annotations

import uuid

from sqlalchemy import ForeignKeyConstraint, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from travel.db.base import Base, TenantMixin


class Favorite(TenantMixin, Base):
    __tablename__ = "favorites"
    __table_args__ = (
        ForeignKeyConstraint(["workspace_id", "member_id"], ["members.workspace_id", "members.id"]),
        ForeignKeyConstraint(
            ["workspace_id", "target_id"], ["listings.workspace_id", "listings.id"]
        ),
        # Concurrent toggles can never save one item twice.
        UniqueConstraint("workspace_id", "member_id", "target_id"),
        Index(
            "ix_favorites_workspace_id_member_id_created_at",
            "workspace_id",
            "member_id",
            "created_at",
        ),
    )

    member_id: Mapped[uuid.UUID]
    target_type: Mapped[str] = mapped_column(String(16))
    target_id: Mapped[uuid.UUID]
