from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Viewer


class UpdateProfile(BaseModel):
    update_travel_profile: Optional["UpdateProfileUpdateTravelProfile"] = Field(
        alias="updateTravelProfile"
    )


UpdateProfileUpdateTravelProfile = Viewer
UpdateProfile.model_rebuild()
