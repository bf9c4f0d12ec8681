from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Analytics


class WorkspaceAnalytics(BaseModel):
    travel_analytics: Optional["WorkspaceAnalyticsTravelAnalytics"] = Field(
        alias="travelAnalytics"
    )


WorkspaceAnalyticsTravelAnalytics = Analytics
WorkspaceAnalytics.model_rebuild()
