"""Hosts and operators (travel:host): providers, and listings under a provider one owns."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any

from travel.client.operations import selections as sel
from travel.client.operations.base import OperationsBase, R, compact, input_mutation
from travel.client.types import ProviderType, TripMode

Money = Decimal | str  # never a float: "120.00" or Decimal("120.00")
Instant = datetime | str  # ISO 8601 with a time zone


class Hosting(OperationsBase[R]):
    """Each method sends an Idempotency-Key (generated unless given), reused on retries.
    Optional arguments left as None take the API's defaults (currency USD, units 1)."""

    def create_provider(
        self, name: str, type: ProviderType, *, idempotency_key: str | None = None
    ) -> R:
        """createTravelProvider: a HOST or OPERATOR owned by the caller."""
        document = input_mutation("createTravelProvider", "CreateTravelProviderInput", sel.PROVIDER)
        variables = {"input": {"name": name, "type": type}}
        return self._call(
            "createTravelProvider",
            document,
            variables,
            mutation=True,
            idempotency_key=idempotency_key,
        )

    def create_property(
        self,
        provider_id: str,
        name: str,
        location: str,
        price_per_night: Money,
        *,
        currency: str | None = None,
        description: str | None = None,
        amenities: Sequence[str] | None = None,
        max_guests: int | None = None,
        units: int | None = None,
        idempotency_key: str | None = None,
    ) -> R:
        """createTravelProperty: a stay of `units` rooms for up to `max_guests` each."""
        fields = compact(
            provider_id=provider_id, name=name, location=location, price_per_night=price_per_night,
            currency=currency, description=description, amenities=_list(amenities),
            max_guests=max_guests, units=units,
        )  # fmt: skip
        return self._create("PROPERTY", fields, idempotency_key)

    def create_tour(
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
        idempotency_key: str | None = None,
    ) -> R:
        """createTravelTour: `capacity` persons per date, `price` per person."""
        fields = compact(
            provider_id=provider_id, name=name, location=location, price=price, capacity=capacity,
            duration_minutes=duration_minutes, currency=currency, description=description,
            amenities=_list(amenities),
        )  # fmt: skip
        return self._create("TOUR", fields, idempotency_key)

    def create_activity(
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
        idempotency_key: str | None = None,
    ) -> R:
        """createTravelActivity: `capacity` persons per date, `price` per person."""
        fields = compact(
            provider_id=provider_id, name=name, location=location, price=price, capacity=capacity,
            duration_minutes=duration_minutes, currency=currency, description=description,
            amenities=_list(amenities),
        )  # fmt: skip
        return self._create("ACTIVITY", fields, idempotency_key)

    def create_event(
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
        idempotency_key: str | None = None,
    ) -> R:
        """createTravelEvent: booked on the UTC date it starts."""
        fields = compact(
            provider_id=provider_id, name=name, location=location, price=price, capacity=capacity,
            starts_at=starts_at, ends_at=ends_at, currency=currency, description=description,
            amenities=_list(amenities),
        )  # fmt: skip
        return self._create("EVENT", fields, idempotency_key)

    def create_trip(
        self,
        provider_id: str,
        name: str,
        price: Money,
        capacity: int,
        origin: str,
        destination: str,
        departs_at: Instant,
        mode: TripMode,
        *,
        arrives_at: Instant | None = None,
        location: str | None = None,
        currency: str | None = None,
        description: str | None = None,
        amenities: Sequence[str] | None = None,
        idempotency_key: str | None = None,
    ) -> R:
        """createTravelTrip: `capacity` seats, booked on the UTC date it departs."""
        fields = compact(
            provider_id=provider_id, name=name, price=price, capacity=capacity, origin=origin,
            destination=destination, departs_at=departs_at, mode=mode, arrives_at=arrives_at,
            location=location, currency=currency, description=description,
            amenities=_list(amenities),
        )  # fmt: skip
        return self._create("TRIP", fields, idempotency_key)

    def _create(self, kind: str, fields: dict[str, Any], idempotency_key: str | None) -> R:
        title = kind.title()
        field, input_type = f"createTravel{title}", f"CreateTravel{title}Input"
        document = input_mutation(field, input_type, sel.KINDS[kind][0])
        return self._call(
            field, document, {"input": fields}, mutation=True, idempotency_key=idempotency_key
        )


def _list(values: Sequence[str] | None) -> list[str] | None:
    return None if values is None else list(values)
