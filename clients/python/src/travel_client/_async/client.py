"""The client: every group of operations over one connection."""

from __future__ import annotations

from travel_client._async.account import AsyncAccount
from travel_client._async.bookings import AsyncBookings
from travel_client._async.catalog import AsyncCatalog
from travel_client._async.hosting import AsyncHosting


class AsyncTravelClient(AsyncAccount, AsyncCatalog, AsyncHosting, AsyncBookings):
    """A client of one workspace gateway: close it (`async with`, or the close method).

    Typed methods return models generated from the schema (money as Decimal, dates as date,
    instants as datetime); lists are one page (`skip`, `take`), and the `iter_*` methods page
    through a whole list. `query()` and `execute()` run any document and return its JSON.
    """
