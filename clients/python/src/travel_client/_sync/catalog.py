# Generated from _async/catalog.py by scripts/sdk-codegen.sh: do not edit.
"""Reading the catalog (travel:read): lists are oldest first, `take` 0..100."""

from __future__ import annotations

from collections.abc import Iterator

from travel_client._generated import (
    Activity,
    Availability,
    Event,
    Property,
    Provider,
    SearchFacetsTravelSearch,
    SearchTravelSearch,
    Suggestion,
    Tour,
    Trip,
)
from travel_client._operations import MAX_TAKE, Day
from travel_client._operations import catalog as ops
from travel_client._sync.connection import SyncConnection
from travel_client.types import Kind, ListingFilter, ProviderFilter, SearchFilter


class SyncCatalog(SyncConnection):
    def providers(
        self, *, skip: int = 0, take: int = 20, filter: ProviderFilter | None = None
    ) -> list[Provider]:
        """travelProviders: a page of providers, optionally filtered."""
        return self._run(ops.providers(skip, take, filter))

    def iter_providers(
        self, *, filter: ProviderFilter | None = None, page_size: int = MAX_TAKE
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
        self, *, filter: ListingFilter | None = None, page_size: int = MAX_TAKE
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
        self, *, filter: ListingFilter | None = None, page_size: int = MAX_TAKE
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
        self, *, filter: ListingFilter | None = None, page_size: int = MAX_TAKE
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
        self, *, filter: ListingFilter | None = None, page_size: int = MAX_TAKE
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
        self, *, filter: ListingFilter | None = None, page_size: int = MAX_TAKE
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

    def search(
        self,
        text: str | None = None,
        *,
        filter: SearchFilter | None = None,
        sort: str | None = None,
        skip: int = 0,
        take: int = 20,
    ) -> SearchTravelSearch:
        """travelSearch: one search across every kind — `total`, `did_you_mean` and a page of
        `listings`, best match first with text (or in `sort` order: PRICE_ASC, RATING, …)."""
        return self._run(ops.search(text, filter, sort, skip, take))

    def search_facets(
        self,
        text: str | None = None,
        *,
        filter: SearchFilter | None = None,
        top: int = 10,
        buckets: int = 10,
    ) -> SearchFacetsTravelSearch:
        """travelSearch's `total` and `facets`: counts by kind, place, amenity and rating, and
        a price histogram when `filter` names a currency."""
        return self._run(ops.search_facets(text, filter, top, buckets))

    def suggest(self, prefix: str, *, limit: int = 8) -> list[Suggestion]:
        """travelSuggest: places and listings for what is being typed (2+ letters)."""
        return self._run(ops.suggest(prefix, limit))
