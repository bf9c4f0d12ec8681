"""Per-request DataLoaders of bookings."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from travel.bookings import repository
from travel.bookings.records import GuestRecord, TransitionRecord
from travel.graphql.context import RequestContext
from travel.graphql.dataloader import DataLoader


class BookingTransitionByBookingIdLoader(DataLoader[uuid.UUID, list[TransitionRecord]]):
    """Each booking's timeline: one query for every booking of a page."""

    def __init__(self, ctx: RequestContext) -> None:
        async def batch(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, list[TransitionRecord]]:
            session = await ctx.session()
            found = await repository.transitions_by_booking(session, ctx.workspace_id, ids)
            return {booking_id: found.get(booking_id, []) for booking_id in ids}

        super().__init__(batch)


class GuestByMemberIdLoader(DataLoader[uuid.UUID, GuestRecord]):
    """The guests of a page of bookings: one query for their members' display names."""

    def __init__(self, ctx: RequestContext) -> None:
        async def batch(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, GuestRecord]:
            session = await ctx.session()
            names = await repository.display_names(session, ctx.workspace_id, ids)
            return {member_id: GuestRecord(names.get(member_id)) for member_id in ids}

        super().__init__(batch)
