from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Trip


class CreateTrip(BaseModel):
    create_travel_trip: Optional["CreateTripCreateTravelTrip"] = Field(
        alias="createTravelTrip"
    )


CreateTripCreateTravelTrip = Trip
CreateTrip.model_rebuild()
