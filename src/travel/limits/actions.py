"""Which quota action each root field spends, and each plan's quota per action
(docs/design.md §7)."""

from __future__ import annotations

import functools

from travel.catalog.status import ListingStatus
from travel.kernel.kinds import KINDS

READ = "read"
BOOK = "book"
WRITE = "write"
ANALYTICS = "analytics"
ACTIONS = (READ, BOOK, WRITE, ANALYTICS)

# Requests per workspace per window (a minute unless settings shorten it for tests).
PLAN_QUOTAS: dict[str, dict[str, int]] = {
    "free": {READ: 600, BOOK: 60, WRITE: 60, ANALYTICS: 30},
    "pro": {READ: 6_000, BOOK: 600, WRITE: 600, ANALYTICS: 300},
    "enterprise": {READ: 60_000, BOOK: 6_000, WRITE: 6_000, ANALYTICS: 3_000},
}
# A workspace whose plan this build does not know gets the smallest quotas, not unlimited ones.
FALLBACK_PLAN = "free"

_FIELDS: dict[str, tuple[str, ...]] = {
    READ: (
        *(query for kind in KINDS for query in (kind.list_query, kind.one_query, kind.count_query)),
        "travelProviders",
        "travelProvider",
        "travelBookings",
        "travelBooking",
        "travelFavorites",
        "travelViewer",
        "travelProvidersCount",
        "travelBookingsCount",
        "travelFavoritesCount",
    ),
    BOOK: ("createTravelBooking", "cancelTravelBooking", "toggleTravelFavorite"),
    WRITE: (
        "createTravelProvider",
        "updateTravelProvider",
        "updateTravelProfile",
        *(kind.create_mutation for kind in KINDS),
        *(kind.update_mutation for kind in KINDS),
        *(f"{status.verb}TravelListing" for status in ListingStatus),
        "blockTravelListingDates",
        "unblockTravelListingDates",
        "setTravelSeasonalPrice",
        "removeTravelSeasonalPrice",
        "createTravelPhotoUpload",
        "addTravelListingPhoto",
        "updateTravelListingPhoto",
        "removeTravelListingPhoto",
    ),
    ANALYTICS: ("travelOverviewStats", "travelAnalytics"),
}
ROOT_FIELD_ACTIONS: dict[str, str] = {
    name: action for action, names in _FIELDS.items() for name in names
}


def action_for(root_field: str) -> str:
    """The action a root field spends; unmapped fields (introspection, new ones) spend `read`."""
    return ROOT_FIELD_ACTIONS.get(root_field, READ)


@functools.lru_cache(maxsize=1024)
def actions_for(root_fields: tuple[str, ...]) -> tuple[str, ...]:
    """Each action a request touches, once, in a fixed order (at least `read`). Remembered per
    set of root fields: a document's are worked out once (PreparedDocument.root_fields)."""
    touched = {action_for(name) for name in root_fields}
    return tuple(a for a in ACTIONS if a in touched) or (READ,)


def quota(plan: str, action: str) -> int:
    """How many requests of `action` a workspace on `plan` may make per window."""
    return PLAN_QUOTAS.get(plan, PLAN_QUOTAS[FALLBACK_PLAN])[action]
