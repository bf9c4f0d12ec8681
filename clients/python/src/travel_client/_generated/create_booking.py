from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Booking


class CreateBooking(BaseModel):
    create_travel_booking: Optional["CreateBookingCreateTravelBooking"] = Field(
        alias="createTravelBooking"
    )


CreateBookingCreateTravelBooking = Booking
CreateBooking.model_rebuild()
