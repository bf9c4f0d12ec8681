"""The blocking client (travel_client._sync, generated from travel_client._async)."""

from travel_client._sync.client import TravelClient

__all__ = ["TravelClient"]
