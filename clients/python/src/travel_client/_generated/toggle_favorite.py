from pydantic import Field

from .base_model import BaseModel


class ToggleFavorite(BaseModel):
    toggle_travel_favorite: bool = Field(alias="toggleTravelFavorite")
