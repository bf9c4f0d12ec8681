from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Activity


class Activities(BaseModel):
    travel_activities: Optional[list["ActivitiesTravelActivities"]] = Field(
        alias="travelActivities"
    )


ActivitiesTravelActivities = Activity
Activities.model_rebuild()
