from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import PhotoUpload


class CreatePhotoUpload(BaseModel):
    create_travel_photo_upload: Optional["CreatePhotoUploadCreateTravelPhotoUpload"] = (
        Field(alias="createTravelPhotoUpload")
    )


CreatePhotoUploadCreateTravelPhotoUpload = PhotoUpload
CreatePhotoUpload.model_rebuild()
