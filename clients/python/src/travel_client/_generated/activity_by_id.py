from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Activity


class ActivityById(BaseModel):
    travel_activity: Optional["ActivityByIdTravelActivity"] = Field(
        alias="travelActivity"
    )


ActivityByIdTravelActivity = Activity
ActivityById.model_rebuild()
