from typing import Optional

from pydantic import Field

from .base_model import BaseModel


class TripsCount(BaseModel):
    travel_trips_count: Optional[int] = Field(alias="travelTripsCount")
