from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Trip


class UpdateTrip(BaseModel):
    update_travel_trip: Optional["UpdateTripUpdateTravelTrip"] = Field(
        alias="updateTravelTrip"
    )


UpdateTripUpdateTravelTrip = Trip
UpdateTrip.model_rebuild()
