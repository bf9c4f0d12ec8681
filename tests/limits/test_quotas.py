"""Per-workspace, per-action quotas by plan (docs/design.md §7), as a partner meets them over HTTP."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest

from tests.factories import count_rows, create_tenant
from tests.support.live import LiveServer

# docs/design.md §7, restated so that a change in the code has to be a deliberate change here too.
QUOTAS = {
    "free": {"read": 600, "book": 60, "write": 60, "analytics": 30},
    "pro": {"read": 6000, "book": 600, "write": 600, "analytics": 300},
    "enterprise": {"read": 60000, "book": 6000, "write": 6000, "analytics": 3000},
}
READ = "{ travelProviders(pagination: {take: 1}) { id } }"
WRITE = 'mutation { createTravelProvider(input: {name: "Quota Inn", type: HOST}) { id } }'
ANALYTICS = "{ travelOverviewStats { totalBookings } }"
BOOK = (
    "mutation { toggleTravelFavorite(targetType: PROPERTY,"
    ' targetId: "00000000-0000-0000-0000-000000000000") }'
)


class Api:
    """A partner's client: one kept-alive connection, one bearer key."""

    def __init__(self, server: LiveServer, key: str) -> None:
        self.client = httpx.Client(
            base_url=server.url, headers={"Authorization": f"Bearer {key}"}, timeout=30
        )

    def __call__(self, query: str) -> httpx.Response:
        return self.client.post("/workspaces/graphql", json={"query": query})

    def close(self) -> None:
        self.client.close()


@pytest.fixture
def apis() -> Iterator[list[Api]]:
    made: list[Api] = []
    yield made
    for api in made:
        api.close()


def api(apis: list[Api], server: LiveServer, key: str) -> Api:
    made = Api(server, key)
    apis.append(made)
    return made


def quota_headers(response: httpx.Response) -> tuple[int, int, int]:
    """(limit, remaining, reset) from the X-RateLimit-* headers."""
    h = response.headers
    return (
        int(h["X-RateLimit-Limit"]),
        int(h["X-RateLimit-Remaining"]),
        int(h["X-RateLimit-Reset"]),
    )


def spend(call: Api, query: str, times: int) -> list[int]:
    """Send `query` `times` times; each must be let through. The Remaining values seen."""
    seen = []
    for _ in range(times):
        response = call(query)
        assert response.status_code == 200, response.text
        seen.append(quota_headers(response)[1])
    return seen


def assert_refused(response: httpx.Response, limit: int, window: int = 60) -> None:
    assert response.status_code == 429, response.text
    body = response.json()
    assert "data" not in body
    assert [e["extensions"]["code"] for e in body["errors"]] == ["RATE_LIMITED"]
    retry_after = int(response.headers["Retry-After"])
    assert 1 <= retry_after <= window + 1
    got_limit, remaining, reset = quota_headers(response)
    assert (got_limit, remaining) == (limit, 0)
    assert time.time() - 1 <= reset <= time.time() + window + 1


def require_field(server: LiveServer, name: str) -> None:
    mutation = server.services.schema.mutation_type
    if mutation is None or name not in mutation.fields:
        pytest.skip(f"{name} is not in the schema yet")


@pytest.mark.parametrize("plan", ["free", "pro", "enterprise"])
def test_each_plan_reports_its_quota_for_each_action(server: LiveServer, apis, plan: str) -> None:  # type: ignore[no-untyped-def]
    tenant = create_tenant(server, plan=plan)
    admin = api(apis, server, tenant.keys["admin"])
    for action, query in (("read", READ), ("write", WRITE), ("analytics", ANALYTICS)):
        response = admin(query)
        assert response.status_code == 200, response.text
        limit, remaining, reset = quota_headers(response)
        assert (limit, remaining) == (QUOTAS[plan][action], QUOTAS[plan][action] - 1), action
        assert time.time() - 1 <= reset <= time.time() + 61


def test_free_read_quota_runs_out_at_600(server: LiveServer, apis) -> None:  # type: ignore[no-untyped-def]
    traveler = api(apis, server, create_tenant(server).keys["traveler"])
    seen = spend(traveler, READ, 1) + spend(traveler, "{ __typename }", 599)
    assert seen == list(range(599, -1, -1))
    assert_refused(traveler(READ), 600)
    assert_refused(traveler("{ __typename }"), 600)


def test_free_write_quota_runs_out_at_60_and_a_refused_write_writes_nothing(
    server: LiveServer, apis
) -> None:  # type: ignore[no-untyped-def]
    tenant = create_tenant(server)
    host = api(apis, server, tenant.keys["host"])
    assert spend(host, WRITE, 60) == list(range(59, -1, -1))
    assert count_rows(server, "providers", tenant.workspace) == 60
    assert_refused(host(WRITE), 60)
    assert count_rows(server, "providers", tenant.workspace) == 60


def test_free_book_quota_runs_out_at_60(server: LiveServer, apis) -> None:  # type: ignore[no-untyped-def]
    require_field(server, "toggleTravelFavorite")
    traveler = api(apis, server, create_tenant(server).keys["traveler"])
    # An unknown target is NOT_FOUND at field level: the request still ran, so it is charged.
    for expected in range(59, -1, -1):
        response = traveler(BOOK)
        assert response.status_code == 200, response.text
        assert quota_headers(response)[:2] == (60, expected)
    assert_refused(traveler(BOOK), 60)


def test_pro_analytics_quota_runs_out_at_300(server: LiveServer, apis) -> None:  # type: ignore[no-untyped-def]
    # A traveler's analytics request is FORBIDDEN at field level, and charged all the same.
    traveler = api(apis, server, create_tenant(server, plan="pro").keys["traveler"])
    assert spend(traveler, ANALYTICS, 300)[-1] == 0
    assert_refused(traveler(ANALYTICS), 300)


def test_after_the_window_the_quota_is_whole_again(short_server: LiveServer, apis) -> None:  # type: ignore[no-untyped-def]
    admin = api(apis, short_server, create_tenant(short_server).keys["admin"])
    assert spend(admin, ANALYTICS, 30)[-1] == 0
    refused = admin(ANALYTICS)
    assert_refused(refused, 30, window=short_server.services.settings.rate_limit_window_seconds)
    time.sleep(int(refused.headers["Retry-After"]) + 0.5)
    again = admin(ANALYTICS)
    assert again.status_code == 200, again.text
    assert quota_headers(again)[:2] == (30, 29)


def test_a_request_is_charged_once_per_action_and_reports_the_tightest(
    server: LiveServer, apis
) -> None:  # type: ignore[no-untyped-def]
    # The traveler's analytics field is FORBIDDEN; the request ran, so both actions are charged.
    traveler = api(apis, server, create_tenant(server).keys["traveler"])
    both = "{ travelProviders { id } travelProvider(id: 1) { id } travelOverviewStats { totalBookings } }"
    response = traveler(both)
    assert response.status_code == 200, response.text
    assert quota_headers(response)[:2] == (30, 29)  # analytics: fewer left than read
    assert quota_headers(traveler(READ))[:2] == (600, 598)  # two read fields, one read charge


def test_a_refused_request_spends_none_of_its_other_actions(server: LiveServer, apis) -> None:  # type: ignore[no-untyped-def]
    traveler = api(apis, server, create_tenant(server).keys["traveler"])
    spend(traveler, ANALYTICS, 30)
    assert_refused(traveler("{ travelProviders { id } travelOverviewStats { totalBookings } }"), 30)
    assert quota_headers(traveler(READ))[:2] == (600, 599)


def test_quotas_belong_to_the_workspace_not_the_key(server: LiveServer, apis) -> None:  # type: ignore[no-untyped-def]
    tenant, other = create_tenant(server), create_tenant(server)
    spend(api(apis, server, tenant.keys["admin"]), ANALYTICS, 30)
    assert_refused(api(apis, server, tenant.keys["traveler"])(ANALYTICS), 30)
    response = api(apis, server, other.keys["admin"])(ANALYTICS)
    assert response.status_code == 200
    assert quota_headers(response)[:2] == (30, 29)


def test_every_mutation_spends_a_deliberately_chosen_action(server: LiveServer) -> None:
    """Unmapped root fields spend `read`; a mutation doing so would have 10x the quota."""
    from travel.limits.actions import ROOT_FIELD_ACTIONS

    mutation = server.services.schema.mutation_type
    assert mutation is not None
    assert set(mutation.fields) - set(ROOT_FIELD_ACTIONS) == set()
    assert {ROOT_FIELD_ACTIONS[name] for name in mutation.fields} <= {"book", "write"}
