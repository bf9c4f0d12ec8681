from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Availability


class TripAvailability(BaseModel):
    travel_trip: Optional["TripAvailabilityTravelTrip"] = Field(alias="travelTrip")


class TripAvailabilityTravelTrip(BaseModel):
    availability: list["TripAvailabilityTravelTripAvailability"]


TripAvailabilityTravelTripAvailability = Availability
TripAvailability.model_rebuild()
TripAvailabilityTravelTrip.model_rebuild()
