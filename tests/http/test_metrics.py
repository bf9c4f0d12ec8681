"""Prometheus `/metrics`: request counts and latencies by root field and outcome, rate-limit
rejections, Redis failures, webhook deliveries and database pool usage, with bounded labels."""

from __future__ import annotations

import httpx
import pytest
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.parser import text_string_to_metric_families

from tests.support.api import post
from tests.support.live import LiveServer
from travel import metrics

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def scrape(server: LiveServer) -> Samples:
    response = httpx.get(server.metrics_url)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def test_requests_are_counted_and_timed_by_root_field_and_outcome(
    server: LiveServer, tenant
) -> None:  # type: ignore[no-untyped-def]
    before = scrape(server)
    traveler = tenant.keys["traveler"]
    for i in range(3):
        # Operation names are the client's choice: they must not become labels.
        assert (
            post(server, traveler, f"query Zq{i}x {{ travelProviders {{ id }} }}").status_code
            == 200
        )
    post(
        server, traveler, 'mutation { createTravelProvider(input: {name: "N", type: HOST}) { id } }'
    )
    post(server, traveler, "{ __typename }")
    post(server, traveler, "{ travelProviders { id } travelTours { id } }")
    httpx.post(
        server.graphql_url, content=b"{nope", headers={"Authorization": f"Bearer {traveler}"}
    )
    post(server, "trv_not-a-key", "{ __typename }")
    after = scrape(server)

    def delta(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    expected = [
        ("travelProviders", "OK", 3),
        ("createTravelProvider", "FORBIDDEN", 1),
        ("introspection", "OK", 1),
        ("multiple", "OK", 1),
        ("none", "VALIDATION_ERROR", 1),
        ("none", "UNAUTHENTICATED", 1),
    ]
    for operation, outcome, count in expected:
        labels = {"operation": operation, "outcome": outcome}
        assert delta("travel_requests_total", **labels) == count, labels
        assert delta("travel_request_duration_seconds_count", **labels) == count, labels
        assert delta("travel_request_duration_seconds_sum", **labels) > 0, labels
    assert not any("Zq" in v for _, labels in after for _, v in labels)


def test_rate_limit_rejections_are_counted_by_action(server: LiveServer, tenant) -> None:  # type: ignore[no-untyped-def]
    query = "{ travelOverviewStats { totalBookings } }"
    with httpx.Client(headers={"Authorization": f"Bearer {tenant.keys['traveler']}"}) as client:
        for _ in range(30):
            client.post(server.graphql_url, json={"query": query})
    before = scrape(server)
    assert post(server, tenant.keys["traveler"], query).status_code == 429
    after = scrape(server)
    assert value(after, "travel_rate_limited_total", action="analytics") == (
        value(before, "travel_rate_limited_total", action="analytics") + 1
    )
    labels = {"operation": "travelOverviewStats", "outcome": "RATE_LIMITED"}
    assert value(after, "travel_requests_total", **labels) == (
        value(before, "travel_requests_total", **labels) + 1
    )


def test_database_pools_and_the_other_series_are_exposed(server: LiveServer) -> None:
    samples = scrape(server)
    engines = {
        dict(labels)["engine"] for name, labels in samples if name == "travel_db_pool_connections"
    }
    # (plus `tenant:…`, one per dedicated database an earlier test used)
    shared = {engine for engine in engines if not engine.startswith("tenant:")}
    assert shared in ({"reader", "writer"}, {"readwrite"})
    for engine in engines:
        assert value(samples, "travel_db_pool_connections", engine=engine, state="size") >= 1
        assert value(samples, "travel_db_pool_connections", engine=engine, state="checked_out") >= 0
    text = httpx.get(server.metrics_url).text
    for family in (
        "travel_webhook_deliveries_total",
        "travel_redis_failures_total",
        "travel_rate_limited_total",
    ):
        assert f"# TYPE {family} counter" in text, family


def test_metrics_are_served_on_their_own_port_only(server: LiveServer) -> None:
    """Not on the API's (or the web app's) port; the metrics port serves nothing else."""
    assert httpx.get(f"{server.url}/metrics").status_code == 404
    metrics_root = server.metrics_url.removesuffix("/metrics")
    assert httpx.get(f"{metrics_root}/").status_code == 404
    assert (
        httpx.post(
            f"{metrics_root}/workspaces/graphql", json={"query": "{ __typename }"}
        ).status_code
        == 404
    )
    assert httpx.get(f"{metrics_root}/healthz").status_code == 200
    assert httpx.get(server.metrics_url).status_code == 200


def test_latency_buckets_count_each_request_at_or_under_their_bound() -> None:
    """The request series (counted in plain lists, exposed when scraped) follow Prometheus'
    histogram rules: a duration equal to a bound is in that bucket, buckets are cumulative,
    `+Inf` and `_count` are every request, `_sum` their seconds."""
    series = metrics.RequestSeries()
    for seconds in (0.005, 0.0051, 0.3, 10.0, 11.0):
        series.observe(("travelTours", "OK"), seconds)
    series.observe(("none", "UNAUTHENTICATED"), 0.001)
    registry = CollectorRegistry()
    registry.register(series)
    samples = {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(generate_latest(registry).decode())
        for sample in family.samples
    }
    tours = {"operation": "travelTours", "outcome": "OK"}

    def bucket(le: str) -> float:
        return value(samples, "travel_request_duration_seconds_bucket", le=le, **tours)

    assert [bucket(le) for le in ("0.005", "0.01", "0.25", "0.5", "10.0", "+Inf")] == [
        1,
        2,
        2,
        3,
        4,
        5,
    ]
    assert value(samples, "travel_request_duration_seconds_count", **tours) == 5
    assert value(samples, "travel_request_duration_seconds_sum", **tours) == pytest.approx(21.3101)
    assert value(samples, "travel_requests_total", **tours) == 5
    assert value(samples, "travel_requests_total", operation="none", outcome="UNAUTHENTICATED") == 1
