"""How many items each unpaginated list field of the schema may return (the cost estimate,
travel.graphql.cost, counts them; a list field missing here fails the schema's build)."""

from __future__ import annotations

from travel.analytics.service import TOP_PROVIDERS
from travel.auth.permissions import Permission, Role
from travel.catalog.inputs import MAX_AMENITIES
from travel.catalog.service import KIND_NAMES
from travel.graphql.cost import ListBounds
from travel.money import EXPONENTS

_LISTINGS = ("TravelListing", *(f"Travel{name}" for name in KIND_NAMES.values()))

LIST_BOUNDS = ListBounds(
    {
        **{(t, "amenities"): MAX_AMENITIES for t in _LISTINGS},
        # CONFIRMED, then CANCELLED: a booking moves at most once.
        ("TravelBooking", "timeline"): 2,
        ("TravelOverviewStats", "revenueByCurrency"): len(EXPONENTS),
        ("TravelAnalytics", "categoryMix"): len(KIND_NAMES),
        ("TravelAnalytics", "topProviders"): TOP_PROVIDERS,
        ("TravelViewer", "roles"): len(Role),
        ("TravelViewer", "permissions"): len(Permission),
    }
)
