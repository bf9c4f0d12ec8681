from pydantic import Field

from .base_model import BaseModel
from .fragments import Viewer


class GetViewer(BaseModel):
    travel_viewer: "GetViewerTravelViewer" = Field(alias="travelViewer")


GetViewerTravelViewer = Viewer
GetViewer.model_rebuild()
