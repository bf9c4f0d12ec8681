"""Hosting (travel:host): each call sends an Idempotency-Key (generated unless given, reused
on retries). The create methods' optional arguments left as None take the API's defaults. The
update methods send only the fields given: one left UNCHANGED keeps its value, None clears an
optional one; with `expected_version` (the `version` last read), a change made meanwhile by
someone else makes the call raise ConflictError and nothing is written."""

from __future__ import annotations

from collections.abc import Sequence

import httpx

from travel_client._async.connection import AsyncConnection
from travel_client._generated import (
    Activity,
    AnyListing,
    Event,
    ListingBlock,
    Photo,
    PhotoUpload,
    Property,
    Provider,
    SeasonalPrice,
    Tour,
    Trip,
)
from travel_client._operations import Data, Day, Instant, Money, changes, compact
from travel_client._operations import hosting as ops
from travel_client.errors import TravelAPIError
from travel_client.types import UNCHANGED, ProviderKind, TripKind, Unchanged


class AsyncHosting(AsyncConnection):
    async def create_provider(
        self, name: str, type: ProviderKind, *, idempotency_key: str | None = None
    ) -> Provider:
        """createTravelProvider: a HOST or OPERATOR owned by the caller."""
        return await self._run(ops.create_provider(name, type, idempotency_key))

    async def create_property(
        self,
        provider_id: str,
        name: str,
        location: str,
        price_per_night: Money,
        *,
        currency: str | None = None,
        description: str | None = None,
        amenities: Sequence[str] | None = None,
        latitude: float | None = None,
        longitude: float | None = None,
        time_zone: str | None = None,
        max_guests: int | None = None,
        units: int | None = None,
        idempotency_key: str | None = None,
    ) -> Property:
        """createTravelProperty: a stay of `units` rooms for up to `max_guests` each."""
        fields = compact(
            provider_id=provider_id, name=name, location=location, price_per_night=price_per_night,
            currency=currency, description=description, amenities=_strings(amenities),
            latitude=latitude, longitude=longitude, time_zone=time_zone,
            max_guests=max_guests, units=units,
        )  # fmt: skip
        return await self._run(ops.create_property(fields, idempotency_key))

    async def create_tour(
        self,
        provider_id: str,
        name: str,
        location: str,
        price: Money,
        capacity: int,
        *,
        duration_minutes: int | None = None,
        currency: str | None = None,
        description: str | None = None,
        amenities: Sequence[str] | None = None,
        latitude: float | None = None,
        longitude: float | None = None,
        time_zone: str | None = None,
        idempotency_key: str | None = None,
    ) -> Tour:
        """createTravelTour: `capacity` persons per date, `price` per person."""
        fields = compact(
            provider_id=provider_id, name=name, location=location, price=price, capacity=capacity,
            duration_minutes=duration_minutes, currency=currency, description=description,
            amenities=_strings(amenities),
            latitude=latitude, longitude=longitude, time_zone=time_zone,
        )  # fmt: skip
        return await self._run(ops.create_tour(fields, idempotency_key))

    async def create_activity(
        self,
        provider_id: str,
        name: str,
        location: str,
        price: Money,
        capacity: int,
        *,
        duration_minutes: int | None = None,
        currency: str | None = None,
        description: str | None = None,
        amenities: Sequence[str] | None = None,
        latitude: float | None = None,
        longitude: float | None = None,
        time_zone: str | None = None,
        idempotency_key: str | None = None,
    ) -> Activity:
        """createTravelActivity: `capacity` persons per date, `price` per person."""
        fields = compact(
            provider_id=provider_id, name=name, location=location, price=price, capacity=capacity,
            duration_minutes=duration_minutes, currency=currency, description=description,
            amenities=_strings(amenities),
            latitude=latitude, longitude=longitude, time_zone=time_zone,
        )  # fmt: skip
        return await self._run(ops.create_activity(fields, idempotency_key))

    async def create_event(
        self,
        provider_id: str,
        name: str,
        location: str,
        price: Money,
        capacity: int,
        starts_at: Instant,
        ends_at: Instant,
        *,
        currency: str | None = None,
        description: str | None = None,
        amenities: Sequence[str] | None = None,
        latitude: float | None = None,
        longitude: float | None = None,
        time_zone: str | None = None,
        idempotency_key: str | None = None,
    ) -> Event:
        """createTravelEvent: booked on the UTC date it starts."""
        fields = compact(
            provider_id=provider_id, name=name, location=location, price=price, capacity=capacity,
            starts_at=starts_at, ends_at=ends_at, currency=currency, description=description,
            amenities=_strings(amenities),
            latitude=latitude, longitude=longitude, time_zone=time_zone,
        )  # fmt: skip
        return await self._run(ops.create_event(fields, idempotency_key))

    async def create_trip(
        self,
        provider_id: str,
        name: str,
        price: Money,
        capacity: int,
        origin: str,
        destination: str,
        departs_at: Instant,
        mode: TripKind,
        *,
        arrives_at: Instant | None = None,
        location: str | None = None,
        currency: str | None = None,
        description: str | None = None,
        amenities: Sequence[str] | None = None,
        latitude: float | None = None,
        longitude: float | None = None,
        time_zone: str | None = None,
        idempotency_key: str | None = None,
    ) -> Trip:
        """createTravelTrip: `capacity` seats, booked on the UTC date it departs."""
        fields = compact(
            provider_id=provider_id, name=name, price=price, capacity=capacity, origin=origin,
            destination=destination, departs_at=departs_at, mode=mode, arrives_at=arrives_at,
            location=location, currency=currency, description=description,
            amenities=_strings(amenities),
            latitude=latitude, longitude=longitude, time_zone=time_zone,
        )  # fmt: skip
        return await self._run(ops.create_trip(fields, idempotency_key))

    async def update_provider(
        self,
        provider_id: str,
        *,
        name: str | Unchanged = UNCHANGED,
        type: ProviderKind | Unchanged = UNCHANGED,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> Provider:
        """updateTravelProvider: the fields given change, the others keep their value."""
        fields = _update(provider_id, expected_version, changes(name=name, type=type))
        return await self._run(ops.update_provider(fields, idempotency_key))

    async def update_property(
        self,
        listing_id: str,
        *,
        name: str | Unchanged = UNCHANGED,
        location: str | Unchanged = UNCHANGED,
        price_per_night: Money | Unchanged = UNCHANGED,
        currency: str | Unchanged = UNCHANGED,
        description: str | Unchanged | None = UNCHANGED,
        amenities: Sequence[str] | Unchanged | None = UNCHANGED,
        latitude: float | Unchanged | None = UNCHANGED,
        longitude: float | Unchanged | None = UNCHANGED,
        time_zone: str | Unchanged | None = UNCHANGED,
        max_guests: int | Unchanged | None = UNCHANGED,
        units: int | Unchanged = UNCHANGED,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> Property:
        """updateTravelProperty: the fields given change (None clears an optional one)."""
        fields = changes(
            name=name, location=location, price_per_night=price_per_night, currency=currency,
            description=description, amenities=_strings(amenities),
            latitude=latitude, longitude=longitude, time_zone=time_zone,
            max_guests=max_guests, units=units,
        )  # fmt: skip
        update = _update(listing_id, expected_version, fields)
        return await self._run(ops.update_property(update, idempotency_key))

    async def update_tour(
        self,
        listing_id: str,
        *,
        name: str | Unchanged = UNCHANGED,
        location: str | Unchanged = UNCHANGED,
        price: Money | Unchanged = UNCHANGED,
        capacity: int | Unchanged = UNCHANGED,
        duration_minutes: int | Unchanged | None = UNCHANGED,
        currency: str | Unchanged = UNCHANGED,
        description: str | Unchanged | None = UNCHANGED,
        amenities: Sequence[str] | Unchanged | None = UNCHANGED,
        latitude: float | Unchanged | None = UNCHANGED,
        longitude: float | Unchanged | None = UNCHANGED,
        time_zone: str | Unchanged | None = UNCHANGED,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> Tour:
        """updateTravelTour: the fields given change (None clears an optional one)."""
        fields = changes(
            name=name, location=location, price=price, capacity=capacity,
            duration_minutes=duration_minutes, currency=currency, description=description,
            amenities=_strings(amenities),
            latitude=latitude, longitude=longitude, time_zone=time_zone,
        )  # fmt: skip
        update = _update(listing_id, expected_version, fields)
        return await self._run(ops.update_tour(update, idempotency_key))

    async def update_activity(
        self,
        listing_id: str,
        *,
        name: str | Unchanged = UNCHANGED,
        location: str | Unchanged = UNCHANGED,
        price: Money | Unchanged = UNCHANGED,
        capacity: int | Unchanged = UNCHANGED,
        duration_minutes: int | Unchanged | None = UNCHANGED,
        currency: str | Unchanged = UNCHANGED,
        description: str | Unchanged | None = UNCHANGED,
        amenities: Sequence[str] | Unchanged | None = UNCHANGED,
        latitude: float | Unchanged | None = UNCHANGED,
        longitude: float | Unchanged | None = UNCHANGED,
        time_zone: str | Unchanged | None = UNCHANGED,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> Activity:
        """updateTravelActivity: the fields given change (None clears an optional one)."""
        fields = changes(
            name=name, location=location, price=price, capacity=capacity,
            duration_minutes=duration_minutes, currency=currency, description=description,
            amenities=_strings(amenities),
            latitude=latitude, longitude=longitude, time_zone=time_zone,
        )  # fmt: skip
        update = _update(listing_id, expected_version, fields)
        return await self._run(ops.update_activity(update, idempotency_key))

    async def update_event(
        self,
        listing_id: str,
        *,
        name: str | Unchanged = UNCHANGED,
        location: str | Unchanged = UNCHANGED,
        price: Money | Unchanged = UNCHANGED,
        capacity: int | Unchanged = UNCHANGED,
        starts_at: Instant | Unchanged = UNCHANGED,
        ends_at: Instant | Unchanged = UNCHANGED,
        currency: str | Unchanged = UNCHANGED,
        description: str | Unchanged | None = UNCHANGED,
        amenities: Sequence[str] | Unchanged | None = UNCHANGED,
        latitude: float | Unchanged | None = UNCHANGED,
        longitude: float | Unchanged | None = UNCHANGED,
        time_zone: str | Unchanged | None = UNCHANGED,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> Event:
        """updateTravelEvent: the fields given change (None clears an optional one); it cannot
        move to another date while it has confirmed bookings."""
        fields = changes(
            name=name, location=location, price=price, capacity=capacity,
            starts_at=starts_at, ends_at=ends_at, currency=currency, description=description,
            amenities=_strings(amenities),
            latitude=latitude, longitude=longitude, time_zone=time_zone,
        )  # fmt: skip
        update = _update(listing_id, expected_version, fields)
        return await self._run(ops.update_event(update, idempotency_key))

    async def update_trip(
        self,
        listing_id: str,
        *,
        name: str | Unchanged = UNCHANGED,
        price: Money | Unchanged = UNCHANGED,
        capacity: int | Unchanged = UNCHANGED,
        origin: str | Unchanged = UNCHANGED,
        destination: str | Unchanged = UNCHANGED,
        departs_at: Instant | Unchanged = UNCHANGED,
        mode: TripKind | Unchanged = UNCHANGED,
        arrives_at: Instant | Unchanged | None = UNCHANGED,
        location: str | Unchanged | None = UNCHANGED,
        currency: str | Unchanged = UNCHANGED,
        description: str | Unchanged | None = UNCHANGED,
        amenities: Sequence[str] | Unchanged | None = UNCHANGED,
        latitude: float | Unchanged | None = UNCHANGED,
        longitude: float | Unchanged | None = UNCHANGED,
        time_zone: str | Unchanged | None = UNCHANGED,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> Trip:
        """updateTravelTrip: the fields given change (None clears an optional one: `location`
        then is the origin); it cannot move to another date while it has confirmed bookings."""
        fields = changes(
            name=name, price=price, capacity=capacity, origin=origin,
            destination=destination, departs_at=departs_at, mode=mode, arrives_at=arrives_at,
            location=location, currency=currency, description=description,
            amenities=_strings(amenities),
            latitude=latitude, longitude=longitude, time_zone=time_zone,
        )  # fmt: skip
        update = _update(listing_id, expected_version, fields)
        return await self._run(ops.update_trip(update, idempotency_key))

    async def pause_listing(
        self,
        listing_id: str,
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> AnyListing:
        """pauseTravelListing: hidden from discovery and not bookable until resumed (bookings
        made stand); a listing of any kind. Already paused: unchanged."""
        call = ops.pause_listing(listing_id, expected_version, idempotency_key)
        return await self._run(call)

    async def resume_listing(
        self,
        listing_id: str,
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> AnyListing:
        """resumeTravelListing: a paused or archived listing active again. Already active:
        unchanged."""
        call = ops.resume_listing(listing_id, expected_version, idempotency_key)
        return await self._run(call)

    async def archive_listing(
        self,
        listing_id: str,
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> AnyListing:
        """archiveTravelListing: retired — hidden and not bookable, kept with its bookings.
        Already archived: unchanged."""
        call = ops.archive_listing(listing_id, expected_version, idempotency_key)
        return await self._run(call)

    async def block_dates(
        self,
        listing_id: str,
        starts_on: Day,
        ends_on: Day,
        *,
        units: int | None = None,
        note: str | None = None,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> ListingBlock:
        """blockTravelListingDates: close `starts_on` to `ends_on` (both included): `units`
        rooms or places, which must be free, or the whole listing (None)."""
        fields = compact(
            listing_id=listing_id, starts_on=_day(starts_on), ends_on=_day(ends_on),
            units=units, note=note, expected_version=expected_version,
        )  # fmt: skip
        return await self._run(ops.block_dates(fields, idempotency_key))

    async def unblock_dates(
        self, block_id: str, *, idempotency_key: str | None = None
    ) -> AnyListing:
        """unblockTravelListingDates: open a block's dates again; the listing then."""
        return await self._run(ops.unblock_dates(block_id, idempotency_key))

    async def set_seasonal_price(
        self,
        listing_id: str,
        starts_on: Day,
        ends_on: Day,
        price: Money,
        *,
        note: str | None = None,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> SeasonalPrice:
        """setTravelSeasonalPrice: a price per night (stays) or person (others) for
        `starts_on` to `ends_on`, in the listing's currency; ranges never overlap."""
        fields = compact(
            listing_id=listing_id, starts_on=_day(starts_on), ends_on=_day(ends_on),
            price=str(price), note=note, expected_version=expected_version,
        )  # fmt: skip
        return await self._run(ops.set_seasonal_price(fields, idempotency_key))

    async def remove_seasonal_price(
        self, price_id: str, *, idempotency_key: str | None = None
    ) -> AnyListing:
        """removeTravelSeasonalPrice: its dates take the listing's own price again."""
        return await self._run(ops.remove_seasonal_price(price_id, idempotency_key))

    async def create_photo_upload(
        self, listing_id: str, *, idempotency_key: str | None = None
    ) -> PhotoUpload:
        """createTravelPhotoUpload: a place to PUT one photo of the listing, for an hour."""
        return await self._run(ops.create_photo_upload(listing_id, idempotency_key))

    async def send_photo(self, upload: PhotoUpload, content: bytes) -> None:
        """PUT a photo's bytes (JPEG, PNG or WebP) to its upload place; TravelAPIError with
        VALIDATION_ERROR if the service does not take them (not a photo, too large)."""
        origin = httpx.URL(self.url).copy_with(path="/", query=None, fragment=None)
        target = str(origin.join(upload.upload_path))
        sent = await self._http.put(target, content=content)
        if sent.status_code != 201:
            raise _upload_error(sent)

    async def add_photo(
        self,
        upload_id: str,
        alt: str,
        *,
        cover: bool = False,
        idempotency_key: str | None = None,
    ) -> Photo:
        """addTravelListingPhoto: the uploaded photo, with its alt text, last or as the cover."""
        fields = compact(upload_id=upload_id, alt=alt, cover=cover)
        return await self._run(ops.add_photo(fields, idempotency_key))

    async def upload_photo(
        self, listing_id: str, content: bytes, alt: str, *, cover: bool = False
    ) -> Photo:
        """A photo of the listing in one call: an upload place, the bytes, the photo added."""
        upload = await self.create_photo_upload(listing_id)
        await self.send_photo(upload, content)
        return await self.add_photo(upload.id, alt, cover=cover)

    async def update_photo(
        self,
        photo_id: str,
        *,
        alt: str | Unchanged = UNCHANGED,
        position: int | Unchanged = UNCHANGED,
        idempotency_key: str | None = None,
    ) -> Photo:
        """updateTravelListingPhoto: a new alt text or place (0: the cover)."""
        fields = changes(id=photo_id, alt=alt, position=position)
        return await self._run(ops.update_photo(fields, idempotency_key))

    async def remove_photo(
        self, photo_id: str, *, idempotency_key: str | None = None
    ) -> AnyListing:
        """removeTravelListingPhoto: off its listing; the next photo becomes the cover."""
        return await self._run(ops.remove_photo(photo_id, idempotency_key))


def _update(id: str, expected_version: int | None, fields: Data) -> Data:
    """An update input: the id, the version last read if given, then the fields to change."""
    return {"id": id, **compact(expected_version=expected_version), **fields}


def _upload_error(sent: httpx.Response) -> TravelAPIError:
    try:
        error = sent.json()["errors"][0]
        code, message = error["extensions"]["code"], error["message"]
    except (ValueError, KeyError, IndexError, TypeError):
        code, message = "VALIDATION_ERROR", f"HTTP {sent.status_code}"
    return TravelAPIError(code, message, status=sent.status_code)


def _day(value: Day) -> str:
    return value if isinstance(value, str) else value.isoformat()


def _strings(values: Sequence[str] | Unchanged | None) -> list[str] | Unchanged | None:
    return values if values is None or isinstance(values, Unchanged) else list(values)
