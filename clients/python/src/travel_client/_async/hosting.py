"""Hosting (travel:host): each call sends an Idempotency-Key (generated unless given, reused
on retries); optional arguments left as None take the API's defaults."""

from __future__ import annotations

from collections.abc import Sequence

from travel_client._async.connection import AsyncConnection
from travel_client._generated import Activity, Event, Property, Provider, Tour, Trip
from travel_client._operations import Instant, Money, compact
from travel_client._operations import hosting as ops
from travel_client.types import ProviderKind, TripKind


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
        max_guests: int | None = None,
        units: int | None = None,
        idempotency_key: str | None = None,
    ) -> Property:
        """createTravelProperty: a stay of `units` rooms for up to `max_guests` each."""
        fields = compact(
            provider_id=provider_id, name=name, location=location, price_per_night=price_per_night,
            currency=currency, description=description, amenities=_strings(amenities),
            latitude=latitude, longitude=longitude,
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
        idempotency_key: str | None = None,
    ) -> Tour:
        """createTravelTour: `capacity` persons per date, `price` per person."""
        fields = compact(
            provider_id=provider_id, name=name, location=location, price=price, capacity=capacity,
            duration_minutes=duration_minutes, currency=currency, description=description,
            amenities=_strings(amenities),
            latitude=latitude, longitude=longitude,
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
        idempotency_key: str | None = None,
    ) -> Activity:
        """createTravelActivity: `capacity` persons per date, `price` per person."""
        fields = compact(
            provider_id=provider_id, name=name, location=location, price=price, capacity=capacity,
            duration_minutes=duration_minutes, currency=currency, description=description,
            amenities=_strings(amenities),
            latitude=latitude, longitude=longitude,
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
        idempotency_key: str | None = None,
    ) -> Event:
        """createTravelEvent: booked on the UTC date it starts."""
        fields = compact(
            provider_id=provider_id, name=name, location=location, price=price, capacity=capacity,
            starts_at=starts_at, ends_at=ends_at, currency=currency, description=description,
            amenities=_strings(amenities),
            latitude=latitude, longitude=longitude,
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
        idempotency_key: str | None = None,
    ) -> Trip:
        """createTravelTrip: `capacity` seats, booked on the UTC date it departs."""
        fields = compact(
            provider_id=provider_id, name=name, price=price, capacity=capacity, origin=origin,
            destination=destination, departs_at=departs_at, mode=mode, arrives_at=arrives_at,
            location=location, currency=currency, description=description,
            amenities=_strings(amenities),
            latitude=latitude, longitude=longitude,
        )  # fmt: skip
        return await self._run(ops.create_trip(fields, idempotency_key))


def _strings(values: Sequence[str] | None) -> list[str] | None:
    return None if values is None else list(values)
