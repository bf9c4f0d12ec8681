"""The idempotency record: the first response to a mutation sent with an `Idempotency-Key`."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import ForeignKey, String, Text, Uuid, func
from sqlalchemy.orm import Mapped, mapped_column

from travel.db.base import Base, utcnow


class IdempotencyRecord(Base):
    """The first response to a mutation sent with an `Idempotency-Key` (kept 24 h)."""

    __tablename__ = "idempotency_keys"

    workspace_id: Mapped[uuid.UUID] = mapped_column(
        Uuid(), ForeignKey("workspaces.id", ondelete="CASCADE"), primary_key=True
    )
    member_id: Mapped[uuid.UUID] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    request_hash: Mapped[str] = mapped_column(String(64))
    status_code: Mapped[int | None] = mapped_column(default=None)
    response: Mapped[str | None] = mapped_column(Text, default=None)
    created_at: Mapped[datetime] = mapped_column(
        default=utcnow, server_default=func.current_timestamp()
    )
