"""`POST /workspaces/graphql` as named steps, a plain ASGI app (no framework layers between the
socket and the steps):

    read → authenticate → parse and validate → limit → idempotency → execute → respond

Each step either fills in the request's `Exchange` and hands on, or raises a TravelError that
`_refused` turns into the spec's answer. What the request turned out to be (workspace,
operation, outcome) is recorded on the Exchange, which `travel.http.observe` logs and counts
once the answer is sent.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import asyncpg  # type: ignore[import-untyped]
import orjson
from graphql import ExecutionResult, GraphQLError, OperationDefinitionNode, OperationType
from sqlalchemy.exc import DBAPIError
from starlette.types import Receive, Scope, Send

from travel import idempotency
from travel.db.base import utcnow
from travel.db.engine import Engines
from travel.db.outage import unreachable
from travel.db.replicas import REPLICA_FIELDS, Replica
from travel.db.session import tenant_session
from travel.errors import (
    InternalError,
    ServiceUnavailable,
    TravelError,
    Unauthenticated,
    ValidationError,
)
from travel.graphql.context import RequestContext
from travel.graphql.documents import PreparedDocument
from travel.graphql.errors import (
    INTERNAL,
    UNAVAILABLE,
    database_outage,
    format_error,
    outage_of,
    request_error,
)
from travel.graphql.text import check_variables
from travel.http.browsers import Browsers
from travel.http.exchange import (
    ClientGone,
    Exchange,
    PayloadTooLarge,
    Reply,
    json_reply,
    read_body,
)
from travel.http.observe import Observer
from travel.limits.actions import BOOK, READ, WRITE
from travel.limits.quotas import QuotaExceeded
from travel.logs import REQUEST_ID

if TYPE_CHECKING:
    from travel.app import Services
    from travel.auth.identity import Principal

log = logging.getLogger("travel.request")
GRAPHQL_PATH = "/workspaces/graphql"

INTERNAL_REPLY = Reply(
    500,
    orjson.dumps(
        {
            "errors": [
                {
                    "message": "Internal server error",
                    "extensions": {"code": "INTERNAL_SERVER_ERROR"},
                }
            ]
        }
    ),
)


@dataclass(slots=True)
class Operation:
    """What a request asks to run: a valid document's chosen operation and its variables."""

    body: bytes
    query: str
    new: bool  # prepared for this request: not in the document cache yet
    prepared: PreparedDocument
    definition: OperationDefinitionNode
    name: str | None
    variables: dict[str, Any] | None


class GraphQLEndpoint:
    """The GraphQL endpoint: every request of the API goes through `__call__`'s steps."""

    def __init__(self, services: Services, observer: Observer) -> None:
        self.services = services
        self.observer = observer
        self.browsers = Browsers(services.settings.cors_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        exchange = Exchange.begin(scope)
        REQUEST_ID.set(exchange.request_id)  # this request's task only (each has its context)
        try:
            reply = await self._answer(exchange, receive)
        except ClientGone:
            exchange.status, exchange.outcome = 499, "CLIENT_CLOSED"
            self.observer.finished(exchange, graphql=True)
            return
        except Exception as exc:
            if unreachable(exc):  # authentication, an idempotency claim or commit
                exchange.outcome = UNAVAILABLE
                reply = refusal(database_outage(exc, exchange.request_id))
            else:
                log.exception("unhandled error", extra={"request_id": exchange.request_id})
                exchange.outcome = INTERNAL
                reply = INTERNAL_REPLY
        try:
            await exchange.send(send, self.browsers.decorate(exchange, reply))
        finally:
            self.observer.finished(exchange, graphql=True)

    async def preflight(self, scope: Scope, send: Send) -> None:
        """`OPTIONS`: what a browser asks before a cross-origin POST."""
        await self._reply_at_once(scope, send, "OK", self.browsers.preflight)

    async def not_allowed(self, scope: Scope, send: Send) -> None:
        """Any method but POST (GraphQL over HTTP here is POST with a JSON body)."""
        error = {"message": "Use POST with a JSON body", "extensions": {"code": "VALIDATION_ERROR"}}

        def reply(exchange: Exchange) -> Reply:
            refused = json_reply({"errors": [error]}, 405, {"Allow": "POST, OPTIONS"})
            return self.browsers.decorate(exchange, refused)

        await self._reply_at_once(scope, send, "VALIDATION_ERROR", reply)

    async def _reply_at_once(
        self, scope: Scope, send: Send, outcome: str, reply: Callable[[Exchange], Reply]
    ) -> None:
        """Answer a request that runs no step (its body unread), logged and counted."""
        exchange = Exchange.begin(scope)
        exchange.outcome = outcome
        try:
            await exchange.send(send, reply(exchange))
        finally:
            self.observer.finished(exchange, graphql=True)

    async def _answer(self, exchange: Exchange, receive: Receive) -> Reply:
        services = self.services
        principal: Principal | None = None
        headers: dict[str, str] = {}
        try:
            principal = await self._authenticate(exchange)
            body = await self._read(exchange, principal, receive)
            try:
                operation = self._prepare(exchange, principal, body)
                services.cost.check(operation.prepared, operation.definition, operation.variables)
            except (DocumentErrors, ValidationError):
                # Parsing and validating cost work: a refused document spends one `read` unit,
                # whatever it names (over quota, the answer is RATE_LIMITED instead).
                headers = await services.limiter.charge(principal, ())
                raise
            headers = await services.limiter.charge(principal, exchange.root_fields)
            if operation.new:  # kept only once its request passed every check
                services.documents.keep(operation.query, operation.prepared)
            engines = services.databases.for_tenant(principal.database_url)
            key = idempotency.key_of(
                exchange.header(b"idempotency-key"), operation.definition, principal, body
            )
            # A dedicated tenant's database has no replicas: its own primary only.
            replicas = services.replicas if principal.database_url is None else None
            mutation = operation.definition.operation is OperationType.MUTATION
            if replicas is not None and not mutation:
                replica = None
                if REPLICA_FIELDS.issuperset(exchange.root_fields):
                    replica = await replicas.for_reads(_member(principal))
                return await self._run(exchange, engines, principal, operation, headers, replica)
            try:
                if key is not None:
                    return await self._run_remembered(
                        exchange, engines, principal, key, operation, headers
                    )
                return await self._run(exchange, engines, principal, operation, headers)
            finally:
                if replicas is not None:  # it may have committed: the caller's next reads see it
                    await replicas.wrote(_member(principal))
        except DocumentErrors as exc:
            exchange.outcome = "VALIDATION_ERROR"
            formatted = [format_error(e, exchange.request_id) for e in exc.errors]
            headers = await self._quota_headers(principal, headers)
            return json_reply({"errors": formatted}, 400, headers)
        except TravelError as exc:
            exchange.outcome = exc.code
            return refusal(exc, await self._quota_headers(principal, headers, exc))

    # -- the steps -------------------------------------------------------------------------

    async def _authenticate(self, exchange: Exchange) -> Principal:
        principal = await self.services.authenticator.authenticate(
            exchange.header(b"authorization"), exchange.client
        )
        exchange.workspace = principal.workspace_key
        return principal

    async def _read(self, exchange: Exchange, principal: Principal, receive: Receive) -> bytes:
        """The body, within the workspace's budget of body bytes (a body over the size limit
        spends the limit: that much was read)."""
        budget, limit = self.services.body_budget, self.services.settings.max_body_bytes
        budget.require(principal.workspace_key)
        try:
            body = await read_body(exchange, receive, limit)
        except PayloadTooLarge:
            budget.spend(principal.workspace_key, limit)
            raise
        budget.spend(principal.workspace_key, len(body))
        return body

    def _prepare(self, exchange: Exchange, principal: Principal, body: bytes) -> Operation:
        """Parse the body and the document, pick the operation. A document the cache does not
        know is parsed and validated only if the quota that pays for it is not known to be used
        up (`paying_actions`) and the workspace's validation budget allows
        (docs/decisions/0086-resource-bounds.md)."""
        services = self.services
        query, variables, operation_name = parse_request(body)
        prepared = services.documents.lookup(query)
        new = prepared is None
        if prepared is None:
            services.limiter.refuse_if_exhausted(principal, paying_actions(query))
            workspace = principal.workspace_key
            services.validation_budget.require(workspace)
            started = time.perf_counter()
            prepared = services.documents.prepare(query)
            services.validation_budget.spend(workspace, time.perf_counter() - started)
        if prepared.errors:
            raise DocumentErrors(prepared.errors)
        definition = prepared.operation(operation_name)
        if definition is None:
            raise ValidationError(
                f"Unknown operation {operation_name!r}"
                if operation_name
                else "The document has several operations: send operationName"
            )
        exchange.operation = definition.name.value if definition.name else None
        exchange.root_fields = prepared.root_fields(definition)
        return Operation(body, query, new, prepared, definition, operation_name, variables)

    async def _run(
        self,
        exchange: Exchange,
        engines: Engines,
        principal: Principal,
        operation: Operation,
        headers: dict[str, str],
        replica: Replica | None = None,
    ) -> Reply:
        """Execute a query or mutation; a query `replica` may answer is tried there first."""
        if replica is not None:
            answered = await self._on_replica(principal, operation, replica)
            if answered is not None:
                return respond(exchange, answered, headers)
        context = RequestContext(principal, engines, seen=self.services.seen_listings)
        try:
            result = await self._execute(operation, context)
        finally:
            await context.close()
        return respond(exchange, result, headers)

    async def _on_replica(
        self, principal: Principal, operation: Operation, replica: Replica
    ) -> ExecutionResult | None:
        """A query's result read from `replica`; None when the replica failed it (down,
        restarted, a conflict with its recovery): the caller runs it again on the primary."""
        assert self.services.replicas is not None
        context = RequestContext(principal, replica.engines, seen=self.services.seen_listings)
        failure: BaseException | None = None
        try:
            result = await self._execute(operation, context)
        except Exception as exc:
            if not _replica_failure(exc):
                raise
            failure = exc
        else:
            failure = next(
                (
                    e.original_error
                    for e in result.errors or ()
                    if e.original_error is not None and _replica_failure(e.original_error)
                ),
                None,
            )
        finally:
            try:
                await context.close()
            except Exception as exc:
                failure = failure or exc
        if failure is not None:
            self.services.replicas.failed(replica, failure)
            return None
        return result

    async def _run_remembered(
        self,
        exchange: Exchange,
        engines: Engines,
        principal: Principal,
        key: idempotency.IdempotencyKey,
        operation: Operation,
        headers: dict[str, str],
    ) -> Reply:
        """A mutation under an Idempotency-Key: claim, effects, response and key in one
        transaction (travel.idempotency), committed only once the response is stored."""
        workspace, wait = principal.workspace_id, idempotency.WAIT_SECONDS
        async with tenant_session(engines, workspace, lock_timeout_seconds=wait) as session:
            stored = await idempotency.claim(session, key, utcnow())
            if stored is not None:
                # Only to a caller with the first call's permissions: they are part of the
                # request's fingerprint (another credential gets IDEMPOTENCY_KEY_REUSED).
                replayed = {**headers, idempotency.REPLAYED_HEADER: "true"}
                return Reply(stored.status_code, stored.response.encode(), replayed)
            context = RequestContext(
                principal, engines, seen=self.services.seen_listings, held=session
            )
            result = await self._execute(operation, context)
            reply = respond(exchange, result, headers)
            if not _ran(result):  # the variables did not fit: nothing ran, the key stays free
                return reply
            if reply.status >= 500:
                # A field failed unexpectedly or the database went away: undo every field (the
                # data would describe effects that are rolled back) and let a retry with the
                # same key run afresh.
                failure = outage_of(result.errors) if reply.status == 503 else InternalError()
                return refusal(failure, headers)
            await idempotency.remember(session, key, reply.status, reply.body)
            await session.commit()
        return reply

    async def _execute(self, operation: Operation, context: RequestContext) -> ExecutionResult:
        return await self.services.executor.run(
            operation.prepared,
            operation.definition,
            operation.name,
            operation.variables,
            context,
        )

    async def _quota_headers(
        self,
        principal: Principal | None,
        headers: dict[str, str],
        error: TravelError | None = None,
    ) -> dict[str, str]:
        """Rate-limit headers for a refused request: the exhausted quota's, the charged ones,
        or (refused before the document was known) the `read` quota's, peeked without
        spending."""
        if isinstance(error, QuotaExceeded):
            return {**headers, **error.headers}
        if headers or principal is None:
            return headers
        return await self.services.limiter.peek_headers(principal)


# The first word of a document, past white space, commas, a byte order mark and comments, looked
# for in its first _PEEK characters.
_FIRST_WORD = re.compile(r"(?:[\s,\ufeff]+|#[^\n\r]*)*([A-Za-z_]+)?")
_PEEK = 1024


def paying_actions(query: str) -> tuple[str, ...]:
    """The quotas that pay for parsing a document the cache does not know, told from its first
    word: a mutation's (`book` or `write`: it is refused before parsing only when both are used
    up), else `read` — what a refused document is charged, and what every query but analytics
    spends (docs/limits.md)."""
    found = _FIRST_WORD.match(query, 0, _PEEK)  # a longer run of comments: `read`
    if found is not None and found.group(1) == "mutation":
        return (BOOK, WRITE)
    return (READ,)


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
    if variables:
        check_variables(variables)
    return query, variables, operation_name


def refusal(error: TravelError, headers: dict[str, str] | None = None) -> Reply:
    """The answer to a request refused as a whole (authentication, body, limits)."""
    headers = dict(headers or {})
    if isinstance(error, Unauthenticated):
        headers["WWW-Authenticate"] = 'Bearer realm="travel"'
    if "retryAfter" in error.extensions:  # RATE_LIMITED, SERVICE_UNAVAILABLE
        headers["Retry-After"] = str(error.extensions["retryAfter"])
    return json_reply({"errors": [request_error(error)]}, error.http_status, headers)


def respond(exchange: Exchange, result: ExecutionResult, headers: dict[str, str]) -> Reply:
    """The answer for an executed operation (status from its errors)."""
    formatted = [format_error(e, exchange.request_id) for e in result.errors or ()]
    status = _status_for(result, formatted)
    exchange.outcome = formatted[0]["extensions"]["code"] if formatted else "OK"
    payload: dict[str, Any] = {}
    if formatted:
        payload["errors"] = formatted
    if result.data is not None or status == 200:
        payload["data"] = result.data
    if status == 503:
        headers = {**headers, "Retry-After": str(ServiceUnavailable.retry_after)}
    return json_reply(payload, status, headers)


def _status_for(result: ExecutionResult, formatted: list[dict[str, Any]]) -> int:
    codes = {e["extensions"]["code"] for e in formatted}
    if INTERNAL in codes:
        return 500
    if UNAVAILABLE in codes:  # the database went away under a field (docs/errors.md)
        return 503
    if result.data is None and formatted and all("path" not in e for e in formatted):
        # Nothing ran: the variables did not fit the document. (A non-null mutation field
        # that failed also nulls `data`, but its errors have a path: that is a 200.)
        return 400
    return 200


def _ran(result: ExecutionResult) -> bool:
    """Whether any field ran (a request whose variables did not fit ran none: no error has a
    path and there is no data)."""
    return result.data is not None or any(e.path for e in result.errors or ())


def _member(principal: Principal) -> str:
    """Whose writes a replica must have replayed: read-your-writes is per member, so that a new
    sign-in (a new key) still sees its writes (docs/decisions/0094-read-replicas.md)."""
    return f"{principal.workspace_key}:{principal.member_id}"


def _replica_failure(error: BaseException) -> bool:
    """Whether a query's error came from the replica it read (down, restarted, a conflict with
    its recovery), so that the primary may answer it instead; any other error would happen on
    the primary too."""
    return unreachable(error) or isinstance(error, (DBAPIError, asyncpg.PostgresError, OSError))


class DocumentErrors(Exception):
    def __init__(self, errors: list[GraphQLError]) -> None:
        super().__init__("invalid document")
        self.errors = errors
