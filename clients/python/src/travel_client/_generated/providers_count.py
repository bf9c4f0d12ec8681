from typing import Optional

from pydantic import Field

from .base_model import BaseModel


class ProvidersCount(BaseModel):
    travel_providers_count: Optional[int] = Field(alias="travelProvidersCount")
