from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Availability


class ActivityAvailability(BaseModel):
    travel_activity: Optional["ActivityAvailabilityTravelActivity"] = Field(
        alias="travelActivity"
    )


class ActivityAvailabilityTravelActivity(BaseModel):
    availability: list["ActivityAvailabilityTravelActivityAvailability"]


ActivityAvailabilityTravelActivityAvailability = Availability
ActivityAvailability.model_rebuild()
ActivityAvailabilityTravelActivity.model_rebuild()
