from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import SeasonalPrice


class SetSeasonalPrice(BaseModel):
    set_travel_seasonal_price: Optional["SetSeasonalPriceSetTravelSeasonalPrice"] = (
        Field(alias="setTravelSeasonalPrice")
    )


SetSeasonalPriceSetTravelSeasonalPrice = SeasonalPrice
SetSeasonalPrice.model_rebuild()
