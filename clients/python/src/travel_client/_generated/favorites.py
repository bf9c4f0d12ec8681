from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Favorite


class Favorites(BaseModel):
    travel_favorites: Optional[list["FavoritesTravelFavorites"]] = Field(
        alias="travelFavorites"
    )


FavoritesTravelFavorites = Favorite
Favorites.model_rebuild()
