"""Reading the catalog: providers and the five listing kinds (travel:read)."""

from __future__ import annotations

from datetime import date

from travel.client.operations import selections as sel
from travel.client.operations.base import (
    OperationsBase,
    R,
    count_document,
    filtered,
    list_document,
    one_document,
    page,
)
from travel.client.types import BookingType, ListingFilter, ProviderFilter

LISTING_FILTER = "TravelListingFilterInput"


class Inventory(OperationsBase[R]):
    """travelProviders … travelTrip: lists are oldest first, `take` 0..100."""

    def providers(
        self, *, skip: int = 0, take: int = 20, filter: ProviderFilter | None = None
    ) -> R:
        """travelProviders: a page of providers, optionally filtered."""
        document = list_document("travelProviders", sel.PROVIDER, "TravelProviderFilterInput")
        return self._call("travelProviders", document, page(skip, take, filter))

    def provider(self, id: str) -> R:
        """travelProvider: one provider (NOT_FOUND outside the workspace)."""
        return self._call(
            "travelProvider", one_document("travelProvider", sel.PROVIDER), {"id": id}
        )

    def properties(
        self, *, skip: int = 0, take: int = 20, filter: ListingFilter | None = None
    ) -> R:
        """travelProperties: a page of stays."""
        return self._list("PROPERTY", skip, take, filter)

    def property(self, id: str) -> R:
        """travelProperty: one stay."""
        return self._one("PROPERTY", id)

    def tours(self, *, skip: int = 0, take: int = 20, filter: ListingFilter | None = None) -> R:
        """travelTours: a page of tours."""
        return self._list("TOUR", skip, take, filter)

    def tour(self, id: str) -> R:
        """travelTour: one tour."""
        return self._one("TOUR", id)

    def activities(
        self, *, skip: int = 0, take: int = 20, filter: ListingFilter | None = None
    ) -> R:
        """travelActivities: a page of activities."""
        return self._list("ACTIVITY", skip, take, filter)

    def activity(self, id: str) -> R:
        """travelActivity: one activity."""
        return self._one("ACTIVITY", id)

    def events(self, *, skip: int = 0, take: int = 20, filter: ListingFilter | None = None) -> R:
        """travelEvents: a page of events."""
        return self._list("EVENT", skip, take, filter)

    def event(self, id: str) -> R:
        """travelEvent: one event."""
        return self._one("EVENT", id)

    def trips(self, *, skip: int = 0, take: int = 20, filter: ListingFilter | None = None) -> R:
        """travelTrips: a page of trips (transport departures)."""
        return self._list("TRIP", skip, take, filter)

    def trip(self, id: str) -> R:
        """travelTrip: one trip."""
        return self._one("TRIP", id)

    def providers_count(self, *, filter: ProviderFilter | None = None) -> R:
        """travelProvidersCount: how many providers `providers` lists, over all pages."""
        document = count_document("travelProvidersCount", "TravelProviderFilterInput")
        return self._call("travelProvidersCount", document, filtered(filter))

    def properties_count(self, *, filter: ListingFilter | None = None) -> R:
        """travelPropertiesCount: how many stays `properties` lists, over all pages."""
        return self._count("PROPERTY", filter)

    def tours_count(self, *, filter: ListingFilter | None = None) -> R:
        """travelToursCount: how many tours `tours` lists, over all pages."""
        return self._count("TOUR", filter)

    def activities_count(self, *, filter: ListingFilter | None = None) -> R:
        """travelActivitiesCount: how many activities `activities` lists, over all pages."""
        return self._count("ACTIVITY", filter)

    def events_count(self, *, filter: ListingFilter | None = None) -> R:
        """travelEventsCount: how many events `events` lists, over all pages."""
        return self._count("EVENT", filter)

    def trips_count(self, *, filter: ListingFilter | None = None) -> R:
        """travelTripsCount: how many trips `trips` lists, over all pages."""
        return self._count("TRIP", filter)

    def availability(self, kind: BookingType, id: str, from_: date | str, to: date | str) -> R:
        """A listing's calendar, `from_` to `to` included: [{date, capacity, available}]."""
        field = sel.KINDS[kind][1]
        document = (
            f"query($id: ID!, $from: Date!, $to: Date!) {{ {field}(id: $id) "
            f"{{ availability(from: $from, to: $to) {{ {sel.AVAILABILITY} }} }} }}"
        )
        variables = {"id": id, "from": from_, "to": to}
        return self._call(field, document, variables, pick=lambda listing: listing["availability"])

    def _list(self, kind: BookingType, skip: int, take: int, filter: ListingFilter | None) -> R:
        selection, _, field = sel.KINDS[kind]
        document = list_document(field, selection, LISTING_FILTER)
        return self._call(field, document, page(skip, take, filter))

    def _count(self, kind: BookingType, filter: ListingFilter | None) -> R:
        field = f"{sel.KINDS[kind][2]}Count"
        return self._call(field, count_document(field, LISTING_FILTER), filtered(filter))

    def _one(self, kind: BookingType, id: str) -> R:
        selection, field, _ = sel.KINDS[kind]
        return self._call(field, one_document(field, selection), {"id": id})
