from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Booking


class Bookings(BaseModel):
    travel_bookings: Optional[list["BookingsTravelBookings"]] = Field(
        alias="travelBookings"
    )


BookingsTravelBookings = Booking
Bookings.model_rebuild()
