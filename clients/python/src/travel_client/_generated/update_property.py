from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Property


class UpdateProperty(BaseModel):
    update_travel_property: Optional["UpdatePropertyUpdateTravelProperty"] = Field(
        alias="updateTravelProperty"
    )


UpdatePropertyUpdateTravelProperty = Property
UpdateProperty.model_rebuild()
