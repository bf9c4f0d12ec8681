from typing import Optional

from pydantic import Field

from .base_model import BaseModel


class BookingsCount(BaseModel):
    travel_bookings_count: Optional[int] = Field(alias="travelBookingsCount")
