from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Tour


class CreateTour(BaseModel):
    create_travel_tour: Optional["CreateTourCreateTravelTour"] = Field(
        alias="createTravelTour"
    )


CreateTourCreateTravelTour = Tour
CreateTour.model_rebuild()
