from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Availability


class TourAvailability(BaseModel):
    travel_tour: Optional["TourAvailabilityTravelTour"] = Field(alias="travelTour")


class TourAvailabilityTravelTour(BaseModel):
    availability: list["TourAvailabilityTravelTourAvailability"]


TourAvailabilityTravelTourAvailability = Availability
TourAvailability.model_rebuild()
TourAvailabilityTravelTour.model_rebuild()
