"""What every booking change leaves behind, in the change's own transaction: a timeline
step, an audit entry and an outbox event (so none exists without the others)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from travel.auth.identity import Principal
from travel.bookings import repository
from travel.bookings.models import AuditEntry, BookingTransition
from travel.bookings.records import BookingRecord
from travel.events.outbox import publish


async def record_change(
    session: AsyncSession,
    principal: Principal,
    booking: BookingRecord,
    *,
    from_status: str | None,
    event_type: str,
) -> None:
    """Record `booking`'s move from `from_status` to its current status, done by `principal`."""
    workspace_id = principal.workspace_id
    await repository.insert_transition(
        session,
        BookingTransition(
            workspace_id=workspace_id,
            booking_id=booking.id,
            from_status=from_status,
            to_status=booking.status,
            actor_member_id=principal.member_id,
            created_at=booking.updated_at,
        ),
    )
    await repository.insert_audit(
        session,
        AuditEntry(
            workspace_id=workspace_id,
            actor_member_id=principal.member_id,
            action=event_type,
            entity_type="booking",
            entity_id=booking.id,
            data={
                "referenceCode": booking.reference_code,
                "from": from_status,
                "to": booking.status,
                "credential": principal.credential_id,
            },
        ),
    )
    await publish(session, workspace_id, event_type, event_data(booking, principal))


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
