# Generated from _async/client.py by scripts/sdk-codegen.sh: do not edit.
"""The client: every group of operations over one connection."""

from __future__ import annotations

from travel_client._sync.account import SyncAccount
from travel_client._sync.bookings import SyncBookings
from travel_client._sync.catalog import SyncCatalog
from travel_client._sync.hosting import SyncHosting


class TravelClient(SyncAccount, SyncCatalog, SyncHosting, SyncBookings):
    """A client of one workspace gateway: close it (`async with`, or the close method).

    Typed methods return models generated from the schema (money as Decimal, dates as date,
    instants as datetime); lists are one page (`skip`, `take`), and the `iter_*` methods page
    through a whole list. `query()` and `execute()` run any document and return its JSON.
    """
