"""Plain read models of webhook delivery (what the dispatcher sends and the CLI lists)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from travel.kernel.ids import WorkspaceId

OPEN_STATUSES = ("PENDING", "FAILED")  # still owed to the endpoint
STATUSES = ("PENDING", "FAILED", "SUCCEEDED", "DEAD")


def iso_utc(value: datetime | None) -> str | None:
    """ISO 8601 in UTC with a `Z`, as the API's DateTime scalar writes it."""
    if value is None:
        return None
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


@dataclass(frozen=True, slots=True)
class DueDelivery:
    """A claimed delivery with everything needed to send it."""

    workspace_id: WorkspaceId
    id: uuid.UUID
    attempt_count: int  # attempts before this one
    created_at: datetime
    lease: datetime  # next_attempt_at as claimed: the claim is ours while it is unchanged
    endpoint_id: uuid.UUID
    url: str
    secret: str
    event_id: uuid.UUID
    event_type: str
    event_created_at: datetime
    event_data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class AttemptResult:
    """The outcome of one HTTP request: a status code, or an error when there was none."""

    status_code: int | None
    error: str | None
    duration_ms: int

    @property
    def succeeded(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300

    @property
    def gone(self) -> bool:
        """410 Gone: the receiver asks us to stop sending to this endpoint."""
        return self.status_code == 410


@dataclass(frozen=True, slots=True)
class DeliveryRecord:
    """One delivery as an operator sees it."""

    id: uuid.UUID
    event_id: uuid.UUID
    event_type: str
    endpoint_id: uuid.UUID
    url: str
    endpoint_enabled: bool
    disabled_reason: str | None
    status: str
    attempt_count: int
    last_status_code: int | None
    last_error: str | None
    next_attempt_at: datetime | None
    created_at: datetime

    def as_json(self) -> dict[str, Any]:
        """The camelCase shape printed by `travel webhook deliveries --json`."""
        return {
            "id": str(self.id),
            "eventId": str(self.event_id),
            "eventType": self.event_type,
            "endpointId": str(self.endpoint_id),
            "url": self.url,
            "status": self.status,
            "attempts": self.attempt_count,
            "lastStatusCode": self.last_status_code,
            "lastError": self.last_error,
            "nextAttemptAt": iso_utc(self.next_attempt_at),
            "createdAt": iso_utc(self.created_at),
        }
