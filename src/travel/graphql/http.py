"""`POST /workspaces/graphql`: authenticate, parse, limit, execute, answer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson
from graphql import ExecutionResult, GraphQLError, OperationDefinitionNode
from starlette.datastructures import State
from starlette.requests import Request
from starlette.responses import Response

from travel.bookings import idempotency
from travel.db.base import utcnow
from travel.db.engine import Engines
from travel.db.session import tenant_session
from travel.errors import InternalError, TravelError, Unauthenticated, ValidationError
from travel.graphql.context import RequestContext
from travel.graphql.documents import PreparedDocument
from travel.graphql.errors import INTERNAL, format_error, request_error
from travel.limits.quotas import QuotaExceeded

if TYPE_CHECKING:
    from travel.app import Services
    from travel.auth.identity import Principal

JSON = "application/json"


def json_response(body: Any, status: int, headers: dict[str, str] | None = None) -> Response:
    return Response(orjson.dumps(body), status_code=status, media_type=JSON, headers=headers)


def error_response(error: TravelError, headers: dict[str, str] | None = None) -> Response:
    headers = dict(headers or {})
    if isinstance(error, Unauthenticated):
        headers["WWW-Authenticate"] = 'Bearer realm="travel"'
    if error.code == "RATE_LIMITED":
        headers["Retry-After"] = str(error.extensions.get("retryAfter", 1))
    return json_response({"errors": [request_error(error)]}, error.http_status, headers)


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, refusing more than `limit` bytes without reading it all."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise PayloadTooLarge(limit)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise PayloadTooLarge(limit)
        chunks.append(chunk)
    return b"".join(chunks)


class PayloadTooLarge(ValidationError):
    http_status = 413

    def __init__(self, limit: int) -> None:
        super().__init__(f"Request body larger than {limit} bytes")


def parse_request(body: bytes) -> tuple[str, dict[str, Any] | None, str | None]:
    """`query`, `variables` and `operationName` of a standard GraphQL-over-HTTP body."""
    try:
        payload = orjson.loads(body)
    except orjson.JSONDecodeError:
        raise ValidationError('Body must be JSON: {"query": "...", "variables": {...}}') from None
    if not isinstance(payload, dict):
        raise ValidationError("Body must be a JSON object")
    query = payload.get("query")
    variables = payload.get("variables")
    operation_name = payload.get("operationName")
    if not isinstance(query, str) or not query.strip():
        raise ValidationError('Body must contain a non-empty "query" string')
    if variables is not None and not isinstance(variables, dict):
        raise ValidationError('"variables" must be a JSON object')
    if operation_name is not None and not isinstance(operation_name, str):
        raise ValidationError('"operationName" must be a string')
    return query, variables, operation_name


def _status_for(result: ExecutionResult, formatted: list[dict[str, Any]]) -> int:
    if result.data is None and formatted and all("path" not in e for e in formatted):
        # Nothing ran: the variables did not fit the document. (A non-null mutation field
        # that failed also nulls `data`, but its errors have a path: that is a 200.)
        return 500 if any(e["extensions"]["code"] == INTERNAL for e in formatted) else 400
    if any(e["extensions"]["code"] == INTERNAL for e in formatted):
        return 500
    return 200


async def method_not_allowed(request: Request) -> Response:
    body = {
        "errors": [
            {"message": "Use POST with a JSON body", "extensions": {"code": "VALIDATION_ERROR"}}
        ]
    }
    return json_response(body, 405, {"Allow": "POST"})


async def graphql_endpoint(request: Request) -> Response:
    services: Services = request.app.state.services
    state = request.state
    request_id: str = state.request_id
    headers: dict[str, str] = {}
    principal: Principal | None = None
    try:
        principal = await services.authenticator.authenticate(request.headers.get("authorization"))
        state.workspace = str(principal.workspace_id)
        body = await read_body(request, services.settings.max_body_bytes)
        query, variables, operation_name = parse_request(body)
        prepared = services.documents.get(query)
        if prepared.errors:
            raise DocumentErrors(prepared.errors)
        operation = prepared.operation(operation_name)
        if operation is None:
            raise ValidationError(
                f"Unknown operation {operation_name!r}"
                if operation_name
                else "The document has several operations: send operationName"
            )
        state.operation = operation.name.value if operation.name else None
        state.root_fields = root_fields = prepared.root_fields(operation)
        headers = await services.limiter.charge(principal, root_fields)
        services.cost.check(prepared, operation, variables)
        engines = services.databases.for_tenant(principal.database_url)
        key = idempotency.key_of(request.headers, operation, principal, body)
        if key is not None:
            run = Run(prepared, operation, operation_name, variables)
            return await _run_remembered(services, engines, principal, key, run, state, headers)
        context = RequestContext(principal, engines, request_id, services=services)
        try:
            result = await services.executor.run(
                prepared, operation, operation_name, variables, context
            )
        finally:
            await context.close()
    except DocumentErrors as exc:
        formatted = [format_error(e, request_id) for e in exc.errors]
        state.outcome = "VALIDATION_ERROR"
        headers = await _quota_headers(services, principal, headers)
        return json_response({"errors": formatted}, 400, headers)
    except TravelError as exc:
        state.outcome = exc.code
        headers = await _quota_headers(services, principal, headers, exc)
        return error_response(exc, headers)
    return respond(result, state, headers)


@dataclass(frozen=True, slots=True)
class Run:
    """What to execute: a prepared document's operation with its variables."""

    prepared: PreparedDocument
    operation: OperationDefinitionNode
    operation_name: str | None
    variables: dict[str, Any] | None


def respond(result: ExecutionResult, state: State, headers: dict[str, str]) -> Response:
    """The HTTP response for an executed operation (status from its errors)."""
    formatted = [format_error(e, state.request_id) for e in result.errors or ()]
    status = _status_for(result, formatted)
    state.outcome = formatted[0]["extensions"]["code"] if formatted else "OK"
    payload: dict[str, Any] = {}
    if formatted:
        payload["errors"] = formatted
    if result.data is not None or status == 200:
        payload["data"] = result.data
    return json_response(payload, status, headers)


async def _run_remembered(
    services: Services,
    engines: Engines,
    principal: Principal,
    key: idempotency.IdempotencyKey,
    run: Run,
    state: State,
    headers: dict[str, str],
) -> Response:
    """Run a mutation under an Idempotency-Key: claim, effects, response and key in one
    transaction (travel.bookings.idempotency), committed only once the response is stored."""
    workspace, wait = principal.workspace_id, idempotency.WAIT_SECONDS
    async with tenant_session(engines, workspace, lock_timeout_seconds=wait) as session:
        stored = await idempotency.claim(session, key, utcnow())
        if stored is not None:
            return idempotency.replay(stored, headers)
        context = RequestContext(
            principal, engines, state.request_id, services=services, held=session
        )
        result = await services.executor.run(
            run.prepared, run.operation, run.operation_name, run.variables, context
        )
        response = respond(result, state, headers)
        if not _ran(result):  # the variables did not fit: nothing ran, the key stays free
            return response
        if response.status_code >= 500:
            # A field failed unexpectedly: undo every field (the data would describe effects
            # that are rolled back) and let a retry with the same key run afresh.
            return error_response(InternalError(), headers)
        await idempotency.remember(session, key, response)
        await session.commit()
    return response


def _ran(result: ExecutionResult) -> bool:
    """Whether any field ran (a request whose variables did not fit ran none: no error has a
    path and there is no data)."""
    return result.data is not None or any(e.path for e in result.errors or ())


async def _quota_headers(
    services: Services,
    principal: Principal | None,
    headers: dict[str, str],
    error: TravelError | None = None,
) -> dict[str, str]:
    """Rate-limit headers for a refused request: the exhausted quota's, the charged ones, or
    (refused before the document was known) the `read` quota's, peeked without spending."""
    if isinstance(error, QuotaExceeded):
        return {**headers, **error.headers}
    if headers or principal is None:
        return headers
    return await services.limiter.peek_headers(principal)


class DocumentErrors(Exception):
    def __init__(self, errors: list[GraphQLError]) -> None:
        super().__init__("invalid document")
        self.errors = errors
