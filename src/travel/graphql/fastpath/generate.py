"""Each object plan as one generated Python function: the loop of `execute_fields` unrolled.

`execute_fields` walks a plan's fields in a loop, and for each one looks up what kind of field it
is, reads the attribute, calls the scalar's serialiser and checks its answer. For a page of 50
listings that is 700 trips round the loop. Here the loop is written out once per plan, as source
code, with each field's kind decided when the plan is made: a plain attribute of a built-in
scalar becomes a `getattr`, one type test and a store, and only a value the test does not
recognise goes through the serialiser (with the error handling of `execute_fields`); a field
with a resolver, arguments or a sub-selection gets `resolve_field`'s steps written out for it.
`source_of(plan)` shows the text. The answers are the loop's: the differential tests
(tests/graphql/test_fastpath_differential.py, tests/hardening/test_fuzz_differential.py)
compare the executor with graphql-core's.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from math import isfinite
from typing import Any

from graphql import (
    GraphQLBoolean,
    GraphQLEnumType,
    GraphQLFloat,
    GraphQLID,
    GraphQLInt,
    GraphQLString,
    get_named_type,
)

from travel.graphql.fastpath.compiler import FieldPlan, ObjectPlan, field_error

ObjectFunction = Callable[[Any, Any, Any, Any], dict[str, Any]]

# For each built-in scalar, a test of `v` under which its serialiser returns `v` itself.
_KEPT = {
    GraphQLString.name: "type(v) is str",
    GraphQLID.name: "type(v) is str",
    GraphQLBoolean.name: "type(v) is bool",
    GraphQLFloat.name: "type(v) is float and isfinite(v)",
    GraphQLInt.name: "type(v) is int and -2147483648 <= v <= 2147483647",
}


def source_of(plan: ObjectPlan) -> str:
    """The text of the function that builds `plan`'s response object."""
    lines = [
        "def build(source, state, path, anchor):",
        "    if type(source) is dict:",
        "        return by_loop(plan, source, state, path, anchor)",
        "    result = {}",
    ]
    for index, field in enumerate(plan.fields):
        lines += _field_lines(field, index)
    lines.append("    return result")
    return "\n".join(lines) + "\n"


def object_function(plan: ObjectPlan) -> ObjectFunction:
    """`plan`'s generated function (see the module's docstring)."""
    from travel.graphql.fastpath import runtime

    namespace: dict[str, Any] = {
        "plan": plan,
        "by_loop": runtime.fields_by_loop,
        "awaitable": runtime.awaitable,
        "Deferred": runtime.Deferred,
        "field_error": field_error,
        "leaf_value": runtime.leaf_value,
        "missing": runtime.missing_non_null,
        "UUIDS": frozenset(_uuid_types()),
        "isfinite": isfinite,
    }
    for i, field in enumerate(plan.fields):
        namespace[f"F{i}"] = field
        named = None if field.leaf is None else get_named_type(field.return_type)
        if isinstance(named, GraphQLEnumType):
            namespace[f"E{i}"] = _names_by_value(named)
    exec(compile(source_of(plan), f"<plan {plan.type_name}>", "exec"), namespace)
    function: ObjectFunction = namespace["build"]
    return function


def _field_lines(field: FieldPlan, index: int) -> list[str]:
    key = repr(field.key)
    if field.is_typename:
        return [f"    result[{key}] = {field.parent_type.name!r}"]
    if field.leaf is None:
        return _resolved_lines(field, index)
    lines = [f"    v = getattr(source, {field.attribute!r}, None)", "    if v is None:"]
    if field.non_null:
        lines.append(f"        missing(F{index}, state, path)")
    else:
        lines.append("        pass")
    named = get_named_type(field.return_type)  # a leaf field: a scalar or an enum
    test = _KEPT.get(named.name)
    if isinstance(named, GraphQLEnumType) and _names_by_value(named) is not None:
        # The enum's name for a known value, found here; any other value is the serialiser's.
        lines += [
            "    else:",
            f"        name = E{index}.get(v) if type(v) is str else None",
            f"        v = name if name is not None else leaf_value(F{index}, v, state, path)",
        ]
    elif test is not None:
        lines.append(f"    elif not ({test}):")
        if named.name == GraphQLID.name:
            # ID's serialiser gives str(value) for a UUID (a type of neither builtins nor str).
            lines += [
                f"        v = str(v) if type(v) in UUIDS else leaf_value(F{index}, v, state, path)",
            ]
        else:
            lines.append(f"        v = leaf_value(F{index}, v, state, path)")
    else:
        lines += ["    else:", f"        v = leaf_value(F{index}, v, state, path)"]
    lines.append(f"    result[{key}] = v")
    return lines


def _resolved_lines(field: FieldPlan, index: int) -> list[str]:
    """A field with a resolver, arguments or a sub-selection: `resolve_field`'s steps, written
    out for this field (its value read or resolved, deferred to `drain` when awaitable, else
    completed in place; a failure is the field's error)."""
    key = repr(field.key)
    if field.resolver is None:
        read = f"getattr(source, {field.attribute!r}, None)"
    elif field.has_args:
        read = f"F{index}.resolver(source, state.info(F{index}), **state.args(F{index}))"
    else:
        read = f"F{index}.resolver(source, state.info(F{index}))"
    anchor = "anchor" if field.non_null else f"(result, {key}, at)"
    return [
        f"    at = (path, {key})",
        f"    result[{key}] = None",
        "    try:",
        f"        v = {read}",
        "        if awaitable(v):",
        f"            state.pending.append(Deferred(result, {key}, v, F{index}, at, {anchor}))",
        "        else:",
        f"            result[{key}] = F{index}.complete(v, state, at, F{index}, {anchor})",
        "    except Exception as exc:",
        f"        field_error(exc, F{index}, at, state, {not field.non_null})",
    ]


def _names_by_value(enum: GraphQLEnumType) -> dict[str, str] | None:
    """An enum's names by their (string) values, when the values are distinct strings."""
    values = [value.value for value in enum.values.values()]
    if not all(type(v) is str for v in values) or len(set(values)) != len(values):
        return None
    return {value.value: name for name, value in enum.values.items()}


def _uuid_types() -> list[type]:
    """uuid.UUID and the driver's own UUID type (asyncpg's, a subclass), when installed."""
    types: list[type] = [uuid.UUID]
    try:
        from asyncpg.pgproto.pgproto import UUID as DriverUUID  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - asyncpg is a dependency
        return types
    types.append(DriverUUID)
    return types
