"""Publishing events: written to the outbox in the caller's transaction, fanned out to endpoints."""

from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import WorkspaceId
from travel.db.base import utcnow
from travel.events import repository
from travel.events.models import OutboxEvent, WebhookDelivery

EVENT_TYPES = ("booking.created", "booking.cancelled")


async def publish(
    session: AsyncSession, workspace_id: WorkspaceId, event_type: str, data: dict[str, Any]
) -> OutboxEvent:
    """Record `event_type` in the current transaction: it exists iff the change commits.

    One pending delivery is created per enabled webhook endpoint of the workspace; the
    dispatcher sends them after commit. `data` must be JSON-serialisable.
    """
    if event_type not in EVENT_TYPES:
        raise ValueError(f"unknown event type {event_type!r}")
    now = utcnow()
    event = OutboxEvent(
        id=uuid.uuid4(), workspace_id=workspace_id, type=event_type, data=data, created_at=now
    )
    session.add(event)
    for endpoint_id in await repository.enabled_endpoint_ids(session, workspace_id):
        session.add(
            WebhookDelivery(
                workspace_id=workspace_id,
                event_id=event.id,
                endpoint_id=endpoint_id,
                status="PENDING",
                attempt_count=0,
                next_attempt_at=now,
                created_at=now,
            )
        )
    await session.flush()
    return event
