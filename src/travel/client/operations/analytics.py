"""Workspace figures (travel:analytics): optional window [from_, to), both or neither."""

from __future__ import annotations

from datetime import date

from travel.client.operations import selections as sel
from travel.client.operations.base import OperationsBase, R


class Analytics(OperationsBase[R]):
    """travelOverviewStats and travelAnalytics."""

    def overview_stats(self, *, from_: date | str | None = None, to: date | str | None = None) -> R:
        """travelOverviewStats: bookings, revenue per currency and occupancy."""
        return self._window("travelOverviewStats", sel.OVERVIEW_STATS, from_, to)

    def analytics(self, *, from_: date | str | None = None, to: date | str | None = None) -> R:
        """travelAnalytics: bookings per kind and the top five providers by revenue."""
        return self._window("travelAnalytics", sel.ANALYTICS, from_, to)

    def _window(
        self, field: str, selection: str, from_: date | str | None, to: date | str | None
    ) -> R:
        document = (
            f"query($from: Date, $to: Date) {{ {field}(from: $from, to: $to) {{ {selection} }} }}"
        )
        return self._call(field, document, {"from": from_, "to": to})
