"""The five kinds of listing and everything keyed by them: the GraphQL type and operation names,
the words the schema describes them with, the booking unit, the date an event or a trip is fixed
to, the word of reference codes (docs/design.md §3, §4)."""

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
    def word(self) -> str:
        """The kind in prose: stay, tour, activity, event, trip."""
        return "stay" if self.is_stay else self.value.lower()

    @property
    def plural(self) -> str:
        """stays, tours, activities, events, trips."""
        return _plural(self.word)

    @property
    def article(self) -> str:
        """The indefinite article before `word`: a stay, an activity, ..."""
        return "an" if self.word[0] in "aeiou" else "a"

    @property
    def list_title(self) -> str:
        """How the schema's descriptions name a list of them: Stays, Tours, ..., and the trips
        said to be transport departures."""
        title = self.plural.capitalize()
        return f"{title} (transport departures)" if self is ListingKind.TRIP else title

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
        return f"travel{_plural(self.noun)}"

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
    def update_mutation(self) -> str:
        """The mutation that changes one: updateTravelProperty, ..."""
        return f"updateTravel{self.noun}"

    @property
    def update_input(self) -> str:
        """Its input type: UpdateTravelPropertyInput, ..."""
        return f"UpdateTravel{self.noun}Input"

    @property
    def is_stay(self) -> bool:
        """Stays are booked by the night for a party; everything else per person (per date)."""
        return self is ListingKind.PROPERTY

    @property
    def fixed_start_column(self) -> str | None:
        """Events and trips happen once: the listing column (and record field) of the instant
        they start or depart, whose UTC date is the only one they can be booked on. None for
        kinds that run every date."""
        if self is ListingKind.EVENT:
            return "starts_at"
        if self is ListingKind.TRIP:
            return "departs_at"
        return None

    @property
    def booking_unit(self) -> str:
        """What a booking's quantity counts: NIGHT for stays, PERSON for the rest."""
        return "NIGHT" if self.is_stay else "PERSON"

    @property
    def reference_word(self) -> str:
        """The middle part of a booking's reference code: TRV-{word}-XXXXXXXX."""
        return self.value


def _plural(word: str) -> str:
    """activity → activities, Property → Properties; stay → stays."""
    return f"{word[:-1]}ies" if word[-1] == "y" and word[-2] not in "aeiou" else f"{word}s"


KINDS = tuple(ListingKind)
"""Every kind, in the schema's order (TravelBookingType)."""
