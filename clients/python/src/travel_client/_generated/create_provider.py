from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Provider


class CreateProvider(BaseModel):
    create_travel_provider: Optional["CreateProviderCreateTravelProvider"] = Field(
        alias="createTravelProvider"
    )


CreateProviderCreateTravelProvider = Provider
CreateProvider.model_rebuild()
