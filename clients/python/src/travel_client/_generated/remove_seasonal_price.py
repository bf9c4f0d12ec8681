from typing import Literal, Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    AnyListing,
    ListingProvider,  # noqa: F401
)


class RemoveSeasonalPrice(BaseModel):
    remove_travel_seasonal_price: Optional[
        "RemoveSeasonalPriceRemoveTravelSeasonalPrice"
    ] = Field(alias="removeTravelSeasonalPrice")


class RemoveSeasonalPriceRemoveTravelSeasonalPrice(AnyListing):
    typename__: Literal[
        "TravelActivity",
        "TravelEvent",
        "TravelListing",
        "TravelProperty",
        "TravelTour",
        "TravelTrip",
    ] = Field(alias="__typename")


RemoveSeasonalPrice.model_rebuild()
