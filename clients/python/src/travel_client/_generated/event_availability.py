from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Availability


class EventAvailability(BaseModel):
    travel_event: Optional["EventAvailabilityTravelEvent"] = Field(alias="travelEvent")


class EventAvailabilityTravelEvent(BaseModel):
    availability: list["EventAvailabilityTravelEventAvailability"]


EventAvailabilityTravelEventAvailability = Availability
EventAvailability.model_rebuild()
EventAvailabilityTravelEvent.model_rebuild()
