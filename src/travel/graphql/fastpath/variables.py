"""An operation's variables coerced without graphql-core's general walk, when that is plainly
the same thing.

graphql-core's `get_variable_values` works every variable's type out of the document again on
each request (`type_from_ast`), checks the value's nesting depth and walks it generically; for
the common `query($id: ID!)` that is more code than the rest of the request's GraphQL steps,
and for a mutation's `$input` it was 17 µs of a booking's CPU (docs/performance.md). Here the
signatures are worked out once per operation. A request then takes this path only when every
variable has no default and its type is flat:

- a scalar or an enum (nullable or not), sent as a plain JSON scalar that the type accepts;
- an input object (not `@oneOf`) whose fields are all scalars or enums (a field left out takes
  its default), sent as a JSON object of such values, naming none but its fields.

For anything else — a missing non-null value, a null for a non-null type, a list, an unknown
field, a value the type refuses, a default, a deeper input — it answers None and graphql-core
does the whole coercion, errors included. What it returns is what graphql-core returns for the
same input (tests/graphql/test_fastpath_variables.py compares the two).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from graphql import (
    GraphQLError,
    GraphQLInputField,
    GraphQLInputObjectType,
    GraphQLInputType,
    GraphQLLeafType,
    GraphQLSchema,
    VariableDefinitionNode,
    is_input_object_type,
    is_leaf_type,
    is_non_null_type,
    is_required_input_field,
)
from graphql.execution.get_variable_signature import (
    GraphQLVariableSignature,
    get_variable_signature,
)
from graphql.execution.values import VariableValues, VariableValueSource
from graphql.pyutils import Undefined
from graphql.utilities.coerce_input_value import coerce_default_value

_PLAIN = frozenset({str, int, float, bool})

Coerce = Callable[[Any], Any]  # a value sent (not None) → its coerced value, or Undefined
Entry = tuple[str, GraphQLVariableSignature, Coerce, bool]  # name, signature, coercion, !


class FlatVariables:
    """The coercion of one operation's variables, all of flat types without defaults."""

    __slots__ = ("entries",)

    def __init__(self, entries: tuple[Entry, ...]) -> None:
        self.entries = entries

    @classmethod
    def of(
        cls, schema: GraphQLSchema, definitions: Collection[VariableDefinitionNode]
    ) -> FlatVariables | None:
        """The operation's coercion, or None when a variable is not of that simple kind."""
        entries = []
        for node in definitions:
            signature = get_variable_signature(schema, node)
            if isinstance(signature, GraphQLError) or node.default_value is not None:
                return None
            required, named = _unwrapped(signature.type)
            coerce = _coercion(named)
            if coerce is None:
                return None
            entries.append((signature.name, signature, coerce, required))
        return cls(tuple(entries))

    def coerce(self, inputs: dict[str, Any]) -> VariableValues | None:
        """graphql-core's answer for `inputs` when it is a success, or None: graphql-core
        must answer (with the errors, or for a value this path does not take)."""
        sources: dict[str, VariableValueSource] = {}
        coerced: dict[str, Any] = {}
        for name, signature, coerce, required in self.entries:
            value = inputs.get(name, Undefined)
            if value is Undefined or value is None:
                if required:
                    return None
                if value is None:
                    sources[name] = VariableValueSource(signature, None)
                    coerced[name] = None
                else:  # a nullable variable not sent is left out
                    sources[name] = VariableValueSource(signature)
                continue
            parsed = coerce(value)
            if parsed is Undefined:
                return None
            sources[name] = VariableValueSource(signature, value)
            coerced[name] = parsed
        return VariableValues(sources, coerced)


def _unwrapped(type_: GraphQLInputType) -> tuple[bool, GraphQLInputType]:
    """Whether `type_` is non-null, and the type it wraps (or itself)."""
    if is_non_null_type(type_):
        return True, type_.of_type
    return False, type_


def _coercion(type_: GraphQLInputType) -> Coerce | None:
    """How a value of the (nullable) `type_` is coerced here; None when graphql-core must."""
    if is_leaf_type(type_):
        return _leaf(type_)
    if is_input_object_type(type_):
        return _input_object(type_)
    return None


def _leaf(leaf: GraphQLLeafType) -> Coerce:
    def coerce(value: Any) -> Any:
        if type(value) not in _PLAIN:
            return Undefined
        try:
            return leaf.coerce_input_value(value)
        except Exception:  # graphql-core reports it
            return Undefined

    return coerce


def _input_object(type_: GraphQLInputObjectType) -> Coerce | None:
    if type_.is_one_of:
        return None
    fields = []
    for name, field in type_.fields.items():
        named = _unwrapped(field.type)[1]
        if not is_leaf_type(named):
            return None
        # (name, out name, coercion, the field if it may be left out, else None)
        optional = None if is_required_input_field(field) else field
        fields.append((name, field.out_name or name, _leaf(named), optional))
    known = frozenset(type_.fields)
    build = type_.out_type

    def coerce(value: Any) -> Any:
        if type(value) is not dict or not known.issuperset(value):
            return Undefined
        coerced: dict[str, Any] = {}
        for name, out_name, leaf, optional in fields:
            given = value.get(name, Undefined)
            if given is Undefined:
                if optional is None:
                    return Undefined
                default = _default(optional)
                if default is _INVALID:
                    return Undefined
                if default is not Undefined:
                    coerced[out_name] = default
                continue
            if given is None:
                if is_non_null_type(type_.fields[name].type):
                    return Undefined
                coerced[out_name] = None
                continue
            parsed = leaf(given)
            if parsed is Undefined:
                return Undefined
            coerced[out_name] = parsed
        try:
            return build(coerced)
        except Exception:  # graphql-core calls it again and answers
            return Undefined

    return coerce


_INVALID: Any = object()


def _default(field: GraphQLInputField) -> Any:
    """The field's default as graphql-core coerces it (and remembers it on the field), or
    _INVALID when it cannot be: graphql-core then raises, so it must answer."""
    try:
        return coerce_default_value(field)
    except Exception:
        return _INVALID
