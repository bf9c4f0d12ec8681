from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Provider


class Providers(BaseModel):
    travel_providers: Optional[list["ProvidersTravelProviders"]] = Field(
        alias="travelProviders"
    )


ProvidersTravelProviders = Provider
Providers.model_rebuild()
