# Generated from _async/account.py by scripts/sdk-codegen.sh: do not edit.
"""The caller and the workspace's figures."""

from __future__ import annotations

from travel_client._generated import Analytics, OverviewStats, Viewer
from travel_client._operations import Day, changes
from travel_client._operations import account as ops
from travel_client._sync.connection import SyncConnection
from travel_client.types import UNCHANGED, Unchanged


class SyncAccount(SyncConnection):
    def viewer(self) -> Viewer:
        """travelViewer: the member, its roles, the credential's permissions, the workspace."""
        return self._run(ops.viewer())

    def update_profile(
        self,
        *,
        display_name: str | Unchanged | None = UNCHANGED,
        email: str | Unchanged | None = UNCHANGED,
        idempotency_key: str | None = None,
    ) -> Viewer:
        """updateTravelProfile: the caller's own display name (what hosts see on its bookings)
        and email; only the fields given change, None clears one."""
        fields = changes(display_name=display_name, email=email)
        return self._run(ops.update_profile(fields, idempotency_key))

    def overview_stats(self, *, from_: Day | None = None, to: Day | None = None) -> OverviewStats:
        """travelOverviewStats (travel:analytics): bookings, revenue per currency, occupancy;
        the window [from_, to) is optional, both or neither."""
        return self._run(ops.overview_stats(from_, to))

    def analytics(self, *, from_: Day | None = None, to: Day | None = None) -> Analytics:
        """travelAnalytics (travel:analytics): bookings per kind, the top five providers."""
        return self._run(ops.analytics(from_, to))
