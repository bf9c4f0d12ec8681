from typing import Optional

from pydantic import Field

from .base_model import BaseModel


class FavoritesCount(BaseModel):
    travel_favorites_count: Optional[int] = Field(alias="travelFavoritesCount")
