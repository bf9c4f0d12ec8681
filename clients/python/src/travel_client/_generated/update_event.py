from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Event


class UpdateEvent(BaseModel):
    update_travel_event: Optional["UpdateEventUpdateTravelEvent"] = Field(
        alias="updateTravelEvent"
    )


UpdateEventUpdateTravelEvent = Event
UpdateEvent.model_rebuild()
