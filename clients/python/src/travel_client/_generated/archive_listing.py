from typing import Literal, Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    AnyListing,
    ListingProvider,  # noqa: F401
)


class ArchiveListing(BaseModel):
    archive_travel_listing: Optional["ArchiveListingArchiveTravelListing"] = Field(
        alias="archiveTravelListing"
    )


class ArchiveListingArchiveTravelListing(AnyListing):
    typename__: Literal[
        "TravelActivity",
        "TravelEvent",
        "TravelListing",
        "TravelProperty",
        "TravelTour",
        "TravelTrip",
    ] = Field(alias="__typename")


ArchiveListing.model_rebuild()
