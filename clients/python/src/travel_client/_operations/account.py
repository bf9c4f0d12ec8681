"""The caller (any valid credential) and the workspace's figures (travel:analytics)."""

from __future__ import annotations

from travel_client._generated import (
    Analytics,
    GetOverviewStats,
    GetViewer,
    OverviewStats,
    UpdateProfile,
    Viewer,
    WorkspaceAnalytics,
)
from travel_client._operations import Call, Data, Day, present


def viewer() -> Call[Viewer]:
    return Call(
        "GetViewer", "travelViewer", {}, lambda d: GetViewer.model_validate(d).travel_viewer
    )


def update_profile(fields: Data, key: str | None) -> Call[Viewer]:
    return Call(
        "UpdateProfile",
        "updateTravelProfile",
        {"input": fields},
        lambda d: present(
            UpdateProfile.model_validate(d).update_travel_profile, "updateTravelProfile"
        ),
        key,
    )


def ping() -> Call[None]:
    return Call("Ping", "travelProperties", {}, lambda d: None)


def overview_stats(from_: Day | None, to: Day | None) -> Call[OverviewStats]:
    return Call(
        "GetOverviewStats",
        "travelOverviewStats",
        {"from": from_, "to": to},
        lambda d: present(
            GetOverviewStats.model_validate(d).travel_overview_stats, "travelOverviewStats"
        ),
    )


def analytics(from_: Day | None, to: Day | None) -> Call[Analytics]:
    return Call(
        "WorkspaceAnalytics",
        "travelAnalytics",
        {"from": from_, "to": to},
        lambda d: present(WorkspaceAnalytics.model_validate(d).travel_analytics, "travelAnalytics"),
    )
