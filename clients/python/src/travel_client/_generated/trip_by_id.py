from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Trip


class TripById(BaseModel):
    travel_trip: Optional["TripByIdTravelTrip"] = Field(alias="travelTrip")


TripByIdTravelTrip = Trip
TripById.model_rebuild()
