from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .fragments import Booking


class CancelBooking(BaseModel):
    cancel_travel_booking: Optional["CancelBookingCancelTravelBooking"] = Field(
        alias="cancelTravelBooking"
    )


CancelBookingCancelTravelBooking = Booking
CancelBooking.model_rebuild()
