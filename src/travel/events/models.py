"""The transactional outbox and webhook endpoints, deliveries and attempts."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKeyConstraint, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from travel.db.base import Base, TenantMixin


class OutboxEvent(TenantMixin, Base):
    """An event written in the same transaction as the change that caused it."""

    __tablename__ = "outbox_events"
    __table_args__ = (
        Index("ix_outbox_events_workspace_id_created_at", "workspace_id", "created_at"),
    )

    type: Mapped[str] = mapped_column(String(64))
    data: Mapped[dict[str, Any]]


class WebhookEndpoint(TenantMixin, Base):
    """A subscriber URL with its signing secret; a 410 Gone answer disables it."""

    __tablename__ = "webhook_endpoints"

    url: Mapped[str] = mapped_column(Text)
    secret: Mapped[str] = mapped_column(String(128))
    enabled: Mapped[bool] = mapped_column(default=True)
    disabled_reason: Mapped[str | None] = mapped_column(String(200), default=None)


class WebhookDelivery(TenantMixin, Base):
    """One event owed to one endpoint; retried with backoff until it succeeds or dies."""

    __tablename__ = "webhook_deliveries"
    __table_args__ = (
        ForeignKeyConstraint(
            ["workspace_id", "event_id"], ["outbox_events.workspace_id", "outbox_events.id"]
        ),
        ForeignKeyConstraint(
            ["workspace_id", "endpoint_id"],
            ["webhook_endpoints.workspace_id", "webhook_endpoints.id"],
        ),
        # The dispatcher scans due deliveries across workspaces: the one index not led by
        # workspace_id, on purpose.
        Index("ix_webhook_deliveries_status_next_attempt_at", "status", "next_attempt_at"),
        # `travel webhook deliveries`: a workspace's failing deliveries, newest first.
        Index(
            "ix_webhook_deliveries_workspace_id_status_created_at",
            "workspace_id",
            "status",
            "created_at",
        ),
        # A 410 Gone ends every open delivery of its endpoint.
        Index(
            "ix_webhook_deliveries_workspace_id_endpoint_id_status",
            "workspace_id",
            "endpoint_id",
            "status",
        ),
    )

    event_id: Mapped[uuid.UUID]
    endpoint_id: Mapped[uuid.UUID]
    # PENDING (not tried yet, or re-queued) | FAILED (will be retried) | SUCCEEDED | DEAD
    status: Mapped[str] = mapped_column(String(16))
    attempt_count: Mapped[int] = mapped_column(default=0)
    # When the next attempt is due; while an attempt is in flight, the end of its lease.
    next_attempt_at: Mapped[datetime | None] = mapped_column(default=None)
    last_status_code: Mapped[int | None] = mapped_column(default=None)
    last_error: Mapped[str | None] = mapped_column(Text, default=None)


class WebhookAttempt(TenantMixin, Base):
    """One HTTP request made for a delivery: its outcome and how long it took."""

    __tablename__ = "webhook_attempts"
    __table_args__ = (
        ForeignKeyConstraint(
            ["workspace_id", "delivery_id"],
            ["webhook_deliveries.workspace_id", "webhook_deliveries.id"],
        ),
        Index("ix_webhook_attempts_workspace_id_delivery_id", "workspace_id", "delivery_id"),
    )

    delivery_id: Mapped[uuid.UUID]
    status_code: Mapped[int | None] = mapped_column(default=None)
    error: Mapped[str | None] = mapped_column(Text, default=None)
    duration_ms: Mapped[int] = mapped_column(default=0)
