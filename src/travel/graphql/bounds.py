"""How many items each unpaginated list field of the schema may return (the cost estimate,
travel.graphql.cost, counts them; a list field missing here fails the schema's build)."""

from __future__ import annotations

from travel.analytics.service import TOP_PROVIDERS
from travel.auth.permissions import Permission, Role
from travel.catalog.availability import MAX_RANGE_DAYS
from travel.catalog.calendar import MAX_BLOCKS
from travel.catalog.rules import MAX_AMENITIES
from travel.graphql.cost import ListBounds
from travel.kernel.kinds import KINDS
from travel.media.images import WIDTHS
from travel.media.service import MAX_PHOTOS
from travel.money import EXPONENTS
from travel.search.repository import RATING_BANDS
from travel.search.service import MAX_BUCKETS, MAX_SUGGESTIONS, MAX_TOP

_LISTINGS = ("TravelListing", *(kind.type_name for kind in KINDS))

LIST_BOUNDS = ListBounds(
    {
        **{(t, "amenities"): MAX_AMENITIES for t in _LISTINGS},
        # Ranges of a listing never overlap: at most one per date of the window.
        **{(t, "seasonalPrices"): MAX_RANGE_DAYS for t in _LISTINGS},
        **{(t, "blockedDates"): MAX_BLOCKS for t in _LISTINGS},
        **{(t, "photos"): MAX_PHOTOS for t in _LISTINGS},
        # One per width the photos are made in.
        ("TravelPhoto", "sources"): len(WIDTHS),
        # CONFIRMED, then CANCELLED: a booking moves at most once.
        ("TravelBooking", "timeline"): 2,
        ("TravelOverviewStats", "revenueByCurrency"): len(EXPONENTS),
        ("TravelAnalytics", "categoryMix"): len(KINDS),
        ("TravelAnalytics", "topProviders"): TOP_PROVIDERS,
        ("TravelViewer", "roles"): len(Role),
        ("TravelViewer", "permissions"): len(Permission),
        ("TravelSearchFacets", "kinds"): len(KINDS),
        ("TravelSearchFacets", "places"): MAX_TOP,
        ("TravelSearchFacets", "amenities"): MAX_TOP,
        ("TravelSearchFacets", "ratings"): len(RATING_BANDS),
        # Round-width buckets from a rounded-down start: one more than asked for at most.
        ("TravelSearchFacets", "prices"): MAX_BUCKETS + 1,
        ("Query", "travelSuggest"): MAX_SUGGESTIONS,
    }
)
