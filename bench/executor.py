"""`python -m bench.executor`: the executors alone, on in-memory data — the setting of the
library comparison the compiled executor was built against (docs/performance.md: graphql-core
with parse and validate cached, ~340 lists of 50/s).

The service's real schema answers the list from memory (its root resolver is swapped for one that
returns prepared records) and the `provider` DataLoader batches over a dict; no HTTP, no
database, no authentication. The same documents run through graphql-core's `execute` (document
parsed and validated once) and through the compiled path, each for `--seconds`; it prints
executions/s and their ratio. It never fails on timing.
"""

from __future__ import annotations

import argparse
import asyncio
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from graphql import ExecutionResult, GraphQLSchema, OperationDefinitionNode, execute, parse

from bench.scenarios import LISTING
from travel.catalog.records import ListingRecord, ProviderRecord
from travel.graphql.dataloader import DataLoader
from travel.graphql.documents import PreparedDocument
from travel.graphql.fastpath import FastExecutor
from travel.graphql.schema import build_schema
from travel.pagination import PageInput, page_from

DOCUMENTS = {
    "connectivity check (1 item)": (
        "{ travelProperties(pagination: {skip: 0, take: 1}) { id name } }"
    ),
    "travelProperties 50 + providers": (
        f"{{ travelProperties(pagination: {{skip: 0, take: 50}}) {{ {LISTING} }} }}"
    ),
}


def _records(count: int) -> tuple[list[ListingRecord], dict[uuid.UUID, ProviderRecord]]:
    providers = {
        p.id: p
        for p in (
            ProviderRecord(uuid.uuid4(), f"Host {n}", "HOST", 4.5, uuid.uuid4()) for n in range(10)
        )
    }
    ids = list(providers)
    listings = [
        ListingRecord(
            id=uuid.uuid4(),
            kind="PROPERTY",
            provider_id=ids[n % len(ids)],
            name=f"Casa {n}",
            description=None,
            location="Lisbon, Portugal",
            price_minor=12050,
            currency="EUR",
            rating=4.7,
            amenities=["wifi", "kitchen"],
            units=2,
            max_guests=4,
            capacity=None,
            duration_minutes=None,
            starts_at=None,
            ends_at=None,
            origin=None,
            destination=None,
            departs_at=None,
            arrives_at=None,
            mode=None,
        )
        for n in range(count)
    ]
    return listings, providers


class MemoryContext:
    """What the resolvers need of a request context, answered from memory."""

    def __init__(self, providers: dict[uuid.UUID, ProviderRecord]) -> None:
        self._providers = providers
        self._loaders: dict[Any, DataLoader[uuid.UUID, ProviderRecord]] = {}

    def loader(self, factory: Any) -> DataLoader[uuid.UUID, ProviderRecord]:
        if factory not in self._loaders:

            async def batch(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, ProviderRecord]:
                return {i: self._providers[i] for i in ids}

            self._loaders[factory] = DataLoader(batch)
        return self._loaders[factory]


def _schema(listings: list[ListingRecord]) -> GraphQLSchema:
    schema = build_schema()
    assert schema.query_type is not None

    def from_memory(_: Any, __: Any, pagination: PageInput | None = None, **___: Any) -> Any:
        return listings[: page_from(pagination).take]

    schema.query_type.fields["travelProperties"].resolve = from_memory
    return schema


async def _rate(run: Callable[[], Awaitable[ExecutionResult]], seconds: float) -> float:
    first = await run()
    assert not first.errors, first.errors
    done, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        await run()
        done += 1
    return done / (time.perf_counter() - started)


async def measure(seconds: float) -> list[dict[str, Any]]:
    listings, providers = _records(50)
    schema = _schema(listings)
    fast = FastExecutor(schema)
    rows = []
    for name, text in DOCUMENTS.items():
        document = parse(text)
        operation = document.definitions[0]
        assert isinstance(operation, OperationDefinitionNode)
        prepared = PreparedDocument(document=document, errors=[], operations={None: operation})

        async def standard(document: Any = document) -> ExecutionResult:
            outcome = execute(schema, document, context_value=MemoryContext(providers))
            if not isinstance(outcome, ExecutionResult):
                outcome = await outcome
            return outcome

        async def compiled(prepared: Any = prepared, operation: Any = operation) -> ExecutionResult:
            result = await fast.execute(prepared, operation, None, MemoryContext(providers))
            assert result is not None
            return result

        core, ours = await _rate(standard, seconds), await _rate(compiled, seconds)
        rows.append({"scenario": name, "graphql_core": core, "compiled": ours})
        print(
            f"  {name:<34} graphql-core {core:>8.0f}/s  compiled {ours:>8.0f}/s  "
            f"{ours / core:>5.1f}x",
            flush=True,
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="per executor and document")
    args = parser.parse_args()
    print("== executors alone, in-memory data (one process, one core)")
    asyncio.run(measure(args.seconds))


if __name__ == "__main__":
    main()
