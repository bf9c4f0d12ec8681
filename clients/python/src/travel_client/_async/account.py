"""The caller and the workspace's figures."""

from __future__ import annotations

from travel_client._async.connection import AsyncConnection
from travel_client._generated import Analytics, OverviewStats, Viewer
from travel_client._operations import Day
from travel_client._operations import account as ops


class AsyncAccount(AsyncConnection):
    async def viewer(self) -> Viewer:
        """travelViewer: the member, its roles, the credential's permissions, the workspace."""
        return await self._run(ops.viewer())

    async def overview_stats(
        self, *, from_: Day | None = None, to: Day | None = None
    ) -> OverviewStats:
        """travelOverviewStats (travel:analytics): bookings, revenue per currency, occupancy;
        the window [from_, to) is optional, both or neither."""
        return await self._run(ops.overview_stats(from_, to))

    async def analytics(self, *, from_: Day | None = None, to: Day | None = None) -> Analytics:
        """travelAnalytics (travel:analytics): bookings per kind, the top five providers."""
        return await self._run(ops.analytics(from_, to))
