"""Examples: hosts create providers and listings; travelers read the catalog."""

from __future__ import annotations

from typing import Any

from example import EVENT_AT, TRIP_AT, Example, Variables, keep

LISTING = "id kind name location price priceUnit currency rating provider { id name }"

HOSTING = [
    Example(
        "create-provider",
        "host",
        """mutation CreateProvider($input: CreateTravelProviderInput!) {
  createTravelProvider(input: $input) { id name type rating }
}""",
        {"input": {"name": "Casa do Rio", "type": "HOST"}},
        save=keep("provider", "createTravelProvider", "id"),
    ),
    Example(
        "create-operator",
        "host",
        """mutation CreateOperator($input: CreateTravelProviderInput!) {
  createTravelProvider(input: $input) { id name type }
}""",
        {"input": {"name": "Tejo Tours", "type": "OPERATOR"}},
        save=keep("operator", "createTravelProvider", "id"),
    ),
    Example(
        "create-property",
        "host",
        """mutation CreateProperty($input: CreateTravelPropertyInput!) {
  createTravelProperty(input: $input) {
    id name location latitude longitude pricePerNight currency maxGuests units amenities
  }
}""",
        lambda ids: {
            "input": {
                "providerId": ids["provider"],
                "name": "Alfama Loft",
                "location": "Lisbon, Portugal",
                "pricePerNight": "120.00",
                "currency": "EUR",
                "description": "A loft with a river view.",
                "amenities": ["wifi", "balcony"],
                "maxGuests": 2,
                "units": 1,
                "latitude": 38.7115,
                "longitude": -9.13,
            }
        },
        save=keep("property", "createTravelProperty", "id"),
    ),
    Example(
        "create-tour",
        "host",
        """mutation CreateTour($input: CreateTravelTourInput!) {
  createTravelTour(input: $input) { id name price priceUnit currency capacity durationMinutes }
}""",
        lambda ids: {
            "input": {
                "providerId": ids["operator"],
                "name": "Old Town Walk",
                "location": "Lisbon, Portugal",
                "price": "25.00",
                "currency": "EUR",
                "capacity": 12,
                "durationMinutes": 150,
            }
        },
        save=keep("tour", "createTravelTour", "id"),
    ),
    Example(
        "create-activity",
        "host",
        """mutation CreateActivity($input: CreateTravelActivityInput!) {
  createTravelActivity(input: $input) { id name price capacity durationMinutes }
}""",
        lambda ids: {
            "input": {
                "providerId": ids["operator"],
                "name": "Surf Lesson",
                "location": "Cascais, Portugal",
                "price": "45.00",
                "currency": "EUR",
                "capacity": 6,
                "durationMinutes": 120,
            }
        },
        save=keep("activity", "createTravelActivity", "id"),
    ),
    Example(
        "create-event",
        "host",
        """mutation CreateEvent($input: CreateTravelEventInput!) {
  createTravelEvent(input: $input) { id name price capacity startsAt endsAt }
}""",
        lambda ids: {
            "input": {
                "providerId": ids["operator"],
                "name": "Fado Night",
                "location": "Lisbon, Portugal",
                "price": "35.00",
                "currency": "EUR",
                "capacity": 80,
                "startsAt": EVENT_AT[0],
                "endsAt": EVENT_AT[1],
            }
        },
        save=keep("event", "createTravelEvent", "id"),
    ),
    Example(
        "create-trip",
        "host",
        """mutation CreateTrip($input: CreateTravelTripInput!) {
  createTravelTrip(input: $input) {
    id name origin destination departsAt arrivesAt mode price capacity
  }
}""",
        lambda ids: {
            "input": {
                "providerId": ids["operator"],
                "name": "Lisbon to Porto",
                "origin": "Lisbon",
                "destination": "Porto",
                "departsAt": TRIP_AT[0],
                "arrivesAt": TRIP_AT[1],
                "mode": "TRAIN",
                "price": "31.20",
                "currency": "EUR",
                "capacity": 300,
            }
        },
        save=keep("trip", "createTravelTrip", "id"),
    ),
]


def _list(name: str, field: str, variables: Variables, selection: str = LISTING) -> Example:
    filter_type = (
        "TravelProviderFilterInput" if field == "travelProviders" else ("TravelListingFilterInput")
    )
    document = f"""query {name}($pagination: TravelPaginationInput, $filter: {filter_type}) {{
  {field}(pagination: $pagination, filter: $filter) {{ {selection} }}
}}"""
    return Example(f"list-{field.removeprefix('travel').lower()}", "traveler", document, variables)


def _one(name: str, field: str, key: str, selection: str) -> Example:
    document = f"""query {name}($id: ID!) {{
  {field}(id: $id) {{ {selection} }}
}}"""
    return Example(f"get-{key}", "traveler", document, lambda ids: {"id": ids[key]})


def _filter(**conditions: Any) -> dict[str, Any]:
    return {"pagination": {"skip": 0, "take": 2}, "filter": conditions}


CATALOG = [
    _list("Providers", "travelProviders", _filter(type="OPERATOR", text="tejo"), "id name type"),
    _one("Provider", "travelProvider", "provider", "id name type rating"),
    _list(
        "Properties",
        "travelProperties",
        _filter(
            location="lisbon",
            maxPrice="150",
            availableFrom="2030-07-01",
            availableTo="2030-07-04",
            guests=2,
        ),
        "id name location pricePerNight currency rating maxGuests",
    ),
    _one(
        "Property",
        "travelProperty",
        "property",
        """id name description location pricePerNight currency rating amenities
    provider { id name rating }
    availability(from: "2030-07-01", to: "2030-07-03") { date capacity available }""",
    ),
    _list("Tours", "travelTours", _filter(text="walk", location="lisbon")),
    _one("Tour", "travelTour", "tour", f"{LISTING} capacity durationMinutes"),
    _list("Activities", "travelActivities", _filter(location="cascais")),
    _one("Activity", "travelActivity", "activity", f"{LISTING} capacity durationMinutes"),
    _list("Events", "travelEvents", _filter(text="fado")),
    _one("Event", "travelEvent", "event", f"{LISTING} capacity startsAt endsAt"),
    _list(
        "Trips",
        "travelTrips",
        _filter(availableFrom="2030-07-03", availableTo="2030-07-03", guests=2),
        "id name origin destination departsAt mode price currency",
    ),
    _one("Trip", "travelTrip", "trip", "id name origin destination departsAt arrivesAt mode"),
    Example(
        "search",
        "traveler",
        """query Search($text: String, $filter: TravelSearchFilterInput, $sort: TravelListingSort) {
  travelSearch(text: $text, filter: $filter, sort: $sort) {
    total
    didYouMean
    listings(pagination: {take: 3}) { id kind name location price currency rating }
    facets {
      kinds { value count }
      amenities(top: 3) { value count }
      prices(buckets: 4) { min max count }
    }
  }
}""",
        {
            "text": "lisbn loft",
            "filter": {
                "currency": "EUR",
                "near": {"latitude": 38.7223, "longitude": -9.1393, "radiusKm": 10},
            },
            "sort": "RELEVANCE",
        },
    ),
    Example(
        "suggest",
        "traveler",
        """query Suggest($prefix: String!) {
  travelSuggest(prefix: $prefix, limit: 5) { type text listings listing { id kind name } }
}""",
        {"prefix": "lis"},
    ),
]
