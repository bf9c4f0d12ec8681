"""The blocking client: generated from aio.py by scripts/sdk-codegen.sh; do not edit."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

import httpx

from travel_client import _operations as ops
from travel_client import core
from travel_client._base import (
    BaseClient,
    HasId,
    Prepared,
    check_page_size,
    data_or_raise,
    idempotency_key,
    sync_sleep,
)
from travel_client._generated import (
    Activity,
    Analytics,
    Availability,
    Booking,
    Event,
    Favorite,
    OverviewStats,
    Property,
    Provider,
    Tour,
    Trip,
    Viewer,
)
from travel_client._operations import Call, Day, Instant, Money, compact
from travel_client.errors import TransportError, TravelAPIError
from travel_client.types import (
    BookingFilter,
    Kind,
    ListingFilter,
    ProviderFilter,
    ProviderKind,
    TripKind,
)

T = TypeVar("T")
Item = TypeVar("Item", bound=HasId)


class TravelClient(BaseClient):
    """A client of one workspace gateway: close it (`async with`, or the close method).

    Typed methods return models generated from the schema (money as Decimal, dates as date,
    instants as datetime); lists are one page (`skip`, `take`), and the `iter_*` methods page
    through a whole list. `query()` and `execute()` run any document and return its JSON.
    """

    def __init__(
        self,
        url: str | None = None,
        credential: str | None = None,
        *,
        env: Mapping[str, str] | None = None,
        timeout: float = 10.0,
        max_retries: int = 3,
        max_retry_wait: float = 60.0,
        headers: Mapping[str, str] | None = None,
        http_client: httpx.Client | None = None,
    ) -> None:
        super().__init__(
            url,
            credential,
            env=env,
            timeout=timeout,
            max_retries=max_retries,
            max_retry_wait=max_retry_wait,
            headers=headers,
        )
        self._owns_http = http_client is None
        self._http = http_client if http_client is not None else httpx.Client(timeout=timeout)

    # -- any document ----------------------------------------------------------------------

    def execute(
        self,
        query: str,
        variables: Mapping[str, Any] | None = None,
        *,
        operation_name: str | None = None,
        idempotency_key: str | None = None,
    ) -> core.Response:
        """Run any document. Field errors stay in `Response.errors`; a refused request
        raises TravelAPIError. Retried as RetryPolicy allows."""
        prepared = self._prepare(query, variables, operation_name, idempotency_key)
        attempt = 0
        while True:
            try:
                return self._send(prepared)
            except (TransportError, TravelAPIError) as error:
                delay = self.retry.delay(error, attempt, prepared.safe)
                if delay is None:
                    raise
                self._log_retry(error, attempt, delay)
                sync_sleep(delay)
                attempt += 1

    def query(
        self,
        query: str,
        variables: Mapping[str, Any] | None = None,
        *,
        operation_name: str | None = None,
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        """Run any document and return its `data` as JSON (dicts, lists, money as strings);
        the first error, if any, is raised (its `.data` holds the partial result)."""
        response = self.execute(
            query, variables, operation_name=operation_name, idempotency_key=idempotency_key
        )
        return data_or_raise(response)

    def ping(self) -> float:
        """The spec's connectivity check; returns the round trip in milliseconds."""
        started = time.perf_counter()
        self._run(ops.ping())
        return (time.perf_counter() - started) * 1000

    # -- the caller and the workspace's figures --------------------------------------------

    def viewer(self) -> Viewer:
        """travelViewer: the member, its roles, the credential's permissions, the workspace."""
        return self._run(ops.viewer())

    def overview_stats(self, *, from_: Day | None = None, to: Day | None = None) -> OverviewStats:
        """travelOverviewStats (travel:analytics): bookings, revenue per currency, occupancy;
        the window [from_, to) is optional, both or neither."""
        return self._run(ops.overview_stats(from_, to))

    def analytics(self, *, from_: Day | None = None, to: Day | None = None) -> Analytics:
        """travelAnalytics (travel:analytics): bookings per kind, the top five providers."""
        return self._run(ops.analytics(from_, to))

    # -- the catalog (travel:read): lists are oldest first, `take` 0..100 -------------------

    def providers(
        self, *, skip: int = 0, take: int = 20, filter: ProviderFilter | None = None
    ) -> list[Provider]:
        """travelProviders: a page of providers, optionally filtered."""
        return self._run(ops.providers(skip, take, filter))

    def iter_providers(
        self, *, filter: ProviderFilter | None = None, page_size: int = ops.MAX_TAKE
    ) -> Iterator[Provider]:
        """Every provider of travelProviders, a page at a time."""
        return self._pages(lambda skip, take: ops.providers(skip, take, filter), page_size)

    def provider(self, id: str) -> Provider:
        """travelProvider: one provider (NOT_FOUND outside the workspace)."""
        return self._run(ops.provider(id))

    def providers_count(self, *, filter: ProviderFilter | None = None) -> int:
        """travelProvidersCount: how many providers `providers` lists, over all pages."""
        return self._run(ops.providers_count(filter))

    def properties(
        self, *, skip: int = 0, take: int = 20, filter: ListingFilter | None = None
    ) -> list[Property]:
        """travelProperties: a page of stays."""
        return self._run(ops.properties(skip, take, filter))

    def iter_properties(
        self, *, filter: ListingFilter | None = None, page_size: int = ops.MAX_TAKE
    ) -> Iterator[Property]:
        """Every stay of travelProperties, a page at a time."""
        return self._pages(lambda skip, take: ops.properties(skip, take, filter), page_size)

    def property(self, id: str) -> Property:
        """travelProperty: one stay."""
        return self._run(ops.property(id))

    def properties_count(self, *, filter: ListingFilter | None = None) -> int:
        """travelPropertiesCount: how many stays `properties` lists, over all pages."""
        return self._run(ops.properties_count(filter))

    def tours(
        self, *, skip: int = 0, take: int = 20, filter: ListingFilter | None = None
    ) -> list[Tour]:
        """travelTours: a page of tours."""
        return self._run(ops.tours(skip, take, filter))

    def iter_tours(
        self, *, filter: ListingFilter | None = None, page_size: int = ops.MAX_TAKE
    ) -> Iterator[Tour]:
        """Every tour of travelTours, a page at a time."""
        return self._pages(lambda skip, take: ops.tours(skip, take, filter), page_size)

    def tour(self, id: str) -> Tour:
        """travelTour: one tour."""
        return self._run(ops.tour(id))

    def tours_count(self, *, filter: ListingFilter | None = None) -> int:
        """travelToursCount: how many tours `tours` lists, over all pages."""
        return self._run(ops.tours_count(filter))

    def activities(
        self, *, skip: int = 0, take: int = 20, filter: ListingFilter | None = None
    ) -> list[Activity]:
        """travelActivities: a page of activities."""
        return self._run(ops.activities(skip, take, filter))

    def iter_activities(
        self, *, filter: ListingFilter | None = None, page_size: int = ops.MAX_TAKE
    ) -> Iterator[Activity]:
        """Every activity of travelActivities, a page at a time."""
        return self._pages(lambda skip, take: ops.activities(skip, take, filter), page_size)

    def activity(self, id: str) -> Activity:
        """travelActivity: one activity."""
        return self._run(ops.activity(id))

    def activities_count(self, *, filter: ListingFilter | None = None) -> int:
        """travelActivitiesCount: how many activities `activities` lists, over all pages."""
        return self._run(ops.activities_count(filter))

    def events(
        self, *, skip: int = 0, take: int = 20, filter: ListingFilter | None = None
    ) -> list[Event]:
        """travelEvents: a page of events."""
        return self._run(ops.events(skip, take, filter))

    def iter_events(
        self, *, filter: ListingFilter | None = None, page_size: int = ops.MAX_TAKE
    ) -> Iterator[Event]:
        """Every event of travelEvents, a page at a time."""
        return self._pages(lambda skip, take: ops.events(skip, take, filter), page_size)

    def event(self, id: str) -> Event:
        """travelEvent: one event."""
        return self._run(ops.event(id))

    def events_count(self, *, filter: ListingFilter | None = None) -> int:
        """travelEventsCount: how many events `events` lists, over all pages."""
        return self._run(ops.events_count(filter))

    def trips(
        self, *, skip: int = 0, take: int = 20, filter: ListingFilter | None = None
    ) -> list[Trip]:
        """travelTrips: a page of trips (transport departures)."""
        return self._run(ops.trips(skip, take, filter))

    def iter_trips(
        self, *, filter: ListingFilter | None = None, page_size: int = ops.MAX_TAKE
    ) -> Iterator[Trip]:
        """Every trip of travelTrips, a page at a time."""
        return self._pages(lambda skip, take: ops.trips(skip, take, filter), page_size)

    def trip(self, id: str) -> Trip:
        """travelTrip: one trip."""
        return self._run(ops.trip(id))

    def trips_count(self, *, filter: ListingFilter | None = None) -> int:
        """travelTripsCount: how many trips `trips` lists, over all pages."""
        return self._run(ops.trips_count(filter))

    def availability(self, kind: Kind, id: str, from_: Day, to: Day) -> list[Availability]:
        """A listing's calendar, `from_` to `to` included: date, capacity, available."""
        return self._run(ops.availability(kind, id, from_, to))

    # -- hosting (travel:host): each call sends an Idempotency-Key (generated unless given,
    # reused on retries); optional arguments left as None take the API's defaults ----------

    def create_provider(
        self, name: str, type: ProviderKind, *, idempotency_key: str | None = None
    ) -> Provider:
        """createTravelProvider: a HOST or OPERATOR owned by the caller."""
        return self._run(ops.create_provider(name, type, idempotency_key))

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
    ) -> Property:
        """createTravelProperty: a stay of `units` rooms for up to `max_guests` each."""
        fields = compact(
            provider_id=provider_id, name=name, location=location, price_per_night=price_per_night,
            currency=currency, description=description, amenities=_strings(amenities),
            max_guests=max_guests, units=units,
        )  # fmt: skip
        return self._run(ops.create_property(fields, idempotency_key))

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
    ) -> Tour:
        """createTravelTour: `capacity` persons per date, `price` per person."""
        fields = compact(
            provider_id=provider_id, name=name, location=location, price=price, capacity=capacity,
            duration_minutes=duration_minutes, currency=currency, description=description,
            amenities=_strings(amenities),
        )  # fmt: skip
        return self._run(ops.create_tour(fields, idempotency_key))

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
    ) -> Activity:
        """createTravelActivity: `capacity` persons per date, `price` per person."""
        fields = compact(
            provider_id=provider_id, name=name, location=location, price=price, capacity=capacity,
            duration_minutes=duration_minutes, currency=currency, description=description,
            amenities=_strings(amenities),
        )  # fmt: skip
        return self._run(ops.create_activity(fields, idempotency_key))

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
    ) -> Event:
        """createTravelEvent: booked on the UTC date it starts."""
        fields = compact(
            provider_id=provider_id, name=name, location=location, price=price, capacity=capacity,
            starts_at=starts_at, ends_at=ends_at, currency=currency, description=description,
            amenities=_strings(amenities),
        )  # fmt: skip
        return self._run(ops.create_event(fields, idempotency_key))

    def create_trip(
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
        idempotency_key: str | None = None,
    ) -> Trip:
        """createTravelTrip: `capacity` seats, booked on the UTC date it departs."""
        fields = compact(
            provider_id=provider_id, name=name, price=price, capacity=capacity, origin=origin,
            destination=destination, departs_at=departs_at, mode=mode, arrives_at=arrives_at,
            location=location, currency=currency, description=description,
            amenities=_strings(amenities),
        )  # fmt: skip
        return self._run(ops.create_trip(fields, idempotency_key))

    # -- bookings and the wishlist: mutations send an Idempotency-Key as above --------------

    def bookings(
        self, *, skip: int = 0, take: int = 20, filter: BookingFilter | None = None
    ) -> list[Booking]:
        """travelBookings: the bookings the caller may see, newest first."""
        return self._run(ops.bookings(skip, take, filter))

    def iter_bookings(
        self, *, filter: BookingFilter | None = None, page_size: int = ops.MAX_TAKE
    ) -> Iterator[Booking]:
        """Every booking of travelBookings, a page at a time."""
        return self._pages(lambda skip, take: ops.bookings(skip, take, filter), page_size)

    def booking(self, id: str) -> Booking:
        """travelBooking: one booking the caller may see (any other id is NOT_FOUND)."""
        return self._run(ops.booking(id))

    def bookings_count(self, *, filter: BookingFilter | None = None) -> int:
        """travelBookingsCount: how many bookings `bookings` lists, over all pages."""
        return self._run(ops.bookings_count(filter))

    def create_booking(
        self,
        target_type: Kind,
        target_id: str,
        check_in: Day,
        check_out: Day | None = None,
        guests: int | None = None,
        *,
        idempotency_key: str | None = None,
    ) -> Booking:
        """createTravelBooking: CONFIRMED and PAID, or UNAVAILABLE when nothing is left.
        `check_out` is required for a PROPERTY; `guests` defaults to 1."""
        call = ops.create_booking(
            target_type, target_id, check_in, check_out, guests, idempotency_key
        )
        return self._run(call)

    def cancel_booking(self, id: str, *, idempotency_key: str | None = None) -> Booking:
        """cancelTravelBooking: CONFIRMED → CANCELLED, payment REFUNDED."""
        return self._run(ops.cancel_booking(id, idempotency_key))

    def favorites(self, *, skip: int = 0, take: int = 20) -> list[Favorite]:
        """travelFavorites: the caller's wishlist, newest first."""
        return self._run(ops.favorites(skip, take))

    def iter_favorites(self, *, page_size: int = ops.MAX_TAKE) -> Iterator[Favorite]:
        """Every saved listing of travelFavorites, a page at a time."""
        return self._pages(ops.favorites, page_size)

    def favorites_count(self) -> int:
        """travelFavoritesCount: how many listings the caller's wishlist holds."""
        return self._run(ops.favorites_count())

    def toggle_favorite(
        self, target_type: Kind, target_id: str, *, idempotency_key: str | None = None
    ) -> bool:
        """toggleTravelFavorite: True when the listing is now saved, False when removed."""
        return self._run(ops.toggle_favorite(target_type, target_id, idempotency_key))

    # -- the connection ---------------------------------------------------------------------

    def close(self) -> None:
        """Close the connection pool (not an injected `http_client`: that is the caller's)."""
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> TravelClient:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _run(self, call: Call[T]) -> T:
        key = idempotency_key(call)
        response = self.execute(call.document, call.variables, idempotency_key=key)
        core.raise_field_errors(response, call.field)
        return call.read(response.data or {})

    def _pages(
        self, fetch: Callable[[int, int], Call[list[Item]]], page_size: int
    ) -> Iterator[Item]:
        """Pages of `page_size` until a short one. Offsets shift when items are added or
        removed meanwhile: an item already yielded is never yielded again."""
        size = check_page_size(page_size)
        seen: set[str] = set()
        skip = 0
        while True:
            batch = self._run(fetch(skip, size))
            for item in batch:
                if item.id not in seen:
                    seen.add(item.id)
                    yield item
            if len(batch) < size:
                return
            skip += size

    def _send(self, prepared: Prepared) -> core.Response:
        try:
            reply = self._http.post(self.url, content=prepared.content, headers=prepared.headers)
        except (httpx.HTTPError, httpx.InvalidURL) as exc:
            raise self._unreachable(exc) from None
        return self._read(reply)


def _strings(values: Sequence[str] | None) -> list[str] | None:
    return None if values is None else list(values)
