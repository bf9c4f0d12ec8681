"""Python SDK for the travel marketplace API.

from travel.client import TravelClient
with TravelClient() as client:          # PLATFORM_ENV, TRAVEL_API_KEY / TRAVEL_TOKEN
    client.properties(take=5)
"""

from travel.client.aio import AsyncTravelClient
from travel.client.environments import Environment, resolve_url
from travel.client.errors import RateLimitedError, TransportError, TravelAPIError
from travel.client.sync import TravelClient

__all__ = [
    "AsyncTravelClient",
    "Environment",
    "RateLimitedError",
    "TransportError",
    "TravelAPIError",
    "TravelClient",
    "resolve_url",
]
