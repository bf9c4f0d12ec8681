"""A listing's lifecycle: active, paused or archived (docs/design.md §3, decision 0089)."""

from __future__ import annotations

from enum import StrEnum


class ListingStatus(StrEnum):
    """Where a listing stands; its value is the stored `status` and the GraphQL enum's."""

    ACTIVE = "ACTIVE"  # found by discovery and bookable
    PAUSED = "PAUSED"  # hidden and not bookable for now; the host resumes it
    ARCHIVED = "ARCHIVED"  # retired: hidden, not bookable, kept for its bookings

    @property
    def verb(self) -> str:
        """What the host does to bring a listing here: resume, pause, archive."""
        return _VERBS[self]


_VERBS = {
    ListingStatus.ACTIVE: "resume",
    ListingStatus.PAUSED: "pause",
    ListingStatus.ARCHIVED: "archive",
}

# Only these are seen by travelers: discovery, the kinds' lists by default, bookings.
VISIBLE = ListingStatus.ACTIVE
