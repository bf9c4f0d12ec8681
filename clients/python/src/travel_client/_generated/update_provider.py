from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Provider


class UpdateProvider(BaseModel):
    update_travel_provider: Optional["UpdateProviderUpdateTravelProvider"] = Field(
        alias="updateTravelProvider"
    )


UpdateProviderUpdateTravelProvider = Provider
UpdateProvider.model_rebuild()
