from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Availability


class PropertyAvailability(BaseModel):
    travel_property: Optional["PropertyAvailabilityTravelProperty"] = Field(
        alias="travelProperty"
    )


class PropertyAvailabilityTravelProperty(BaseModel):
    availability: list["PropertyAvailabilityTravelPropertyAvailability"]


PropertyAvailabilityTravelPropertyAvailability = Availability
PropertyAvailability.model_rebuild()
PropertyAvailabilityTravelProperty.model_rebuild()
