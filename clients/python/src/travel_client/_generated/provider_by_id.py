from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Provider


class ProviderById(BaseModel):
    travel_provider: Optional["ProviderByIdTravelProvider"] = Field(
        alias="travelProvider"
    )


ProviderByIdTravelProvider = Provider
ProviderById.model_rebuild()
