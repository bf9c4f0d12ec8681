from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Event


class EventById(BaseModel):
    travel_event: Optional["EventByIdTravelEvent"] = Field(alias="travelEvent")


EventByIdTravelEvent = Event
EventById.model_rebuild()
