from typing import Literal, Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    AnyListing,
    ListingProvider,  # noqa: F401
)


class PauseListing(BaseModel):
    pause_travel_listing: Optional["PauseListingPauseTravelListing"] = Field(
        alias="pauseTravelListing"
    )


class PauseListingPauseTravelListing(AnyListing):
    typename__: Literal[
        "TravelActivity",
        "TravelEvent",
        "TravelListing",
        "TravelProperty",
        "TravelTour",
        "TravelTrip",
    ] = Field(alias="__typename")


PauseListing.model_rebuild()
