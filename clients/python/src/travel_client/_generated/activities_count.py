from typing import Optional

from pydantic import Field

from .base_model import BaseModel


class ActivitiesCount(BaseModel):
    travel_activities_count: Optional[int] = Field(alias="travelActivitiesCount")
