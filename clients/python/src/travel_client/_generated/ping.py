from typing import Optional

from pydantic import Field

from .base_model import BaseModel


class Ping(BaseModel):
    travel_properties: Optional[list["PingTravelProperties"]] = Field(
        alias="travelProperties"
    )


class PingTravelProperties(BaseModel):
    id: str
    name: str


Ping.model_rebuild()
