from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Tour


class TourById(BaseModel):
    travel_tour: Optional["TourByIdTravelTour"] = Field(alias="travelTour")


TourByIdTravelTour = Tour
TourById.model_rebuild()
