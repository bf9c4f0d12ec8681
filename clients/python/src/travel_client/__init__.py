"""Python SDK of the travel marketplace API (its own distribution: travel-marketplace-client).

    from travel_client import TravelClient

    with TravelClient() as client:  # PLATFORM_ENV / TRAVEL_API_URL, TRAVEL_API_KEY / TRAVEL_TOKEN
        for stay in client.iter_properties(filter={"location": "lisbon"}):
            print(stay.name, stay.price, stay.currency)  # a Property; price is a Decimal

Guide: docs/sdk.md of the repository, or README.md of this distribution.
"""

from travel_client.aio import AsyncTravelClient
from travel_client.core import RateLimit, Response
from travel_client.environments import Environment, UnknownEnvironment, environment, resolve_url
from travel_client.errors import (
    ConflictError,
    RateLimitedError,
    TransportError,
    TravelAPIError,
    TravelClientError,
    UnexpectedResultError,
)
from travel_client.retry import RetryPolicy
from travel_client.sync import TravelClient
from travel_client.types import UNCHANGED, Unchanged

__version__ = "0.2.0"

__all__ = [
    "UNCHANGED",
    "AsyncTravelClient",
    "ConflictError",
    "Environment",
    "RateLimit",
    "RateLimitedError",
    "Response",
    "RetryPolicy",
    "TransportError",
    "TravelAPIError",
    "TravelClient",
    "TravelClientError",
    "Unchanged",
    "UnexpectedResultError",
    "UnknownEnvironment",
    "__version__",
    "environment",
    "resolve_url",
]
