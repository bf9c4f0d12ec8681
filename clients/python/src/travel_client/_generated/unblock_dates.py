from typing import Literal, Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    AnyListing,
    ListingProvider,  # noqa: F401
)


class UnblockDates(BaseModel):
    unblock_travel_listing_dates: Optional["UnblockDatesUnblockTravelListingDates"] = (
        Field(alias="unblockTravelListingDates")
    )


class UnblockDatesUnblockTravelListingDates(AnyListing):
    typename__: Literal[
        "TravelActivity",
        "TravelEvent",
        "TravelListing",
        "TravelProperty",
        "TravelTour",
        "TravelTrip",
    ] = Field(alias="__typename")


UnblockDates.model_rebuild()
