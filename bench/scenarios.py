"""The benchmark scenarios: a GraphQL request for the service and the baseline route that runs
the same service and SQL code without GraphQL, authentication or limits."""

from __future__ import annotations

from dataclasses import dataclass

import orjson

LISTING = (
    "__typename id name location pricePerNight price currency rating amenities "
    "provider { id name type rating }"
)
ROOTS = {
    "PROPERTY": "travelProperties",
    "TOUR": "travelTours",
    "ACTIVITY": "travelActivities",
    "EVENT": "travelEvents",
    "TRIP": "travelTrips",
}
BOOKING_TEMPLATE = (
    '{"query":"mutation($i: CreateTravelBookingInput!) { createTravelBooking(input: $i) '
    '{ id referenceCode } }","variables":{"i":{"targetType":"TOUR","targetId":"%s",'
    '"checkIn":"%s","guests":1}}}'
)


@dataclass(frozen=True)
class Scenario:
    name: str
    body: bytes  # the GraphQL request the service gets
    baseline_path: str
    role: str  # whose key the service request carries
    read: bool = True  # also run against graphql-core's standard executor
    floor: bool = True  # the floor (bench.floor) answers it too


def _body(query: str, variables: dict[str, object] | None = None) -> bytes:
    return orjson.dumps({"query": query, "variables": variables or {}})


def read_scenarios(single_id: str) -> list[Scenario]:
    out = [
        Scenario(
            "connectivity check",
            _body("{ travelProperties(pagination: {skip: 0, take: 1}) { id name } }"),
            "/ping",
            "traveler",
        )
    ]
    for kind, root in ROOTS.items():
        out.append(
            Scenario(
                f"{root} 50 + providers",
                _body(f"{{ {root}(pagination: {{skip: 0, take: 50}}) {{ {LISTING} }} }}"),
                f"/list/{kind}",
                "traveler",
            )
        )
    out.append(
        Scenario(
            "single listing",
            _body(
                f"query($id: ID!) {{ travelProperty(id: $id) {{ {LISTING} }} }}", {"id": single_id}
            ),
            "/single",
            "traveler",
        )
    )
    out.append(
        Scenario(
            "travelBookings (busy traveler)",
            _body(
                "{ travelBookings(pagination: {skip: 0, take: 50}) { id referenceCode status "
                "checkIn checkOut totalPrice currency target { __typename id name } } }"
            ),
            "/bookings",
            "traveler",
        )
    )
    return out


def analytics_scenarios() -> list[Scenario]:
    return [
        Scenario(
            "travelOverviewStats",
            _body("{ travelOverviewStats { totalBookings totalRevenue occupancyRate } }"),
            "/overview",
            "admin",
            read=False,
            floor=False,
        ),
        Scenario(
            "travelAnalytics",
            _body(
                "{ travelAnalytics { categoryMix { category count } "
                "topProviders { id name bookings revenue } } }"
            ),
            "/analytics",
            "admin",
            read=False,
            floor=False,
        ),
    ]
