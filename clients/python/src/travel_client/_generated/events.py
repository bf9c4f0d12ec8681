from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Event


class Events(BaseModel):
    travel_events: Optional[list["EventsTravelEvents"]] = Field(alias="travelEvents")


EventsTravelEvents = Event
Events.model_rebuild()
