"""The bookable columns of recently booked listings, kept in process so that a booking can go
straight to its write (one round trip) instead of reading the listing first.

Only a hint: the write compares the listing under its lock with what the rules used and, if it
differs, answers with the listing as it is (travel.bookings.write.Outcome.LISTING), so a stale
entry costs one more round trip, never a wrong booking. Keys include the workspace: an entry is
only ever used for the workspace that read it.

One instance per process, made with the app's services (its size:
TRAVEL_BOOKED_LISTINGS_CACHE_SIZE) and handed to each request's context.
"""

from __future__ import annotations

import uuid

from cachetools import LRUCache

from travel.bookings.records import BookableListing
from travel.catalog.pricing import PriceRange
from travel.kernel.ids import WorkspaceId

_Key = tuple[WorkspaceId, uuid.UUID]
# A listing as booking rules read it, and its seasonal prices at that version.
Seen = tuple[BookableListing, tuple[PriceRange, ...]]


class SeenListings:
    """A bounded least-recently-used map (workspace, listing id) → the listing and its
    seasonal prices (cachetools' LRU, as for parsed documents)."""

    def __init__(self, size: int) -> None:
        self._items: LRUCache[_Key, Seen] = LRUCache(maxsize=size)

    def get(self, workspace_id: WorkspaceId, listing_id: uuid.UUID) -> Seen | None:
        return self._items.get((workspace_id, listing_id))

    def remember(
        self,
        workspace_id: WorkspaceId,
        listing: BookableListing,
        prices: tuple[PriceRange, ...] = (),
    ) -> None:
        self._items[(workspace_id, listing.id)] = (listing, prices)

    def forget(self, workspace_id: WorkspaceId, listing_id: uuid.UUID) -> None:
        self._items.pop((workspace_id, listing_id), None)
