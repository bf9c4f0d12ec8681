from typing import Optional

from pydantic import Field

from .base_model import BaseModel


class PropertiesCount(BaseModel):
    travel_properties_count: Optional[int] = Field(alias="travelPropertiesCount")
