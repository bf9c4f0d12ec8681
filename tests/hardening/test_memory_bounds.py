"""Caches are bounded in bytes, and refused requests never fill them (issue: resource bounds,
items 2 and 3): `travel serve` is sent megabyte documents, hundreds of distinct valid ones,
documents from a key over its quota and megabyte variables, and its resident memory (RSS, from
/proc) grows by no more than the document cache's byte budget and a stated allowance.
Before: 100 documents of 1 MB took the server from 262 to 1,056 MB, and 60 requests with a
megabyte of junk in a variable from 112 to 355 MB."""

from __future__ import annotations

import httpx

from tests.factories import create_tenant
from tests.support.live import LiveServer
from tests.support.serve import Served, serving

MB = 1024 * 1024
CACHE_BYTES = 4 * MB  # the document cache's budget in this test
# What the interpreter may keep besides the caches' budgets: allocator arenas, buffers, the
# refused documents' cache (measured: 4-5 MB in all).
ALLOWANCE = 16 * MB


def _send(client: httpx.Client, served: Served, key: str, body: dict[str, object]) -> int:
    response = client.post(
        served.graphql_url, json=body, headers={"Authorization": f"Bearer {key}"}
    )
    return response.status_code


def test_caches_stay_within_their_byte_budgets_whatever_is_sent(
    server: LiveServer, cli_env: dict[str, str]
) -> None:
    tenant = create_tenant(server, plan="enterprise")
    flooded = create_tenant(server, plan="free")
    key, over = tenant.keys["traveler"], flooded.keys["traveler"]
    settings = {
        "DOCUMENT_CACHE_BYTES": str(CACHE_BYTES),
        "VALIDATION_MS_PER_SECOND": "1000",
        "VALIDATION_BURST_MS": "60000",
        # Megabyte bodies from one workspace, as fast as they are answered: the budget of body
        # bytes would refuse most of them before reading (test_document_bounds.py tests it).
        "BODY_BYTES_PER_SECOND": str(1 << 40),
        "BODY_BURST_BYTES": str(1 << 40),
    }
    with serving(cli_env, **settings) as served, httpx.Client(timeout=60) as client:
        for n in range(50):  # warm up: the paths below run once before the baseline
            _send(client, served, key, {"query": f"{{ __typename }} # {n}"})
        baseline = served.rss_bytes()

        # 1. Megabyte documents: refused unread (over TRAVEL_MAX_DOCUMENT_CHARS).
        for n in range(900):
            padded = f"{{ __typename }} #{n}" + "x" * (MB - 64)
            assert _send(client, served, key, {"query": padded}) == 400

        # 2. Distinct valid documents of 8 KB: kept within the byte budget.
        for n in range(1500):
            padded = f"{{ travelViewer {{ subject }} }} #{n}" + "x" * 8_000
            assert _send(client, served, key, {"query": padded}) == 200
        assert served.metric("travel_cache_bytes", 'cache="documents"') <= CACHE_BYTES

        # 3. A key over its quota adds nothing, whatever it sends.
        for _ in range(600):
            _send(client, served, over, {"query": "{ __typename }"})
        documents = served.metric("travel_cache_entries", 'cache="documents"')
        refused = served.metric("travel_cache_entries", 'cache="refused_documents"')
        for n in range(20):
            padded = f"{{ travelViewer {{ subject }} }} #{n}" + "y" * 60_000
            assert _send(client, served, over, {"query": padded}) == 429
        assert served.metric("travel_cache_entries", 'cache="documents"') == documents
        assert served.metric("travel_cache_entries", 'cache="refused_documents"') == refused

        # 4. A megabyte of junk beside `take` in a variable: refused, and nothing of it kept.
        page = "query ($p: TravelPaginationInput) { travelProperties(pagination: $p) { id } }"
        for n in range(60):
            junk = {"take": 1, "junk": f"{n}" + "z" * (MB - 200)}
            assert _send(client, served, key, {"query": page, "variables": {"p": junk}}) == 400

        grown = served.rss_bytes() - baseline
    assert grown <= CACHE_BYTES + ALLOWANCE, f"RSS grew {grown / MB:.1f} MB"
