from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Photo


class AddPhoto(BaseModel):
    add_travel_listing_photo: Optional["AddPhotoAddTravelListingPhoto"] = Field(
        alias="addTravelListingPhoto"
    )


AddPhotoAddTravelListingPhoto = Photo
AddPhoto.model_rebuild()
