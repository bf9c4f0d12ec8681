"""The asyncio client (travel_client._async)."""

from travel_client._async.client import AsyncTravelClient

__all__ = ["AsyncTravelClient"]
