"""Typed inputs at the edge (docs/decisions/0073-typed-inputs.md): an SDL input type reaches its
resolver as the domain's dataclass, through either executor, whether sent as a literal or a
variable; domain errors naming a dataclass field reach the caller under the input's path; and a
dataclass that does not match its SDL type is refused when the schema is built."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import pytest
from graphql import ExecutionResult, execute, parse

from travel.errors import InvalidInput
from travel.graphql.binder import ObjectBinding, SchemaModule, build
from travel.graphql.documents import PreparedDocument
from travel.graphql.errors import format_error
from travel.graphql.fastpath import FastExecutor
from travel.graphql.inputs import ErrorPaths

SDL = """
type Query { echo(input: StayInput!): String }
input StayInput {
  checkIn: String!
  checkOut: String
  guests: Int = 1
}
"""


@dataclass(frozen=True, slots=True)
class StayInput:
    check_in: str
    check_out: str | None = None
    guests: int | None = 1


def _schema(record: type[Any] = StayInput) -> Any:
    query = ObjectBinding("Query")

    @query.field("echo")
    def echo(_: None, __: Any, input: StayInput) -> str:
        assert type(input) is StayInput
        with ErrorPaths("input"):
            if input.check_out is not None and input.check_out <= input.check_in:
                raise InvalidInput("check_out", "$check_out must be after $check_in")
        return f"{input.check_in}..{input.check_out} x{input.guests}"

    module = SchemaModule(SDL, objects=[query], inputs={"StayInput": record})
    return build([module], wrap_mutation=lambda resolver: resolver)


SCHEMA = _schema()


def _run(query: str, variables: dict[str, Any]) -> tuple[ExecutionResult, ExecutionResult]:
    async def both() -> tuple[ExecutionResult, ExecutionResult]:
        document = parse(query)
        reference = execute(SCHEMA, document, variable_values=variables)
        assert isinstance(reference, ExecutionResult)
        operations = {d.name.value: d for d in document.definitions if hasattr(d, "operation")}
        prepared = PreparedDocument(document=document, errors=[], operations=operations)
        fast = await FastExecutor(SCHEMA).execute(prepared, operations["Q"], variables, None)
        assert fast is not None
        return reference, fast

    return asyncio.run(both())


@pytest.mark.parametrize(
    ("query", "variables", "answer"),
    [
        ('query Q { echo(input: {checkIn: "a"}) }', {}, "a..None x1"),
        ('query Q { echo(input: {checkIn: "a", checkOut: "b", guests: null}) }', {}, "a..b xNone"),
        ("query Q($i: StayInput!) { echo(input: $i) }", {"i": {"checkIn": "a"}}, "a..None x1"),
        (
            'query Q($g: Int) { echo(input: {checkIn: "a", guests: $g}) }',
            {"g": 3},
            "a..None x3",
        ),
    ],
)
def test_both_executors_hand_the_resolver_the_dataclass(
    query: str, variables: dict[str, Any], answer: str
) -> None:
    for result in _run(query, variables):
        assert result.errors is None
        assert result.data == {"echo": answer}


def test_a_domain_error_reaches_the_caller_under_the_inputs_path() -> None:
    query = "query Q($i: StayInput!) { echo(input: $i) }"
    for result in _run(query, {"i": {"checkIn": "b", "checkOut": "a"}}):
        assert result.errors is not None
        (error,) = [format_error(e, "request") for e in result.errors]
        assert error["message"] == "input.checkOut must be after input.checkIn"
        assert error["extensions"] == {
            "code": "VALIDATION_ERROR",
            "field": "input.checkOut",
            "fields": [{"field": "input.checkOut", "message": error["message"]}],
        }


def test_outside_the_schema_layer_an_error_names_the_domain_field() -> None:
    error = InvalidInput("check_out", "$check_out must be after $check_in")
    message = "check_out must be after check_in"
    assert (error.message, error.extensions) == (
        message,
        {"field": "check_out", "fields": [{"field": "check_out", "message": message}]},
    )


def test_problems_of_one_input_are_reported_together_in_order() -> None:
    together = InvalidInput.together(
        [InvalidInput("name", "$name must not be empty"), InvalidInput("units", "$units is 0")]
    )
    shown = together.at(lambda field: f"input.{field}")
    assert shown.message == "2 fields are invalid: input.name must not be empty; input.units is 0"
    assert shown.extensions == {
        "field": "input.name",
        "fields": [
            {"field": "input.name", "message": "input.name must not be empty"},
            {"field": "input.units", "message": "input.units is 0"},
        ],
    }


@dataclass(frozen=True)
class MissingField:
    check_in: str
    check_out: str | None = None


@dataclass(frozen=True)
class ExtraField:
    check_in: str
    check_out: str | None = None
    guests: int | None = 1
    rooms: int = 1


@dataclass(frozen=True)
class NoDefaultForAnOptionalField:
    check_in: str
    check_out: str | None
    guests: int | None = 1


@pytest.mark.parametrize(
    ("record", "problem"),
    [
        (MissingField, "has no field guests for StayInput.guests"),
        (ExtraField, "has fields ['rooms'] StayInput lacks"),
        (NoDefaultForAnOptionalField, "check_out needs a default"),
    ],
)
def test_a_dataclass_that_does_not_match_its_input_type_is_refused(
    record: type[Any], problem: str
) -> None:
    with pytest.raises(LookupError, match=problem.replace("[", r"\[").replace("]", r"\]")):
        _schema(record)
