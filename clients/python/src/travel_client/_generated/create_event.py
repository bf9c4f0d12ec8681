from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Event


class CreateEvent(BaseModel):
    create_travel_event: Optional["CreateEventCreateTravelEvent"] = Field(
        alias="createTravelEvent"
    )


CreateEventCreateTravelEvent = Event
CreateEvent.model_rebuild()
