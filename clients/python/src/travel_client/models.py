"""The typed results of the SDK's methods: pydantic models generated from schema.graphql and
the SDK's operation documents (operations/*.graphql) by scripts/sdk-codegen.sh.

Attributes are snake_case (`price_per_night`; `type_` and `from_` where the API's name is a
Python keyword or builtin); money is `Decimal`, dates are `date`, instants are aware
`datetime`s, enumerations are `str` enums. Fields the API adds later are ignored until the SDK
is regenerated; `model_dump(mode="json", by_alias=True)` gives the API's JSON back.
"""

from travel_client._generated.enums import (
    TravelBookingStatus,
    TravelBookingType,
    TravelListingStatus,
    TravelPaymentStatus,
    TravelPriceUnit,
    TravelProviderType,
    TravelRole,
    TravelTripMode,
)
from travel_client._generated.fragments import (
    Activity,
    Analytics,
    AnalyticsCategoryMix,
    AnalyticsTopProviders,
    AnyListing,
    Availability,
    Booking,
    BookingTarget,
    BookingTimeline,
    Event,
    Favorite,
    FavoriteTarget,
    ListingBlock,
    OverviewStats,
    OverviewStatsRevenueByCurrency,
    Photo,
    PhotoUpload,
    Property,
    Provider,
    SeasonalPrice,
    Tour,
    Trip,
    Viewer,
    ViewerWorkspace,
)

# Any listing the catalog methods return. (AnyListing is what pause_listing, resume_listing and
# archive_listing return: the fields every kind has, and `typename__`, the listing's type.)
Listing = Property | Tour | Activity | Event | Trip

__all__ = [
    "Activity",
    "Analytics",
    "AnalyticsCategoryMix",
    "AnalyticsTopProviders",
    "AnyListing",
    "Availability",
    "Booking",
    "BookingTarget",
    "BookingTimeline",
    "Event",
    "Favorite",
    "FavoriteTarget",
    "Listing",
    "ListingBlock",
    "OverviewStats",
    "OverviewStatsRevenueByCurrency",
    "Photo",
    "PhotoUpload",
    "Property",
    "Provider",
    "SeasonalPrice",
    "Tour",
    "TravelBookingStatus",
    "TravelBookingType",
    "TravelListingStatus",
    "TravelPaymentStatus",
    "TravelPriceUnit",
    "TravelProviderType",
    "TravelRole",
    "TravelTripMode",
    "Trip",
    "Viewer",
    "ViewerWorkspace",
]
