from typing import Optional

from pydantic import Field

from .base_model import BaseModel


class EventsCount(BaseModel):
    travel_events_count: Optional[int] = Field(alias="travelEventsCount")
