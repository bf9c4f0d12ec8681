"""Identity-provider faults answered as such (issue: resource bounds, items 4 and 5): any token,
however malformed, is 401 UNAUTHENTICATED and counted against the address's failures — never a
5xx; a provider whose key set hangs is asked once at a time, and its outage is 503
SERVICE_UNAVAILABLE with Retry-After while API keys keep working."""

from __future__ import annotations

import base64
import dataclasses
import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories import Tenant
from tests.support.api import error_codes, post
from tests.support.live import LiveServer
from tests.support.oidc import AUDIENCE, ISSUER, Issuer
from travel.settings import Settings


def _part(value: Any) -> str:
    raw = value if isinstance(value, bytes) else json.dumps(value).encode()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _claims() -> st.SearchStrategy[Any]:
    now = int(time.time())
    good = {"sub": "someone", "iss": ISSUER, "aud": AUDIENCE, "iat": now, "exp": now + 300}
    return st.one_of(
        st.just({}),
        st.just(good),
        st.fixed_dictionaries({}, optional={k: st.just(v) for k, v in good.items()}),
        st.dictionaries(
            st.sampled_from([*good, "nbf"]),
            st.one_of(st.integers(), st.text(), st.none(), st.lists(st.integers())),
        ),
        st.sampled_from([[], "text", 1, None, [good]]),
    )


def headers(issuer: Issuer) -> st.SearchStrategy[dict[str, Any]]:
    kids = [*issuer.keys, "unknown-kid", "", 1, None, {"k": 1}, ["x"]]
    return st.fixed_dictionaries(
        {
            "alg": st.sampled_from(["RS256", "ES256", "HS256", "none", "PS256", "EdDSA", "", 7]),
            "kid": st.sampled_from(kids),
        },
        optional={
            "jku": st.just("http://127.0.0.1:9/keys"),
            "x5u": st.just("http://127.0.0.1:9/cert"),
            "crit": st.sampled_from([["exp"], [], "x", ["b64"]]),
            "typ": st.sampled_from(["JWT", 1]),
        },
    )


@pytest.fixture(scope="module")
def counted(settings: Settings, server: LiveServer) -> Iterator[LiveServer]:
    """A server allowing 5 failed authentications a minute from one address."""
    del server  # migrates the database
    live = LiveServer(dataclasses.replace(settings, auth_failures_per_minute=5)).start()
    yield live
    live.stop()


def test_any_malformed_token_is_401_never_5xx(server: LiveServer, issuer: Issuer) -> None:
    signatures = st.one_of(st.binary(max_size=300), st.just(b""))

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(header=headers(issuer), payload=_claims(), signature=signatures)
    def check(header: dict[str, Any], payload: Any, signature: bytes) -> None:
        token = f"{_part(header)}.{_part(payload)}.{_part(signature)}"
        response = post(server, token, "{ __typename }")
        assert response.status_code == 401, (header, payload, response.text)
        assert error_codes(response) == ["UNAUTHENTICATED"]

    check()


def test_a_token_whose_alg_does_not_fit_its_key_is_refused_and_counted(
    counted: LiveServer, issuer: Issuer
) -> None:
    """`{"alg": "ES256", "kid": <an RSA kid>}` raised TypeError inside PyJWT: 500, uncounted."""
    rsa_kid = next(kid for kid, (alg, _) in issuer.keys.items() if alg == "RS256")
    token = f"{_part({'alg': 'ES256', 'kid': rsa_kid})}.{_part({})}.{_part(b'sig')}"
    for _ in range(5):
        response = post(counted, token, "{ __typename }")
        assert response.status_code == 401, response.text
        assert "does not match its key" in response.text
    over = post(counted, token, "{ __typename }")
    assert over.status_code == 429
    assert error_codes(over) == ["RATE_LIMITED"]


class Hanging:
    """A TCP server that accepts connections and never answers; counts what it accepted."""

    def __init__(self) -> None:
        import socket

        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/jwks"
        self.accepted = 0
        self.held: list[Any] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self.sock.accept()
            except OSError:
                return
            self.accepted += 1
            self.held.append(connection)

    def close(self) -> None:
        self.sock.close()
        for connection in self.held:
            connection.close()


def test_a_hanging_key_set_is_fetched_once_and_answered_503(
    settings: Settings, server: LiveServer, issuer: Issuer, module_tenant: Tenant
) -> None:
    hanging = Hanging()
    timeout = 1.0
    changed = dataclasses.replace(
        settings, oidc_jwks_url=hanging.url, oidc_fetch_timeout_seconds=timeout
    )
    live = LiveServer(changed).start()
    try:
        token = issuer.token("someone", module_tenant.id)
        answers: list[tuple[float, httpx.Response]] = []

        def ask() -> None:
            started = time.perf_counter()
            response = post(live, token, "{ __typename }")
            answers.append((time.perf_counter() - started, response))

        threads = [threading.Thread(target=ask) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        # Before: one fetch each, one after the other: answered after 5, 10, 15 and 20 s.
        assert hanging.accepted == 1
        for took, response in answers:
            assert response.status_code == 503, response.text
            assert error_codes(response) == ["SERVICE_UNAVAILABLE"]
            assert int(response.headers["Retry-After"]) >= 1
            assert took < 3 * timeout, took
        # Backing off: answered at once, the provider not asked again.
        again = post(live, token, "{ __typename }")
        assert again.status_code == 503
        assert hanging.accepted == 1
        # API keys keep working throughout.
        assert post(live, module_tenant.keys["traveler"], "{ __typename }").status_code == 200
    finally:
        live.stop()
        hanging.close()


def test_the_last_good_keys_are_kept_while_the_provider_hangs(
    settings: Settings, server: LiveServer, module_tenant: Tenant
) -> None:
    provider = Issuer()
    changed = dataclasses.replace(
        settings, oidc_jwks_url=provider.jwks_url, oidc_fetch_timeout_seconds=1.0
    )
    live = LiveServer(changed).start()
    try:
        token = provider.token("someone", module_tenant.id)
        assert post(live, token, "{ __typename }").status_code == 403  # keys fetched; no member
        provider.hanging.set()
        # A new kid makes the service look again: the fetch hangs, and a key it cannot have is
        # the provider's outage (503, not counted), not a bad token; known keys still verify.
        unknown = provider.token("someone", module_tenant.id, kid=provider.add_key("RS256"))
        answer = post(live, unknown, "{ __typename }")
        assert answer.status_code == 503, answer.text
        assert int(answer.headers["Retry-After"]) >= 1
        assert post(live, token, "{ __typename }").status_code == 403
    finally:
        live.stop()
        provider.stop()


@pytest.mark.parametrize("body", [b"[]", b'"keys"', b"{not json", b'{"keys": 7}'])
def test_a_key_set_that_is_not_one_is_an_outage_not_a_500(
    settings: Settings, server: LiveServer, module_tenant: Tenant, body: bytes
) -> None:
    provider = Issuer()
    provider.answer = body
    live = LiveServer(dataclasses.replace(settings, oidc_jwks_url=provider.jwks_url)).start()
    try:
        answer = post(live, provider.token("someone", module_tenant.id), "{ __typename }")
        assert answer.status_code == 503, answer.text
        assert error_codes(answer) == ["SERVICE_UNAVAILABLE"]
    finally:
        live.stop()
        provider.stop()
