from typing import Literal, Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    AnyListing,
    ListingProvider,  # noqa: F401
)


class ResumeListing(BaseModel):
    resume_travel_listing: Optional["ResumeListingResumeTravelListing"] = Field(
        alias="resumeTravelListing"
    )


class ResumeListingResumeTravelListing(AnyListing):
    typename__: Literal[
        "TravelActivity",
        "TravelEvent",
        "TravelListing",
        "TravelProperty",
        "TravelTour",
        "TravelTrip",
    ] = Field(alias="__typename")


ResumeListing.model_rebuild()
