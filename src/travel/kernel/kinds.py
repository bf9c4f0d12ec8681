"""The five kinds of listing and everything keyed by them: the GraphQL type and operation names,
the booking unit, the word of reference codes (docs/design.md §3, §4)."""

from __future__ import annotations

from enum import StrEnum


class ListingKind(StrEnum):
    """A kind of listing; its value is the stored `kind` and the `TravelBookingType` value."""

    PROPERTY = "PROPERTY"
    TOUR = "TOUR"
    ACTIVITY = "ACTIVITY"
    EVENT = "EVENT"
    TRIP = "TRIP"

    @property
    def noun(self) -> str:
        """The kind's name in type names and messages: Property, Tour, ..."""
        return self.value.capitalize()

    @property
    def type_name(self) -> str:
        """The GraphQL object type: TravelProperty, TravelTour, ..."""
        return f"Travel{self.noun}"

    @property
    def one_query(self) -> str:
        """The query of one listing: travelProperty, travelTour, ..."""
        return f"travel{self.noun}"

    @property
    def list_query(self) -> str:
        """The query of a page of listings: travelProperties, travelTours, ..."""
        noun = self.noun
        return f"travel{noun[:-1]}ies" if noun.endswith("y") else f"travel{noun}s"

    @property
    def count_query(self) -> str:
        """The query of how many listings a filter matches: travelPropertiesCount, ..."""
        return f"{self.list_query}Count"

    @property
    def create_mutation(self) -> str:
        return f"createTravel{self.noun}"

    @property
    def create_input(self) -> str:
        """The input type of the create mutation: CreateTravelPropertyInput, ..."""
        return f"CreateTravel{self.noun}Input"

    @property
    def is_stay(self) -> bool:
        """Stays are booked by the night for a party; everything else per person (per date)."""
        return self is ListingKind.PROPERTY

    @property
    def booking_unit(self) -> str:
        """What a booking's quantity counts: NIGHT for stays, PERSON for the rest."""
        return "NIGHT" if self.is_stay else "PERSON"

    @property
    def reference_word(self) -> str:
        """The middle part of a booking's reference code: TRV-{word}-XXXXXXXX."""
        return self.value


KINDS = tuple(ListingKind)
"""Every kind, in the schema's order (TravelBookingType)."""
