"""Every SQL statement of events and webhooks.

The dispatcher's scans (`claim_due`, `dedicated_database_urls`, `find_delivery_workspace`)
cross workspaces by design and run only in a system transaction; everything else takes the
`WorkspaceId` it works in.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any, TypeVarTuple

from sqlalchemy import Select, bindparam, delete, insert, select, tuple_, update
from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.models import Workspace
from travel.db.base import table_of
from travel.db.gates import open_only
from travel.events.models import OutboxEvent, WebhookAttempt, WebhookDelivery, WebhookEndpoint
from travel.events.records import OPEN_STATUSES, AttemptResult, DeliveryRecord, DueDelivery
from travel.kernel.ids import WorkspaceId

Ts = TypeVarTuple("Ts")

_DUE_COLUMNS = (
    WebhookDelivery.workspace_id,
    WebhookDelivery.id,
    WebhookDelivery.attempt_count,
    WebhookDelivery.created_at,
    WebhookEndpoint.id,
    WebhookEndpoint.url,
    WebhookEndpoint.secret,
    OutboxEvent.id,
    OutboxEvent.type,
    OutboxEvent.created_at,
    OutboxEvent.data,
)


def _with_endpoint_and_event(stmt: Select[*Ts]) -> Select[*Ts]:
    return stmt.join(
        WebhookEndpoint,
        (WebhookEndpoint.workspace_id == WebhookDelivery.workspace_id)
        & (WebhookEndpoint.id == WebhookDelivery.endpoint_id),
    ).join(
        OutboxEvent,
        (OutboxEvent.workspace_id == WebhookDelivery.workspace_id)
        & (OutboxEvent.id == WebhookDelivery.event_id),
    )


async def claim_due(
    session: AsyncSession, *, now: datetime, lease_until: datetime, limit: int
) -> list[DueDelivery]:
    """Lock up to `limit` due deliveries (skipping rows another dispatcher holds) and lease them.

    `FOR UPDATE … SKIP LOCKED` is PostgreSQL's; SQLite ignores it and serialises the whole
    transaction on its single writer instead.
    """
    stmt = _with_endpoint_and_event(select(*_DUE_COLUMNS)).where(
        WebhookDelivery.status.in_(OPEN_STATUSES),
        WebhookDelivery.next_attempt_at <= now,
        WebhookEndpoint.enabled.is_(True),
    )
    # A workspace moving away (or moved) is not this database's to deliver: its deliveries
    # are the target's (travel.db.moves).
    stmt = open_only(session, stmt, WebhookDelivery.workspace_id)
    stmt = (
        stmt.order_by(WebhookDelivery.next_attempt_at)
        .limit(limit)
        .with_for_update(skip_locked=True, of=WebhookDelivery)
    )
    rows: list[Any] = list((await session.execute(stmt)).all())
    if not rows:
        return []
    await session.execute(
        update(WebhookDelivery)
        .where(
            tuple_(WebhookDelivery.workspace_id, WebhookDelivery.id).in_(
                [(row[0], row[1]) for row in rows]
            )
        )
        .values(next_attempt_at=lease_until)
        .execution_options(synchronize_session=False)
    )
    return [_due(row, lease_until) for row in rows]


def _due(row: Any, lease: datetime) -> DueDelivery:
    ws, delivery_id, attempts, created_at, *rest = row
    return DueDelivery(WorkspaceId(ws), delivery_id, attempts, created_at, lease, *rest)


async def dedicated_database_urls(session: AsyncSession) -> list[str]:
    """The databases of dedicated tenants (read from the shared database)."""
    stmt = (
        select(Workspace.database_url)
        .where(Workspace.database_url.is_not(None))
        .distinct()
        .order_by(Workspace.database_url)
    )
    return [url for (url,) in await session.execute(stmt) if url]


async def find_delivery_workspace(
    session: AsyncSession, delivery_id: uuid.UUID
) -> WorkspaceId | None:
    """Which workspace a delivery belongs to (operator commands name deliveries by id only)."""
    stmt = select(WebhookDelivery.workspace_id).where(WebhookDelivery.id == delivery_id)
    found = (await session.execute(stmt)).scalar_one_or_none()
    return None if found is None else WorkspaceId(found)


async def insert_endpoint(session: AsyncSession, endpoint: WebhookEndpoint) -> None:
    session.add(endpoint)
    await session.flush()


# Fan-out: an event gets one PENDING delivery per enabled endpoint of its workspace, in the
# event's own transaction (decision 0030). Written once, in the two forms it runs in, side by
# side: `insert_event` (cancellations; every event on SQLite) and FAN_OUT_IN_PLPGSQL (inside
# PostgreSQL's one-statement booking, travel.bookings.write). tests/events/test_webhooks.py
# checks the deliveries of both on both databases.
_NEW_DELIVERY = {"status": "PENDING", "attempt_count": 0}


async def insert_event(session: AsyncSession, row: dict[str, Any]) -> None:
    """Insert the outbox event `row` and a PENDING delivery to each enabled endpoint of its
    workspace."""
    await session.execute(INSERT_EVENT, row)
    endpoints = await session.execute(ENABLED_ENDPOINTS, {"workspace_id": row["workspace_id"]})
    deliveries = delivery_rows(row, endpoints.scalars())
    if deliveries:
        await session.execute(INSERT_DELIVERY, deliveries)


def delivery_rows(event: dict[str, Any], endpoint_ids: Iterable[uuid.UUID]) -> list[dict[str, Any]]:
    """A PENDING delivery row of the event row `event` to each endpoint, due at once."""
    at = event["created_at"]
    return [
        {
            "workspace_id": event["workspace_id"],
            "id": uuid.uuid4(),
            "created_at": at,
            "event_id": event["id"],
            "endpoint_id": endpoint_id,
            **_NEW_DELIVERY,
            "next_attempt_at": at,
        }
        for endpoint_id in endpoint_ids
    ]


# Built once with bound parameters (their compiled forms reused): an event is written with
# every booking and cancellation (SQLite's booking runs them on its driver too,
# travel.bookings.write.in_python).
INSERT_EVENT = insert(table_of(OutboxEvent))
INSERT_DELIVERY = insert(table_of(WebhookDelivery))
ENABLED_ENDPOINTS = select(WebhookEndpoint.id).where(
    WebhookEndpoint.workspace_id == bindparam("workspace_id"), WebhookEndpoint.enabled.is_(True)
)


def fan_out_in_plpgsql(*, workspace: str, event_id: str, at: str) -> str:
    """`insert_event`'s deliveries as one PL/pgSQL statement; the arguments are the SQL
    expressions of the event's workspace, id and time."""
    status, attempts = _NEW_DELIVERY["status"], _NEW_DELIVERY["attempt_count"]
    return f"""\
  INSERT INTO webhook_deliveries
    (workspace_id, id, created_at, event_id, endpoint_id, status, attempt_count, next_attempt_at)
  SELECT e.workspace_id, gen_random_uuid(), {at}, {event_id}, e.id,
    '{status}', {attempts}, {at}
  FROM webhook_endpoints e WHERE e.workspace_id = {workspace} AND e.enabled;"""


async def record_attempt(
    session: AsyncSession, workspace_id: WorkspaceId, delivery_id: uuid.UUID, result: AttemptResult
) -> None:
    """Store the attempt and count it on its delivery, whoever holds the claim by now."""
    session.add(
        WebhookAttempt(
            workspace_id=workspace_id,
            delivery_id=delivery_id,
            status_code=result.status_code,
            error=result.error,
            duration_ms=result.duration_ms,
        )
    )
    await session.flush()
    await session.execute(
        update(WebhookDelivery)
        .where(WebhookDelivery.workspace_id == workspace_id, WebhookDelivery.id == delivery_id)
        .values(
            attempt_count=WebhookDelivery.attempt_count + 1,
            last_status_code=result.status_code,
            last_error=result.error,
        )
        .execution_options(synchronize_session=False)
    )


async def settle(
    session: AsyncSession,
    workspace_id: WorkspaceId,
    delivery_id: uuid.UUID,
    *,
    lease: datetime,
    status: str,
    next_attempt_at: datetime | None,
) -> bool:
    """Move a delivery to its next state if our claim still holds (False: it was re-queued)."""
    result = await session.execute(
        update(WebhookDelivery)
        .where(
            WebhookDelivery.workspace_id == workspace_id,
            WebhookDelivery.id == delivery_id,
            WebhookDelivery.next_attempt_at == lease,
        )
        .values(status=status, next_attempt_at=next_attempt_at)
        .execution_options(synchronize_session=False)
    )
    return bool(getattr(result, "rowcount", 0))


async def release(
    session: AsyncSession, deliveries: Sequence[DueDelivery], *, now: datetime
) -> int:
    """Give back claims (a stopping dispatcher's): each delivery still held under its lease is
    due again at `now`, for any dispatcher to take at once. Crosses workspaces: system only."""
    released = 0
    for lease in {d.lease for d in deliveries}:
        keys = [(d.workspace_id, d.id) for d in deliveries if d.lease == lease]
        result = await session.execute(
            update(WebhookDelivery)
            .where(
                tuple_(WebhookDelivery.workspace_id, WebhookDelivery.id).in_(keys),
                WebhookDelivery.next_attempt_at == lease,
            )
            .values(next_attempt_at=now)
            .execution_options(synchronize_session=False)
        )
        released += int(getattr(result, "rowcount", 0) or 0)
    return released


async def disable_endpoint(
    session: AsyncSession, workspace_id: WorkspaceId, endpoint_id: uuid.UUID, reason: str
) -> None:
    """Stop sending to an endpoint and end every delivery still owed to it."""
    await session.execute(
        update(WebhookEndpoint)
        .where(WebhookEndpoint.workspace_id == workspace_id, WebhookEndpoint.id == endpoint_id)
        .values(enabled=False, disabled_reason=reason[:200])
        .execution_options(synchronize_session=False)
    )
    await session.execute(
        update(WebhookDelivery)
        .where(
            WebhookDelivery.workspace_id == workspace_id,
            WebhookDelivery.endpoint_id == endpoint_id,
            WebhookDelivery.status.in_(OPEN_STATUSES),
        )
        .values(status="DEAD", next_attempt_at=None, last_error=f"endpoint disabled: {reason}")
        .execution_options(synchronize_session=False)
    )


async def list_endpoints(session: AsyncSession, workspace_id: WorkspaceId) -> list[WebhookEndpoint]:
    stmt = (
        select(WebhookEndpoint)
        .where(WebhookEndpoint.workspace_id == workspace_id)
        .order_by(WebhookEndpoint.created_at, WebhookEndpoint.id)
    )
    return list((await session.execute(stmt)).scalars())


async def endpoint_exists(
    session: AsyncSession, workspace_id: WorkspaceId, endpoint_id: uuid.UUID
) -> bool:
    stmt = select(WebhookEndpoint.id).where(
        WebhookEndpoint.workspace_id == workspace_id, WebhookEndpoint.id == endpoint_id
    )
    return (await session.execute(stmt)).first() is not None


async def delete_endpoint(
    session: AsyncSession, workspace_id: WorkspaceId, endpoint_id: uuid.UUID
) -> None:
    """The endpoint, its deliveries and their attempts (the events stay: other endpoints may
    have been sent them)."""
    owed = select(WebhookDelivery.id).where(
        WebhookDelivery.workspace_id == workspace_id, WebhookDelivery.endpoint_id == endpoint_id
    )
    await session.execute(
        delete(WebhookAttempt).where(
            WebhookAttempt.workspace_id == workspace_id, WebhookAttempt.delivery_id.in_(owed)
        )
    )
    await session.execute(
        delete(WebhookDelivery).where(
            WebhookDelivery.workspace_id == workspace_id,
            WebhookDelivery.endpoint_id == endpoint_id,
        )
    )
    await session.execute(
        delete(WebhookEndpoint).where(
            WebhookEndpoint.workspace_id == workspace_id, WebhookEndpoint.id == endpoint_id
        )
    )


_RECORD_COLUMNS = (
    WebhookDelivery.id,
    OutboxEvent.id,
    OutboxEvent.type,
    WebhookEndpoint.id,
    WebhookEndpoint.url,
    WebhookEndpoint.enabled,
    WebhookEndpoint.disabled_reason,
    WebhookDelivery.status,
    WebhookDelivery.attempt_count,
    WebhookDelivery.last_status_code,
    WebhookDelivery.last_error,
    WebhookDelivery.next_attempt_at,
    WebhookDelivery.created_at,
)


async def list_deliveries(
    session: AsyncSession, workspace_id: WorkspaceId, statuses: Sequence[str], limit: int
) -> list[DeliveryRecord]:
    """A workspace's deliveries in `statuses`, newest first."""
    stmt = (
        _with_endpoint_and_event(select(*_RECORD_COLUMNS))
        .where(WebhookDelivery.workspace_id == workspace_id, WebhookDelivery.status.in_(statuses))
        .order_by(WebhookDelivery.created_at.desc(), WebhookDelivery.id)
        .limit(limit)
    )
    rows: list[Any] = list(await session.execute(stmt))
    return [DeliveryRecord(*row) for row in rows]


async def get_delivery(
    session: AsyncSession, workspace_id: WorkspaceId, delivery_id: uuid.UUID
) -> DeliveryRecord | None:
    stmt = _with_endpoint_and_event(select(*_RECORD_COLUMNS)).where(
        WebhookDelivery.workspace_id == workspace_id, WebhookDelivery.id == delivery_id
    )
    row: Any = (await session.execute(stmt)).one_or_none()
    return None if row is None else DeliveryRecord(*row)


async def requeue(
    session: AsyncSession, workspace_id: WorkspaceId, delivery_id: uuid.UUID, now: datetime
) -> None:
    """Make a delivery due immediately (a fresh lease value also voids any claim in flight)."""
    await session.execute(
        update(WebhookDelivery)
        .where(WebhookDelivery.workspace_id == workspace_id, WebhookDelivery.id == delivery_id)
        .values(status="PENDING", next_attempt_at=now)
        .execution_options(synchronize_session=False)
    )
