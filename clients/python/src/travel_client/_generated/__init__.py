from .activities import Activities, ActivitiesTravelActivities
from .activities_count import ActivitiesCount
from .activity_availability import (
    ActivityAvailability,
    ActivityAvailabilityTravelActivity,
    ActivityAvailabilityTravelActivityAvailability,
)
from .activity_by_id import ActivityById, ActivityByIdTravelActivity
from .add_photo import AddPhoto, AddPhotoAddTravelListingPhoto
from .archive_listing import ArchiveListing, ArchiveListingArchiveTravelListing
from .base_model import BaseModel
from .block_dates import BlockDates, BlockDatesBlockTravelListingDates
from .booking_by_id import BookingById, BookingByIdTravelBooking
from .bookings import Bookings, BookingsTravelBookings
from .bookings_count import BookingsCount
from .cancel_booking import CancelBooking, CancelBookingCancelTravelBooking
from .create_activity import CreateActivity, CreateActivityCreateTravelActivity
from .create_booking import CreateBooking, CreateBookingCreateTravelBooking
from .create_event import CreateEvent, CreateEventCreateTravelEvent
from .create_photo_upload import (
    CreatePhotoUpload,
    CreatePhotoUploadCreateTravelPhotoUpload,
)
from .create_property import CreateProperty, CreatePropertyCreateTravelProperty
from .create_provider import CreateProvider, CreateProviderCreateTravelProvider
from .create_tour import CreateTour, CreateTourCreateTravelTour
from .create_trip import CreateTrip, CreateTripCreateTravelTrip
from .enums import (
    TravelBookingStatus,
    TravelBookingType,
    TravelListingStatus,
    TravelPaymentStatus,
    TravelPriceUnit,
    TravelProviderType,
    TravelRole,
    TravelSuggestionType,
    TravelTripMode,
)
from .event_availability import (
    EventAvailability,
    EventAvailabilityTravelEvent,
    EventAvailabilityTravelEventAvailability,
)
from .event_by_id import EventById, EventByIdTravelEvent
from .events import Events, EventsTravelEvents
from .events_count import EventsCount
from .favorites import Favorites, FavoritesTravelFavorites
from .favorites_count import FavoritesCount
from .fragments import (
    Activity,
    ActivityProvider,
    Analytics,
    AnalyticsCategoryMix,
    AnalyticsTopProviders,
    AnyListing,
    Availability,
    Booking,
    BookingGuest,
    BookingTarget,
    BookingTimeline,
    Event,
    EventProvider,
    Favorite,
    FavoriteTarget,
    Listing,
    ListingBlock,
    ListingProvider,
    ListingRef,
    OverviewStats,
    OverviewStatsRevenueByCurrency,
    Photo,
    PhotoSources,
    PhotoUpload,
    Property,
    PropertyProvider,
    Provider,
    SeasonalPrice,
    Suggestion,
    SuggestionListing,
    Tour,
    TourProvider,
    Trip,
    TripProvider,
    Viewer,
    ViewerWorkspace,
)
from .get_overview_stats import GetOverviewStats, GetOverviewStatsTravelOverviewStats
from .get_viewer import GetViewer, GetViewerTravelViewer
from .input_types import (
    AddTravelListingPhotoInput,
    BlockTravelListingDatesInput,
    CreateTravelActivityInput,
    CreateTravelBookingInput,
    CreateTravelEventInput,
    CreateTravelPropertyInput,
    CreateTravelProviderInput,
    CreateTravelTourInput,
    CreateTravelTripInput,
    SetTravelSeasonalPriceInput,
    TravelBookingFilterInput,
    TravelListingFilterInput,
    TravelNearInput,
    TravelPaginationInput,
    TravelProviderFilterInput,
    TravelSearchFilterInput,
    UpdateTravelActivityInput,
    UpdateTravelEventInput,
    UpdateTravelListingPhotoInput,
    UpdateTravelProfileInput,
    UpdateTravelPropertyInput,
    UpdateTravelProviderInput,
    UpdateTravelTourInput,
    UpdateTravelTripInput,
)
from .pause_listing import PauseListing, PauseListingPauseTravelListing
from .ping import Ping, PingTravelProperties
from .properties import Properties, PropertiesTravelProperties
from .properties_count import PropertiesCount
from .property_availability import (
    PropertyAvailability,
    PropertyAvailabilityTravelProperty,
    PropertyAvailabilityTravelPropertyAvailability,
)
from .property_by_id import PropertyById, PropertyByIdTravelProperty
from .provider_by_id import ProviderById, ProviderByIdTravelProvider
from .providers import Providers, ProvidersTravelProviders
from .providers_count import ProvidersCount
from .remove_photo import RemovePhoto, RemovePhotoRemoveTravelListingPhoto
from .remove_seasonal_price import (
    RemoveSeasonalPrice,
    RemoveSeasonalPriceRemoveTravelSeasonalPrice,
)
from .resume_listing import ResumeListing, ResumeListingResumeTravelListing
from .search import Search, SearchTravelSearch, SearchTravelSearchListings
from .search_facets import (
    SearchFacets,
    SearchFacetsTravelSearch,
    SearchFacetsTravelSearchFacets,
    SearchFacetsTravelSearchFacetsAmenities,
    SearchFacetsTravelSearchFacetsKinds,
    SearchFacetsTravelSearchFacetsPlaces,
    SearchFacetsTravelSearchFacetsPrices,
    SearchFacetsTravelSearchFacetsRatings,
)
from .set_seasonal_price import SetSeasonalPrice, SetSeasonalPriceSetTravelSeasonalPrice
from .suggest import Suggest, SuggestTravelSuggest
from .toggle_favorite import ToggleFavorite
from .tour_availability import (
    TourAvailability,
    TourAvailabilityTravelTour,
    TourAvailabilityTravelTourAvailability,
)
from .tour_by_id import TourById, TourByIdTravelTour
from .tours import Tours, ToursTravelTours
from .tours_count import ToursCount
from .trip_availability import (
    TripAvailability,
    TripAvailabilityTravelTrip,
    TripAvailabilityTravelTripAvailability,
)
from .trip_by_id import TripById, TripByIdTravelTrip
from .trips import Trips, TripsTravelTrips
from .trips_count import TripsCount
from .unblock_dates import UnblockDates, UnblockDatesUnblockTravelListingDates
from .update_activity import UpdateActivity, UpdateActivityUpdateTravelActivity
from .update_event import UpdateEvent, UpdateEventUpdateTravelEvent
from .update_photo import UpdatePhoto, UpdatePhotoUpdateTravelListingPhoto
from .update_profile import UpdateProfile, UpdateProfileUpdateTravelProfile
from .update_property import UpdateProperty, UpdatePropertyUpdateTravelProperty
from .update_provider import UpdateProvider, UpdateProviderUpdateTravelProvider
from .update_tour import UpdateTour, UpdateTourUpdateTravelTour
from .update_trip import UpdateTrip, UpdateTripUpdateTravelTrip
from .workspace_analytics import WorkspaceAnalytics, WorkspaceAnalyticsTravelAnalytics

__all__ = [
    "Activities",
    "ActivitiesCount",
    "ActivitiesTravelActivities",
    "Activity",
    "ActivityAvailability",
    "ActivityAvailabilityTravelActivity",
    "ActivityAvailabilityTravelActivityAvailability",
    "ActivityById",
    "ActivityByIdTravelActivity",
    "ActivityProvider",
    "AddPhoto",
    "AddPhotoAddTravelListingPhoto",
    "AddTravelListingPhotoInput",
    "Analytics",
    "AnalyticsCategoryMix",
    "AnalyticsTopProviders",
    "AnyListing",
    "ArchiveListing",
    "ArchiveListingArchiveTravelListing",
    "Availability",
    "BaseModel",
    "BlockDates",
    "BlockDatesBlockTravelListingDates",
    "BlockTravelListingDatesInput",
    "Booking",
    "BookingById",
    "BookingByIdTravelBooking",
    "BookingGuest",
    "BookingTarget",
    "BookingTimeline",
    "Bookings",
    "BookingsCount",
    "BookingsTravelBookings",
    "CancelBooking",
    "CancelBookingCancelTravelBooking",
    "CreateActivity",
    "CreateActivityCreateTravelActivity",
    "CreateBooking",
    "CreateBookingCreateTravelBooking",
    "CreateEvent",
    "CreateEventCreateTravelEvent",
    "CreatePhotoUpload",
    "CreatePhotoUploadCreateTravelPhotoUpload",
    "CreateProperty",
    "CreatePropertyCreateTravelProperty",
    "CreateProvider",
    "CreateProviderCreateTravelProvider",
    "CreateTour",
    "CreateTourCreateTravelTour",
    "CreateTravelActivityInput",
    "CreateTravelBookingInput",
    "CreateTravelEventInput",
    "CreateTravelPropertyInput",
    "CreateTravelProviderInput",
    "CreateTravelTourInput",
    "CreateTravelTripInput",
    "CreateTrip",
    "CreateTripCreateTravelTrip",
    "Event",
    "EventAvailability",
    "EventAvailabilityTravelEvent",
    "EventAvailabilityTravelEventAvailability",
    "EventById",
    "EventByIdTravelEvent",
    "EventProvider",
    "Events",
    "EventsCount",
    "EventsTravelEvents",
    "Favorite",
    "FavoriteTarget",
    "Favorites",
    "FavoritesCount",
    "FavoritesTravelFavorites",
    "GetOverviewStats",
    "GetOverviewStatsTravelOverviewStats",
    "GetViewer",
    "GetViewerTravelViewer",
    "Listing",
    "ListingBlock",
    "ListingProvider",
    "ListingRef",
    "OverviewStats",
    "OverviewStatsRevenueByCurrency",
    "PauseListing",
    "PauseListingPauseTravelListing",
    "Photo",
    "PhotoSources",
    "PhotoUpload",
    "Ping",
    "PingTravelProperties",
    "Properties",
    "PropertiesCount",
    "PropertiesTravelProperties",
    "Property",
    "PropertyAvailability",
    "PropertyAvailabilityTravelProperty",
    "PropertyAvailabilityTravelPropertyAvailability",
    "PropertyById",
    "PropertyByIdTravelProperty",
    "PropertyProvider",
    "Provider",
    "ProviderById",
    "ProviderByIdTravelProvider",
    "Providers",
    "ProvidersCount",
    "ProvidersTravelProviders",
    "RemovePhoto",
    "RemovePhotoRemoveTravelListingPhoto",
    "RemoveSeasonalPrice",
    "RemoveSeasonalPriceRemoveTravelSeasonalPrice",
    "ResumeListing",
    "ResumeListingResumeTravelListing",
    "Search",
    "SearchFacets",
    "SearchFacetsTravelSearch",
    "SearchFacetsTravelSearchFacets",
    "SearchFacetsTravelSearchFacetsAmenities",
    "SearchFacetsTravelSearchFacetsKinds",
    "SearchFacetsTravelSearchFacetsPlaces",
    "SearchFacetsTravelSearchFacetsPrices",
    "SearchFacetsTravelSearchFacetsRatings",
    "SearchTravelSearch",
    "SearchTravelSearchListings",
    "SeasonalPrice",
    "SetSeasonalPrice",
    "SetSeasonalPriceSetTravelSeasonalPrice",
    "SetTravelSeasonalPriceInput",
    "Suggest",
    "SuggestTravelSuggest",
    "Suggestion",
    "SuggestionListing",
    "ToggleFavorite",
    "Tour",
    "TourAvailability",
    "TourAvailabilityTravelTour",
    "TourAvailabilityTravelTourAvailability",
    "TourById",
    "TourByIdTravelTour",
    "TourProvider",
    "Tours",
    "ToursCount",
    "ToursTravelTours",
    "TravelBookingFilterInput",
    "TravelBookingStatus",
    "TravelBookingType",
    "TravelListingFilterInput",
    "TravelListingStatus",
    "TravelNearInput",
    "TravelPaginationInput",
    "TravelPaymentStatus",
    "TravelPriceUnit",
    "TravelProviderFilterInput",
    "TravelProviderType",
    "TravelRole",
    "TravelSearchFilterInput",
    "TravelSuggestionType",
    "TravelTripMode",
    "Trip",
    "TripAvailability",
    "TripAvailabilityTravelTrip",
    "TripAvailabilityTravelTripAvailability",
    "TripById",
    "TripByIdTravelTrip",
    "TripProvider",
    "Trips",
    "TripsCount",
    "TripsTravelTrips",
    "UnblockDates",
    "UnblockDatesUnblockTravelListingDates",
    "UpdateActivity",
    "UpdateActivityUpdateTravelActivity",
    "UpdateEvent",
    "UpdateEventUpdateTravelEvent",
    "UpdatePhoto",
    "UpdatePhotoUpdateTravelListingPhoto",
    "UpdateProfile",
    "UpdateProfileUpdateTravelProfile",
    "UpdateProperty",
    "UpdatePropertyUpdateTravelProperty",
    "UpdateProvider",
    "UpdateProviderUpdateTravelProvider",
    "UpdateTour",
    "UpdateTourUpdateTravelTour",
    "UpdateTravelActivityInput",
    "UpdateTravelEventInput",
    "UpdateTravelListingPhotoInput",
    "UpdateTravelProfileInput",
    "UpdateTravelPropertyInput",
    "UpdateTravelProviderInput",
    "UpdateTravelTourInput",
    "UpdateTravelTripInput",
    "UpdateTrip",
    "UpdateTripUpdateTravelTrip",
    "Viewer",
    "ViewerWorkspace",
    "WorkspaceAnalytics",
    "WorkspaceAnalyticsTravelAnalytics",
]
