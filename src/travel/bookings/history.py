"""What every booking change leaves behind, in the change's own transaction: a timeline
step, an audit entry and an outbox event (so none exists without the others)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import Principal
from travel.bookings import repository
from travel.bookings.records import BookingRecord
from travel.events.outbox import event_row, publish_row


@dataclass(frozen=True, slots=True)
class ChangeRows:
    """The rows one booking change writes besides the booking itself (every column each)."""

    transition: dict[str, Any]
    audit: dict[str, Any]
    event: dict[str, Any]


def change_rows(
    principal: Principal,
    booking: BookingRecord,
    *,
    from_status: str | None,
    event_type: str,
    reason: str | None = None,
) -> ChangeRows:
    """The rows recording `booking`'s move from `from_status` to its current status, made by
    `principal` at `booking.updated_at`."""
    workspace_id, at = principal.workspace_id, booking.updated_at
    return ChangeRows(
        transition={
            "workspace_id": workspace_id,
            "id": uuid.uuid4(),
            "created_at": at,
            "booking_id": booking.id,
            "from_status": from_status,
            "to_status": booking.status,
            "actor_member_id": principal.member_id,
            "reason": reason,
        },
        audit={
            "workspace_id": workspace_id,
            "id": uuid.uuid4(),
            "created_at": at,
            "actor_member_id": principal.member_id,
            "action": event_type,
            "entity_type": "booking",
            "entity_id": booking.id,
            "data": {
                "referenceCode": booking.reference_code,
                "from": from_status,
                "to": booking.status,
                "credential": principal.credential_id,
                **({"reason": reason} if reason else {}),
            },
        },
        event=event_row(workspace_id, event_type, event_data(booking, principal), at),
    )


async def write_change(session: AsyncSession, rows: ChangeRows) -> None:
    """Insert the rows of one change in the current transaction."""
    await repository.insert_change_rows(session, rows.transition, rows.audit)
    await publish_row(session, rows.event)


async def record_change(
    session: AsyncSession,
    principal: Principal,
    booking: BookingRecord,
    *,
    from_status: str | None,
    event_type: str,
    reason: str | None = None,
) -> None:
    """Record `booking`'s move from `from_status` to its current status, done by `principal`
    (for `reason`, when given)."""
    rows = change_rows(
        principal, booking, from_status=from_status, event_type=event_type, reason=reason
    )
    await write_change(session, rows)


def event_data(booking: BookingRecord, actor: Principal) -> dict[str, Any]:
    """The `data` of booking.created / booking.cancelled (JSON; decision 0026)."""
    return {
        "id": str(booking.id),
        "referenceCode": booking.reference_code,
        "status": booking.status,
        "paymentStatus": booking.payment_status,
        "targetType": booking.target_type,
        "targetId": str(booking.target_id),
        "memberId": str(booking.member_id),
        "checkIn": booking.check_in.isoformat(),
        "checkOut": booking.check_out.isoformat(),
        "guests": booking.guests,
        "totalPrice": str(booking.total_price),
        "currency": booking.currency,
        "createdAt": _instant(booking.created_at),
        "updatedAt": _instant(booking.updated_at),
        "actorId": str(actor.member_id),
    }


def _instant(value: datetime) -> str:
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")
