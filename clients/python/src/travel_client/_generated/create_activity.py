from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Activity


class CreateActivity(BaseModel):
    create_travel_activity: Optional["CreateActivityCreateTravelActivity"] = Field(
        alias="createTravelActivity"
    )


CreateActivityCreateTravelActivity = Activity
CreateActivity.model_rebuild()
