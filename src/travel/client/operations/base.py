"""What every group of typed methods builds on: one `_call` that the clients implement."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

R = TypeVar("R")


class OperationsBase(Generic[R]):
    """`_call` runs one operation and returns its root field: the value for TravelClient, an
    awaitable of it for AsyncTravelClient. Errors raise TravelAPIError with the spec's code."""

    def _call(
        self,
        field: str,
        document: str,
        variables: dict[str, Any],
        *,
        mutation: bool = False,
        idempotency_key: str | None = None,
        pick: Callable[[Any], Any] | None = None,
    ) -> R:
        raise NotImplementedError


def list_document(
    field: str, selection: str, filter_type: str | None = None, argument: str = "filter"
) -> str:
    """`field(pagination, <argument>: $filter)`: the conditions go in the variable `filter`
    whatever the field's argument is called (travelBookings takes `where`)."""
    if filter_type is None:
        return (
            f"query($pagination: TravelPaginationInput) "
            f"{{ {field}(pagination: $pagination) {{ {selection} }} }}"
        )
    return (
        f"query($pagination: TravelPaginationInput, $filter: {filter_type}) "
        f"{{ {field}(pagination: $pagination, {argument}: $filter) {{ {selection} }} }}"
    )


def one_document(field: str, selection: str) -> str:
    """`field(id: $id)`."""
    return f"query($id: ID!) {{ {field}(id: $id) {{ {selection} }} }}"


def input_mutation(field: str, input_type: str, selection: str) -> str:
    """`field(input: $input)`."""
    return f"mutation($input: {input_type}!) {{ {field}(input: $input) {{ {selection} }} }}"


def page(skip: int, take: int, filter: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Variables of a list query (a filter only when one is given)."""
    variables: dict[str, Any] = {"pagination": {"skip": skip, "take": take}}
    if filter:
        variables["filter"] = dict(filter)
    return variables


def compact(**fields: Any) -> dict[str, Any]:
    """An input object from snake_case keywords: camelCase keys, None left out (the API's
    default applies)."""
    return {_camel(name): value for name, value in fields.items() if value is not None}


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def count_document(field: str, filter_type: str | None = None, argument: str = "filter") -> str:
    """`field(<argument>: $filter)`, an Int: how many items the list has over all its pages."""
    if filter_type is None:
        return f"query {{ {field} }}"
    return f"query($filter: {filter_type}) {{ {field}({argument}: $filter) }}"


def filtered(filter: Mapping[str, Any] | None) -> dict[str, Any]:
    """Variables of a count query."""
    return {"filter": dict(filter)} if filter else {}
