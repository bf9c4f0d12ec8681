"""Formatting GraphQL errors for callers: the spec's code always, internals never."""

from __future__ import annotations

import logging
import re
from typing import Any

from graphql import GraphQLError, VariableDefinitionNode

from travel.db.outage import moving, unreachable
from travel.errors import ServiceUnavailable, TravelError

log = logging.getLogger("travel.errors")

INTERNAL = "INTERNAL_SERVER_ERROR"
UNAVAILABLE = ServiceUnavailable.code
# graphql-core's refusal of a variable's value: "Variable '$f' has invalid value at
# .near.latitude: Float cannot represent ...", or without " at ..." for the whole value.
_REFUSED_VARIABLE = re.compile(r"Variable '\$(\w+)' has invalid value(?: at \.?([^:]+))?:")
_MOVING = (
    "This workspace is moving to another database: writes resume within seconds; retry shortly"
)


def format_error(error: GraphQLError, request_id: str) -> dict[str, Any]:
    """The JSON of one error; unexpected exceptions are logged and masked."""
    original = error.original_error
    if original is None or isinstance(original, GraphQLError):
        # Syntax, validation and variable-coercion errors: the caller's document is at fault.
        message, code, extra = error.message, "VALIDATION_ERROR", _refused_variable(error)
    elif isinstance(original, TravelError):
        message, code, extra = original.message, original.code, original.extensions
    elif unreachable(original):
        outage = database_outage(original, request_id)
        message, code, extra = outage.message, outage.code, outage.extensions
    else:
        log.error(
            "unexpected error in resolver",
            exc_info=original,
            extra={"request_id": request_id, "path": error.path},
        )
        message, code, extra = "Internal server error", INTERNAL, {}
    formatted: dict[str, Any] = {"message": message}
    if error.locations:
        formatted["locations"] = [
            {"line": loc.line, "column": loc.column} for loc in error.locations
        ]
    if error.path is not None:
        formatted["path"] = error.path
    formatted["extensions"] = {"code": code, **extra}
    return formatted


def _refused_variable(error: GraphQLError) -> dict[str, Any]:
    """`field` for a variable GraphQL itself refused: the value's path in the variables as sent
    (`f.near.latitude` for `$f`), as a request parameter is named (docs/design.md, errors)."""
    if not error.nodes or not isinstance(error.nodes[0], VariableDefinitionNode):
        return {}
    refused = _REFUSED_VARIABLE.match(error.message)
    if refused is None:
        return {}
    name, at = refused.group(1), (refused.group(2) or "").strip()
    field = name if not at else f"{name}{'' if at.startswith('[') else '.'}{at}"
    return {"field": field, "fields": [{"field": field, "message": error.message}]}


def request_error(error: TravelError) -> dict[str, Any]:
    """An error that refused the whole request (authentication, body, limits)."""
    return {"message": error.message, "extensions": {"code": error.code, **error.extensions}}


def database_outage(error: BaseException, request_id: str) -> ServiceUnavailable:
    """The caller's answer to a database that cannot be reached (one log line, no traceback:
    an outage would otherwise write one per request), or to a write of a workspace that is
    moving to another database (travel.db.moves)."""
    if moving(error):
        log.info("write refused: the workspace is moving", extra={"request_id": request_id})
        return ServiceUnavailable(_MOVING)
    log.warning(
        "database unavailable: %s: %s",
        type(error).__name__,
        error,
        extra={"request_id": request_id},
    )
    return ServiceUnavailable()


def outage_of(errors: list[GraphQLError] | None) -> ServiceUnavailable:
    """The 503 that refuses a whole mutation whose fields met an outage: saying that the
    workspace is moving when that is why (travel.db.moves), else that the database is away."""
    for error in errors or ():
        if error.original_error is not None and moving(error.original_error):
            return ServiceUnavailable(_MOVING)
    return ServiceUnavailable()
