from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Tour


class Tours(BaseModel):
    travel_tours: Optional[list["ToursTravelTours"]] = Field(alias="travelTours")


ToursTravelTours = Tour
Tours.model_rebuild()
