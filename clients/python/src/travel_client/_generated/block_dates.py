from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import ListingBlock


class BlockDates(BaseModel):
    block_travel_listing_dates: Optional["BlockDatesBlockTravelListingDates"] = Field(
        alias="blockTravelListingDates"
    )


BlockDatesBlockTravelListingDates = ListingBlock
BlockDates.model_rebuild()
