from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Property


class Properties(BaseModel):
    travel_properties: Optional[list["PropertiesTravelProperties"]] = Field(
        alias="travelProperties"
    )


PropertiesTravelProperties = Property
Properties.model_rebuild()
