"""The fast path's coercion of flat variables (travel.graphql.fastpath.variables: leaf types and
input objects of leaf fields) answers what graphql-core's `get_variable_values` answers — the
same coerced values and sources — or hands the request to graphql-core, for any mix of types,
nullability and values sent."""

from __future__ import annotations

from typing import Any

from graphql import GraphQLError, build_schema, parse
from graphql.execution.values import get_variable_values
from hypothesis import given, settings
from hypothesis import strategies as st

from travel.graphql.fastpath.variables import FlatVariables
from travel.graphql.schema import build_schema as build_travel_schema

SCHEMA = build_schema(
    """
    scalar Date
    enum Side { LIGHT DARK }
    input Box { n: Int }
    input Pair { a: ID!, b: Side, c: Date, n: Int! }
    input Defaulted { n: Int = 3, s: Side! = DARK }
    input Nested { box: Box }
    input Either @oneOf { a: Int, b: String }
    type Query { f(a: ID, b: String, c: Int, d: Float, e: Boolean, g: Side, h: Box): Int }
    """
)
TYPES = ["ID", "String", "Int", "Float", "Boolean", "Side", "Date", "Box", "Pair", "Defaulted"]
ODD = ["Nested", "Either", "[Int]", "[ID!]!"]  # graphql-core coerces these
SCALARS = st.one_of(
    st.none(),
    st.text(max_size=6),
    st.integers(min_value=-(2**40), max_value=2**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.sampled_from(["LIGHT", "DARK", "GREY", "1", "1.5", "", "\x00"]),
)
VALUES = st.one_of(
    st.just("<absent>"),
    SCALARS,
    st.lists(st.integers(max_value=3), max_size=2),
    # Objects naming fields of the input types above (and one no type has), holding scalars,
    # lists or an object.
    st.dictionaries(
        st.sampled_from(["n", "a", "b", "c", "s", "box", "zz"]),
        st.one_of(
            SCALARS,
            st.lists(st.integers(max_value=3), max_size=2),
            st.dictionaries(st.just("n"), st.integers(max_value=3), max_size=1),
        ),
        max_size=4,
    ),
)
# The input types' field names, and what their objects hold: mostly scalars the fields take.
OBJECT_FIELDS = {
    "Box": ["n"],
    "Pair": ["a", "b", "c", "n"],
    "Defaulted": ["n", "s"],
    "Nested": ["box"],
    "Either": ["a", "b"],
}
FIELD_VALUES = st.one_of(
    st.none(),
    st.integers(min_value=-3, max_value=3),
    st.sampled_from(["LIGHT", "DARK", "GREY", "x", "2027-01-02"]),
    SCALARS,
    st.lists(st.integers(max_value=3), max_size=2),
    st.dictionaries(st.just("n"), st.integers(max_value=3), max_size=1),
)


@st.composite
def operations(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    count = draw(st.integers(min_value=1, max_value=4))
    definitions, inputs = [], {}
    for i in range(count):
        kind = draw(st.sampled_from(TYPES + ODD))
        required = draw(st.booleans()) and not kind.endswith("!")
        default = draw(st.sampled_from(["", "", " = null", " = 3", ' = "x"']))
        definitions.append(f"$v{i}: {kind}{'!' if required else ''}{default}")
        fields = OBJECT_FIELDS.get(kind)
        if fields is not None and draw(st.integers(0, 4)):  # mostly an object of its fields
            value = draw(st.dictionaries(st.sampled_from([*fields, "zz"]), FIELD_VALUES))
        else:
            value = draw(VALUES)
        if value != "<absent>":
            inputs[f"v{i}"] = value
    return f"query Q({', '.join(definitions)}) {{ f }}", inputs


def _plain(answer: Any) -> Any:
    if isinstance(answer, list):
        return [("error", e.message) for e in answer]
    return (
        answer.coerced,
        {
            # A signature's type is a new wrapper each time it is worked out: compared printed.
            name: (str(s.signature.type), s.signature.name, s.signature.default, s.value)
            for name, s in answer.sources.items()
        },
    )


@settings(max_examples=1500, deadline=None)
@given(operation=operations())
def test_the_same_answer_as_graphql_core_or_none(operation: tuple[str, dict[str, Any]]) -> None:
    query, inputs = operation
    definitions = parse(query).definitions[0].variable_definitions  # type: ignore[attr-defined]
    reference = get_variable_values(SCHEMA, definitions, inputs)
    leaves = FlatVariables.of(SCHEMA, definitions)
    if leaves is None:
        assert "=" in query or any(kind in query for kind in ODD)
        return
    fast = leaves.coerce(inputs)
    if fast is None:
        return  # graphql-core answers
    assert not isinstance(reference, list), (query, inputs, reference)
    assert _plain(fast) == _plain(reference), (query, inputs)


def test_the_common_shapes_take_the_fast_path() -> None:
    """`query($id: ID!)` with an id, and optional arguments left out or null, are coerced
    here; a refused value is left to graphql-core, which reports it."""
    schema = build_travel_schema()
    one = parse("query($id: ID!, $n: Int) { travelProperty(id: $id) { id } }")
    definitions = one.definitions[0].variable_definitions  # type: ignore[attr-defined]
    leaves = FlatVariables.of(schema, definitions)
    assert leaves is not None
    for inputs in ({"id": "abc"}, {"id": 7, "n": None}, {"id": "abc", "n": 3}):
        fast = leaves.coerce(inputs)
        assert fast is not None
        assert _plain(fast) == _plain(get_variable_values(schema, definitions, inputs))
    for refused in ({}, {"id": None}, {"id": "abc", "n": "three"}, {"id": ["abc"]}):
        assert leaves.coerce(refused) is None
        assert isinstance(get_variable_values(schema, definitions, refused), list)
    errors = get_variable_values(schema, definitions, {"id": "abc", "n": 2**40})
    assert isinstance(errors, list)
    assert isinstance(errors[0], GraphQLError)
    assert leaves.coerce({"id": "abc", "n": 2**40}) is None


def test_a_mutation_input_takes_the_fast_path() -> None:
    """`mutation($i: CreateTravelBookingInput!)` with a well-formed input is coerced here, into
    the same BookingInput graphql-core builds; an unknown field, a missing required one, a null
    for it or a value its type refuses is left to graphql-core, which reports it."""
    schema = build_travel_schema()
    booking = parse(
        "mutation($i: CreateTravelBookingInput!) { createTravelBooking(input: $i) { id } }"
    )
    definitions = booking.definitions[0].variable_definitions  # type: ignore[attr-defined]
    flat = FlatVariables.of(schema, definitions)
    assert flat is not None
    given = {"targetType": "TOUR", "targetId": "x", "checkIn": "2027-01-02", "guests": 2}
    for inputs in ({"i": given}, {"i": {**given, "checkOut": None, "guests": None}}):
        fast = flat.coerce(inputs)
        assert fast is not None
        assert _plain(fast) == _plain(get_variable_values(schema, definitions, inputs))
    refused = [
        {**given, "nights": 2},
        {key: value for key, value in given.items() if key != "checkIn"},
        {**given, "targetId": None},
        {**given, "checkIn": "2027-02-30"},
        {**given, "targetType": "SPACESHIP"},
        {**given, "guests": "two"},
    ]
    for value in refused:
        assert flat.coerce({"i": value}) is None
        assert isinstance(get_variable_values(schema, definitions, {"i": value}), list)
