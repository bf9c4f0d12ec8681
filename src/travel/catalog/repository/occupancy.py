"""SQL of availability: the confirmed bookings that occupy listings during a window."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import date

from sqlalchemy import select

from travel.bookings.models import Booking
from travel.catalog.availability import HOLDS_CAPACITY, BookedSpan
from travel.db.session import Reads
from travel.kernel.ids import WorkspaceId


async def booked_spans(
    session: Reads,
    workspace_id: WorkspaceId,
    listing_ids: Sequence[uuid.UUID],
    first: date,
    last: date,
) -> dict[uuid.UUID, list[BookedSpan]]:
    """Per listing, its confirmed bookings touching `first..last` (one indexed query)."""
    stmt = (
        select(Booking.listing_id, Booking.check_in, Booking.check_out, Booking.guests)
        .where(
            Booking.workspace_id == workspace_id,
            Booking.listing_id.in_(listing_ids),
            Booking.status == HOLDS_CAPACITY,
            Booking.check_in <= last,
            Booking.check_out >= first,
        )
        .order_by(Booking.listing_id, Booking.check_in)
    )
    spans: dict[uuid.UUID, list[BookedSpan]] = {listing_id: [] for listing_id in listing_ids}
    for listing_id, check_in, check_out, guests in await session.execute(stmt):
        spans[listing_id].append(BookedSpan(check_in, check_out, guests))
    return spans
