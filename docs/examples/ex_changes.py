"""Examples: hosts change what they list — partial updates with a version, the CONFLICT of a
stale one, every bad field in one VALIDATION_ERROR, and a listing's pause, resume and archive.

They run last (ex_all.EXAMPLES), after every example that reads these listings. The docs'
snippets run after all examples and show the stay's name, price and provider and the count of
stays: those stay as they were (the stay is resumed; the archived listing is the activity, the
renamed provider the operator).
"""

from __future__ import annotations

import io
from typing import Any

from example import EVENT_AT, Example, Ids, keep

PROPERTY_FIELDS = "id name location timeZone pricePerNight currency description amenities maxGuests"
UPDATE_PROPERTY = f"""mutation UpdateProperty($input: UpdateTravelPropertyInput!) {{
  updateTravelProperty(input: $input) {{
    {PROPERTY_FIELDS}
    status version updatedAt
  }}
}}"""
LIFECYCLE = "__typename id kind name status version updatedAt"


def _lifecycle(name: str, field: str) -> str:
    return f"""mutation {name}($id: ID!, $expectedVersion: Int) {{
  {field}(id: $id, expectedVersion: $expectedVersion) {{
    {LIFECYCLE}
  }}
}}"""


def _version(ids: Ids, key: str) -> int:
    return int(ids[key])


def _stay_changes(ids: Ids) -> dict[str, Any]:
    # The version create-property gave it (1), as a host would have read it.
    return {
        "input": {
            "id": ids["property"],
            "expectedVersion": 1,
            "description": None,
            "amenities": ["wifi", "balcony", "air conditioning"],
            "maxGuests": 3,
        }
    }


def _stale_changes(ids: Ids) -> dict[str, Any]:
    # The same version again: update-property has changed the stay since.
    return {"input": {"id": ids["property"], "expectedVersion": 1, "maxGuests": 4}}


def _other_kinds(ids: Ids) -> dict[str, Any]:
    return {
        # Bookings made keep their price; the walk no longer states a duration.
        "tour": {"id": ids["tour"], "price": "28.00", "durationMinutes": None},
        "activity": {"id": ids["activity"], "capacity": 8, "timeZone": "Europe/Lisbon"},
        # Half an hour later on the same day (a booked event cannot move to another date).
        "event": {
            "id": ids["event"],
            "startsAt": EVENT_AT[0].replace("19:30", "20:00"),
            "endsAt": EVENT_AT[1].replace("22:30", "23:00"),
        },
        "trip": {"id": ids["trip"], "arrivesAt": None, "mode": "BUS", "capacity": 50},
    }


def _bad_changes(ids: Ids) -> dict[str, Any]:
    return {
        "input": {
            "id": ids["property"],
            "name": " ",
            "currency": "EURO",
            "latitude": 123.4,
            "units": None,
        }
    }


def _keep_upload(ids: Ids, data: Any) -> None:
    ids["upload"] = data["createTravelPhotoUpload"]["id"]
    ids["upload-path"] = data["createTravelPhotoUpload"]["uploadPath"]


def _send_photo(http: Any, url: str, ids: Ids) -> None:
    """PUT a photo (a JPEG drawn here) to the upload's path, as a host's browser would."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (1600, 1200), (212, 140, 90)).save(out, "JPEG", quality=85)
    origin = url.split("/workspaces/", 1)[0]
    sent = http.put(origin + ids["upload-path"], content=out.getvalue())
    assert sent.status_code == 201, sent.text


CHANGES = [
    Example(
        "update-provider",
        "host",
        """mutation UpdateProvider($input: UpdateTravelProviderInput!) {
  updateTravelProvider(input: $input) { id name type version updatedAt }
}""",
        lambda ids: {
            "input": {"id": ids["operator"], "expectedVersion": 1, "name": "Tejo Tours & Trips"}
        },
    ),
    Example(
        "update-property",
        "host",
        UPDATE_PROPERTY,
        _stay_changes,
        save=keep("property-version", "updateTravelProperty", "version"),
    ),
    Example(
        "update-other-kinds",
        "host",
        """mutation UpdateOthers(
  $tour: UpdateTravelTourInput!
  $activity: UpdateTravelActivityInput!
  $event: UpdateTravelEventInput!
  $trip: UpdateTravelTripInput!
) {
  updateTravelTour(input: $tour) { id name price durationMinutes version }
  updateTravelActivity(input: $activity) { id name capacity timeZone version }
  updateTravelEvent(input: $event) { id name startsAt endsAt version }
  updateTravelTrip(input: $trip) { id name departsAt arrivesAt mode capacity version }
}""",
        _other_kinds,
    ),
    Example("update-conflict", "host", UPDATE_PROPERTY, _stale_changes, expect="CONFLICT"),
    Example("update-invalid", "host", UPDATE_PROPERTY, _bad_changes, expect="VALIDATION_ERROR"),
    Example(
        "pause-listing",
        "host",
        _lifecycle("PauseListing", "pauseTravelListing"),
        lambda ids: {"id": ids["property"], "expectedVersion": _version(ids, "property-version")},
        save=keep("property-version", "pauseTravelListing", "version"),
    ),
    Example(
        "list-paused",
        "host",
        """query PausedAndArchived($filter: TravelListingFilterInput) {
  travelProperties(filter: $filter) { id name status version }
}""",
        lambda ids: {"filter": {"providerId": ids["provider"], "status": ["PAUSED", "ARCHIVED"]}},
    ),
    Example(
        "resume-listing",
        "host",
        _lifecycle("ResumeListing", "resumeTravelListing"),
        lambda ids: {"id": ids["property"], "expectedVersion": _version(ids, "property-version")},
    ),
    Example(
        "archive-listing",
        "host",
        _lifecycle("ArchiveListing", "archiveTravelListing"),
        lambda ids: {"id": ids["activity"]},
    ),
    Example(
        "block-dates",
        "host",
        """mutation Block($input: BlockTravelListingDatesInput!) {
  blockTravelListingDates(input: $input) { id startsOn endsOn units note }
}""",
        lambda ids: {
            "input": {
                "listingId": ids["property"],
                "startsOn": "2030-11-02",
                "endsOn": "2030-11-04",
                "units": 1,
                "note": "Repainting",
            }
        },
        save=keep("block", "blockTravelListingDates", "id"),
    ),
    Example(
        "set-seasonal-price",
        "host",
        """mutation Season($input: SetTravelSeasonalPriceInput!) {
  setTravelSeasonalPrice(input: $input) { id startsOn endsOn price currency note }
}""",
        lambda ids: {
            "input": {
                "listingId": ids["property"],
                "startsOn": "2030-12-20",
                "endsOn": "2031-01-02",
                "price": "180.00",
                "note": "Holidays",
            }
        },
        save=keep("season", "setTravelSeasonalPrice", "id"),
    ),
    Example(
        "calendar-with-prices",
        "traveler",
        """query Calendar($id: ID!, $from: Date!, $to: Date!) {
  travelProperty(id: $id) {
    pricePerNight currency
    availability(from: $from, to: $to) { date capacity available price }
    seasonalPrices(from: $from, to: $to) { startsOn endsOn price }
  }
}""",
        lambda ids: {"id": ids["property"], "from": "2030-12-18", "to": "2030-12-21"},
    ),
    Example(
        "blocked-dates",
        "host",
        """query Blocked($id: ID!, $from: Date!, $to: Date!) {
  travelProperty(id: $id) { blockedDates(from: $from, to: $to) { id startsOn endsOn units note } }
}""",
        lambda ids: {"id": ids["property"], "from": "2030-11-01", "to": "2030-11-30"},
    ),
    Example(
        "unblock-dates",
        "host",
        """mutation Unblock($id: ID!) {
  unblockTravelListingDates(id: $id) { __typename id version }
}""",
        lambda ids: {"id": ids["block"]},
    ),
    Example(
        "remove-seasonal-price",
        "host",
        """mutation RemoveSeason($id: ID!) {
  removeTravelSeasonalPrice(id: $id) { __typename id version }
}""",
        lambda ids: {"id": ids["season"]},
    ),
    Example(
        "create-photo-upload",
        "host",
        """mutation Upload($listingId: ID!) {
  createTravelPhotoUpload(listingId: $listingId) { id uploadPath expiresAt }
}""",
        lambda ids: {"listingId": ids["property"]},
        save=_keep_upload,
        then=_send_photo,
    ),
    Example(
        "add-photo",
        "host",
        """mutation AddPhoto($input: AddTravelListingPhotoInput!) {
  addTravelListingPhoto(input: $input) { id alt position width height url srcset }
}""",
        lambda ids: {
            "input": {
                "uploadId": ids["upload"],
                "alt": "The loft's living room at dusk",
                "cover": True,
            }
        },
        save=keep("photo", "addTravelListingPhoto", "id"),
    ),
    Example(
        "update-photo",
        "host",
        """mutation UpdatePhoto($input: UpdateTravelListingPhotoInput!) {
  updateTravelListingPhoto(input: $input) { id alt position }
}""",
        lambda ids: {"input": {"id": ids["photo"], "alt": "Living room with the river view"}},
    ),
    Example(
        "remove-photo",
        "host",
        """mutation RemovePhoto($id: ID!) {
  removeTravelListingPhoto(id: $id) { __typename id version }
}""",
        lambda ids: {"id": ids["photo"]},
    ),
]
