from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Photo


class UpdatePhoto(BaseModel):
    update_travel_listing_photo: Optional["UpdatePhotoUpdateTravelListingPhoto"] = (
        Field(alias="updateTravelListingPhoto")
    )


UpdatePhotoUpdateTravelListingPhoto = Photo
UpdatePhoto.model_rebuild()
