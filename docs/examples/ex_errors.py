"""Examples of each error a partner meets, with its HTTP status and headers."""

from __future__ import annotations

from ex_bookings import BOOK
from example import STAY, Example

NOBODY = "00000000-0000-4000-8000-000000000000"
PING = "{ travelProperties(pagination: {skip: 0, take: 1}) { id name } }"
STATS = "{ travelOverviewStats { totalBookings } }"
QUOTA = ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset")

ERRORS = [
    Example(
        "error-unauthenticated",
        None,
        PING,
        expect="UNAUTHENTICATED",
        status=401,
        show_headers=("WWW-Authenticate",),
    ),
    Example(
        "error-forbidden",
        "traveler",
        'mutation { createTravelProvider(input: {name: "Mine", type: HOST}) { id } }',
        expect="FORBIDDEN",
    ),
    Example(
        "error-not-found",
        "traveler",
        "query ($id: ID!) { travelProperty(id: $id) { id name } }",
        {"id": NOBODY},
        expect="NOT_FOUND",
    ),
    Example(
        "error-validation-field",
        "traveler",
        "{ travelTours(pagination: {take: 500}) { id } }",
        expect="VALIDATION_ERROR",
    ),
    Example(
        "error-validation-input",
        "traveler",
        BOOK,
        lambda ids: {
            "input": {
                "targetType": "PROPERTY",
                "targetId": ids["property"],
                "checkIn": "2030-07-04",
                "checkOut": "2030-07-01",
            }
        },
        expect="VALIDATION_ERROR",
    ),
    Example(
        "error-validation-document",
        "traveler",
        "{ travelProperties { id nightlyPrice } }",
        expect="VALIDATION_ERROR",
        status=400,
    ),
    Example(
        "error-unavailable",
        "traveler",
        BOOK,
        lambda ids: {"input": {"targetType": "PROPERTY", "targetId": ids["property"], **STAY}},
        expect="UNAVAILABLE",
    ),
    Example(
        "error-key-reused",
        "traveler",
        BOOK,
        lambda ids: {
            "input": {
                "targetType": "PROPERTY",
                "targetId": ids["property"],
                "checkIn": "2030-09-01",
                "checkOut": "2030-09-02",
            }
        },
        headers={"Idempotency-Key": "loft-2030-07-01-guest-42"},
        expect="IDEMPOTENCY_KEY_REUSED",
        status=422,
    ),
    Example(
        "error-rate-limited",
        "limited",
        STATS,
        expect="RATE_LIMITED",
        status=429,
        spend_first=30,
        show_headers=("Retry-After", *QUOTA),
    ),
    Example(
        "rate-limit-headers",
        "traveler",
        PING,
        show_headers=(*QUOTA, "X-Request-Id"),
    ),
]
