"""Hosts and operators (travel:host): providers, and listings under a provider one owns."""

from __future__ import annotations

from travel_client._generated import (
    Activity,
    AddPhoto,
    AnyListing,
    ArchiveListing,
    BlockDates,
    CreateActivity,
    CreateEvent,
    CreatePhotoUpload,
    CreateProperty,
    CreateProvider,
    CreateTour,
    CreateTrip,
    Event,
    ListingBlock,
    PauseListing,
    Photo,
    PhotoUpload,
    Property,
    Provider,
    RemovePhoto,
    RemoveSeasonalPrice,
    ResumeListing,
    SeasonalPrice,
    SetSeasonalPrice,
    Tour,
    Trip,
    UnblockDates,
    UpdateActivity,
    UpdateEvent,
    UpdatePhoto,
    UpdateProperty,
    UpdateProvider,
    UpdateTour,
    UpdateTrip,
)
from travel_client._operations import Call, Data, compact, present
from travel_client.types import ProviderKind


def create_provider(name: str, type: ProviderKind, key: str | None) -> Call[Provider]:
    return Call(
        "CreateProvider",
        "createTravelProvider",
        {"input": {"name": name, "type": type}},
        lambda d: present(
            CreateProvider.model_validate(d).create_travel_provider, "createTravelProvider"
        ),
        key,
    )


def create_property(fields: Data, key: str | None) -> Call[Property]:
    return Call(
        "CreateProperty",
        "createTravelProperty",
        {"input": fields},
        lambda d: present(
            CreateProperty.model_validate(d).create_travel_property, "createTravelProperty"
        ),
        key,
    )


def create_tour(fields: Data, key: str | None) -> Call[Tour]:
    return Call(
        "CreateTour",
        "createTravelTour",
        {"input": fields},
        lambda d: present(CreateTour.model_validate(d).create_travel_tour, "createTravelTour"),
        key,
    )


def create_activity(fields: Data, key: str | None) -> Call[Activity]:
    return Call(
        "CreateActivity",
        "createTravelActivity",
        {"input": fields},
        lambda d: present(
            CreateActivity.model_validate(d).create_travel_activity, "createTravelActivity"
        ),
        key,
    )


def create_event(fields: Data, key: str | None) -> Call[Event]:
    return Call(
        "CreateEvent",
        "createTravelEvent",
        {"input": fields},
        lambda d: present(CreateEvent.model_validate(d).create_travel_event, "createTravelEvent"),
        key,
    )


def create_trip(fields: Data, key: str | None) -> Call[Trip]:
    return Call(
        "CreateTrip",
        "createTravelTrip",
        {"input": fields},
        lambda d: present(CreateTrip.model_validate(d).create_travel_trip, "createTravelTrip"),
        key,
    )


def update_provider(fields: Data, key: str | None) -> Call[Provider]:
    return Call(
        "UpdateProvider",
        "updateTravelProvider",
        {"input": fields},
        lambda d: present(
            UpdateProvider.model_validate(d).update_travel_provider, "updateTravelProvider"
        ),
        key,
    )


def update_property(fields: Data, key: str | None) -> Call[Property]:
    return Call(
        "UpdateProperty",
        "updateTravelProperty",
        {"input": fields},
        lambda d: present(
            UpdateProperty.model_validate(d).update_travel_property, "updateTravelProperty"
        ),
        key,
    )


def update_tour(fields: Data, key: str | None) -> Call[Tour]:
    return Call(
        "UpdateTour",
        "updateTravelTour",
        {"input": fields},
        lambda d: present(UpdateTour.model_validate(d).update_travel_tour, "updateTravelTour"),
        key,
    )


def update_activity(fields: Data, key: str | None) -> Call[Activity]:
    return Call(
        "UpdateActivity",
        "updateTravelActivity",
        {"input": fields},
        lambda d: present(
            UpdateActivity.model_validate(d).update_travel_activity, "updateTravelActivity"
        ),
        key,
    )


def update_event(fields: Data, key: str | None) -> Call[Event]:
    return Call(
        "UpdateEvent",
        "updateTravelEvent",
        {"input": fields},
        lambda d: present(UpdateEvent.model_validate(d).update_travel_event, "updateTravelEvent"),
        key,
    )


def update_trip(fields: Data, key: str | None) -> Call[Trip]:
    return Call(
        "UpdateTrip",
        "updateTravelTrip",
        {"input": fields},
        lambda d: present(UpdateTrip.model_validate(d).update_travel_trip, "updateTravelTrip"),
        key,
    )


def _lifecycle(id: str, expected_version: int | None) -> Data:
    return {"id": id, **compact(expected_version=expected_version)}


def pause_listing(id: str, expected_version: int | None, key: str | None) -> Call[AnyListing]:
    return Call(
        "PauseListing",
        "pauseTravelListing",
        _lifecycle(id, expected_version),
        lambda d: present(
            PauseListing.model_validate(d).pause_travel_listing, "pauseTravelListing"
        ),
        key,
    )


def resume_listing(id: str, expected_version: int | None, key: str | None) -> Call[AnyListing]:
    return Call(
        "ResumeListing",
        "resumeTravelListing",
        _lifecycle(id, expected_version),
        lambda d: present(
            ResumeListing.model_validate(d).resume_travel_listing, "resumeTravelListing"
        ),
        key,
    )


def archive_listing(id: str, expected_version: int | None, key: str | None) -> Call[AnyListing]:
    return Call(
        "ArchiveListing",
        "archiveTravelListing",
        _lifecycle(id, expected_version),
        lambda d: present(
            ArchiveListing.model_validate(d).archive_travel_listing, "archiveTravelListing"
        ),
        key,
    )


def block_dates(fields: Data, key: str | None) -> Call[ListingBlock]:
    return Call(
        "BlockDates",
        "blockTravelListingDates",
        {"input": fields},
        lambda d: present(
            BlockDates.model_validate(d).block_travel_listing_dates, "blockTravelListingDates"
        ),
        key,
    )


def unblock_dates(id: str, key: str | None) -> Call[AnyListing]:
    return Call(
        "UnblockDates",
        "unblockTravelListingDates",
        {"id": id},
        lambda d: present(
            UnblockDates.model_validate(d).unblock_travel_listing_dates,
            "unblockTravelListingDates",
        ),
        key,
    )


def set_seasonal_price(fields: Data, key: str | None) -> Call[SeasonalPrice]:
    return Call(
        "SetSeasonalPrice",
        "setTravelSeasonalPrice",
        {"input": fields},
        lambda d: present(
            SetSeasonalPrice.model_validate(d).set_travel_seasonal_price, "setTravelSeasonalPrice"
        ),
        key,
    )


def remove_seasonal_price(id: str, key: str | None) -> Call[AnyListing]:
    return Call(
        "RemoveSeasonalPrice",
        "removeTravelSeasonalPrice",
        {"id": id},
        lambda d: present(
            RemoveSeasonalPrice.model_validate(d).remove_travel_seasonal_price,
            "removeTravelSeasonalPrice",
        ),
        key,
    )


def create_photo_upload(listing_id: str, key: str | None) -> Call[PhotoUpload]:
    return Call(
        "CreatePhotoUpload",
        "createTravelPhotoUpload",
        {"listingId": listing_id},
        lambda d: present(
            CreatePhotoUpload.model_validate(d).create_travel_photo_upload,
            "createTravelPhotoUpload",
        ),
        key,
    )


def add_photo(fields: Data, key: str | None) -> Call[Photo]:
    return Call(
        "AddPhoto",
        "addTravelListingPhoto",
        {"input": fields},
        lambda d: present(
            AddPhoto.model_validate(d).add_travel_listing_photo, "addTravelListingPhoto"
        ),
        key,
    )


def update_photo(fields: Data, key: str | None) -> Call[Photo]:
    return Call(
        "UpdatePhoto",
        "updateTravelListingPhoto",
        {"input": fields},
        lambda d: present(
            UpdatePhoto.model_validate(d).update_travel_listing_photo, "updateTravelListingPhoto"
        ),
        key,
    )


def remove_photo(id: str, key: str | None) -> Call[AnyListing]:
    return Call(
        "RemovePhoto",
        "removeTravelListingPhoto",
        {"id": id},
        lambda d: present(
            RemovePhoto.model_validate(d).remove_travel_listing_photo, "removeTravelListingPhoto"
        ),
        key,
    )
