"""Tool input schemas generated from the GraphQL schema's input types.

Each tool parameter names the GraphQL input field (or argument) it is sent as; its JSON
schema and description come from that field's type and docstring. A renamed, removed or
retyped field therefore changes or breaks the generated tool (tests/mcp/test_schemas.py), so
a schema change that would break a tool fails CI instead of failing an agent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from graphql import (
    GraphQLArgument,
    GraphQLEnumType,
    GraphQLInputField,
    GraphQLInputObjectType,
    GraphQLInputType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLSchema,
)

SCALARS: dict[str, dict[str, Any]] = {
    "String": {"type": "string"},
    "ID": {"type": "string"},
    "Int": {"type": "integer"},
    "Float": {"type": "number"},
    "Boolean": {"type": "boolean"},
    "Date": {"type": "string", "format": "date"},
    "DateTime": {"type": "string", "format": "date-time"},
    "Decimal": {"type": "string", "pattern": r"^\d+(\.\d+)?$"},
}


class SchemaDrift(Exception):
    """A tool refers to a GraphQL input type, field or argument that no longer exists."""


@dataclass(frozen=True)
class Param:
    """One tool parameter: `source` is where it goes in GraphQL, `Type.field` for an input
    object's field or `Type.field(argument)` for an argument of an output field."""

    name: str
    source: str
    required: bool = False
    note: str = ""
    """A sentence for a model, used instead of the field's docstring (kept short)."""
    maximum: int | None = None
    local: dict[str, Any] | None = None
    """The JSON schema of a parameter the MCP server itself reads (a cursor, a quote id),
    which has no GraphQL counterpart; `source` is then empty."""


def _locate(schema: GraphQLSchema, source: str) -> GraphQLInputField | GraphQLArgument:
    type_name, _, rest = source.partition(".")
    field_name, _, argument = rest.partition("(")
    found = schema.type_map.get(type_name)
    if isinstance(found, GraphQLInputObjectType) and not argument:
        input_field: GraphQLInputField | None = found.fields.get(field_name)
        if input_field is not None:
            return input_field
    elif isinstance(found, GraphQLObjectType) and argument:
        field = found.fields.get(field_name)
        arg: GraphQLArgument | None = None if field is None else field.args.get(argument[:-1])
        if arg is not None:
            return arg
    raise SchemaDrift(f"GraphQL input {source} is gone: the MCP tool using it needs updating")


def _of_type(kind: GraphQLInputType) -> dict[str, Any]:
    if isinstance(kind, GraphQLNonNull):
        return _of_type(kind.of_type)
    if isinstance(kind, GraphQLList):
        return {"type": "array", "items": _of_type(kind.of_type)}
    if isinstance(kind, GraphQLEnumType):
        return {"type": "string", "enum": list(kind.values)}
    if isinstance(kind, GraphQLScalarType) and kind.name in SCALARS:
        return dict(SCALARS[kind.name])
    raise SchemaDrift(f"GraphQL type {kind} has no JSON schema for MCP tools")


def _sentence(text: str | None) -> str:
    """The first sentence of a GraphQL docstring, on one line: enough for a model."""
    flat = " ".join((text or "").split())
    head, dot, _ = flat.partition(". ")
    return head + ("." if dot and not head.endswith(".") else "")


def param_schema(schema: GraphQLSchema, param: Param) -> dict[str, Any]:
    if param.local is not None:
        return dict(param.local)
    field = _locate(schema, param.source)
    result = _of_type(field.type)
    # A note written for a model replaces the API's docstring, which speaks GraphQL names.
    text = param.note or _sentence(field.description)
    if text:
        result["description"] = text
    if param.maximum is not None:
        result["maximum"] = param.maximum
    return result


def input_schema(schema: GraphQLSchema, params: tuple[Param, ...]) -> dict[str, Any]:
    """The JSON schema of a tool's arguments (an object; unknown keys are refused)."""
    return {
        "type": "object",
        "properties": {p.name: param_schema(schema, p) for p in params},
        "required": [p.name for p in params if p.required],
        "additionalProperties": False,
    }
