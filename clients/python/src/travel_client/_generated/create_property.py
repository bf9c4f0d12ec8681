from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Property


class CreateProperty(BaseModel):
    create_travel_property: Optional["CreatePropertyCreateTravelProperty"] = Field(
        alias="createTravelProperty"
    )


CreatePropertyCreateTravelProperty = Property
CreateProperty.model_rebuild()
