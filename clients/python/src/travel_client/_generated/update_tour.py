from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Tour


class UpdateTour(BaseModel):
    update_travel_tour: Optional["UpdateTourUpdateTravelTour"] = Field(
        alias="updateTravelTour"
    )


UpdateTourUpdateTravelTour = Tour
UpdateTour.model_rebuild()
