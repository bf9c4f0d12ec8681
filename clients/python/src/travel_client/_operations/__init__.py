"""Each typed method's request, and how its answer becomes a model (`Call`): written once, run
by the blocking and the asyncio client alike. One module per group of operations, as in
operations/*.graphql, whose documents are sent and from which the models were generated
(scripts/sdk-codegen.sh)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any, Generic, TypeVar

from travel_client._generated.documents import DOCUMENTS
from travel_client.errors import UnexpectedResultError
from travel_client.types import Unchanged

T = TypeVar("T")
Data = dict[str, Any]
Money = Decimal | str  # never a float: "120.00" or Decimal("120.00")
Day = date | str  # YYYY-MM-DD
Instant = datetime | str  # ISO 8601 with a time zone
MAX_TAKE = 100  # the API's largest page (docs/design.md)


@dataclass(frozen=True)
class Call(Generic[T]):
    """One operation to run: `read` turns the response's `data` into the method's result once
    no error concerns `field`, the operation's root field."""

    operation: str
    field: str
    variables: Data
    read: Callable[[Data], T]
    idempotency_key: str | None = None

    @property
    def document(self) -> str:
        return DOCUMENTS[self.operation][0]

    @property
    def mutation(self) -> bool:
        return DOCUMENTS[self.operation][1]


def present(value: T | None, field: str) -> T:
    """A root field's value: null without an error is not an answer the API gives."""
    if value is None:
        raise UnexpectedResultError(f"the API answered {field}: null without an error", field=field)
    return value


def items(values: list[T] | None) -> list[T]:
    return [] if values is None else values


def page(skip: int, take: int, filter: Mapping[str, Any] | None = None) -> Data:
    """Variables of a list query (a filter only when one is given)."""
    variables: Data = {"pagination": {"skip": skip, "take": take}}
    if filter:
        variables["filter"] = dict(filter)
    return variables


def filtered(filter: Mapping[str, Any] | None) -> Data:
    """Variables of a count query."""
    return {"filter": dict(filter)} if filter else {}


def compact(**fields: Any) -> Data:
    """An input object from snake_case keywords: camelCase keys, None left out (the API's
    default applies), sequences as lists."""
    return {
        _camel(name): list(value) if isinstance(value, tuple) else value
        for name, value in fields.items()
        if value is not None
    }


def changes(**fields: Any) -> Data:
    """The fields of an update input from snake_case keywords: camelCase keys, UNCHANGED left
    out (the field keeps its value), None kept (sent as null: it clears the field), sequences
    as lists. `compact` is for create inputs, where None means "the API's default"."""
    return {
        _camel(name): list(value) if isinstance(value, tuple) else value
        for name, value in fields.items()
        if not isinstance(value, Unchanged)
    }


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)
