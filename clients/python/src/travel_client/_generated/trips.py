from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Trip


class Trips(BaseModel):
    travel_trips: Optional[list["TripsTravelTrips"]] = Field(alias="travelTrips")


TripsTravelTrips = Trip
Trips.model_rebuild()
