from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Property


class PropertyById(BaseModel):
    travel_property: Optional["PropertyByIdTravelProperty"] = Field(
        alias="travelProperty"
    )


PropertyByIdTravelProperty = Property
PropertyById.model_rebuild()
