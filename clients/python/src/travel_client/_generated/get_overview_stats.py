from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import OverviewStats


class GetOverviewStats(BaseModel):
    travel_overview_stats: Optional["GetOverviewStatsTravelOverviewStats"] = Field(
        alias="travelOverviewStats"
    )


GetOverviewStatsTravelOverviewStats = OverviewStats
GetOverviewStats.model_rebuild()
