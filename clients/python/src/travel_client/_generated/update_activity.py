from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Activity


class UpdateActivity(BaseModel):
    update_travel_activity: Optional["UpdateActivityUpdateTravelActivity"] = Field(
        alias="updateTravelActivity"
    )


UpdateActivityUpdateTravelActivity = Activity
UpdateActivity.model_rebuild()
