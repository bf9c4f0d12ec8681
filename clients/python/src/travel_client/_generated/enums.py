from enum import Enum


class TravelRole(str, Enum):
    TRAVELER = "TRAVELER"
    HOST = "HOST"
    ADMIN = "ADMIN"


class TravelProviderType(str, Enum):
    HOST = "HOST"
    OPERATOR = "OPERATOR"


class TravelListingStatus(str, Enum):
    ACTIVE = "ACTIVE"
    PAUSED = "PAUSED"
    ARCHIVED = "ARCHIVED"


class TravelBookingType(str, Enum):
    PROPERTY = "PROPERTY"
    TOUR = "TOUR"
    ACTIVITY = "ACTIVITY"
    EVENT = "EVENT"
    TRIP = "TRIP"


class TravelPriceUnit(str, Enum):
    NIGHT = "NIGHT"
    PERSON = "PERSON"


class TravelTripMode(str, Enum):
    BUS = "BUS"
    TRAIN = "TRAIN"
    FERRY = "FERRY"
    FLIGHT = "FLIGHT"
    CAR = "CAR"


class TravelSuggestionType(str, Enum):
    PLACE = "PLACE"
    LISTING = "LISTING"


class TravelBookingStatus(str, Enum):
    CONFIRMED = "CONFIRMED"
    CANCELLED = "CANCELLED"


class TravelPaymentStatus(str, Enum):
    PAID = "PAID"
    REFUNDED = "REFUNDED"
