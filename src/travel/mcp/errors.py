"""Tool errors a model can act on: the API's code, its sentence, and what to do next."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from travel_client.errors import RateLimitedError, TransportError, TravelAPIError

NEXT_STEP = {
    "UNAVAILABLE": "try other dates, fewer guests or another listing",
    "NOT_FOUND": "check the id and its kind (search_listings returns both)",
    "FORBIDDEN": "this credential lacks the permission; only the listed tools can be used",
    "UNAUTHENTICATED": "the credential is missing, expired or revoked",
    "RATE_LIMITED": "wait before calling again",
    "SERVICE_UNAVAILABLE": "retry in a few seconds (book with the same idempotency_key)",
    "IDEMPOTENCY_KEY_REUSED": "use a new idempotency_key for a different booking",
    "QUOTE_CHANGED": "call quote_booking again and confirm the new total",
    "QUOTE_INVALID": "call quote_booking again and pass its quoteId",
    "READ_ONLY": "this MCP server is read-only: it cannot change anything",
}


class ToolError(Exception):
    """A failure returned to the model as a tool error: `CODE: sentence; next step`."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def text(self) -> str:
        step = NEXT_STEP.get(self.code)
        sentence = self.message.rstrip(".")
        return f"{self.code}: {sentence}" + (f"; {step}" if step else "")


def rename_fields(message: str, paths: Mapping[str, str]) -> str:
    """The API's field paths (`input.checkIn`: always dotted, never a plain word) spelled as
    the tool's parameters (`check_in`), each matched whole."""
    for path, name in paths.items():
        message = re.sub(rf"(?<![\w.]){re.escape(path)}(?![\w.])", name, message)
    return message


def from_api(
    error: TravelAPIError | TransportError, paths: Mapping[str, str] | None = None
) -> ToolError:
    """The ToolError for an SDK failure. Messages are the API's own (never a trace or SQL:
    the API masks those); transport failures name no URL parts beyond the SDK's sentence."""
    if isinstance(error, TransportError):
        return ToolError("SERVICE_UNAVAILABLE", "the travel API could not be reached")
    message = error.message
    if isinstance(error, RateLimitedError):
        message += f" (retry after {error.retry_after:.0f} s)"
    return ToolError(error.code, rename_fields(message, paths or {}))


def from_graphql_error(error: Mapping[str, Any], paths: Mapping[str, str]) -> ToolError:
    extensions = error.get("extensions") or {}
    code = str(extensions.get("code") or "INTERNAL_SERVER_ERROR")
    return ToolError(code, rename_fields(str(error.get("message") or ""), paths))
