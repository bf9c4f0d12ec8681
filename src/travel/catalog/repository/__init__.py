"""Every SQL statement of the catalog, by subject; the public functions are re-exported here."""

from travel.catalog.repository.listings import (
    insert_listing,
    insert_listings,
    list_listings,
    listing_with_provider,
    listings_by_id,
    set_listing_ratings,
)
from travel.catalog.repository.occupancy import booked_spans
from travel.catalog.repository.providers import (
    count_providers,
    insert_provider,
    list_providers,
    providers_by_id,
    set_provider_ratings,
)

__all__ = [
    "booked_spans",
    "count_providers",
    "insert_listing",
    "insert_listings",
    "insert_provider",
    "list_listings",
    "list_providers",
    "listing_with_provider",
    "listings_by_id",
    "providers_by_id",
    "set_listing_ratings",
    "set_provider_ratings",
]
