"""Typed methods for every query and mutation of the served schema, shared by the sync and
async clients. Results are the API's JSON (dicts, lists, money as decimal strings)."""

from travel.client.operations.account import Account
from travel.client.operations.analytics import Analytics
from travel.client.operations.base import R
from travel.client.operations.bookings import Bookings
from travel.client.operations.hosting import Hosting
from travel.client.operations.inventory import Inventory


class Operations(Account[R], Inventory[R], Bookings[R], Hosting[R], Analytics[R]):
    """Every operation: see the groups for each method."""


__all__ = ["Operations"]
