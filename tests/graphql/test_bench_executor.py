"""The executor benchmark keeps working (it is run by `make bench`; no timing is asserted)."""

from __future__ import annotations

import asyncio

from bench import executor


def test_the_executor_benchmark_runs_both_executors_on_every_document() -> None:
    rows = asyncio.run(executor.measure(0.05))
    assert [r["scenario"] for r in rows] == list(executor.DOCUMENTS)
    assert all(r["graphql_core"] > 0 and r["compiled"] > 0 for r in rows)
