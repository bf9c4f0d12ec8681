from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Suggestion


class Suggest(BaseModel):
    travel_suggest: Optional[list["SuggestTravelSuggest"]] = Field(
        alias="travelSuggest"
    )


SuggestTravelSuggest = Suggestion
Suggest.model_rebuild()
