from typing import Optional

from pydantic import Field

from .base_model import BaseModel


class ToursCount(BaseModel):
    travel_tours_count: Optional[int] = Field(alias="travelToursCount")
