from typing import Literal, Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    AnyListing,
    ListingProvider,  # noqa: F401
)


class RemovePhoto(BaseModel):
    remove_travel_listing_photo: Optional["RemovePhotoRemoveTravelListingPhoto"] = (
        Field(alias="removeTravelListingPhoto")
    )


class RemovePhotoRemoveTravelListingPhoto(AnyListing):
    typename__: Literal[
        "TravelActivity",
        "TravelEvent",
        "TravelListing",
        "TravelProperty",
        "TravelTour",
        "TravelTrip",
    ] = Field(alias="__typename")


RemovePhoto.model_rebuild()
