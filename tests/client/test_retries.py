"""The SDK's retries, against real servers: the test service with a short quota window, and a
real loopback HTTP gateway in front of the test service that fails the way networks do (it
answers 429/502, drops connections, or loses a response after the service acted on it)."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Iterator
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest
from travel_client import (
    AsyncTravelClient,
    RateLimitedError,
    RetryPolicy,
    TransportError,
    TravelAPIError,
    TravelClient,
)
from travel_client.retry import is_mutation, retry_after

from tests.factories import (
    BOOK,
    count_rows,
    create_tenant,
    future_date,
    tenant_listing,
)
from tests.support.live import LiveServer

RELAYED = ("content-type", "x-request-id", "retry-after", "idempotent-replayed")


class Gateway:
    """A loopback HTTP server relaying to `upstream`. Each request takes the next behaviour of
    `script` ("pass" once it is used up):
      pass   relay the request and the answer
      lose   relay the request, then close the connection without answering
      drop   close the connection without relaying
      502    answer 502 with an HTML page, as a load balancer does
      429    answer RATE_LIMITED with Retry-After: 1 (seconds); 429-date: as an HTTP date;
      429-long: Retry-After: 3600
    """

    def __init__(self, upstream: str) -> None:
        self.upstream = upstream
        self.script: list[str] = []
        self.seen: list[dict[str, Any]] = []
        gateway = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                gateway.handle(self)

            def log_message(self, *args: Any) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}/workspaces/graphql"
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()

    def handle(self, request: BaseHTTPRequestHandler) -> None:
        body = request.rfile.read(int(request.headers["Content-Length"]))
        behaviour = self.script.pop(0) if self.script else "pass"
        self.seen.append({"key": request.headers.get("Idempotency-Key"), "body": body})
        if behaviour in ("lose", "pass"):
            forwarded = {k: v for k, v in request.headers.items() if k.lower() != "host"}
            reply = httpx.post(self.upstream, content=body, headers=forwarded, timeout=30)
        if behaviour in ("lose", "drop"):
            request.close_connection = True
            return
        if behaviour == "pass":
            headers = {k: v for k, v in reply.headers.items() if k.lower() in RELAYED}
            headers |= {k: v for k, v in reply.headers.items() if k.lower().startswith("x-rate")}
            self._answer(request, reply.status_code, reply.content, headers)
        elif behaviour == "502":
            page = b"<html><body>502 Bad Gateway</body></html>"
            self._answer(request, 502, page, {"Content-Type": "text/html"})
        else:
            wait = {"429": "1", "429-date": formatdate(usegmt=True), "429-long": "3600"}
            error = b'{"errors":[{"message":"slow down","extensions":{"code":"RATE_LIMITED"}}]}'
            headers = {"Content-Type": "application/json", "Retry-After": wait[behaviour]}
            self._answer(request, 429, error, headers)

    @staticmethod
    def _answer(
        request: BaseHTTPRequestHandler, status: int, body: bytes, headers: dict[str, str]
    ) -> None:
        request.send_response(status)
        for name, value in headers.items():
            request.send_header(name, value)
        request.send_header("Content-Length", str(len(body)))
        request.end_headers()
        request.wfile.write(body)

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


@pytest.fixture
def gateway(server: LiveServer) -> Iterator[Gateway]:
    made = Gateway(server.graphql_url)
    yield made
    made.stop()


def book(client: Any, listing: str) -> Any:
    """create_booking on the sync client, or on the async one run to completion."""
    call = ("PROPERTY", listing, future_date(30), future_date(31))
    if isinstance(client, TravelClient):
        with client:
            return client.create_booking(*call)

    async def run() -> Any:
        async with client:
            return await client.create_booking(*call)

    return asyncio.run(run())


@pytest.mark.parametrize("kind", [TravelClient, AsyncTravelClient])
def test_a_lost_booking_response_is_retried_with_the_same_key_and_books_once(
    server: LiveServer, gateway: Gateway, kind: type[Any]
) -> None:
    tenant = create_tenant(server)
    listing = str(tenant_listing(server, tenant, units=5))
    gateway.script = ["lose", "502", "pass"]
    booking = book(kind(gateway.url, tenant.keys["traveler"], env={}), listing)
    assert booking.status == "CONFIRMED"
    keys = [seen["key"] for seen in gateway.seen]
    assert len(keys) == 3
    assert keys[0]
    assert keys == [keys[0]] * 3
    assert count_rows(server, "bookings", tenant.workspace) == 1
    assert count_rows(server, "outbox_events", tenant.workspace) == 1


def test_a_mutation_without_a_key_is_never_repeated(server: LiveServer, gateway: Gateway) -> None:
    tenant = create_tenant(server)
    listing = str(tenant_listing(server, tenant, units=5))
    variables = {
        "input": {
            "targetType": "PROPERTY",
            "targetId": listing,
            "checkIn": future_date(30),
            "checkOut": future_date(31),
        }
    }
    gateway.script = ["lose"]
    with TravelClient(gateway.url, tenant.keys["traveler"], env={}) as client:
        with pytest.raises(TransportError) as lost:
            client.execute(BOOK, variables)
        assert lost.value.status is None
        gateway.script = ["502"]
        with pytest.raises(TransportError) as bad_gateway:
            client.execute(BOOK, variables)
        assert bad_gateway.value.status == 502
    assert len(gateway.seen) == 2
    assert count_rows(server, "bookings", tenant.workspace) == 1  # the lost one ran, once


def test_queries_are_retried_after_network_and_gateway_failures(
    server: LiveServer, gateway: Gateway, caplog: pytest.LogCaptureFixture
) -> None:
    tenant = create_tenant(server)
    gateway.script = ["502", "drop", "pass"]
    client = TravelClient(gateway.url, tenant.keys["traveler"], env={})
    with caplog.at_level(logging.WARNING, logger="travel_client"), client:
        assert client.providers() == []
    assert len(gateway.seen) == 3
    retries = [r.getMessage() for r in caplog.records if r.name == "travel_client"]
    assert len(retries) == 2
    assert "HTTP 502" in retries[0]


def test_retries_stop_after_max_retries(server: LiveServer, gateway: Gateway) -> None:
    tenant = create_tenant(server)
    gateway.script = ["502"] * 5
    client = TravelClient(gateway.url, tenant.keys["traveler"], env={}, max_retries=2)
    with client, pytest.raises(TransportError) as failed:
        client.providers()
    assert failed.value.status == 502
    assert len(gateway.seen) == 3


@pytest.mark.parametrize("behaviour", ["429", "429-date"])
def test_a_429_is_retried_after_retry_after(
    server: LiveServer, gateway: Gateway, caplog: pytest.LogCaptureFixture, behaviour: str
) -> None:
    tenant = create_tenant(server)
    listing = str(tenant_listing(server, tenant, units=5))
    gateway.script = [behaviour]
    with caplog.at_level(logging.WARNING, logger="travel_client"):
        booking = book(TravelClient(gateway.url, tenant.keys["traveler"], env={}), listing)
    assert booking.status == "CONFIRMED"
    assert len(gateway.seen) == 2
    assert any("RATE_LIMITED" in r.getMessage() for r in caplog.records)


def test_a_429_asking_for_longer_than_max_wait_is_raised(
    server: LiveServer, gateway: Gateway
) -> None:
    tenant = create_tenant(server)
    gateway.script = ["429-long"]
    client = TravelClient(gateway.url, tenant.keys["traveler"], env={}, max_retry_wait=60)
    with client, pytest.raises(RateLimitedError) as limited:
        client.providers()
    assert (limited.value.code, limited.value.status, limited.value.retry_after) == (
        "RATE_LIMITED",
        429,
        3600,
    )
    assert len(gateway.seen) == 1


STATS = "{ travelOverviewStats { totalBookings } }"


def test_the_service_429_is_raised_then_waited_for(
    short_server: LiveServer, caplog: pytest.LogCaptureFixture
) -> None:
    tenant = create_tenant(short_server, plan="free")  # 30 analytics requests per window
    headers = {"Authorization": f"Bearer {tenant.keys['admin']}"}
    with httpx.Client(headers=headers, timeout=30) as raw:
        for _ in range(30):
            assert raw.post(short_server.graphql_url, json={"query": STATS}).status_code == 200
    url, key = short_server.graphql_url, tenant.keys["admin"]
    impatient = TravelClient(url, key, env={}, max_retries=0)
    with impatient, pytest.raises(RateLimitedError) as limited:
        impatient.overview_stats()
    assert (limited.value.code, limited.value.status) == ("RATE_LIMITED", 429)
    # Whole seconds, rounded up from the whole-second X-RateLimit-Reset: up to a second more.
    window = short_server.services.settings.rate_limit_window_seconds
    assert 0 < limited.value.retry_after <= window + 1
    assert impatient.rate_limit is not None
    assert (impatient.rate_limit.limit, impatient.rate_limit.remaining) == (30, 0)

    patient = TravelClient(url, key, env={})
    with caplog.at_level(logging.WARNING, logger="travel_client"), patient:
        assert patient.overview_stats().total_bookings == 0
    assert any("RATE_LIMITED" in r.getMessage() for r in caplog.records)
    assert patient.rate_limit is not None
    assert (patient.rate_limit.limit, patient.rate_limit.remaining) == (30, 29)


@pytest.mark.parametrize(
    ("error", "attempt", "safe", "retried"),
    [
        (RateLimitedError("x", retry_after=2, status=429), 0, False, True),
        (RateLimitedError("x", retry_after=61, status=429), 0, True, False),
        (TransportError("down"), 0, True, True),
        (TransportError("down"), 0, False, False),
        (TransportError("html", status=503), 1, True, True),
        (TransportError("html", status=400), 0, True, False),
        (TravelAPIError("INTERNAL_SERVER_ERROR", "x", status=500), 0, True, False),
        (TravelAPIError("IDEMPOTENCY_KEY_IN_USE", "x", status=409), 0, True, True),
        (TravelAPIError("VALIDATION_ERROR", "x", status=400), 0, True, False),
        (TransportError("down"), 3, True, False),
    ],
)
def test_retry_policy(error: Exception, attempt: int, safe: bool, retried: bool) -> None:
    delay = RetryPolicy(max_retries=3, max_wait=60).delay(error, attempt, safe)
    assert (delay is not None) == retried
    if isinstance(error, RateLimitedError) and retried:
        assert delay == error.retry_after


def test_retry_after_and_mutation_detection() -> None:
    assert retry_after({"retry-after": "7"}) == 7
    assert retry_after({}) == 1.0
    assert retry_after({"retry-after": "soon"}) == 1.0
    assert retry_after({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}) == 0
    assert not is_mutation("{ travelProperties { id } }")
    assert not is_mutation("# a comment\nquery Q { travelTrips { id } }")
    assert is_mutation("# note\nmutation { cancelTravelBooking(id: 1) { id } }")
    two = "query A { travelTrips { id } } mutation B { cancelTravelBooking(id: 1) { id } }"
    assert is_mutation(two, "B")
    assert not is_mutation(two, "A")
    assert is_mutation(two)
    assert is_mutation("not graphql {")
    # Comments, strings and block strings cannot hide an operation or fake one; a fragment is
    # not an operation, whatever its name.
    assert not is_mutation('query Q($s: String = "mutation {") { a(s: """ } mutation { """) }')
    assert not is_mutation(
        "fragment mutation on TravelTrip { id } query { travelTrips { ...mutation } }"
    )
    assert is_mutation("subscription { travelTrips { id } }")
    assert is_mutation("type Query { a: Int }")  # not an executable document
    assert is_mutation("query { a } }")
