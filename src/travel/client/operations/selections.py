"""The fields each typed method selects: everything the schema offers for its type, except
fields deprecated on that type (an SDK must keep working when they go)."""

PROVIDER = "id name type rating"
_LISTING = (
    "__typename id kind name description location price priceUnit currency rating amenities "
    f"provider {{ {PROVIDER} }}"
)
PROPERTY = f"{_LISTING} pricePerNight maxGuests units"
TOUR = f"{_LISTING} capacity durationMinutes"
ACTIVITY = TOUR
EVENT = f"{_LISTING} capacity startsAt endsAt"
TRIP = f"{_LISTING} capacity origin destination departsAt arrivesAt mode"
AVAILABILITY = "date capacity available"
TARGET = "__typename id kind name"
BOOKING = (
    "id referenceCode status paymentStatus targetType checkIn checkOut guests totalPrice "
    f"currency createdAt updatedAt target {{ {TARGET} }} timeline {{ from to at actor }}"
)
FAVORITE = f"id targetType targetId createdAt target {{ {TARGET} }}"
OVERVIEW_STATS = (
    "totalBookings totalRevenue currency revenueByCurrency { currency bookings amount } "
    "occupancyRate bookedNights availableNights occupancyFrom occupancyTo"
)
ANALYTICS = "categoryMix { category count } topProviders { id name bookings revenue currency }"

# Per listing kind (TravelBookingType): the selection, the single and the list query fields.
KINDS = {
    "PROPERTY": (PROPERTY, "travelProperty", "travelProperties"),
    "TOUR": (TOUR, "travelTour", "travelTours"),
    "ACTIVITY": (ACTIVITY, "travelActivity", "travelActivities"),
    "EVENT": (EVENT, "travelEvent", "travelEvents"),
    "TRIP": (TRIP, "travelTrip", "travelTrips"),
}
