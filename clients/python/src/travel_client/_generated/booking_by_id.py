from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Booking


class BookingById(BaseModel):
    travel_booking: Optional["BookingByIdTravelBooking"] = Field(alias="travelBooking")


BookingByIdTravelBooking = Booking
BookingById.model_rebuild()
