"""Python SDK for the travel marketplace API.

    from travel.client import TravelClient

    with TravelClient() as client:  # PLATFORM_ENV / TRAVEL_API_URL, TRAVEL_API_KEY / TRAVEL_TOKEN
        stays = client.properties(take=5, filter={"location": "lisbon"})

Guide: docs/sdk.md.
"""

from travel.client.aio import AsyncTravelClient
from travel.client.core import RateLimit, Response
from travel.client.environments import Environment, UnknownEnvironment, environment, resolve_url
from travel.client.errors import (
    RateLimitedError,
    TransportError,
    TravelAPIError,
    TravelClientError,
)
from travel.client.retry import RetryPolicy
from travel.client.sync import TravelClient

__all__ = [
    "AsyncTravelClient",
    "Environment",
    "RateLimit",
    "RateLimitedError",
    "Response",
    "RetryPolicy",
    "TransportError",
    "TravelAPIError",
    "TravelClient",
    "TravelClientError",
    "UnknownEnvironment",
    "environment",
    "resolve_url",
]
