from typing import Literal, Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    Listing,
    ListingProvider,  # noqa: F401
)


class Search(BaseModel):
    travel_search: Optional["SearchTravelSearch"] = Field(alias="travelSearch")


class SearchTravelSearch(BaseModel):
    total: int
    did_you_mean: Optional[str] = Field(alias="didYouMean")
    listings: list["SearchTravelSearchListings"]


class SearchTravelSearchListings(Listing):
    typename__: Literal[
        "TravelActivity",
        "TravelEvent",
        "TravelListing",
        "TravelProperty",
        "TravelTour",
        "TravelTrip",
    ] = Field(alias="__typename")


Search.model_rebuild()
SearchTravelSearch.model_rebuild()
