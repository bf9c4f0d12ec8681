"""Publishing events: written to the outbox in the caller's transaction, fanned out to endpoints."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from travel.events import repository
from travel.kernel.ids import WorkspaceId

EVENT_TYPES = ("booking.created", "booking.cancelled")


def event_row(
    workspace_id: WorkspaceId, event_type: str, data: dict[str, Any], at: datetime
) -> dict[str, Any]:
    """The outbox row of one event (every column of `outbox_events`)."""
    if event_type not in EVENT_TYPES:
        raise ValueError(f"unknown event type {event_type!r}")
    return {
        "workspace_id": workspace_id,
        "id": uuid.uuid4(),
        "created_at": at,
        "type": event_type,
        "data": data,
    }


async def publish_row(session: AsyncSession, row: dict[str, Any]) -> None:
    """Record the event `row` in the current transaction: it exists iff the change commits.

    One pending delivery is created per enabled webhook endpoint of the workspace (in the same
    statement); the dispatcher sends them after commit.
    """
    await repository.insert_event(session, row)
